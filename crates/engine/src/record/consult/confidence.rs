//! The record of the verdict's confidence check (the rules that compute it are the protocol's,
//! `consult::confidence`).
use serde::{Deserialize, Serialize};

use super::artifacts::Dissent;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConfidenceCheck {
    pub judge_confidence: f64,
    pub computed_confidence: f64,
    /// Which rule applied, as a sentence.
    pub rule: String,
    /// The computed confidence differs from the judge's.
    pub adjusted: bool,
    /// Minority concerns the judge left out; show them after the verdict's own dissent.
    pub added_dissent: Vec<Dissent>,
    /// The judge's dissent followed by `added_dissent`: what the confidence was computed from.
    #[serde(default)]
    pub reconciled_dissent: Vec<Dissent>,
    /// Panelists whose answer failed: absent, not agreeing (strong agreement needs everyone).
    #[serde(default)]
    pub absent_panelists: Vec<String>,
}
