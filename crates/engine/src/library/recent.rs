//! The sidebar's list of recent sessions of every protocol, read from the light summaries (never
//! the full records): each with its title, protocol, a chip saying where it stands (a review's
//! verdict in plain words) and when it was last saved, relative to now. Also the follow-up links
//! a consult has in the library.
use crate::foundation::ids::SessionId;
use crate::record::consult::early_decision::DecidedBy;
use consilium_order as order;

use crate::foundation::timestamp::parse_rfc3339_ms;
use crate::library::summary::SessionSummary;
use crate::record::review::body::ReviewVerdict;
use crate::review::view::verdict_words;

/// Sessions the sidebar lists; History has the rest.
pub const RECENT_LIMIT: usize = 15;

#[derive(Clone, Debug, PartialEq)]
pub struct RecentEntry {
    pub id: SessionId,
    pub title: String,
    /// "Consult", "Review", "Prioritize".
    pub protocol: &'static str,
    /// "Decided", "Approved", "Failed"…
    pub chip: &'static str,
    /// For the chip's colour: `done`, `running`, `stopped` or `failed`.
    pub tone: &'static str,
    /// "5 min ago", "yesterday", "2026-11-02".
    pub when: String,
    /// When it was last saved (RFC 3339), for its date group.
    pub updated_at: String,
    pub demo: bool,
    /// A thread's latest turn's question, under its first question (None for a single session).
    pub subtitle: Option<String>,
}

/// The `limit` most recently saved sessions, newest first. `running_id` is the session this tab
/// runs: an unfinished session is "Running" there and "Unfinished" anywhere else.
pub fn recent_sessions(
    all: &[SessionSummary],
    running_id: Option<&str>,
    now_ms: u64,
    limit: usize,
) -> Vec<RecentEntry> {
    newest_entries(all.iter().collect(), running_id, now_ms, limit)
}

/// `summaries` as entries, the `limit` most recently saved first.
pub(super) fn newest_entries(
    mut newest: Vec<&SessionSummary>,
    running_id: Option<&str>,
    now_ms: u64,
    limit: usize,
) -> Vec<RecentEntry> {
    order::sort_by(&mut newest, |a, b| b.updated_at.cmp(&a.updated_at));
    newest
        .into_iter()
        .take(limit)
        .map(|summary| {
            let (chip, tone) = chip(summary, running_id == Some(summary.id.as_str()));
            RecentEntry {
                id: summary.id.clone(),
                title: summary.title.clone(),
                protocol: protocol_name(&summary.protocol),
                chip,
                tone,
                when: relative_time(&summary.updated_at, now_ms),
                updated_at: summary.updated_at.clone(),
                demo: summary.demo,
                subtitle: summary.latest_turn.clone(),
            }
        })
        .collect()
}

fn protocol_name(protocol: &str) -> &'static str {
    match protocol {
        "review" => "Review",
        "prioritize" => "Prioritize",
        "benchmark" => "Benchmark",
        _ => "Consult",
    }
}

/// Where a session stands in one or two words, and the tone of its chip.
fn chip(summary: &SessionSummary, running_here: bool) -> (&'static str, &'static str) {
    match summary.state.as_str() {
        "failed" => ("Failed", "failed"),
        "aborted" => ("Cancelled", "stopped"),
        _ if !summary.finished && running_here => ("Running", "running"),
        _ if !summary.finished => ("Unfinished", "stopped"),
        _ => match summary.protocol.as_str() {
            "review" => review_chip(&summary.outcome),
            "prioritize" => ("Ranked", "done"),
            "benchmark" => ("Measured", "done"),
            // A split vote decided nothing.
            _ if summary.decided_by == Some(DecidedBy::SplitVote) => ("No decision", "stopped"),
            _ => ("Decided", "done"),
        },
    }
}

/// A concluded review's verdict, read from its outcome line ("APPROVED: …").
fn review_chip(outcome: &str) -> (&'static str, &'static str) {
    let verdict = [
        ReviewVerdict::Approved,
        ReviewVerdict::RequestChanges,
        ReviewVerdict::Inconclusive,
    ]
    .into_iter()
    .find(|v| outcome.starts_with(&format!("{}:", v.label())));
    match verdict {
        Some(ReviewVerdict::Approved) => (verdict_words(ReviewVerdict::Approved), "done"),
        Some(ReviewVerdict::RequestChanges) => {
            (verdict_words(ReviewVerdict::RequestChanges), "failed")
        }
        Some(ReviewVerdict::Inconclusive) => {
            (verdict_words(ReviewVerdict::Inconclusive), "stopped")
        }
        None => ("Concluded", "done"),
    }
}

/// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date ("2026-11-02").
/// A time that cannot be read, or one ahead of the clock, reads as its date or "just now".
pub fn relative_time(rfc3339: &str, now_ms: u64) -> String {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let Some(then) = parse_rfc3339_ms(rfc3339) else {
        return rfc3339.get(..10).unwrap_or(rfc3339).to_string();
    };
    let ago = now_ms.saturating_sub(then);
    match ago {
        _ if ago < MINUTE => "just now".to_string(),
        _ if ago < HOUR => format!("{} min ago", ago / MINUTE),
        _ if ago < DAY => format!("{} h ago", ago / HOUR),
        _ if ago < 2 * DAY => "yesterday".to_string(),
        _ if ago < 7 * DAY => format!("{} days ago", ago / DAY),
        _ => rfc3339.get(..10).unwrap_or(rfc3339).to_string(),
    }
}

/// The sessions asked as follow-ups of `id`, oldest first: (id, title).
pub fn follow_ups_of(all: &[SessionSummary], id: &str) -> Vec<(SessionId, String)> {
    let mut found: Vec<&SessionSummary> = all
        .iter()
        .filter(|s| s.follows.as_ref().is_some_and(|f| f == id))
        .collect();
    order::sort_by(&mut found, |a, b| a.created_at.cmp(&b.created_at));
    found
        .into_iter()
        .map(|s| (s.id.clone(), s.title.clone()))
        .collect()
}
