//! Consult's part of the session page. A finished session opens on its decision and the stance
//! matrix; the rounds follow as the record, each collapsible and linkable (`#round-N`). While the
//! run goes on, each round shows its live calls until its artifact arrives. Each part follows only
//! its own slice of the record, so a new call record or a later round leaves the rest untouched.
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::thread::is_member_turn;
use consilium_engine::{consult::view::stance::stance_matrix, consult::view::verdict::decision};
use consilium_engine::{consult::VERBOSE_NOTICE, record::consult::body::ConsultBody};
use leptos::prelude::*;

use crate::app::runs::start::cross_examine_anyway;
use crate::app::thread::{latest_council_turn_listed, shared_thread, thread_place};
use crate::app::{AppState, Route};
use crate::ui::consult::decision::{open_round, DecisionView, StanceMatrixView};
use crate::ui::consult::material::{material_read, MaterialSection};
use crate::ui::consult::member::MemberTurnBody;
use crate::ui::consult::rounds::{
    AskAgainFrom, CrossExamRound, EfficiencyStats, IndependentRound, SynthesisRound, VerdictRound,
};
use crate::ui::consult::thread::ThreadView;
use crate::ui::consult::web_sources::WebSourcesView;
use crate::ui::widgets::live_calls::{LiveCalls, RecordedCalls};
use crate::ui::widgets::{body_part, running_here};

const ROUND_TITLES: [&str; 4] = [
    "Round 1 · Independent answers",
    "Round 2 · Synthesis",
    "Round 3 · Cross-examination",
    "Round 4 · Verdict",
];

#[component]
pub fn ConsultBodyView(session: ShownSession) -> impl IntoView {
    // A turn asked of one member alone has an answer, not rounds and a decision.
    if session.with_untracked(|s| s.as_ref().is_some_and(is_member_turn)) {
        return view! { <MemberTurnBody session=session /> }.into_any();
    }
    let last_round = body_part(session, |b: &ConsultBody| Some(b.config.stop_after_round));
    let running_here = running_here(session);
    let stats = body_part(session, |b: &ConsultBody| b.token_efficiency_stats.clone());
    // Labels come from the participants, which do not change during a run.
    let labels = move || session.get_untracked().expect("shown only with a session");
    let round1 = body_part(session, |b: &ConsultBody| {
        Some(b.round1.clone()).filter(|a| !a.is_empty())
    });
    let round2 = body_part(session, |b: &ConsultBody| b.round2.clone());
    let round3 = body_part(session, |b: &ConsultBody| b.round3.clone());
    let round4 = body_part(session, |b: &ConsultBody| b.round4.clone());
    // The material and every quote checked against it, for the section and beside each citation.
    // A round reads it untracked when its own artifact changes (which also changes what it cites),
    // so a later round's quotes do not redraw the earlier rounds.
    let read = material_read(session);
    let verbose =
        body_part(session, |b: &ConsultBody| Some(b.config.verbose)).get_untracked() == Some(true);
    let decided = Memo::new(move |_| session.with(|s| s.as_ref().and_then(decision)));
    let has_decision = Memo::new(move |_| decided.with(Option::is_some));
    // The matrix once the debate is over: shown with the decision, or when the run stopped.
    let matrix = Memo::new(move |_| {
        if running_here.get() && !has_decision.get() {
            return None;
        }
        session.with(|s| s.as_ref().and_then(stance_matrix))
    });
    let state = expect_context::<AppState>();
    let cross_examine = Callback::new(move |()| {
        if let Some(session) = session.get_untracked() {
            cross_examine_anyway(state, session);
        }
    });
    // After the decision a panelist can be asked again, alone, as a new turn: on a stored page
    // (not a shared one) of the thread's latest council turn, with no run going.
    let in_library = matches!(state.route.get_untracked(), Route::Session(_));
    let ask_again = in_library.then(|| AskAgainFrom {
        page: session,
        now: Memo::new(move |_| {
            has_decision.get()
                && !state.live.running.get()
                && session.with(|s| {
                    s.as_ref().is_some_and(|s| {
                        !s.consult().config.is_alone() && latest_council_turn_listed(state, s)
                    })
                })
        }),
    });
    // The rounds after the last one its way of deciding asks were not needed, not missed (rounds
    // 3-4 of a consult decided after the synthesis; 2-4 of one model alone).
    let last_needed = Memo::new(move |_| {
        decided.with(|d| d.as_ref().map_or(4, |d| d.decided_by.last_round_asked()))
    });
    let rounds = (1..=last_round.get_untracked().unwrap_or(0))
        .map(|round| {
            let (done, content) = match round {
                1 => (
                    Signal::derive(move || round1.with(Option::is_some)),
                    ViewFn::from(move || {
                        round1.get().map(|artifacts| view! { <IndependentRound session=labels() artifacts=artifacts read=read.get_untracked() ask_again=ask_again /> })
                    }),
                ),
                2 => (
                    Signal::derive(move || round2.with(Option::is_some)),
                    ViewFn::from(move || {
                        round2.get().map(|a| view! { <SynthesisRound session=labels() artifact=a /> })
                    }),
                ),
                3 => (
                    Signal::derive(move || round3.with(Option::is_some)),
                    ViewFn::from(move || {
                        round3.get().map(|a| view! { <CrossExamRound session=labels() artifact=a read=read.get_untracked() /> })
                    }),
                ),
                _ => (
                    Signal::derive(move || round4.with(Option::is_some)),
                    ViewFn::from(move || {
                        round4.get().map(|verdict| view! { <VerdictRound session=labels() artifact=verdict read=read.get_untracked() /> })
                    }),
                ),
            };
            // A round of a stopped run that never started has nothing to show: folded, and said.
            let reached = Memo::new(move |_| {
                done.get()
                    || running_here.get()
                    || session.with(|s| s.as_ref().is_some_and(|s| s.calls.iter().any(|c| c.round == round)))
            });
            // Open while the run goes on; once decided, the record folds under the decision.
            view! {
                <details class="round" id=format!("round-{round}") data-round=round
                    data-complete=move || done.get().to_string() prop:open=move || !has_decision.get() && reached.get()>
                    <summary>
                        <h3>{ROUND_TITLES[usize::from(round - 1)]}</h3>
                        <Show when=move || !reached.get()>
                            <span class="muted">{move || if round > last_needed.get() { " · not needed at this depth" } else { " · not reached" }}</span>
                        </Show>
                    </summary>
                    {move || content.run()}
                    // While this tab runs it, a round shows its calls streaming; once it has its
                    // artifact they give way to the readable view. A round that ended without one
                    // shows its calls from the record: the same in this tab, reloaded or offline.
                    <Show when=move || !done.get()>
                        <Show when=move || running_here.get() fallback=move || view! { <RecordedCalls round=round session=session /> }>
                            <LiveCalls round=round />
                        </Show>
                    </Show>
                </details>
            }
        })
        .collect_view();
    let last = last_round.get_untracked().unwrap_or(0);
    let round_links = (1..=last)
        .map(|round| {
            view! {
                <li><a href=format!("#round-{round}") on:click=move |ev| { ev.prevent_default(); open_round(round); }>
                    {ROUND_TITLES[usize::from(round - 1)]}
                </a></li>
            }
        })
        .collect_view();
    // In a thread the decision stands in its turn's place in the conversation, and what follows
    // it (who stood where, what the council read, the rounds) is said to be this turn's.
    let place = thread_place(state, shared_thread(), session);
    let own = ViewFn::from(move || {
        move || {
            match decided.get() {
            Some(d) => view! { <DecisionView decision=d cross_examine=cross_examine read=read.get() /> }.into_any(),
            None => place.get().is_some().then(|| view! {
                <p class="muted">"No decision yet: the rounds below show the council at work."</p>
            }).into_any(),
        }
        }
    });
    let in_detail = move || {
        place.get().map(|(number, _)| {
            view! {
                <h3 class="turn-detail-title">{format!("Turn {number} in detail")}</h3>
            }
        })
    };
    view! {
        {verbose.then(|| view! { <p class="notice verbose-notice">{VERBOSE_NOTICE}</p> })}
        <ThreadView session=session own=own />
        {in_detail}
        {move || matrix.get().map(|m| view! { <StanceMatrixView matrix=m /> })}
        // What the council read: the attached material, then what its searches found.
        {move || read.get().map(|read| view! { <MaterialSection read=read /> })}
        <WebSourcesView session=session />
        <nav class="round-links" aria-label="The rounds on record">
            <h3>"The record"</h3>
            <ul>{round_links}</ul>
        </nav>
        {rounds}
        // Filtering statistics are internals: under Details, and only once a round used tokens.
        {move || stats.get().filter(|stats| stats.tokens_used > 0).map(|stats| view! {
            <details class="internals">
                <summary>"Details: tokens and artifact filtering"</summary>
                <EfficiencyStats stats=stats verbose=verbose />
            </details>
        })}
    }
    .into_any()
}
