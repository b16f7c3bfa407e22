//! Which stored sessions make one thread: a first consult and every follow-up asked in its thread
//! (each names the first turn: `FollowUpOf::thread_root`), in the order they were asked.
use std::collections::{HashMap, HashSet};

use consilium_order as order;

use crate::foundation::ids::SessionId;
use crate::library::summary::SessionSummary;

/// The thread `summary` belongs to: the id of its first turn (its own id for a first turn).
pub fn thread_of(summary: &SessionSummary) -> &str {
    summary.thread.as_ref().unwrap_or(&summary.id).as_str()
}

/// The ids of the thread whose first turn is `root`, in the order asked (the first turn first,
/// when it is still stored).
pub fn thread_turn_ids(all: &[SessionSummary], root: &str) -> Vec<SessionId> {
    let mut turns: Vec<&SessionSummary> = all.iter().filter(|s| thread_of(s) == root).collect();
    in_order_asked(&mut turns, root);
    turns.into_iter().map(|s| s.id.clone()).collect()
}

/// A thread's turns in the order asked: the first turn first, then by creation.
fn in_order_asked(turns: &mut [&SessionSummary], root: &str) {
    order::sort_by(turns, |a, b| {
        (a.id != root, &a.created_at).cmp(&(b.id != root, &b.created_at))
    });
}

/// Every thread's turns in the order asked, by the thread's id: one pass over the library, so
/// the lists stay linear in its size (at 1,000 sessions a scan per thread cost History hundreds of
/// milliseconds).
fn turns_by_thread(all: &[SessionSummary]) -> HashMap<&str, Vec<&SessionSummary>> {
    let mut threads: HashMap<&str, Vec<&SessionSummary>> = HashMap::new();
    for summary in all {
        threads.entry(thread_of(summary)).or_default().push(summary);
    }
    for (root, turns) in threads.iter_mut() {
        in_order_asked(turns, root);
    }
    threads
}

/// The library as its lists show it (the sidebar, History): one entry per thread, keyed by the
/// thread's id. The entry is the first turn's summary (or, when it was deleted, the oldest stored
/// turn's) with the latest turn's state, outcome and last save, and the latest turn's question
/// as its subtitle when the thread has more than one turn (naming the member a turn asked alone). Newest first is the lists' own order.
pub fn one_per_thread(all: &[SessionSummary]) -> Vec<SessionSummary> {
    let threads = turns_by_thread(all);
    let mut listed: HashSet<&str> = HashSet::new();
    let mut entries: Vec<SessionSummary> = Vec::new();
    for summary in all {
        let thread = thread_of(summary);
        if !listed.insert(thread) {
            continue;
        }
        let turns = threads.get(thread).map(Vec::as_slice).unwrap_or_default();
        let (Some(first), Some(latest)) = (turns.first(), turns.last()) else {
            continue;
        };
        let mut entry = (*first).clone();
        // The entry is keyed by the thread even when its first turn is gone.
        entry.thread = (entry.id != thread).then(|| SessionId::from(thread));
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
pub fn threads_of(all: &[SessionSummary], ids: &[SessionId]) -> Vec<SessionId> {
    let thread_by_id: HashMap<&str, &str> =
        all.iter().map(|s| (s.id.as_str(), thread_of(s))).collect();
    let mut listed: HashSet<&str> = HashSet::new();
    let mut threads: Vec<SessionId> = Vec::new();
    for id in ids {
        let thread = thread_by_id
            .get(id.as_str())
            .copied()
            .unwrap_or(id.as_str());
        if listed.insert(thread) {
            threads.push(SessionId::from(thread));
        }
    }
    threads
}

/// Search hits (by session id) as the lists show them: each thread's entry (`one_per_thread`)
/// carries its own hit, or else the hit of its earliest found turn, so a match in a follow-up
/// shows its snippet on the thread's row.
pub fn hits_by_entry<H: Clone>(
    all: &[SessionSummary],
    hits: &HashMap<SessionId, H>,
) -> HashMap<SessionId, H> {
    let threads = turns_by_thread(all);
    one_per_thread(all)
        .into_iter()
        .filter_map(|entry| {
            let hit = hits.get(&entry.id).or_else(|| {
                threads
                    .get(thread_of(&entry))?
                    .iter()
                    .find_map(|turn| hits.get(&turn.id))
            })?;
            Some((entry.id, hit.clone()))
        })
        .collect()
}
