//! Round 3, first half: one panelist's cross-examination reply. Not an artifact of its own: the
//! judge merges all replies into the `CrossExamArtifact`.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::schema::{agent_id, citations, list, object, text};
use super::ValidationError;
use crate::foundation::ids::ParticipantId;
use crate::foundation::validation::{require_text, require_texts};
use crate::record::sources::Citation;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossExamReply {
    /// Empty when the panelist has nothing to challenge.
    pub challenges: Vec<PanelistChallenge>,
    /// Why the panelist's own position holds (or why it endorses the consensus).
    pub defense: String,
    /// The reply was prose taken as the defence (`free_text_reply`); set by the engine only,
    /// never read from a model's JSON.
    #[serde(skip)]
    pub free_text: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PanelistChallenge {
    pub target_agent: ParticipantId,
    pub challenge: String,
    pub evidence: Vec<String>,
    /// Passages of the material the evidence quotes (asked only when the consult has material).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<Citation>,
}

impl CrossExamReply {
    /// A panelist's words in prose taken as its defence: no challenge can be read from them.
    pub fn free_text_reply(words: &str) -> Self {
        Self {
            challenges: Vec::new(),
            defense: words.trim().to_string(),
            free_text: true,
        }
    }

    pub fn validate(&self) -> Result<(), ValidationError> {
        for (index, challenge) in self.challenges.iter().enumerate() {
            let field = format!("challenges[{index}]");
            require_text(
                &format!("{field}.target_agent"),
                challenge.target_agent.as_str(),
            )?;
            require_text(&format!("{field}.challenge"), &challenge.challenge)?;
            require_texts(&format!("{field}.evidence"), &challenge.evidence)?;
        }
        require_text("defense", &self.defense)
    }
}

/// The most challenges one cross-examination reply may carry (its schema's `maxItems`).
pub const MAX_CHALLENGES_PER_REPLY: u32 = 3;

/// What a panelist must reply in round 3.
pub fn cross_exam_reply_schema() -> Value {
    cross_exam_reply_schema_for(false)
}

/// Round 3's reply schema, each challenge with `citations` for its evidence when the consult has
/// material.
pub fn cross_exam_reply_schema_for(material: bool) -> Value {
    let mut fields = vec![
        ("target_agent", agent_id()),
        ("challenge", text(300)),
        ("evidence", list(text(200), 0, 3)),
    ];
    if material {
        fields.push(("citations", citations()));
    }
    let challenge = object(&fields);
    object(&[
        ("challenges", list(challenge, 0, MAX_CHALLENGES_PER_REPLY)),
        ("defense", text(500)),
    ])
}
