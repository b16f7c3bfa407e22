//! History's export all and import: every session in one file, and such a file (or one session's
//! JSON) brought back, checked session by session, never overwriting one already here.
use std::collections::HashSet;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::foundation::timestamp::rfc3339_utc;
use consilium_engine::library::list::{
    export_file_name, export_message, importing_line, ImportReport,
};
use consilium_engine::{
    library::transfer::drop_identical, library::transfer::export_all, library::transfer::keep_both,
    library::transfer::parse_import,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::AppState;
use crate::platform::{export, storage};

#[component]
pub fn HistoryTransfer(message: RwSignal<Option<String>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let export_everything = move |_| {
        spawn_local(async move {
            let (sessions, unreadable) = match storage::all_sessions().await {
                Ok(found) => found,
                Err(error) => return message.set(Some(error)),
            };
            let now = rfc3339_utc(js_sys::Date::now() as u64);
            let name = export_file_name(&now);
            let result = export::download(&name, "application/json", &export_all(&sessions, &now));
            message.set(Some(match (result, unreadable) {
                (Err(error), _) => error,
                (Ok(()), unreadable) => export_message(sessions.len(), &name, unreadable),
            }));
        });
    };
    let import_file = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        input.set_value("");
        spawn_local(async move {
            let text = match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => text.as_string().unwrap_or_default(),
                Err(_) => {
                    return message
                        .set(Some(format!("The file {} could not be read.", file.name())))
                }
            };
            let taken: HashSet<SessionId> =
                history.with_untracked(|h| h.iter().map(|s| s.id.clone()).collect());
            let said = import(&text, &file.name(), &taken, message).await;
            message.set(Some(said));
        });
    };
    view! {
        <button on:click=export_everything disabled=move || history.with(Vec::is_empty)>"Export all"</button>
        <label class="file-button">
            "Import sessions"
            <input type="file" accept=".json,application/json" on:change=import_file />
        </label>
    }
}

/// Imports what `text` holds and says what happened, in one message.
async fn import(
    text: &str,
    file_name: &str,
    taken: &HashSet<SessionId>,
    message: RwSignal<Option<String>>,
) -> String {
    let mut incoming = match parse_import(text) {
        Ok(incoming) => incoming,
        Err(error) => return format!("Nothing was imported from {file_name}: {error}"),
    };
    let offered = incoming.sessions.len() + incoming.refused.len();
    // Re-importing an export must not double History: load the stored sessions whose ids the file
    // reuses, and skip the ones that are the same record.
    let mut stored = Vec::new();
    for session in incoming.sessions.iter().filter(|s| taken.contains(&s.id)) {
        if let Ok(Some(found)) = storage::load_session(&session.id).await {
            stored.push(found);
        }
    }
    let identical = drop_identical(&mut incoming.sessions, &stored);
    let mut report = ImportReport {
        offered,
        identical,
        renamed: keep_both(&mut incoming.sessions, taken),
        refused: incoming.refused,
        ..ImportReport::default()
    };
    let total = incoming.sessions.len();
    let progress = |stored: usize| {
        if stored < total {
            message.set(Some(importing_line(stored, total)));
        }
    };
    match storage::save_imported_all(&incoming.sessions, progress).await {
        Ok(stored) => report.saved = stored,
        // A full quota refuses the rest too; what is saved stays saved.
        Err((stored, why)) => {
            report.saved = stored;
            report.failed.push(why);
        }
    }
    report.message(file_name)
}
