//! One session, live or stored, of any protocol: the header (demo label, state, cost, cancel,
//! export), resume when it stopped, and the protocol's own body. The page is built once per
//! session; each part follows only its own slice of the record, so an update re-renders what
//! changed and leaves open `<details>` and focus where they were.
use crate::app::shown::ShownSession;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::views::run_time::run_time_line;
use consilium_engine::{record::Protocol, record::Session};
use consilium_engine::{
    resume::invalid_record_notice, resume::resume_offer, views::costs::participant_costs,
    views::costs::session_cost_line, views::failure::failure_report, views::session::call_notes,
    views::session::heading, views::session::question_below_heading, views::session::state_words,
    views::session::tab_title, views::session::was_cancelled,
};
use leptos::html::H2;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::start;
use crate::app::{AppState, Route};
use crate::platform::storage::sync::Change;
use crate::platform::{run_lock, storage};
use crate::ui::benchmark::lazy::benchmark_body;
use crate::ui::consult::session::ConsultBodyView;
use crate::ui::prioritize::session::PrioritizeBodyView;
use crate::ui::review::session::ReviewBodyView;
use crate::ui::widgets::part_view::PartView;
use crate::ui::widgets::run_start_status::RunStartStatus;
use crate::ui::widgets::running_here;
use crate::ui::widgets::table::{CardRow, CardsTable};
use actions::SessionActions;
use decision_ready::DecisionReady;
use failure_banner::{FailedCalls, FailureBanner};
use outcome::OutcomeControl;
use stepper::RunStepper;

mod actions;
mod decision_ready;
pub mod failure_banner;
pub mod lazy;
pub mod new;
mod outcome;
pub mod outcome_reminder;
pub mod share_link;
pub mod shared;
mod stepper;

#[component]
pub fn SessionView(id: SessionId) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    // The stored copy, for a session this tab is not running.
    let stored = RwSignal::new(None::<Session>);
    let load_error = RwSignal::new(None::<String>);
    let running_elsewhere = RwSignal::new(false);

    let deleted = RwSignal::new(false);
    let lock_unknown = RwSignal::new(false);
    // Reads the stored copy; one that looks unfinished may be running in another tab: then it is
    // not interrupted. Until the browser has said whether it is, nothing is offered (no flash of
    // "interrupted").
    let load = move |id: SessionId, check_lock: bool| {
        spawn_local(async move {
            let session = match storage::load_session(&id).await {
                Ok(Some(session)) => session,
                Ok(None) => {
                    load_error.set(Some(
                        "This session is not in this browser's storage.".into(),
                    ));
                    return;
                }
                Err(message) => {
                    load_error.set(Some(message));
                    return;
                }
            };
            let unfinished = session.is_running();
            load_error.set(None);
            if check_lock && unfinished {
                lock_unknown.set(true);
            }
            stored.set(Some(session));
            if !(check_lock && unfinished) {
                return;
            }
            let locked = !live.runs(&id) && run_lock::is_locked(&id).await;
            lock_unknown.set(false);
            if !locked {
                return;
            }
            running_elsewhere.set(true);
            run_lock::released(&id).await;
            running_elsewhere.set(false);
            // The other tab wrote its last record before letting go of the lock.
            if let Ok(Some(session)) = storage::load_session(&id).await {
                stored.set(Some(session));
            }
        });
    };
    let is_live = {
        let id = id.clone();
        move || {
            live.session
                .with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id))
        }
    };
    if !is_live() {
        load(id.clone(), true);
    }
    // Another tab that runs this session announces each save: follow it; and a deletion anywhere
    // is said here, so nothing is shown as if it were still kept.
    let listener = storage::sync::listen({
        let id = id.clone();
        move |change| match change {
            Change::Saved(summary) if summary.id == id && !is_live() => load(id.clone(), false),
            Change::SavedMany(summaries) if summaries.iter().any(|s| s.id == id) && !is_live() => {
                load(id.clone(), false)
            }
            Change::Deleted(ids) if ids.contains(&id) => deleted.set(true),
            _ => {}
        }
    });
    StoredValue::new_local(listener);

    let session = ShownSession::Page {
        id: StoredValue::new(id.clone()),
        live: live.session,
        stored,
    };
    let has_session = Memo::new(move |_| session.with(Option::is_some));
    view! {
        <section class="session">
            // A session that cannot be shown is not a dead end: the ways on are beside the reason.
            {move || load_error.get().map(|problem| view! {
                <div class="load-problem" role="alert">
                    <p class="error">{problem}</p>
                    <p>
                        <button on:click=move |_| state.go(Route::History)>"Open History"</button>
                        " "
                        <button class="primary" on:click=move |_| state.go(Route::New)>"Start a new session"</button>
                    </p>
                </div>
            })}
            <Show when=move || deleted.get()>
                <p class="notice" role="alert">
                    "This session was deleted from this browser's history (here or in another tab). \
                     It is shown until you leave: export it now to keep it."
                </p>
            </Show>
            <Show when=move || has_session.get()>
                <SessionBody session=session running_elsewhere=running_elsewhere lock_unknown=lock_unknown />
            </Show>
        </section>
    }
}

#[component]
pub fn SessionBody(
    session: ShownSession,
    running_elsewhere: RwSignal<bool>,
    lock_unknown: RwSignal<bool>,
    /// Opened from a share link: nothing to resume or discard, nothing of it is stored.
    #[prop(optional)]
    read_only: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    let snapshot = move || session.get_untracked().expect("shown only with a session");
    let initial = snapshot();
    let id = initial.id.clone();
    let running_here = running_here(session);
    let state_name = Memo::new(move |_| {
        session
            .with(|s| s.as_ref().map(|s| s.state.clone()))
            .unwrap_or_default()
    });
    // A running benchmark's page sees its record only at its whole changes: its cost so far is
    // the driver's, computed with its results.
    let cost_text = Memo::new({
        let id = id.clone();
        move |_| {
            let from_run = running_here
                .get()
                .then(|| live.benchmark_results_of(&id))
                .flatten();
            from_run.map(|run| run.cost_line).unwrap_or_else(|| {
                session
                    .with(|s| s.as_ref().map(session_cost_line))
                    .unwrap_or_default()
            })
        }
    });
    // "took 1 min 12 s": the calls' time, once there was a call.
    let run_time = Memo::new(move |_| session.with(|s| s.as_ref().and_then(run_time_line)));
    // A question reads as the heading; a diff is named by its title.
    let subject = Memo::new(move |_| {
        session
            .with(|s| s.as_ref().map(heading))
            .unwrap_or_default()
    });
    let offer = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref().and_then(|s| {
                let elsewhere = running_elsewhere.get() || lock_unknown.get();
                resume_offer(s, running_here.get(), elsewhere).filter(|_| !read_only)
            })
        })
    });
    // A failed run's calls grouped into problems, each named once (the engine's rule).
    let report = Memo::new(move |_| session.with(|s| s.as_ref().and_then(failure_report)));
    let failed = Memo::new(move |_| report.with(Option::is_some));
    // The tab names the session (and the app again once the page is left).
    let asked = Memo::new(move |_| session.with(|s| s.as_ref().and_then(question_below_heading)));
    let title = Memo::new(move |_| session.with(|s| s.as_ref().map(tab_title)));
    Effect::new(move |_| {
        if let Some(title) = title.get() {
            document().set_title(&title);
        }
    });
    on_cleanup(|| document().set_title("Consilium"));
    // Checked again on every open: a hand-edited record says what is wrong and cannot resume.
    let invalid_record =
        Memo::new(move |_| session.with(|s| s.as_ref().and_then(invalid_record_notice)));
    let aborted = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(was_cancelled)));
    let notice = Memo::new(move |_| live.notice.get());

    // Focus follows a run the user just started or resumed.
    let title_node = NodeRef::<H2>::new();
    Effect::new(move |_| {
        if live.focus_run.get() && running_here.get() {
            if let Some(element) = title_node.get() {
                let _ = element.focus();
                live.focus_run.set(false);
            }
        }
    });

    let resume = move || start::resume(state, snapshot());
    let discard = {
        let id = id.clone();
        move || {
            let ids = vec![id.clone()];
            spawn_local(async move {
                if let Err(message) = storage::delete_sessions(&ids).await {
                    live.notice.set(Some(message));
                }
            });
            if live
                .session
                .with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id))
            {
                live.session.set(None);
            }
            state.go(Route::History);
        }
    };

    let discard_callback = Callback::new({
        let discard = discard.clone();
        move |()| discard()
    });

    view! {
        <header class="session-header">
            {initial.demo.then(|| view! { <p class="demo-label">"Demo: scripted participants, not real models"</p> })}
            <h2 class="session-question" id="session-title" tabindex="-1" node_ref=title_node>{move || subject.get()}</h2>
            {move || asked.get().map(|question| view! { <p class="session-asked">"Asked: " {question}</p> })}
            <p class="session-meta">
                <span class="badge" data-state=move || state_name.get()>{move || state_words(&state_name.get())}</span>
                " · " {move || cost_text.get()}
                {move || run_time.get().map(|took| view! { " · " <span class="run-time">{took}</span> })}
                <Show when=move || running_elsewhere.get()>
                    " · " <span class="badge busy">"running in another tab"</span>
                </Show>
            </p>
            <SessionActions session=session />
        </header>
        <RunStepper session=session running_here=running_here />
        <DecisionReady session=session running_here=running_here />
        <p class="notice" role="status">{move || notice.get()}</p>
        <RunStartStatus />
        {move || report.get().map(|report| view! {
            <FailureBanner report=report session=session offer=offer
                resume=Callback::new(move |()| resume()) discard=discard_callback />
        })}
        {move || offer.get().filter(|_| !failed.get()).map(|offer| {
            let discard = discard.clone();
            view! {
                <div class="interrupted" role="alert">
                    <p>{format!("{} Its completed rounds are saved; it can resume from round {}.", offer.reason, offer.from_round)}</p>
                    <button class="primary" on:click=move |_| resume()>
                        {offer.action()}
                    </button>
                    <button class="secondary" on:click=move |_| discard()>"Discard it"</button>
                </div>
            }
        })}
        <Show when=move || running_elsewhere.get()>
            <p class="notice">"This session is running in another tab. It updates here as it goes, and can resume here if that tab closes before it ends."</p>
        </Show>
        {move || invalid_record.get().map(|problem| view! { <p class="error invalid-record" role="alert">{problem}</p> })}
        <Show when=move || aborted.get()>
            <p class="notice">"Cancelled. Completed rounds are kept."</p>
        </Show>
        <OutcomeControl session=session read_only=read_only />
        <ParticipantCosts session=session />
        {match initial.protocol() {
            Protocol::Consult => view! { <ConsultBodyView session=session /> }.into_any(),
            Protocol::Review => view! { <ReviewBodyView session=session read_only=read_only /> }.into_any(),
            Protocol::Prioritize => view! { <PrioritizeBodyView session=session /> }.into_any(),
            // The benchmark's progress and results are their own wasm part.
            Protocol::Benchmark => view! { <PartView load=move || benchmark_body(session) /> }.into_any(),
        }}
        <Show when=move || !failed.get()>
            <FailedCalls session=session />
        </Show>
        <NotesOnReplies session=session />
    }
}

/// Answered calls whose reply needed something worth knowing (structured output turned off, a
/// repair by the parser), so the session says it after the run, after a reload and offline.
#[component]
fn NotesOnReplies(session: ShownSession) -> impl IntoView {
    let noted =
        Memo::new(move |_| session.with(|s| s.as_ref().map(call_notes).unwrap_or_default()));
    view! {
        <Show when=move || noted.with(|n| !n.is_empty())>
            <section class="call-notes">
                <h3>"Notes on replies"</h3>
                <ul>
                    {move || noted.get().into_iter().map(|call| view! {
                        <li data-call-id=call.call_id>
                            <strong>{call.label}</strong> " (round " {call.round} "): " {call.notes.join(" ")}
                        </li>
                    }).collect_view()}
                </ul>
            </section>
        </Show>
    }
}

const PARTICIPANT_COLUMNS: &[&str] = &[
    "Participant",
    "Provider",
    "Calls",
    "Input tokens",
    "Output tokens",
    "Cost",
];

/// Tokens and cost so far per participant, from the call records (re-asks and retries included).
#[component]
fn ParticipantCosts(session: ShownSession) -> impl IntoView {
    let rows = Memo::new(move |_| {
        let costs = session
            .with(|s| s.as_ref().map(participant_costs))
            .unwrap_or_default();
        costs
            .into_iter()
            .map(|row| {
                CardRow::new(
                    row.label,
                    vec![
                        row.provider_label,
                        row.calls.to_string(),
                        row.input_tokens.to_string(),
                        row.output_tokens.to_string(),
                        match row.cache_note {
                            Some(note) => format!("{} · {note}", row.cost),
                            None => row.cost,
                        },
                    ],
                )
            })
            .collect::<Vec<_>>()
    });
    view! {
        <details class="participants">
            <summary>"Participants, tokens and cost"</summary>
            <CardsTable columns=PARTICIPANT_COLUMNS rows=rows />
        </details>
    }
}
