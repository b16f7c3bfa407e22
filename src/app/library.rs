//! The session list: read from the library once a part that shows it loads, and kept in step
//! with this tab's saves and other tabs' announcements.
use std::cell::Cell;

use crate::app::runs::LiveRun;

thread_local! {
    /// Whether the session list is followed already: the first part that needs it starts it.
    static FOLLOWING: Cell<bool> = const { Cell::new(false) };
}

/// Reads the session list into `live.history` and follows its changes (this tab's saves, other
/// tabs' announcements), once per page. Called only from split parts, so it is not in the first
/// screen.
pub fn follow_library(live: LiveRun) {
    if !FOLLOWING.with(|following| following.replace(true)) {
        live.follow_storage();
    }
}
