//! The sidebar's list: the recent sessions a search in it admits (by title and decision, typed
//! as in History: words and "quoted phrases"), without the one whose deletion waits for its
//! undo, under date headings (Today, Yesterday, Last 7 days, Older) by the local calendar, and
//! the title a rename saves. A thread of follow-ups is one entry (`thread::one_per_thread`).
use std::collections::HashSet;

use super::recent::{newest_entries, RecentEntry};
use super::search::{Query, SearchText};
use crate::foundation::timestamp::parse_rfc3339_ms;
use crate::library::summary::SessionSummary;
use crate::library::thread::{one_per_thread, thread_of};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Longest title a rename keeps (the sidebar shows one line; History a little more).
pub const TITLE_MAX_CHARS: usize = 200;

/// When a session was last saved, as people group it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DateGroup {
    Today,
    Yesterday,
    LastWeek,
    Older,
}

impl DateGroup {
    pub fn label(self) -> &'static str {
        match self {
            Self::Today => "Today",
            Self::Yesterday => "Yesterday",
            Self::LastWeek => "Last 7 days",
            Self::Older => "Older",
        }
    }
}

/// The group of a time by the local calendar: `utc_offset_minutes` is the local time's lead on
/// UTC (+60 in Paris in winter). A time ahead of the clock is Today; one that cannot be read,
/// Older.
pub fn date_group(rfc3339: &str, now_ms: u64, utc_offset_minutes: i64) -> DateGroup {
    let Some(then) = parse_rfc3339_ms(rfc3339) else {
        return DateGroup::Older;
    };
    let local_day = |ms: u64| (ms as i64 + utc_offset_minutes * 60_000).div_euclid(DAY_MS);
    match local_day(now_ms) - local_day(then) {
        ..=0 => DateGroup::Today,
        1 => DateGroup::Yesterday,
        2..=6 => DateGroup::LastWeek,
        _ => DateGroup::Older,
    }
}

/// What the sidebar is asked to show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SidebarQuery<'a> {
    /// What the user typed in the sidebar's search ("" for every session).
    pub search: &'a str,
    /// A session whose deletion waits for its undo: not shown.
    pub hidden: Option<&'a str>,
    /// The session this tab runs ("Running" rather than "Unfinished").
    pub running: Option<&'a str>,
}

/// One heading of the sidebar and its sessions, newest first.
#[derive(Clone, Debug, PartialEq)]
pub struct SidebarGroup {
    pub group: DateGroup,
    pub entries: Vec<RecentEntry>,
}

/// Whether a session's title or decision has every word of `query`.
pub fn sidebar_admits(summary: &SessionSummary, query: &Query) -> bool {
    query.is_empty()
        || query
            .find(&SearchText::new(format!(
                "{}\n{}",
                summary.title, summary.outcome
            )))
            .is_some()
}

/// The `limit` newest sessions the query admits, in date groups (newest group first, no empty
/// group).
pub fn sidebar_groups(
    all: &[SessionSummary],
    query: &SidebarQuery,
    now_ms: u64,
    utc_offset_minutes: i64,
    limit: usize,
) -> Vec<SidebarGroup> {
    let search = Query::parse(query.search);
    // One entry per thread: admitted when any of its turns is (its question or decision).
    let found: HashSet<&str> = all
        .iter()
        .filter(|s| sidebar_admits(s, &search))
        .map(thread_of)
        .collect();
    let threads = one_per_thread(all);
    let admitted = threads
        .iter()
        .filter(|s| query.hidden != Some(s.id.as_str()) && found.contains(thread_of(s)))
        .collect();
    // A later turn running here makes its thread's entry "Running".
    let running = query.running.map(|id| {
        let thread = all.iter().find(|s| s.id == id).map_or(id, thread_of);
        threads
            .iter()
            .find(|entry| thread_of(entry) == thread)
            .map_or(id, |entry| entry.id.as_str())
    });
    let mut groups: Vec<SidebarGroup> = Vec::new();
    for entry in newest_entries(admitted, running, now_ms, limit) {
        let group = date_group(&entry.updated_at, now_ms, utc_offset_minutes);
        match groups.last_mut() {
            Some(last) if last.group == group => last.entries.push(entry),
            _ => groups.push(SidebarGroup {
                group,
                entries: vec![entry],
            }),
        }
    }
    groups
}

/// The title a rename saves: the typed text on one line, trimmed and at most
/// `TITLE_MAX_CHARS`; None when nothing is left (the rename is cancelled) or it is unchanged.
pub fn renamed_title(typed: &str, current: &str) -> Option<String> {
    let line = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    let title: String = line.chars().take(TITLE_MAX_CHARS).collect();
    let title = title.trim_end().to_string();
    (!title.is_empty() && title != current).then_some(title)
}
