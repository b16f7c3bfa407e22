//! "Edit the question" on a finished turn: the question in a box, asked again as a new last turn of
//! the same thread on the same council and depth (`consult::view::thread::edited_turn`); the
//! earlier turn stays as it was and the new one says which turn it asks again. Nothing is
//! overwritten.
use consilium_engine::consult::view::thread::edited_turn;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::{harness::io::Clock, record::Session};
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::app::thread::ask_turn;
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::start::StartButton;

/// The "Edit the question" button of turn `turn_id` (asked as `question`), and once pressed its
/// box with "Ask again" and "Cancel".
#[component]
pub fn EditQuestion(
    turn_id: SessionId,
    question: String,
    turns: Memo<Vec<Session>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let text = RwSignal::new(question.clone());
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let box_id = format!("edit-question-{turn_id}");
    let turn_id = StoredValue::new(turn_id);
    let ask = move || {
        let (id, now) = (SessionId::from(new_id("c")), BrowserClock.now_ms());
        let edited = text.get_untracked();
        let turn = turns.with_untracked(|t| {
            turn_id.with_value(|turn_id| edited_turn(t, turn_id.as_str(), id, &edited, now))
        });
        match turn {
            Some(turn) => ask_turn(state, turn, awaiting_consent, problem),
            None if edited.trim().is_empty() => {
                problem.set(Some("Type the question first.".into()))
            }
            None => problem.set(Some(
                "Change the question first: the same question is already answered above.".into(),
            )),
        }
    };
    let cancel = move |_| {
        open.set(false);
        problem.set(None);
        text.set(question.clone());
    };
    view! {
        <Show when=move || open.get() fallback=move || view! {
            <button class="secondary edit-question" aria-expanded="false" on:click=move |_| open.set(true)>
                "Edit the question"
            </button>
        }>
            <section class="edit-question-box" aria-label="Edit the question"
                on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); ask() }>
                <label for=box_id.clone()>"Edit the question"</label>
                <textarea id=box_id.clone() rows="3" autofocus
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                <p class="muted">
                    "Asked again as a new turn at the end of this conversation, on the same council and depth; this turn stays as it is."
                </p>
                <div class="edit-actions">
                    <StartButton label="Ask again" on_start=ask awaiting_consent=awaiting_consent problem=problem />
                    <button class="secondary" on:click=cancel.clone()>"Cancel"</button>
                </div>
                {move || problem.get().map(|p| view! { <p class="error" role="alert">{p}</p> })}
            </section>
        </Show>
    }
}
