//! Which stored sessions make one thread: a first consult and every follow-up asked in its thread
//! (each names the first turn: `FollowUpOf::thread_root`), in the order they were asked.
use std::collections::HashMap;

use consilium_order as order;

use crate::library::summary::SessionSummary;

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

/// The library as its lists show it (the sidebar, History): one entry per thread, keyed by the
/// thread's id. The entry is the first turn's summary (or, when it was deleted, the oldest stored
/// turn's) with the latest turn's state, outcome and last save, and the latest turn's question
/// as its subtitle when the thread has more than one turn (naming the member a turn asked alone). Newest first is the lists' own order.
pub fn one_per_thread(all: &[SessionSummary]) -> Vec<SessionSummary> {
    let mut entries: Vec<SessionSummary> = Vec::new();
    for summary in all {
        let thread = thread_of(summary);
        if entries.iter().any(|entry| thread_of(entry) == thread) {
            continue;
        }
        let ids = thread_turn_ids(all, thread);
        let turns: Vec<&SessionSummary> = ids
            .iter()
            .filter_map(|id| all.iter().find(|s| &s.id == id))
            .collect();
        let (Some(first), Some(latest)) = (turns.first(), turns.last()) else {
            continue;
        };
        let mut entry = (*first).clone();
        // The entry is keyed by the thread even when its first turn is gone.
        entry.thread = (entry.id != thread).then(|| thread.to_string());
        if turns.len() > 1 {
            entry.state = latest.state.clone();
            entry.finished = latest.finished;
            entry.outcome = latest.outcome.clone();
            entry.decided_by = latest.decided_by;
            entry.updated_at = turns
                .iter()
                .map(|t| t.updated_at.clone())
                .max()
                .unwrap_or_default();
            entry.latest_turn = Some(match &latest.asked_member {
                Some(member) => format!("{member}, asked alone: {}", latest.title),
                None => latest.title.clone(),
            });
        }
        entries.push(entry);
    }
    entries
}

/// `ids` (sessions a list found, in its order) as the threads they belong to: each thread's id
/// once, where its first found turn was.
pub fn threads_of(all: &[SessionSummary], ids: &[String]) -> Vec<String> {
    let mut threads: Vec<String> = Vec::new();
    for id in ids {
        let thread = all
            .iter()
            .find(|s| &s.id == id)
            .map_or(id.as_str(), thread_of);
        if !threads.iter().any(|t| t == thread) {
            threads.push(thread.to_string());
        }
    }
    threads
}

/// Search hits (by session id) as the lists show them: each thread's entry (`one_per_thread`)
/// carries its own hit, or else the hit of its earliest found turn, so a match in a follow-up
/// shows its snippet on the thread's row.
pub fn hits_by_entry<H: Clone>(
    all: &[SessionSummary],
    hits: &HashMap<String, H>,
) -> HashMap<String, H> {
    one_per_thread(all)
        .into_iter()
        .filter_map(|entry| {
            let hit = hits.get(&entry.id).or_else(|| {
                thread_turn_ids(all, thread_of(&entry))
                    .iter()
                    .find_map(|id| hits.get(id))
            })?;
            Some((entry.id, hit.clone()))
        })
        .collect()
}
