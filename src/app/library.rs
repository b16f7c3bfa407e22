//! The session list, with one owner: every stored session's summary, newest first, read from the
//! library once a part that shows it loads, and kept in step with this tab's saves and other
//! tabs' announcements. A run records its saves here (`LiveRun::persist`); a session deleted in
//! another tab while it runs here stops its run.
use std::cell::Cell;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::{cancel_run, LiveRun};
use crate::platform::storage::sync::Change;
use crate::platform::storage::{self, SessionSummary};

/// Every stored session's summary, newest first.
#[derive(Clone, Copy)]
pub struct Library {
    pub sessions: RwSignal<Vec<SessionSummary>>,
}

impl Default for Library {
    fn default() -> Self {
        Self::new()
    }
}

thread_local! {
    /// Whether the session list is followed already: the first part that needs it starts it.
    static FOLLOWING: Cell<bool> = const { Cell::new(false) };
}

/// Reads the session list and follows its changes (this tab's saves, other tabs'
/// announcements), once per page. Called only from split parts, so it is not in the first screen.
pub fn follow_library(live: LiveRun) {
    if !FOLLOWING.with(|following| following.replace(true)) {
        live.library.follow(live);
    }
}

impl Library {
    pub fn new() -> Self {
        Self {
            sessions: RwSignal::new(Vec::new()),
        }
    }

    /// Loads the list and keeps it in step with every tab's saves and deletions; problems go to
    /// the live view's notice.
    fn follow(self, live: LiveRun) {
        spawn_local(async move {
            match storage::list_sessions().await {
                Ok(list) => self.sessions.set(list),
                Err(message) => live.notice.set(Some(message)),
            }
        });
        if let Some(listener) = storage::sync::listen(move |change| self.apply(change, live)) {
            // The page's own lifetime: it listens until the tab closes.
            std::mem::forget(listener);
        }
    }

    fn apply(&self, change: Change, live: LiveRun) {
        match change {
            Change::Saved(summary) => self.saved(summary),
            Change::Deleted(ids) => {
                self.sessions
                    .update(|list| list.retain(|s| !ids.contains(&s.id)));
                let running_deleted = live.running.get_untracked()
                    && live
                        .session
                        .with_untracked(|s| s.as_ref().is_some_and(|s| ids.contains(&s.id)));
                if running_deleted {
                    cancel_run();
                    live.notice.set(Some(
                        "This session was deleted in another tab, so its run was stopped. It is still \
                         open here: export it to keep it."
                            .into(),
                    ));
                }
            }
        }
    }

    /// A session this tab saved: its summary replaces the older one.
    pub fn saved(&self, summary: SessionSummary) {
        self.sessions.update(|list| upsert(list, summary));
    }
}

/// Puts a session's summary in the list (newest first), replacing its older one.
fn upsert(list: &mut Vec<SessionSummary>, summary: SessionSummary) {
    list.retain(|s| s.id != summary.id);
    let at = list
        .iter()
        .position(|s| s.updated_at <= summary.updated_at)
        .unwrap_or(list.len());
    list.insert(at, summary);
}
