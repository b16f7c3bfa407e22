//! The history list's words: how many sessions match, when each was last saved, and how much
//! storage they take.

/// "3 sessions", "1 of 3 sessions match", "0 of 1 session match"; empty with no sessions.
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
        format!("{total} sessions")
    } else {
        format!("{matching} of {total} sessions match")
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
