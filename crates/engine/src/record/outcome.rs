//! "Did it hold?": the user's later judgment of a finished decision (docs/design.md, "Outcomes: did
//! it hold?"). It lives on the record's envelope, for every protocol, and belongs to the user, not
//! to the run: a run that saves its record again carries it over (`carried_over`). A record without
//! one reads as not judged. Judging again keeps the earlier judgment in the history, oldest first.
use serde::{Deserialize, Serialize};

use crate::foundation::timestamp::rfc3339_utc;

/// Longest note kept, in characters (a note is a reminder, not a report).
pub const NOTE_MAX_CHARS: usize = 2000;

/// How the decision turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Right,
    Partly,
    Wrong,
    TooEarly,
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [
        Verdict::Right,
        Verdict::Partly,
        Verdict::Wrong,
        Verdict::TooEarly,
    ];

    /// The choice as the judging control offers it.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Right => "Right",
            Verdict::Partly => "Partly",
            Verdict::Wrong => "Wrong",
            Verdict::TooEarly => "Too early to tell",
        }
    }

    /// In a sentence or a report: "Outcome: right, judged 2027-01-12".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Right => "right",
            Verdict::Partly => "partly right",
            Verdict::Wrong => "wrong",
            Verdict::TooEarly => "too early to tell",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Right => "right",
            Verdict::Partly => "partly",
            Verdict::Wrong => "wrong",
            Verdict::TooEarly => "too_early",
        }
    }

    pub fn parse(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// How right it was, for the track record: right 1, partly a half, wrong 0; too early to
    /// tell is no judgment of the decision yet (None).
    pub fn score(self) -> Option<f64> {
        match self {
            Verdict::Right => Some(1.0),
            Verdict::Partly => Some(0.5),
            Verdict::Wrong => Some(0.0),
            Verdict::TooEarly => None,
        }
    }
}

/// One judgment: what the user said and when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judgment {
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// RFC 3339, UTC.
    pub judged_at: String,
}

/// The current judgment of a decision and the ones it replaced. Its fields are the current
/// judgment's, written out rather than a flattened `Judgment`: serde's `flatten` buffers through
/// its `Content` type, which costs the first screen's wasm a second parser.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// RFC 3339, UTC.
    pub judged_at: String,
    /// Earlier judgments, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Judgment>,
}

impl Outcome {
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The current judgment alone.
    pub fn current(&self) -> Judgment {
        Judgment {
            verdict: self.verdict,
            note: self.note.clone(),
            judged_at: self.judged_at.clone(),
        }
    }

    /// The day it was judged, "2027-01-12".
    pub fn judged_on(&self) -> &str {
        self.judged_at.get(..10).unwrap_or(&self.judged_at)
    }

    /// "Outcome: right, judged 2027-01-12".
    pub fn line(&self) -> String {
        format!(
            "Outcome: {}, judged {}",
            self.verdict().word(),
            self.judged_on()
        )
    }
}

/// The outcome after the user judges (or judges again) at `now_ms`: the earlier judgment, if
/// any, moves to the history; the same verdict and note again change nothing (no history entry
/// for a click on the chosen button). The note is trimmed and kept to `NOTE_MAX_CHARS`.
pub fn judged(current: Option<&Outcome>, verdict: Verdict, note: &str, now_ms: u64) -> Outcome {
    let note: String = note.trim().chars().take(NOTE_MAX_CHARS).collect();
    match current {
        Some(old) if old.verdict == verdict && old.note == note => old.clone(),
        _ => {
            let mut history = current.map(|old| old.history.clone()).unwrap_or_default();
            history.extend(current.map(Outcome::current));
            Outcome {
                verdict,
                note,
                judged_at: rfc3339_utc(now_ms),
                history,
            }
        }
    }
}

/// The outcome a run's save keeps, of the stored record's and the run's copy: the user may have
/// judged in another tab while the run's copy was in memory. The later judgment wins (more
/// judgments, then the later date), so a save never undoes one.
pub fn carried_over(stored: Option<&Outcome>, run: Option<&Outcome>) -> Option<Outcome> {
    let rank = |o: &Outcome| (o.history.len(), o.judged_at.clone());
    match (stored, run) {
        (Some(stored), Some(run)) if rank(run) > rank(stored) => Some(run.clone()),
        (Some(stored), _) => Some(stored.clone()),
        (None, run) => run.cloned(),
    }
}
