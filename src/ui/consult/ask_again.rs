//! "Ask again" beside a panelist's round-1 answer (or the answer it failed to give), once the
//! council has decided: that member alone is asked the turn's own question again, as a new turn
//! of the thread that says so (`consult::view::thread::member_again`); the answer on record stays.
use consilium_engine::consult::view::thread::member_again;
use consilium_engine::{harness::io::Clock, record::Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::start::PendingRun;
use crate::app::thread::{ask_turn, shared_thread, thread_with};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::provider_gate::ConsentBeside;

/// The button for the panelist `member_id` ("Ask Panelist 2 · Skeptic again" to a screen reader)
/// of the page's turn `page`.
#[component]
pub fn AskAgain(member_id: String, label: String, page: Memo<Option<Session>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let shared = shared_thread();
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let member_id = StoredValue::new(member_id);
    let ask = move |_| {
        let Some(page) = page.get_untracked() else {
            return;
        };
        let shared = shared.clone();
        spawn_local(async move {
            let turns = thread_with(state, shared, page).await;
            let (id, now) = (new_id("c"), BrowserClock.now_ms());
            let turn = member_id.with_value(|member| member_again(&turns, member, id, now));
            match turn {
                Some(turn) => ask_turn(state, turn, awaiting_consent, problem),
                None => problem.set(Some(
                    "Only the latest council turn's panelists can be asked again, once it has decided."
                        .into(),
                )),
            }
        });
    };
    view! {
        <span class="ask-again">
            <button class="secondary small" aria-label=format!("Ask again: {label}") on:click=ask>"Ask again"</button>
            <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
            {move || problem.get().map(|p| view! { <span class="error" role="alert">{p}</span> })}
        </span>
    }
}
