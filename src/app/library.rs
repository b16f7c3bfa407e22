//! The session list, with one owner: every stored session's summary, newest first, read from the
//! library once a part that shows it loads, and kept in step with this tab's saves and other
//! tabs' announcements. A run records its saves here (the driver reports them: `LiveRun::saved`);
//! a session deleted in another tab while it runs here stops its run. The sidebar's rename and its
//! deletion with undo are commands here too.
//!
//! A deletion waits for its undo: the session leaves the list at once, but the store deletes it
//! only when the undo expires or is dismissed (or another deletion starts). A reload in between
//! keeps the session, so no reload can lose one the user meant to bring back.
use std::cell::Cell;
use std::time::Duration;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::sidebar::renamed_title;
use consilium_engine::library::thread::{thread_of, thread_turn_ids};

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::LiveRun;
use crate::platform::storage::sync::Change;
use crate::platform::storage::{self, SessionSummary};

/// How long "Deleted · Undo" stays before the deletion is committed.
pub const UNDO_FOR: Duration = Duration::from_secs(8);

/// Every stored session's summary, newest first.
#[derive(Clone, Copy)]
pub struct Library {
    pub sessions: RwSignal<Vec<SessionSummary>>,
    /// A session deleted from the sidebar whose undo has not expired: hidden, not yet deleted.
    pub pending_delete: RwSignal<Option<PendingDelete>>,
}

/// A deletion waiting for its undo.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingDelete {
    pub id: SessionId,
    pub title: String,
    /// Which deletion this is, so an old timer does not commit a newer one early.
    serial: u32,
}

impl Default for Library {
    fn default() -> Self {
        Self::new()
    }
}

thread_local! {
    /// Whether the session list is followed already: the first part that needs it starts it.
    static FOLLOWING: Cell<bool> = const { Cell::new(false) };
    /// The last deletion's serial.
    static DELETIONS: Cell<u32> = const { Cell::new(0) };
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
            pending_delete: RwSignal::new(None),
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
            Change::SavedMany(summaries) => self.sessions.update(|list| {
                for summary in summaries {
                    upsert(list, summary);
                }
            }),
            Change::Deleted(ids) => {
                self.sessions
                    .update(|list| list.retain(|s| !ids.contains(&s.id)));
                let running_deleted = live.running.get_untracked()
                    && live
                        .session
                        .with_untracked(|s| s.as_ref().is_some_and(|s| ids.contains(&s.id)));
                if running_deleted {
                    live.cancel_run();
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

impl Library {
    /// Renames a stored session (its record's title, saved). The open session shown from memory
    /// takes the new title too. Not for a session this tab runs: its run saves its own copy.
    pub fn rename(self, live: LiveRun, id: SessionId, typed: String) {
        let current = self
            .sessions
            .with_untracked(|all| all.iter().find(|s| s.id == id).map(|s| s.title.clone()));
        let Some(title) = current.and_then(|current| renamed_title(&typed, &current)) else {
            return;
        };
        if live.runs_untracked(&id) {
            return;
        }
        live.session.update(|open| {
            if let Some(open) = open.as_mut().filter(|open| open.id == id) {
                open.title = title.clone();
            }
        });
        spawn_local(async move {
            let renamed = match storage::load_session(&id).await {
                Ok(Some(mut session)) => {
                    session.title = title;
                    storage::save_session(&session).await.map(|()| session)
                }
                Ok(None) => return,
                Err(message) => Err(message),
            };
            match renamed {
                Ok(session) => self.saved(SessionSummary::of(&session)),
                Err(message) => live.notice.set(Some(message)),
            }
        });
    }

    /// Hides a session and deletes it once its undo expires (`UNDO_FOR`); a deletion still
    /// waiting is committed first.
    pub fn delete_soon(self, live: LiveRun, id: SessionId, title: String) {
        self.commit_delete(live);
        let serial = DELETIONS.with(|n| {
            n.set(n.get().wrapping_add(1));
            n.get()
        });
        self.pending_delete
            .set(Some(PendingDelete { id, title, serial }));
        set_timeout(
            move || {
                let still = self
                    .pending_delete
                    .with_untracked(|p| p.as_ref().is_some_and(|p| p.serial == serial));
                if still {
                    self.commit_delete(live);
                }
            },
            UNDO_FOR,
        );
    }

    /// Brings back the session whose deletion waits.
    pub fn undo_delete(self) {
        self.pending_delete.set(None);
    }

    /// Deletes the session whose deletion waits, now (its undo expired or was dismissed).
    pub fn commit_delete(self, live: LiveRun) {
        let Some(pending) = self.pending_delete.get_untracked() else {
            return;
        };
        self.pending_delete.set(None);
        // A thread's entry stands for every turn of it: all of them go.
        let ids = self.sessions.with_untracked(|all| {
            let root = all
                .iter()
                .find(|s| s.id == pending.id)
                .map_or(pending.id.as_str(), thread_of);
            let turns = thread_turn_ids(all, root);
            if turns.is_empty() {
                vec![pending.id.clone()]
            } else {
                turns
            }
        });
        // Hidden until the store answers, so it does not flash back.
        self.sessions
            .update(|list| list.retain(|s| !ids.contains(&s.id)));
        spawn_local(async move {
            if let Err(message) = storage::delete_sessions(&ids).await {
                live.notice.set(Some(message));
                if let Ok(list) = storage::list_sessions().await {
                    self.sessions.set(list);
                }
            }
        });
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
