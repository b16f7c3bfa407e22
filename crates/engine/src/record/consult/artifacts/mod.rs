//! The validated, structured result of each round. Every artifact carries the same envelope
//! (`artifact_type`, `schema_version`, `round_number`, `created_at`) flattened into its JSON; a model
//! produces only the content fields (see each `*_schema`), the engine adds the envelope.
mod cross_exam;
mod envelope_serde;
pub mod final_answer;
mod independent;
mod panelist_reply;
pub mod references;
mod reply_texts;
pub(crate) mod schema;
mod synthesis;
mod verdict;

use crate::foundation::validation::ValidationError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use cross_exam::{
    cross_exam_judgment_schema, Challenge, CrossExamArtifact, CrossExamJudgment, Duplicate,
    Rebuttal, CROSS_EXAM, MAX_CHALLENGES, MAX_REBUTTALS,
};
pub use independent::{
    independent_schema, independent_schema_for, independent_schema_with, IndependentArtifact,
    FREE_TEXT_LABEL, INDEPENDENT,
};
pub use panelist_reply::{
    cross_exam_reply_schema, cross_exam_reply_schema_for, CrossExamReply, PanelistChallenge,
    MAX_CHALLENGES_PER_REPLY,
};
pub use synthesis::{
    synthesis_schema, ConsensusPoint, SynthesisArtifact, Tension, Viewpoint, MAX_CONSENSUS_POINTS,
    MAX_TENSIONS, SYNTHESIS,
};
pub use verdict::{
    verdict_schema, verdict_schema_for, verdict_schema_with, Dissent, Evidence, Severity,
    VerdictArtifact, VERDICT,
};

pub const SCHEMA_VERSION: &str = "1.0";
/// The JSON fields of `ArtifactEnvelope`.
pub const ENVELOPE_FIELDS: [&str; 4] = [
    "artifact_type",
    "schema_version",
    "round_number",
    "created_at",
];

/// Which artifact, and the round that produces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArtifactKind {
    pub artifact_type: &'static str,
    pub round_number: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArtifactEnvelope {
    /// "independent" | "synthesis" | "cross_exam" | "verdict"
    pub artifact_type: String,
    pub schema_version: String,
    pub round_number: u8,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl ArtifactEnvelope {
    pub fn new(kind: ArtifactKind, created_at: String) -> Self {
        Self {
            artifact_type: kind.artifact_type.to_string(),
            schema_version: SCHEMA_VERSION.to_string(),
            round_number: kind.round_number,
            created_at,
        }
    }

    /// The envelope as JSON fields, to set on a model's reply (which holds only the content).
    pub fn to_fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("artifact_type".into(), self.artifact_type.clone().into());
        fields.insert("schema_version".into(), self.schema_version.clone().into());
        fields.insert("round_number".into(), self.round_number.into());
        fields.insert("created_at".into(), self.created_at.clone().into());
        fields
    }

    fn validate(&self, kind: ArtifactKind) -> Result<(), ValidationError> {
        if self.artifact_type != kind.artifact_type {
            return Err(ValidationError::new(
                "artifact_type",
                format!(
                    "must be \"{}\" (got \"{}\").",
                    kind.artifact_type, self.artifact_type
                ),
            ));
        }
        if self.schema_version != SCHEMA_VERSION {
            return Err(ValidationError::new(
                "schema_version",
                format!(
                    "must be \"{SCHEMA_VERSION}\" (got \"{}\").",
                    self.schema_version
                ),
            ));
        }
        if self.round_number != kind.round_number {
            return Err(ValidationError::new(
                "round_number",
                format!("must be {} (got {}).", kind.round_number, self.round_number),
            ));
        }
        crate::foundation::validation::require_text("created_at", &self.created_at)
    }
}
