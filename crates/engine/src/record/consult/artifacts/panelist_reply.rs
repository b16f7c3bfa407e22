//! Round 3, first half: one panelist's cross-examination reply. Not an artifact of its own: the
//! judge merges all replies into the `CrossExamArtifact`.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::schema::{agent_id, list, object, text};
use super::ValidationError;
use crate::validation::{require_text, require_texts};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossExamReply {
    /// Empty when the panelist has nothing to challenge.
    pub challenges: Vec<PanelistChallenge>,
    /// Why the panelist's own position holds (or why it endorses the consensus).
    pub defense: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PanelistChallenge {
    pub target_agent: String,
    pub challenge: String,
    pub evidence: Vec<String>,
}

impl CrossExamReply {
    pub fn validate(&self) -> Result<(), ValidationError> {
        for (index, challenge) in self.challenges.iter().enumerate() {
            let field = format!("challenges[{index}]");
            require_text(&format!("{field}.target_agent"), &challenge.target_agent)?;
            require_text(&format!("{field}.challenge"), &challenge.challenge)?;
            require_texts(&format!("{field}.evidence"), &challenge.evidence)?;
        }
        require_text("defense", &self.defense)
    }
}

/// What a panelist must reply in round 3.
pub fn cross_exam_reply_schema() -> Value {
    let challenge = object(&[
        ("target_agent", agent_id()),
        ("challenge", text(300)),
        ("evidence", list(text(200), 0, 3)),
    ]);
    object(&[
        ("challenges", list(challenge, 0, 3)),
        ("defense", text(500)),
    ])
}
