//! The time a run took, as the session, History and the exports say it ("took 1 min 12 s"): the
//! time some call of it was under way, so a round's parallel calls count once and the time between
//! a cancel and a resume (or a reload days later) is not counted.
use crate::foundation::timestamp::parse_rfc3339_ms;
use crate::record::Session;

/// Milliseconds during which at least one call of `session` was under way; None before any call
/// (or for calls whose times cannot be read).
pub fn run_time_ms(session: &Session) -> Option<u64> {
    let mut spans: Vec<(u64, u64)> = session
        .calls
        .iter()
        .filter_map(|call| {
            let start = parse_rfc3339_ms(&call.started_at)?;
            let end = parse_rfc3339_ms(&call.finished_at)?;
            Some((start, end.max(start)))
        })
        .collect();
    if spans.is_empty() {
        return None;
    }
    spans.sort_unstable();
    let mut total = 0;
    let (mut from, mut to) = spans[0];
    for &(start, end) in &spans[1..] {
        if start > to {
            total += to - from;
            (from, to) = (start, end);
        } else {
            to = to.max(end);
        }
    }
    Some(total + (to - from))
}

/// A duration in words a reader takes in at once: "under 1 s", "8 s", "1 min 12 s", "1 h 3 min".
pub fn duration_words(ms: u64) -> String {
    let seconds = (ms + 500) / 1000;
    match seconds {
        0 => "under 1 s".to_string(),
        1..=59 => format!("{seconds} s"),
        60..=3_599 => match seconds % 60 {
            0 => format!("{} min", seconds / 60),
            rest => format!("{} min {rest} s", seconds / 60),
        },
        _ => {
            let minutes = seconds / 60;
            match minutes % 60 {
                0 => format!("{} h", minutes / 60),
                rest => format!("{} h {rest} min", minutes / 60),
            }
        }
    }
}

/// "took 1 min 12 s", or None before the first call.
pub fn run_time_line(session: &Session) -> Option<String> {
    run_time_ms(session).map(took)
}

/// "took 1 min 12 s" for a time kept in a summary.
pub fn took(ms: u64) -> String {
    format!("took {}", duration_words(ms))
}
