//! Round 3: the judge's record of the cross-examination: who challenged what, who defended, and
//! what was left unanswered.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::schema::{agent_id, list, object, text};
use super::{ArtifactEnvelope, ArtifactKind, ValidationError};
use crate::validation::{require_text, require_texts};

pub const CROSS_EXAM: ArtifactKind = ArtifactKind {
    artifact_type: "cross_exam",
    round_number: 3,
};

/// The schema's `maxItems` for challenges and rebuttals; see `MAX_CONSENSUS_POINTS`.
pub const MAX_CHALLENGES: u32 = 10;
pub const MAX_REBUTTALS: u32 = 10;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossExamArtifact {
    #[serde(flatten)]
    pub envelope: ArtifactEnvelope,
    pub challenges: Vec<Challenge>,
    pub rebuttals: Vec<Rebuttal>,
    /// Challenges no rebuttal answered. Empty when nobody raised a challenge.
    pub unresolved: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    pub challenger: String,
    pub target_agent: String,
    pub challenge: String,
    pub evidence: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rebuttal {
    pub agent: String,
    pub rebuttal: String,
}

impl CrossExamArtifact {
    pub fn validate(&self) -> Result<(), ValidationError> {
        self.envelope.validate(CROSS_EXAM)?;
        for (index, challenge) in self.challenges.iter().enumerate() {
            let field = format!("challenges[{index}]");
            require_text(&format!("{field}.challenger"), &challenge.challenger)?;
            require_text(&format!("{field}.target_agent"), &challenge.target_agent)?;
            require_text(&format!("{field}.challenge"), &challenge.challenge)?;
            require_texts(&format!("{field}.evidence"), &challenge.evidence)?;
        }
        for (index, rebuttal) in self.rebuttals.iter().enumerate() {
            let field = format!("rebuttals[{index}]");
            require_text(&format!("{field}.agent"), &rebuttal.agent)?;
            require_text(&format!("{field}.rebuttal"), &rebuttal.rebuttal)?;
        }
        require_texts("unresolved", &self.unresolved)
    }
}

/// What the judge must reply when merging the panelists' round-3 replies.
pub fn cross_exam_schema() -> Value {
    let challenge = object(&[
        ("challenger", agent_id()),
        ("target_agent", agent_id()),
        ("challenge", text(300)),
        ("evidence", list(text(200), 0, 3)),
    ]);
    let rebuttal = object(&[("agent", agent_id()), ("rebuttal", text(300))]);
    object(&[
        ("challenges", list(challenge, 0, MAX_CHALLENGES)),
        ("rebuttals", list(rebuttal, 0, MAX_REBUTTALS)),
        ("unresolved", list(text(200), 0, 5)),
    ])
}
