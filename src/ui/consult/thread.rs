//! A Consult's follow-ups as one conversation, read oldest first: every turn of its thread
//! (question, depth, cost, decision card) once, the page's own turn in its place with its live
//! decision, and the composer at the end that asks the next turn on the same council and depth
//! (or of one member alone, "Ask: Panelist 2 · Skeptic"), through the app's one run start. A page
//! of a single turn shows just its decision (and what it follows). The turns are read from the
//! library (their summaries say which belong, `library::thread::thread_turn_ids`) and loaded from
//! storage; the page's own turn is the page's session, so it follows its run live. The rules (what
//! a turn carries, which sessions make a thread) are the engine's (`views::thread`).
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::material::what_the_council_read;
use consilium_engine::consult::view::thread::{
    add_turn_material, cut_turn_material, member_turn, members_to_ask, next_turn, thread_turns,
    MemberChoice, ThreadTurn,
};
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::thread::thread_turn_ids;
use consilium_engine::{harness::io::Clock, record::Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::material::Material;
use crate::app::runs::start::PendingRun;
use crate::app::thread::{ask_turn, load_thread, shared_thread, thread_place, thread_root};
use crate::app::{AppState, Route};
use crate::platform::drafts::{load_draft, save_draft};
use crate::platform::focus::bring_into_view;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::consult::decision::DecisionView;
use crate::ui::consult::edit_question::EditQuestion;
use crate::ui::consult::follow_up::FollowUpLinks;
use crate::ui::consult::member::MemberAnswerCard;
use crate::ui::consult::turn_material::TurnMaterial;
use crate::ui::widgets::attach::{on_drop, on_paste};
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::start::StartButton;
use consilium_engine::consult::view::thread::composer_draft_key;

/// The page's turn and its thread: `own` draws the page's own turn (its decision or answer, live
/// while it runs), alone on a single turn's page, in its place in the conversation otherwise.
#[component]
pub fn ThreadView(session: ShownSession, own: ViewFn) -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let (page_id, root) = session
        .with_untracked(|s| s.as_ref().map(|s| (s.id.clone(), thread_root(s))))
        .unwrap_or_default();
    let shared = shared_thread();
    let place = thread_place(state, shared.clone(), session);
    let in_thread = Memo::new(move |_| place.with(Option::is_some));
    // Each other turn's id and last save: a save of one of them (another tab's) reloads the
    // thread; this page's own turn is the page's, so its saves while it runs reload nothing.
    let stamps = Memo::new({
        let (root, own) = (root.clone(), page_id.clone());
        move |_| {
            history.with(|all| {
                thread_turn_ids(all, root.as_str())
                    .into_iter()
                    .filter(|id| *id != own)
                    .map(|id| {
                        let saved = all
                            .iter()
                            .find(|s| s.id == id)
                            .map(|s| s.updated_at.clone());
                        (id, saved.unwrap_or_default())
                    })
                    .collect::<Vec<_>>()
            })
        }
    });
    let stored = RwSignal::new(Vec::<Session>::new());
    Effect::new(move |_| {
        stamps.track();
        let (shared, root) = (shared.clone(), root.clone());
        spawn_local(async move { stored.set(load_thread(state, shared, &root).await) });
    });
    // The thread as shown: the stored turns with this page's own turn as the page has it (live
    // while it runs, and there before the library lists it).
    let turns = Memo::new({
        move |_| {
            let page = session.get();
            let mut turns = stored.get();
            if let Some(page) = page {
                // A turn just asked is the last, until the library lists it.
                match turns.iter_mut().find(|t| t.id == page.id) {
                    Some(turn) => *turn = page,
                    None => turns.push(page),
                }
            }
            turns
        }
    });
    let shown = Memo::new(move |_| turns.with(|t| thread_turns(t)));
    // Read once: a change of route replaces this page.
    let in_library = matches!(state.route.get_untracked(), Route::Session(_));
    let can_ask = Memo::new(move |_| {
        in_library
            && !state.live.running.get()
            && shown.with(|t| {
                // After a decision, or after a member's answer to a decided thread.
                t.last().is_some_and(|t| {
                    t.decision.is_some() || t.member.as_ref().is_some_and(|m| m.answer.is_some())
                })
            })
    });
    let page_id = StoredValue::new(page_id);
    // The page's turn is not keyed by its state or cost: its own parts follow its run, so its
    // entry is not drawn again at every save.
    let turn_key = move |turn: &ThreadTurn| {
        let here = page_id.with_value(|id| *id == turn.id);
        let changes = (!here).then(|| (turn.state.clone(), turn.cost.clone()));
        // Its number and what it says of an earlier turn change once the turns before it load.
        let place = (turn.heading.clone(), turn.edited.clone().map(|e| e.line));
        (turn.id.clone(), place, changes)
    };
    let own = StoredValue::new(own);
    let turn_view = move |turn: ThreadTurn| {
        let here = page_id.with_value(|id| *id == turn.id);
        let own = here.then(|| own.get_value());
        view! { <ThreadTurnView turn=turn own=own turns=turns shown=shown can_edit=can_ask /> }
    };
    // The page opens on its own turn (the newest, after a follow-up was asked): the conversation
    // reads down to it, as a chat opens at its latest message.
    Effect::new(move |shown_before: Option<bool>| {
        let ready = in_thread.get() && shown.with(|t| t.len() > 1);
        if ready && shown_before != Some(true) && !state.live.running.get_untracked() {
            bring_into_view(".thread-turn[data-here=\"true\"]");
        }
        ready || shown_before == Some(true)
    });
    // A single turn's question can be edited and asked again, which makes it a thread.
    let edit_single = move || {
        let turn = shown.with(|t| {
            t.last()
                .filter(|t| t.editable)
                .map(|t| (t.id.clone(), t.question.clone()))
        });
        turn.filter(|_| can_ask.get()).map(|(turn_id, question)| view! {
            <div class="turn-edit"><EditQuestion turn_id=turn_id question=question turns=turns /></div>
        })
    };
    let single = move || {
        view! {
            <FollowUpLinks session=session />
            {own.get_value().run()}
            {edit_single}
        }
    };
    view! {
        <Show when=move || in_thread.get() fallback=single>
            <section class="thread" aria-labelledby="thread-title">
                <h3 id="thread-title">"The conversation"</h3>
                <ol class="thread-turns">
                    <For each=move || shown.get() key=turn_key children=turn_view />
                </ol>
            </section>
        </Show>
        <Show when=move || can_ask.get()>
            <Composer turns=turns />
        </Show>
    }
}

/// One turn: its question, depth and cost, and its decision; the page's own turn is drawn by `own`
/// (its live decision, the one the page brings into view when its run ends).
#[component]
fn ThreadTurnView(
    turn: ThreadTurn,
    own: Option<ViewFn>,
    turns: Memo<Vec<Session>>,
    /// The thread as shown: whether this turn can be edited follows it (the page's own turn is
    /// drawn once, before its run has decided).
    shown: Memo<Vec<ThreadTurn>>,
    /// Whether a question can be edited and asked again now (not while a run goes on).
    can_edit: Memo<bool>,
) -> impl IntoView {
    let here = own.is_some();
    let state = expect_context::<AppState>();
    let ThreadTurn {
        id,
        heading,
        question,
        depth,
        cost,
        decision,
        member,
        state: where_it_is,
        edited,
        ..
    } = turn;
    let editable = Memo::new({
        let id = id.clone();
        move |_| shown.with(|t| t.iter().any(|t| t.id == id && t.editable))
    });
    let member_here = member.is_some();
    // The turn's own material with its quotes checked: its evidence marked as on its own page.
    let read = (!here)
        .then(|| {
            turns.with_untracked(|t| {
                t.iter()
                    .find(|s| s.id == id)
                    .and_then(what_the_council_read)
            })
        })
        .flatten();
    let cross_examine = Callback::new({
        let id = id.clone();
        move |()| {
            let turn = turns.with_untracked(|t| t.iter().find(|s| s.id == id).cloned());
            if let Some(turn) = turn {
                crate::app::runs::start::cross_examine_anyway(state, turn);
            }
        }
    });
    let body = if let Some(own) = own {
        own.run()
    } else {
        match (decision, member) {
            (Some(decision), _) => view! {
                <DecisionView decision=decision cross_examine=cross_examine turn_id=id.clone() read=read />
            }
            .into_any(),
            (None, Some(card)) if card.answer.is_some() => view! {
                <MemberAnswerCard card=card cost=cost.clone() turn_id=id.clone() />
            }
            .into_any(),
            (None, Some(card)) => view! {
                <p class="muted">{format!("{} has not answered ({where_it_is}).", card.name)}</p>
            }
            .into_any(),
            (None, None) => {
                view! { <p class="muted">{format!("No decision yet ({where_it_is}).")}</p> }
                    .into_any()
            }
        }
    };
    let link = (!here).then(|| view! { <a href=format!("#/session/{id}")>"Open this turn"</a> });
    let is_member = member_here.then_some("");
    let current = here.then_some("page");
    view! {
        <li class="thread-turn" data-turn=id.to_string() data-here=here.to_string() data-member=is_member aria-current=current>
            <header class="turn-head">
                <h4>{heading}</h4>
                <span class="chip">{depth}</span>
                <span class="muted turn-cost">{cost}</span>
                {link}
            </header>
            {edited.map(|edited| view! {
                <p class="turn-edited muted">{edited.line}": it was " <del class="model-text">{edited.was}</del></p>
            })}
            <p class="turn-question model-text">{question.clone()}</p>
            {
                let (turn_id, question) = (id.clone(), question.clone());
                view! {
                    <Show when=move || can_edit.get() && editable.get()>
                        <div class="turn-edit">
                            <EditQuestion turn_id=turn_id.clone() question=question.clone() turns=turns />
                        </div>
                    </Show>
                }
            }
            {body}
        </li>
    }
}

/// "Ask the council a follow-up": the next turn, on the latest council turn's council and depth,
/// or of one member alone ("Ask: Panelist 2 · Skeptic"), a cheap clarification in one call.
#[component]
fn Composer(turns: Memo<Vec<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let question = RwSignal::new(String::new());
    // The thread's draft (`views::draft`): read once its key is known, kept as it is typed.
    let draft = Memo::new(move |_| turns.with(|t| composer_draft_key(t)));
    Effect::new(move |read: Option<Option<String>>| {
        let key = draft.get();
        if key.is_some() && read.flatten() != key {
            question.set(key.as_deref().map(load_draft).unwrap_or_default());
        }
        key
    });
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let members = Memo::new(move |_| turns.with(|t| members_to_ask(t)));
    // The member asked alone; empty for the council.
    let whom = RwSignal::new(String::new());
    let member = Memo::new(move |_| {
        let id = whom.get();
        members.with(|m| m.iter().find(|m| m.id == id).cloned())
    });
    // The files attached for this turn; it reads the thread's material as well.
    let material = Material::new();
    // The cuts chosen for this turn's material, when a seat cannot take it.
    let cuts = RwSignal::new(Vec::new());
    let dropping = RwSignal::new(false);
    let ask = move || {
        let text = question.get_untracked();
        if text.trim().is_empty() {
            return problem.set(Some("Type your follow-up question first.".into()));
        }
        if let Some(name) = material.reading.with_untracked(|r| r.first().cloned()) {
            return problem.set(Some(format!(
                "{name} is still being read: ask once its chip shows its tokens."
            )));
        }
        let (id, now) = (SessionId::from(new_id("c")), BrowserClock.now_ms());
        let turn = turns.with_untracked(|t| match member.get_untracked() {
            Some(member) => member_turn(t, member.id.as_str(), id, &text, now),
            None => next_turn(t, id, &text, now),
        });
        let Some(mut turn) = turn else {
            return problem.set(Some(
                "The latest turn has no decision to follow up yet.".into(),
            ));
        };
        add_turn_material(&mut turn, material.sources.get_untracked());
        cuts.with_untracked(|chosen| {
            if !chosen.is_empty() {
                cut_turn_material(&mut turn, chosen);
            }
        });
        ask_turn(state, turn, awaiting_consent, problem);
    };
    let option = |choice: MemberChoice| view! { <option value=choice.id.to_string()>{choice.label}</option> };
    let hint = move || {
        match member.get() {
        Some(m) => format!(
            "Only {} answers, in one call: it sees the earlier questions and decisions, the thread's material and its own earlier answers. Its answer is its own view, not a council decision.",
            m.label
        ),
        None => "The same council and depth answer; they see the earlier questions and decisions and the thread's material, not the debates.".to_string(),
    }
    };
    let label = move || match member.get() {
        Some(m) => format!("Ask {} alone", m.label),
        None => "Ask the council a follow-up".to_string(),
    };
    view! {
        <section class="composer" class:dropping=move || dropping.get() aria-labelledby="composer-label"
            on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); ask() }
            on:dragover=move |ev| { ev.prevent_default(); dropping.set(true); }
            on:dragleave=move |_| dropping.set(false)
            on:drop=move |ev| on_drop(&ev, material, dropping)
            on:paste=move |ev| on_paste(&ev, material)>
            <Show when=move || members.with(|m| !m.is_empty())>
                <div class="ask-whom">
                    <label for="ask-whom">"Ask"</label>
                    <select id="ask-whom" prop:value=move || whom.get() on:change=move |ev| whom.set(event_target_value(&ev))>
                        <option value="">"The council"</option>
                        <For each=move || members.get() key=|m| m.id.clone() children=option />
                    </select>
                </div>
            </Show>
            <label id="composer-label" class="question">
                {label}
                <textarea
                    rows="3"
                    placeholder="Your follow-up question (Ctrl+Enter asks)"
                    prop:value=move || question.get()
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        if let Some(key) = draft.get_untracked() {
                            save_draft(&key, &text);
                        }
                        question.set(text);
                    }
                ></textarea>
            </label>
            <p class="muted">{hint}</p>
            <TurnMaterial material=material turns=turns question=question cuts=cuts
                member=Signal::derive(move || member.with(|m| m.as_ref().map(|m| m.id.clone()))) />
            <StartButton label="Ask" on_start=ask awaiting_consent=awaiting_consent problem=problem />
            {move || problem.get().map(|p| view! { <p class="error" role="alert">{p}</p> })}
        </section>
    }
}
