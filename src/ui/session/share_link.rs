//! "Share": the session's report in a link (no server is involved), handed to the browser's share
//! sheet where it has one, else copied, with a confirmation beside the button. The link itself
//! (thousands of characters) is never printed on the page; if the browser refuses to copy, it is
//! offered as a link to copy from the context menu.
use crate::app::shown::ShownSession;
use consilium_engine::library::share::OutcomeNotes;
use consilium_engine::views::session::tab_title;
use js_sys::{Function, Object, Promise, Reflect};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::app::thread::{shared_thread, thread_with};
use crate::app::AppState;
use crate::platform::share::share_link;

#[derive(Clone, Debug, PartialEq)]
enum Shared {
    Sheet,
    Copied,
    /// The browser refused the clipboard: the link, to copy by hand.
    NotCopied(String),
    Failed(String),
}

#[component]
pub fn ShareLink(session: ShownSession) -> impl IntoView {
    let outcome = RwSignal::new(None::<Shared>);
    let state = expect_context::<AppState>();
    let shared = shared_thread();
    // The outcome's note stays out of a link unless the user ticks it.
    let has_note = move || {
        session.with(|s| {
            s.as_ref()
                .and_then(|s| s.outcome.as_ref())
                .is_some_and(|o| !o.note.is_empty() || o.history.iter().any(|e| !e.note.is_empty()))
        })
    };
    let with_note = RwSignal::new(false);
    let share = move |_| {
        let Some(session) = session.get_untracked() else {
            return;
        };
        outcome.set(None);
        let shared = shared.clone();
        let notes = if with_note.get_untracked() && has_note() {
            OutcomeNotes::Kept
        } else {
            OutcomeNotes::Left
        };
        spawn_local(async move {
            // A thread's link carries every turn.
            let turns = thread_with(state, shared, session.clone()).await;
            let result = match share_link(&turns, notes).await {
                Ok(link) => hand_over(&link, &tab_title(&session)).await,
                Err(problem) => Some(Shared::Failed(problem)),
            };
            outcome.set(result);
        });
    };
    let said = move || {
        outcome.get().map(|outcome| match outcome {
            Shared::Sheet => view! { <span class="ok">"Shared."</span> }.into_any(),
            Shared::Copied => view! {
                <span class="ok">"Link copied."</span>
                " It holds the report without raw replies, settings or keys; no server is involved."
            }
            .into_any(),
            Shared::NotCopied(link) => view! {
                "The browser did not let the page copy: "
                <a href=link>"right-click or long-press this link to copy it"</a>"."
            }
            .into_any(),
            Shared::Failed(problem) => view! { <span class="error">{problem}</span> }.into_any(),
        })
    };
    view! {
        <button class="secondary share-button" on:click=share>"Share"</button>
        <Show when=has_note>
            <label class="share-note">
                <input type="checkbox" prop:checked=move || with_note.get()
                    on:change=move |ev| with_note.set(event_target_checked(&ev)) />
                "with my outcome note"
            </label>
        </Show>
        <span class="share-status" role="status">{said}</span>
    }
}

/// The browser's share sheet when it has one (None when the user closed it), else the clipboard.
async fn hand_over(link: &str, title: &str) -> Option<Shared> {
    let navigator = window().navigator();
    let sheet = Reflect::get(&navigator, &JsValue::from_str("share"))
        .ok()
        .and_then(|share| share.dyn_into::<Function>().ok());
    if let Some(sheet) = sheet {
        let data = Object::new();
        let _ = Reflect::set(&data, &"title".into(), &title.into());
        let _ = Reflect::set(&data, &"url".into(), &link.into());
        if let Ok(promise) = sheet.call1(&navigator, &data) {
            match JsFuture::from(Promise::from(promise)).await {
                Ok(_) => return Some(Shared::Sheet),
                Err(error) if error_name(&error) == "AbortError" => return None,
                // Refused (no user activation left, a link too long for the sheet): copy it.
                Err(_) => {}
            }
        }
    }
    match JsFuture::from(navigator.clipboard().write_text(link)).await {
        Ok(_) => Some(Shared::Copied),
        Err(_) => Some(Shared::NotCopied(link.to_string())),
    }
}

fn error_name(error: &JsValue) -> String {
    Reflect::get(error, &JsValue::from_str("name"))
        .ok()
        .and_then(|name| name.as_string())
        .unwrap_or_default()
}
