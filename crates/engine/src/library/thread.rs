//! Which stored sessions make one thread: a first consult and every follow-up asked in its thread
//! (each names the first turn: `FollowUpOf::thread_root`), in the order they were asked.
use consilium_order as order;

use super::SessionSummary;

/// The thread `summary` belongs to: the id of its first turn (its own id for a first turn).
pub fn thread_of(summary: &SessionSummary) -> &str {
    summary.thread.as_deref().unwrap_or(&summary.id)
}

/// The ids of the thread whose first turn is `root`, in the order asked (the first turn first,
/// when it is still stored).
pub fn thread_turn_ids(all: &[SessionSummary], root: &str) -> Vec<String> {
    let mut turns: Vec<&SessionSummary> = all.iter().filter(|s| thread_of(s) == root).collect();
    order::sort_by(&mut turns, |a, b| {
        (a.id != root, &a.created_at).cmp(&(b.id != root, &b.created_at))
    });
    turns.into_iter().map(|s| s.id.clone()).collect()
}
