//! "Ask again" beside a panelist's round-1 answer (or the answer it failed to give), once the
//! council has decided: that member alone is asked the turn's own question again, as a new turn
//! of the thread that says so (`consult::view::thread::member_again`); the answer on record stays.
//! Files attached beside the button (the follow-up composer's attach area) join the thread's
//! material for that turn, as a follow-up's do.
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::thread::{add_turn_material, member_again};
use consilium_engine::foundation::ids::{ParticipantId, SessionId};
use consilium_engine::harness::io::Clock;
use consilium_engine::record::consult::body::ConsultBody;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::material::Material;
use crate::app::runs::start::PendingRun;
use crate::app::thread::{ask_turn, shared_thread, thread_with};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::widgets::attach::AttachArea;
use crate::ui::widgets::provider_gate::ConsentBeside;

/// The button for the panelist `member_id` ("Ask Panelist 2 · Skeptic again" to a screen reader)
/// of the page's turn `page`.
#[component]
pub fn AskAgain(member_id: ParticipantId, label: String, page: ShownSession) -> impl IntoView {
    let state = expect_context::<AppState>();
    let shared = shared_thread();
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let member_id = StoredValue::new(member_id);
    // The files attached for this turn, numbered after the thread's material it reads anyway.
    let material = Material::new();
    Effect::new(move |_| {
        let earlier = page.with(|p| {
            p.as_ref()
                .and_then(|s| s.body_of::<ConsultBody>())
                .map(|b| b.config.material.clone())
        });
        material.earlier.set(earlier.unwrap_or_default());
    });
    let ask = move |_| {
        let Some(page) = page.get_untracked() else {
            return;
        };
        if let Some(name) = material.reading.with_untracked(|r| r.first().cloned()) {
            return problem.set(Some(format!(
                "{name} is still being read: ask once its chip shows its tokens."
            )));
        }
        let shared = shared.clone();
        spawn_local(async move {
            let turns = thread_with(state, shared, page).await;
            let (id, now) = (SessionId::from(new_id("c")), BrowserClock.now_ms());
            let turn =
                member_id.with_value(|member| member_again(&turns, member.as_str(), id, now));
            match turn {
                Some(mut turn) => {
                    add_turn_material(&mut turn, material.sources.get_untracked());
                    ask_turn(state, turn, awaiting_consent, problem)
                }
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
            <details class="ask-again-files">
                <summary>"with files"<span class="visually-hidden">{format!(" for {label}")}</span></summary>
                <AttachArea material=material />
            </details>
            <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
            {move || problem.get().map(|p| view! { <span class="error" role="alert">{p}</span> })}
        </span>
    }
}
