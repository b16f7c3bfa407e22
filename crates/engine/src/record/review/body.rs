//! Review's part of the session record: the committee's settings, the code and its amendments,
//! the secret-scan facts, each round of the deliberation, and the verdict.
use serde::{Deserialize, Serialize};

use super::committee::ReviewerRole;
use super::reply::{FixItem, Vote};
use super::state::ReviewState;
use crate::foundation::ids::ParticipantId;
use crate::foundation::participants::Participant;
use crate::record::sources::Source;

pub const DEFAULT_ABSTAIN_THRESHOLD: f64 = 0.5;
pub const MAX_ROUNDS: u8 = 5;
/// Larger changes are refused before any call: split them, or review the part that matters.
pub const MAX_CODE_CHARS: usize = 60_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewConfig {
    /// Each member's participant id is its role id (`architect`, `sre`, ...).
    pub members: Vec<Participant>,
    /// The project's rules, as the user typed them.
    #[serde(default)]
    pub rules: String,
    /// A persona below this confidence abstains, whatever it said.
    pub abstain_threshold: f64,
    pub max_tokens: u32,
    #[serde(default)]
    pub budget_usd: Option<f64>,
    #[serde(default = "yes")]
    pub structured_output: bool,
    #[serde(default)]
    pub demo: bool,
    /// Context files beside the diff (the files the change touches, a folder): sources `S1`...
    /// as Consult's material, read after the diff, and what findings may quote.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub material: Vec<Source>,
}

fn yes() -> bool {
    true
}

impl ReviewConfig {
    pub fn role_of(&self, member_id: &str) -> Option<ReviewerRole> {
        ReviewerRole::from_id(member_id)
    }

    /// `Err` is a sentence the user can act on.
    pub fn validate(&self, code: &str) -> Result<(), String> {
        if code.trim().is_empty() {
            return Err("Paste a diff or code to review.".into());
        }
        let chars = code.chars().count();
        if chars > MAX_CODE_CHARS {
            return Err(format!(
                "This change is {chars} characters; a review takes at most {MAX_CODE_CHARS}. Split \
                 it, or review the part that matters most."
            ));
        }
        if self.members.is_empty() {
            return Err("The committee needs at least one member.".into());
        }
        for member in &self.members {
            if ReviewerRole::from_id(member.id.as_str()).is_none() {
                return Err(format!("{} is not a reviewer persona.", member.label));
            }
            if member.model.trim().is_empty() {
                return Err(format!("Choose a model for {}.", member.label));
            }
        }
        let mut ids: Vec<&str> = self.members.iter().map(|m| m.id.as_str()).collect();
        consilium_order::sort(&mut ids);
        if ids.windows(2).any(|pair| pair[0] == pair[1]) {
            return Err("Each persona sits on the committee once.".into());
        }
        if !(0.0..=1.0).contains(&self.abstain_threshold) {
            return Err("The abstain threshold must be from 0 to 1.".into());
        }
        if self.max_tokens == 0 {
            return Err("The output limit per call (max tokens) must be at least 1.".into());
        }
        if let Some(budget) = self.budget_usd {
            if !budget.is_finite() || budget <= 0.0 {
                return Err(format!("The budget must be more than $0 (got {budget})."));
            }
        }
        Ok(())
    }
}

/// A fix item with the engine's check of its citation against the diff.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub item: FixItem,
    pub verified: bool,
    /// Why it is unverified: the path is not in the change, or the lines are outside its hunks.
    #[serde(default)]
    pub problem: Option<String>,
    /// Raised by the engine itself (a secret-scan hit), not by a persona.
    #[serde(default)]
    pub from_scan: bool,
    /// Raised only by members who abstained: listed, but it asks for no change on its own.
    /// Stored only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abstained: bool,
}

/// One persona in one round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opinion {
    pub member_id: ParticipantId,
    /// What the persona said, when its reply could be used.
    pub said: Option<Vote>,
    /// What counts in the quorum (an abstention below the threshold, an ungrounded veto, ...).
    pub vote: Vote,
    pub confidence: Option<f64>,
    pub opinion: String,
    pub findings: Vec<Finding>,
    /// Why `vote` differs from `said`, or why there is no reply.
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VetoerAnswer {
    pub member_id: ParticipantId,
    pub accept: bool,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Compromise {
    /// The Business Driver's offer; None when there was none (no Business Driver, or its call
    /// failed), see `why_not`.
    pub offer: Option<String>,
    pub cost_of_delay: Option<String>,
    pub answers: Vec<VetoerAnswer>,
    pub accepted: bool,
    #[serde(default)]
    pub why_not: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewRound {
    pub number: u8,
    /// Which version of the code: 0 is the original, 1 the first amendment, ...
    pub code_version: usize,
    pub opinions: Vec<Opinion>,
    /// The state the quorum check led to (VETO, SYNTHESIS, ABSTAIN or DEBATE).
    pub outcome: ReviewState,
    #[serde(default)]
    pub majority_abstained: bool,
    /// After a veto: the compromise attempt.
    #[serde(default)]
    pub compromise: Option<Compromise>,
    /// The transitions this round went through, e.g. ["DEBATE → VETO", "VETO → DEBATE"].
    #[serde(default)]
    pub transitions: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReviewVerdict {
    Approved,
    RequestChanges,
    Inconclusive,
}

impl ReviewVerdict {
    pub fn label(self) -> &'static str {
        match self {
            Self::Approved => "APPROVED",
            Self::RequestChanges => "REQUEST_CHANGES",
            Self::Inconclusive => "INCONCLUSIVE",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecretHit {
    pub path: String,
    pub line: u32,
    /// What it looks like, e.g. "an AWS access key id".
    pub kind: String,
    /// The match with its middle masked, so the report does not spread the secret further.
    pub masked: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub verdict: ReviewVerdict,
    /// Why, as a sentence.
    pub reason: String,
    #[serde(default)]
    pub majority_abstain_warning: bool,
    /// Secret-scan hits and the deciding round's findings, deduplicated by path + rule. The
    /// verified ones must change; the unverified ones are listed as not checked against the diff.
    pub fix_items: Vec<Finding>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewBody {
    pub config: ReviewConfig,
    /// Amended versions of the code, after the original (the session's subject).
    #[serde(default)]
    pub amendments: Vec<String>,
    /// Secret-like strings in the added lines of the current code.
    #[serde(default)]
    pub secret_hits: Vec<SecretHit>,
    #[serde(default)]
    pub rounds: Vec<ReviewRound>,
    /// Final once the state is CONCLUSION (amended code after an irreconcilable veto clears it
    /// for the new deliberation).
    #[serde(default)]
    pub verdict: Option<Verdict>,
    /// Set in records saved while a review waited in VETO for the user, before an irreconcilable
    /// veto concluded the review; new runs never set it.
    #[serde(default)]
    pub awaiting_user: Option<String>,
}

impl ReviewBody {
    /// The code under review now: the last amendment, else the original.
    pub fn current_code<'a>(&'a self, original: &'a str) -> &'a str {
        self.amendments.last().map_or(original, String::as_str)
    }

    pub fn code_version(&self) -> usize {
        self.amendments.len()
    }
}
