//! The turns of a session's thread of follow-ups, for the pages and commands that carry every
//! turn (the thread under the decision, the exports, the share link): from the link itself on a
//! shared page, else read from storage by the library's summaries (`library::thread::thread_turn_ids`).
use consilium_engine::library::thread::thread_turn_ids;
use consilium_engine::{record::consult::body::ConsultBody, record::Session};
use leptos::prelude::*;

use crate::app::AppState;
use crate::platform::storage;

/// The turns a share link brought, in order (None until the link is read): a shared page's
/// thread, nothing of which is stored.
#[derive(Clone, Copy)]
pub struct SharedThread(pub Memo<Option<Vec<Session>>>);

/// The id of the thread `session` belongs to: its first turn's.
pub fn thread_root(session: &Session) -> String {
    let follows = session
        .body_of::<ConsultBody>()
        .and_then(|b| b.follows.as_ref());
    follows.map_or(session.id.clone(), |f| f.thread_root().to_string())
}

/// A shared page's turns; read while the component is built (its context is gone in a task).
pub fn shared_thread() -> Option<SharedThread> {
    use_context::<SharedThread>()
}

/// The turns of the thread whose first turn is `root`, in order: a shared page's (`shared`), else
/// the stored ones the library lists.
pub async fn load_thread(
    state: AppState,
    shared: Option<SharedThread>,
    root: &str,
) -> Vec<Session> {
    if let Some(SharedThread(turns)) = shared {
        return turns.get_untracked().unwrap_or_default();
    }
    let ids = state
        .library
        .sessions
        .with_untracked(|all| thread_turn_ids(all, root));
    let mut turns = Vec::new();
    for id in ids {
        if let Ok(Some(turn)) = storage::load_session(&id).await {
            turns.push(turn);
        }
    }
    turns
}

/// Every turn of `page`'s thread in order, `page` as the page has it (the latest copy); just
/// `page` when it is no thread's turn.
pub async fn thread_with(
    state: AppState,
    shared: Option<SharedThread>,
    page: Session,
) -> Vec<Session> {
    let mut turns = load_thread(state, shared, &thread_root(&page)).await;
    match turns.iter_mut().find(|t| t.id == page.id) {
        Some(turn) => *turn = page,
        None => turns.push(page),
    }
    turns
}

/// Whether `session` is one turn of several (stored, or in the link the page came from).
pub fn in_a_thread(state: AppState, shared: Option<&SharedThread>, session: &Session) -> bool {
    if let Some(SharedThread(turns)) = shared {
        return turns.with_untracked(|t| t.as_ref().is_some_and(|t| t.len() > 1));
    }
    let root = thread_root(session);
    root != session.id
        || state
            .library
            .sessions
            .with_untracked(|all| thread_turn_ids(all, &root).len() > 1)
}
