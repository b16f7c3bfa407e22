//! How deep a consult goes (docs/design.md, "Depth by need: convene only when in doubt"): a setting
//! of the council, stored with its config. A record made before depths existed went all four
//! rounds, so it reads as Full.
//!
//! - **Vote**: rounds 1 and 2; the decision is the synthesis's strongest consensus point, made in
//!   code, or "the panel is split" when no point has a majority or the synthesis found tensions.
//! - **Adaptive** (new councils): rounds 1 and 2, then rounds 3 and 4 only when the stop rule does
//!   not hold (`consult::stop_rule`).
//! - **Full**: all four rounds.
//!
//! With a checkable `final_answer` (the Benchmark), agreement comes from the answers themselves
//! (`agreed_final_answer`): the functions below are the record's so that the Benchmark grades
//! the depths by the very rule a consult applies.
use serde::{Deserialize, Serialize};

use super::artifacts::IndependentArtifact;
use crate::foundation::ids::ParticipantId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Depth {
    Vote,
    Adaptive,
    Full,
}

impl Depth {
    pub const ALL: [Depth; 3] = [Depth::Vote, Depth::Adaptive, Depth::Full];
    /// The depth of a council made now.
    pub const FOR_NEW_COUNCILS: Depth = Depth::Adaptive;
    /// The depth of a record or a saved council from before depths existed.
    pub const OF_OLD_RECORDS: Depth = Depth::Full;

    /// The serde default of a stored config without a depth.
    pub fn of_old_records() -> Depth {
        Depth::OF_OLD_RECORDS
    }

    /// Stored only when not Full, so records of full consults keep their old bytes.
    pub fn is_full(&self) -> bool {
        *self == Depth::Full
    }

    /// "Vote", "Adaptive", "Full".
    pub fn label(self) -> &'static str {
        match self {
            Depth::Vote => "Vote",
            Depth::Adaptive => "Adaptive",
            Depth::Full => "Full",
        }
    }

    /// The stored name: "vote", "adaptive", "full".
    pub fn as_str(self) -> &'static str {
        match self {
            Depth::Vote => "vote",
            Depth::Adaptive => "adaptive",
            Depth::Full => "full",
        }
    }

    pub fn parse(name: &str) -> Option<Depth> {
        Self::ALL.into_iter().find(|d| d.as_str() == name)
    }

    /// The fewest and the most rounds the depth plans: Vote (2, 2), Adaptive (2, 4), Full (4, 4).
    pub fn planned_rounds(self) -> (u8, u8) {
        match self {
            Depth::Vote => (2, 2),
            Depth::Adaptive => (2, 4),
            Depth::Full => (4, 4),
        }
    }
}

/// A final answer as two answers are compared in a consult, which knows no grader: case, spacing, a
/// final full stop and thousands separators do not count; a number is its value. A comma counts as
/// a thousands separator only in groups of three ("1,500"): "1,5" is a decimal comma, never 15, so
/// it stays as written.
fn answer_key(answer: &str) -> String {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let text = words.join(" ").trim_end_matches('.').trim().to_lowercase();
    let grouped = if text.contains(',') {
        thousands_grouped(&text)
    } else {
        true
    };
    if !grouped {
        return text;
    }
    let digits: String = text.chars().filter(|&c| c != ',' && c != '_').collect();
    match digits.parse::<f64>() {
        Ok(number) if number.is_finite() && digits.bytes().any(|b| b.is_ascii_digit()) => {
            format!("{number}")
        }
        _ => text,
    }
}

/// Whether every comma of `text` separates groups of three digits after a first group of one to
/// three: "1,500", "-12,000.5".
fn thousands_grouped(text: &str) -> bool {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let whole = unsigned.split('.').next().unwrap_or("");
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or("");
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    (1..=3).contains(&first.len())
        && digits(first)
        && groups.all(|g| g.len() == 3 && digits(g))
        && !unsigned[whole.len()..].contains(',')
}

/// Whether two final answers are the same answer (see `answer_key`).
pub fn same_final_answer(a: &str, b: &str) -> bool {
    answer_key(a) == answer_key(b)
}

/// The answer every panelist of `panel` gave, when each answered round 1 with a final answer in
/// the fields asked for (an answer in free text has none) and all of them are the same: then
/// agreement needs no synthesis. The first panelist's wording is returned.
pub fn agreed_final_answer<'a>(
    round1: &'a [IndependentArtifact],
    panel: &[ParticipantId],
) -> Option<&'a str> {
    let answers: Vec<&str> = panel
        .iter()
        .map(|id| {
            round1
                .iter()
                .find(|a| a.agent_id == id && !a.free_text)?
                .final_answer
                .as_deref()
        })
        .collect::<Option<_>>()?;
    let first = *answers.first()?;
    answers
        .iter()
        .all(|a| same_final_answer(first, a))
        .then_some(first)
}

/// The final answer more than half of the whole panel gave (absent panelists count in the
/// panel, not as votes): a vote's decision. None when the panel is split: no invented majority.
pub fn majority_final_answer(round1: &[IndependentArtifact], panel_size: usize) -> Option<&str> {
    let answers: Vec<&str> = round1
        .iter()
        .filter_map(|a| a.final_answer.as_deref())
        .collect();
    answers.iter().copied().find(|answer| {
        let votes = answers
            .iter()
            .filter(|other| same_final_answer(answer, other))
            .count();
        votes * 2 > panel_size
    })
}
