//! Sessions in local storage: one entry per session plus a small index for the history list. Both
//! work on the shared session record (its envelope), whatever the protocol. Records of earlier
//! schema versions are upgraded when read. A write that fails (full quota, storage disabled) is
//! reported and never evicts anything: the session stays in memory and can still be exported.
use consilium_engine::Session;
use gloo_storage::errors::StorageError;
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

pub const INDEX_KEY: &str = "consilium.sessions";
pub const SESSION_PREFIX: &str = "consilium.session.";

/// What the history list needs, without loading every session: the envelope's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    pub id: String,
    pub title: String,
    pub protocol: String,
    pub state: String,
    pub updated_at: String,
    pub demo: bool,
}

impl SessionSummary {
    pub fn of(session: &Session) -> Self {
        Self {
            id: session.id.clone(),
            title: session.title.clone(),
            protocol: session.protocol().as_str().to_string(),
            state: session.state.clone(),
            updated_at: session.updated_at.clone(),
            demo: session.demo,
        }
    }
}

pub fn session_key(id: &str) -> String {
    format!("{SESSION_PREFIX}{id}")
}

pub fn explain_storage_error(error: &StorageError) -> String {
    match error {
        StorageError::JsError(js) if js.name == "QuotaExceededError" => {
            "Browser storage is full, so this was not saved. Nothing was deleted: the session is still open \
             here. Export it, or delete old sessions in History, then try again."
                .to_string()
        }
        StorageError::JsError(js) => format!("The browser refused to save ({}: {}).", js.name, js.message),
        other => format!("The browser refused to save ({other})."),
    }
}

pub fn save_session(session: &Session) -> Result<(), String> {
    LocalStorage::set(session_key(&session.id), session).map_err(|e| explain_storage_error(&e))?;
    let mut index = list_sessions();
    let summary = SessionSummary::of(session);
    match index.iter_mut().find(|s| s.id == summary.id) {
        Some(existing) => *existing = summary,
        None => index.push(summary),
    }
    index.sort_by(|a, b| b.updated_at.cmp(&a.updated_at));
    LocalStorage::set(INDEX_KEY, &index).map_err(|e| explain_storage_error(&e))
}

/// `Err` names what is wrong with a stored entry that no longer reads; it is left in place.
pub fn load_session(id: &str) -> Result<Option<Session>, String> {
    let raw = LocalStorage::raw()
        .get_item(&session_key(id))
        .map_err(|_| "Browser storage is not available.".to_string())?;
    match raw {
        None => Ok(None),
        Some(text) => Session::from_json_text(&text).map(Some).map_err(|e| {
            format!("The stored session {id} could not be read. {e} It was left untouched.")
        }),
    }
}

pub fn list_sessions() -> Vec<SessionSummary> {
    LocalStorage::get(INDEX_KEY).unwrap_or_default()
}

pub fn delete_session(id: &str) {
    LocalStorage::delete(session_key(id));
    let index: Vec<SessionSummary> = list_sessions().into_iter().filter(|s| s.id != id).collect();
    let _ = LocalStorage::set(INDEX_KEY, &index);
}
