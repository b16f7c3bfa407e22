//! Round 3: the record of the cross-examination: who challenged what and who defended, assembled
//! verbatim from the panelists' replies, and what the judge found left unanswered.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::schema::{list, number_in, object};
use super::{ArtifactEnvelope, ArtifactKind, ValidationError};
use crate::foundation::ids::ParticipantId;
use crate::foundation::validation::{require_text, require_texts};
use crate::record::sources::Citation;

pub const CROSS_EXAM: ArtifactKind = ArtifactKind {
    artifact_type: "cross_exam",
    round_number: 3,
};

/// The schema's `maxItems` for challenges and rebuttals; see `MAX_CONSENSUS_POINTS`.
pub const MAX_CHALLENGES: u32 = 10;
pub const MAX_REBUTTALS: u32 = 10;

/// JSON: the envelope's fields, then these (`envelope_first_serde`).
#[derive(Clone, Debug, PartialEq)]
pub struct CrossExamArtifact {
    pub envelope: ArtifactEnvelope,
    pub challenges: Vec<Challenge>,
    pub rebuttals: Vec<Rebuttal>,
    /// Challenges no rebuttal answered, as the challenge reads. Empty when nobody raised one.
    pub unresolved: Vec<String>,
}

super::envelope_serde::envelope_first_serde!(CrossExamArtifact {
    challenges: Vec<Challenge>,
    rebuttals: Vec<Rebuttal>,
    unresolved: Vec<String>,
});

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    pub challenger: ParticipantId,
    pub target_agent: ParticipantId,
    pub challenge: String,
    pub evidence: Vec<String>,
    /// Passages of the material its evidence quotes, as the challenger cited them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<Citation>,
    /// Other panelists who raised the same challenge (the judge found theirs a duplicate).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_raised_by: Vec<ParticipantId>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rebuttal {
    pub agent: ParticipantId,
    pub rebuttal: String,
    /// The panelist replied in prose, without the JSON asked for: its words are its defence,
    /// with no challenge of its own on record. Absent (false) in records made before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free_text: bool,
}

impl CrossExamArtifact {
    pub fn validate(&self) -> Result<(), ValidationError> {
        self.envelope.validate(CROSS_EXAM)?;
        for (index, challenge) in self.challenges.iter().enumerate() {
            let field = format!("challenges[{index}]");
            require_text(
                &format!("{field}.challenger"),
                challenge.challenger.as_str(),
            )?;
            require_text(
                &format!("{field}.target_agent"),
                challenge.target_agent.as_str(),
            )?;
            require_text(&format!("{field}.challenge"), &challenge.challenge)?;
            require_texts(&format!("{field}.evidence"), &challenge.evidence)?;
        }
        for (index, rebuttal) in self.rebuttals.iter().enumerate() {
            let field = format!("rebuttals[{index}]");
            require_text(&format!("{field}.agent"), rebuttal.agent.as_str())?;
            require_text(&format!("{field}.rebuttal"), &rebuttal.rebuttal)?;
        }
        require_texts("unresolved", &self.unresolved)
    }
}

/// What the judge decides about round 3, by challenge number (from 1, in record order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossExamJudgment {
    pub unresolved: Vec<usize>,
    pub duplicate_challenges: Vec<Duplicate>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Duplicate {
    pub challenge: usize,
    pub same_as: usize,
}

impl CrossExamJudgment {
    /// Every number names one of the `challenges` recorded, and a duplicate repeats an earlier one.
    pub fn validate(&self, challenges: usize) -> Result<(), ValidationError> {
        let in_range = |field: String, number: usize| {
            if (1..=challenges).contains(&number) {
                Ok(())
            } else {
                Err(ValidationError::new(
                    field,
                    format!("must be a challenge number from 1 to {challenges} (got {number})."),
                ))
            }
        };
        for (index, number) in self.unresolved.iter().enumerate() {
            in_range(format!("unresolved[{index}]"), *number)?;
        }
        for (index, duplicate) in self.duplicate_challenges.iter().enumerate() {
            let field = format!("duplicate_challenges[{index}]");
            in_range(format!("{field}.challenge"), duplicate.challenge)?;
            in_range(format!("{field}.same_as"), duplicate.same_as)?;
            if duplicate.same_as >= duplicate.challenge {
                return Err(ValidationError::new(
                    format!("{field}.same_as"),
                    "must be an earlier challenge than the duplicate.",
                ));
            }
        }
        Ok(())
    }
}

/// What the judge must reply about `challenges` recorded challenges.
pub fn cross_exam_judgment_schema(challenges: usize) -> Value {
    let count = u32::try_from(challenges.max(1)).unwrap_or(u32::MAX);
    let number = number_in(1, count);
    let duplicate = object(&[("challenge", number.clone()), ("same_as", number.clone())]);
    object(&[
        ("unresolved", list(number, 0, count)),
        ("duplicate_challenges", list(duplicate, 0, count)),
    ])
}
