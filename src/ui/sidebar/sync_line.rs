//! One line at the foot of the sidebar saying where sync stands ("Synced 2 min ago · 3 waiting",
//! "Syncing…", "Offline: …", "Sync failed: … · Fix"); nothing while sync is not set up. Mounting it starts sync's triggers
//! (`SyncBook::follow`), so they cost the first screen nothing.
use std::time::Duration;

use leptos::prelude::*;

use crate::app::sync::{syncing_text, SyncBook, SyncStatus};
use crate::app::AppState;
use crate::settings::Settings;

/// "just now", "1 min ago", "5 min ago", "2 h ago".
fn ago(ms: u64) -> String {
    match ms / 60_000 {
        0 => "just now".into(),
        minutes @ 1..=59 => format!("{minutes} min ago"),
        minutes => format!("{} h ago", minutes / 60),
    }
}

#[component]
pub fn SyncLine() -> impl IntoView {
    let book = SyncBook::get();
    // Settings a sync took from the bucket: the page reads them again (the settings' view too).
    let state = expect_context::<AppState>();
    Effect::watch(
        move || book.settings_taken.get(),
        move |_, _, _| state.settings.set(Settings::load()),
        false,
    );
    // The sidebar's part loads once the page is idle: sync starts following from here.
    book.follow();
    let now = RwSignal::new(js_sys::Date::now() as u64);
    // The "ago" moves on by the minute.
    if let Ok(ticker) = set_interval_with_handle(
        move || now.set(js_sys::Date::now() as u64),
        Duration::from_secs(30),
    ) {
        on_cleanup(move || ticker.clear());
    }
    // " · 3 waiting" while changes here are not in the bucket yet.
    let waiting = move || match book.waiting.get() {
        0 => String::new(),
        count => format!(" · {count} waiting"),
    };
    move || match book.status.get() {
        SyncStatus::Off => None,
        SyncStatus::Syncing => {
            let text = move || syncing_text(book.progress.get());
            Some(view! { <p class="sync-line muted" role="status">{text}</p> }.into_any())
        }
        SyncStatus::Synced { at_ms, .. } => {
            let text = move || {
                format!(
                    "Synced {}{}",
                    ago(now.get().saturating_sub(at_ms)),
                    waiting()
                )
            };
            Some(view! { <p class="sync-line muted" role="status">{text}</p> }.into_any())
        }
        SyncStatus::Offline => {
            let text = move || format!("Offline: changes go when you are back online{}", waiting());
            Some(view! { <p class="sync-line muted" role="status">{text}</p> }.into_any())
        }
        SyncStatus::Failed(sentence) => Some(
            view! {
                <p class="sync-line error" role="status">
                    "Sync failed: " {sentence} {waiting} " · " <a href="#/settings">"Fix"</a>
                </p>
            }
            .into_any(),
        ),
    }
}
