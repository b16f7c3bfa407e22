//! The history list as the app shows it: how many sessions match, when each was last saved, and how much
//! storage they take, which sessions a filter and a search show, and what an export or an import
//! did.
use std::collections::HashMap;

use crate::foundation::counted::thousands;
use crate::foundation::ids::SessionId;
use crate::library::filter::HistoryFilter;
use crate::library::search::SearchHit;
use crate::library::summary::SessionSummary;
use crate::library::thread::{one_per_thread, thread_of, threads_of};

/// "3 sessions", "1 of 3 sessions match", "0 of 1 session match"; empty with no sessions.
/// History's count line: with no filter and no search, the entries listed ("1,204 sessions", a
/// thread of follow-ups once, as it is listed); "N of M sessions match" only when a filter or a
/// search narrows the list. Counts with thousands separators.
pub fn history_count_line(total: usize, shown: usize, narrowed: bool) -> String {
    let sessions = |n: usize| match n {
        1 => "1 session".to_string(),
        n => format!("{} sessions", thousands(n as u64)),
    };
    match (total, narrowed) {
        (0, _) => String::new(),
        (_, false) => sessions(shown),
        (_, true) if shown == total => sessions(total),
        (1, true) => format!("{} of 1 session match", thousands(shown as u64)),
        (_, true) => format!(
            "{} of {} sessions match",
            thousands(shown as u64),
            thousands(total as u64)
        ),
    }
}

pub fn count_line(total: usize, matching: usize) -> String {
    if total == 0 {
        String::new()
    } else if total == 1 {
        String::from(if matching == 1 {
            "1 session"
        } else {
            "0 of 1 session match"
        })
    } else if matching == total {
        format!("{} sessions", thousands(total as u64))
    } else {
        format!(
            "{} of {} sessions match",
            thousands(matching as u64),
            thousands(total as u64)
        )
    }
}

/// A record's RFC 3339 time to the minute, for a list: "2026-11-24 01:20".
pub fn short_time(rfc3339: &str) -> String {
    rfc3339.get(..16).unwrap_or(rfc3339).replace('T', " ")
}

/// A size in decimal units: "512 B", "1.5 KB", "2.0 MB".
pub fn format_bytes(n: f64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = n;
    let mut unit = 0;
    while value >= 1000.0 && unit < UNITS.len() - 1 {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// "Storage: 1.2 MB used of 300.0 GB available; kept by the browser (...)." `persisted` is
/// whether the browser granted persistent storage (None: it did not say).
pub fn storage_line(used_bytes: f64, quota_bytes: f64, persisted: Option<bool>) -> String {
    let persisted = match persisted {
        Some(true) => "kept by the browser (persistent storage granted)",
        Some(false) => {
            "may be cleared by the browser when space runs low (persistent storage not granted)"
        }
        None => "persistence unknown",
    };
    format!(
        "Storage: {} used of {} available; {persisted}.",
        format_bytes(used_bytes),
        format_bytes(quota_bytes)
    )
}

/// The ids the list shows: the sessions the filter admits, in its order, and, while a search is
/// on (`hits` is Some), only those it found; a thread once, by its entry's id (any of its turns
/// found finds it).
pub fn shown_ids(
    all: &[SessionSummary],
    filter: &HistoryFilter,
    hits: Option<&HashMap<SessionId, SearchHit>>,
    now_ms: u64,
) -> Vec<SessionId> {
    let found: Vec<SessionId> = filter
        .apply(all, now_ms)
        .into_iter()
        .filter(|s| hits.is_none_or(|h| h.contains_key(&s.id)))
        .map(|s| s.id.clone())
        .collect();
    // A thread of follow-ups is one row, shown where its first found turn is.
    let entries = one_per_thread(all);
    let entry_of: HashMap<&str, &str> = entries
        .iter()
        .map(|entry| (thread_of(entry), entry.id.as_str()))
        .collect();
    threads_of(all, &found)
        .into_iter()
        .filter_map(|thread| entry_of.get(thread.as_str()).map(|id| SessionId::from(*id)))
        .collect()
}

/// The file "Export all" writes: `consilium-sessions-2026-11-24.json` (the date of `now`).
pub fn export_file_name(now_rfc3339: &str) -> String {
    format!(
        "consilium-sessions-{}.json",
        now_rfc3339.get(..10).unwrap_or(now_rfc3339)
    )
}

/// What "Export all" says when the file is written: how many sessions, and how many stored
/// records could not be read and were left out.
pub fn export_message(exported: usize, file_name: &str, unreadable: usize) -> String {
    match unreadable {
        0 => format!(
            "Exported {} to {file_name}.",
            crate::foundation::counted::counted(exported, "session")
        ),
        n => format!(
            "Exported {} to {file_name}; {} could not be read and were left out.",
            crate::foundation::counted::counted(exported, "session"),
            crate::foundation::counted::counted(n, "stored record")
        ),
    }
}

/// While an import is being saved: "Importing… 300 of 1,000 sessions saved."
pub fn importing_line(stored: usize, total: usize) -> String {
    format!(
        "Importing… {} of {} sessions saved.",
        crate::foundation::counted::thousands(stored as u64),
        crate::foundation::counted::thousands(total as u64)
    )
}

/// What an import did, in one message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportReport {
    pub saved: usize,
    /// Sessions the file held, read or refused.
    pub offered: usize,
    /// Ids already in History, and the new ids their sessions came in under.
    pub renamed: Vec<(SessionId, SessionId)>,
    /// Sessions identical to one already in History (or earlier in the file): not imported again.
    pub identical: usize,
    /// Why each refused record was refused.
    pub refused: Vec<String>,
    /// "<id>: <why>" for a session that could not be saved.
    pub failed: Vec<String>,
}

impl ImportReport {
    pub fn message(&self, file_name: &str) -> String {
        if self.identical > 0 && self.identical == self.offered {
            return match self.identical {
                1 => format!("Nothing new in {file_name}: its session is already in History, identical."),
                n => format!(
                    "Nothing new in {file_name}: its {} sessions are already in History, identical.",
                    thousands(n as u64)
                ),
            };
        }
        let mut parts = vec![format!(
            "Imported {} of {} sessions from {file_name}.",
            crate::foundation::counted::thousands(self.saved as u64),
            crate::foundation::counted::thousands(self.offered as u64)
        )];
        if self.identical > 0 {
            parts.push(match self.identical {
                1 => "1 was already in History, identical, and was skipped.".to_string(),
                n => format!("{n} were already in History, identical, and were skipped."),
            });
        }
        if !self.renamed.is_empty() {
            parts.push(format!(
                "{} had an id already in History and came in under a new one ({}); nothing was overwritten.",
                self.renamed.len(),
                self.renamed
                    .iter()
                    .map(|(old, new)| format!("{old} → {new}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !self.refused.is_empty() {
            parts.push(format!("Refused: {}", self.refused.join(" ")));
        }
        if !self.failed.is_empty() {
            parts.push(format!("Not saved: {}", self.failed.join(" ")));
        }
        parts.join(" ")
    }
}
