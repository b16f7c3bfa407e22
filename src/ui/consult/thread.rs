//! A Consult's follow-ups as one conversation: under the page's decision, every turn of its thread
//! (question, depth, cost, decision card) and the composer that asks the next turn on the same
//! council and depth (or of one member alone, "Ask: Panelist 2 · Skeptic"), through the app's
//! one run start. The turns are read from the library (their
//! summaries say which belong, `library::thread::thread_turn_ids`) and loaded from storage; the page's own
//! turn is the page's session, so it follows its run live. The rules (what a turn carries, which
//! sessions make a thread) are the engine's (`views::thread`).
use consilium_engine::consult::view::material::what_the_council_read;
use consilium_engine::consult::view::thread::{
    member_turn, members_to_ask, next_turn, thread_turns, MemberChoice, ThreadTurn,
};
use consilium_engine::library::thread::thread_turn_ids;
use consilium_engine::{consult::estimate::estimate_turn, harness::io::Clock, record::Session};
use consilium_engine::{
    consult::view::follow_up::seats_of, views::consent::needs_consent,
    views::costs::describe_calls, views::seats::labelled_council,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::start::{ready_to_start, start_or_ask, PendingRun};
use crate::app::runs::BrowserClock;
use crate::app::thread::{load_thread, shared_thread, thread_root};
use crate::app::{AppState, Route};
use crate::platform::drafts::{load_draft, save_draft};
use crate::platform::ids::new_id;
use crate::ui::consult::decision::DecisionView;
use crate::ui::consult::member::MemberAnswerCard;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::start::StartButton;
use consilium_engine::consult::view::thread::composer_draft_key;

#[component]
pub fn ThreadView(session: Memo<Option<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let (page_id, root) = session
        .with_untracked(|s| s.as_ref().map(|s| (s.id.clone(), thread_root(s))))
        .unwrap_or_default();
    let shared = shared_thread();
    // Each other turn's id and last save: a save of one of them (another tab's) reloads the
    // thread; this page's own turn is the page's, so its saves while it runs reload nothing.
    let stamps = Memo::new({
        let (root, own) = (root.clone(), page_id.clone());
        move |_| {
            history.with(|all| {
                thread_turn_ids(all, &root)
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
    let turn_view = move |turn: ThreadTurn| {
        let here = page_id.with_value(|id| *id == turn.id);
        view! { <ThreadTurnView turn=turn here=here turns=turns /> }
    };
    view! {
        <Show when=move || shown.with(|t| t.len() > 1)>
            <section class="thread" aria-labelledby="thread-title">
                <h3 id="thread-title">"The conversation"</h3>
                <ol class="thread-turns">
                    <For each=move || shown.get() key=|turn| (turn.id.clone(), turn.state.clone(), turn.cost.clone()) children=turn_view />
                </ol>
            </section>
        </Show>
        <Show when=move || can_ask.get()>
            <Composer turns=turns />
        </Show>
    }
}

/// One turn: its question, depth and cost, and its decision (the page's own turn points up to it).
#[component]
fn ThreadTurnView(turn: ThreadTurn, here: bool, turns: Memo<Vec<Session>>) -> impl IntoView {
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
    } = turn;
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
    let body = if here {
        let text = match (&decision, &member) {
            (Some(_), _) => "This page's turn: its decision is above.",
            (None, Some(m)) if m.answer.is_some() => "This page's turn: the answer is above.",
            _ => "This page's turn: it is shown above.",
        };
        view! { <p class="muted">{text}</p> }.into_any()
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
    view! {
        <li class="thread-turn" data-turn=id.clone() data-here=here.to_string() data-member=is_member>
            <header class="turn-head">
                <h4>{heading}</h4>
                <span class="chip">{depth}</span>
                <span class="muted turn-cost">{cost}</span>
                {link}
            </header>
            <p class="turn-question model-text">{question}</p>
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
    let ask = move || {
        let text = question.get_untracked();
        if text.trim().is_empty() {
            return problem.set(Some("Type your follow-up question first.".into()));
        }
        let (id, now) = (new_id("c"), BrowserClock.now_ms());
        let turn = turns.with_untracked(|t| match member.get_untracked() {
            Some(member) => member_turn(t, &member.id, id, &text, now),
            None => next_turn(t, id, &text, now),
        });
        let Some(turn) = turn else {
            return problem.set(Some(
                "The latest turn has no decision to follow up yet.".into(),
            ));
        };
        if !turn.demo {
            // The seats this turn asks: the council, or the one member.
            let ready = state
                .settings
                .with_untracked(|settings| seats_of(&turn, settings));
            let Some((panel, judge)) = ready else {
                return problem.set(Some(
                    "A model of this council is no longer in Settings: add its provider again to ask a follow-up.".into(),
                ));
            };
            let with_judge = turn.consult().config.stop_after_round > 1;
            let seats = labelled_council(&panel, with_judge.then_some(&judge));
            if let Err(message) = ready_to_start(state, &seats) {
                return problem.set(Some(message));
            }
        }
        let estimate = estimate_turn(&turn.subject, turn.consult());
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        // A demo's scripted council costs nothing: nothing to consent to.
        let consent = (!turn.demo)
            .then(|| needs_consent(&estimate, threshold))
            .flatten();
        start_or_ask(
            state,
            turn,
            consent,
            Some(describe_calls(&estimate)),
            awaiting_consent,
            problem,
        );
    };
    let option = |choice: MemberChoice| view! { <option value=choice.id>{choice.label}</option> };
    let hint = move || {
        match member.get() {
        Some(m) => format!(
            "Only {} answers, in one call: it sees the earlier questions and decisions and its own earlier answers. Its answer is its own view, not a council decision.",
            m.label
        ),
        None => "The same council and depth answer; they see the earlier questions and decisions, not the debates.".to_string(),
    }
    };
    let label = move || match member.get() {
        Some(m) => format!("Ask {} alone", m.label),
        None => "Ask the council a follow-up".to_string(),
    };
    view! {
        <section class="composer" aria-labelledby="composer-label"
            on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); ask() }>
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
            <StartButton label="Ask" on_start=ask awaiting_consent=awaiting_consent problem=problem />
            {move || problem.get().map(|p| view! { <p class="error" role="alert">{p}</p> })}
        </section>
    }
}
