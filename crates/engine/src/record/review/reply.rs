//! What the record keeps of a persona's reply: its vote and its fix items (the reply's parsing and
//! checks are the protocol's, `review::reply`).
use serde::{Deserialize, Serialize};

use crate::record::sources::Citation;

/// A persona's position in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Vote {
    /// Ready to conclude (possibly with fix items).
    #[serde(alias = "synthesis", alias = "Synthesis")]
    Synthesis,
    #[serde(alias = "veto", alias = "Veto")]
    Veto,
    /// Needs another round.
    #[serde(alias = "debate", alias = "Debate")]
    Debate,
    #[serde(alias = "abstain", alias = "Abstain")]
    Abstain,
}

impl Vote {
    pub fn label(self) -> &'static str {
        match self {
            Self::Synthesis => "SYNTHESIS",
            Self::Veto => "VETO",
            Self::Debate => "DEBATE",
            Self::Abstain => "ABSTAIN",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FixSeverity {
    #[serde(alias = "Critical", alias = "CRITICAL")]
    Critical,
    #[serde(alias = "High", alias = "HIGH")]
    High,
    #[serde(alias = "Medium", alias = "MEDIUM")]
    Medium,
    #[serde(alias = "Low", alias = "LOW")]
    Low,
}

impl FixSeverity {
    pub fn label(self) -> &'static str {
        match self {
            Self::Critical => "critical",
            Self::High => "high",
            Self::Medium => "medium",
            Self::Low => "low",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FixItem {
    pub severity: FixSeverity,
    pub path: String,
    pub line_start: u32,
    pub line_end: u32,
    /// The rule or principle it breaks, e.g. "no hard-coded secrets".
    pub rule: String,
    /// What the code does now.
    pub current: String,
    pub recommended_action: String,
    /// Passages of the review's context files the finding rests on (`material::quotes` checks
    /// each): asked only when the review has context files, written only when there are some.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<Citation>,
}
