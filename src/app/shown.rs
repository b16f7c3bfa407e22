//! The session a page shows, read where it is kept: the live run's session when it is this one,
//! else the copy the page loaded (or a share link's). A memo of it would copy the whole session
//! at every change the views are shown, and compare it with the last: at 1,000 questions a
//! benchmark's session is some 17 MB, a copy a tenth of a second or more on the page.
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::record::Session;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub enum ShownSession {
    /// A stored session's page: `live` when the run in this tab is this session, else `stored`.
    Page {
        id: StoredValue<SessionId>,
        live: RwSignal<Option<Session>>,
        stored: RwSignal<Option<Session>>,
    },
    /// A session that does not change from here (a share link's).
    Fixed(Memo<Option<Session>>),
}

impl ShownSession {
    /// Reads the session shown, and follows it (and which one it is).
    pub fn with<R>(&self, read: impl FnOnce(&Option<Session>) -> R) -> R {
        match *self {
            Self::Page { id, live, stored } => {
                let is_live =
                    live.with(|s| s.as_ref().is_some_and(|s| id.with_value(|id| s.id == *id)));
                if is_live {
                    live.with(read)
                } else {
                    stored.with(read)
                }
            }
            Self::Fixed(memo) => memo.with(read),
        }
    }

    /// Reads the session shown without following it.
    pub fn with_untracked<R>(&self, read: impl FnOnce(&Option<Session>) -> R) -> R {
        untrack(|| self.with(read))
    }

    /// A copy of the session shown (for a command: never in a view that follows a run).
    pub fn get(&self) -> Option<Session> {
        self.with(Clone::clone)
    }

    pub fn get_untracked(&self) -> Option<Session> {
        self.with_untracked(Clone::clone)
    }

    /// Follows the session shown without reading it.
    pub fn track(&self) {
        self.with(|_| ());
    }
}
