//! Round 4: the decision, with the evidence that survived cross-examination and the dissent on record.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::final_answer::final_answer_schema;
use super::schema::{agent_id, citations, list, object, one_of, percentage, references, text};
use super::{ArtifactEnvelope, ArtifactKind, ValidationError};
use crate::foundation::ids::ParticipantId;
use crate::foundation::validation::{
    require_min_items, require_prose, require_text, require_unit_interval,
};
use crate::record::sources::Citation;

pub const VERDICT: ArtifactKind = ArtifactKind {
    artifact_type: "verdict",
    round_number: 4,
};

/// JSON: the envelope's fields, then these (`envelope_first_serde`).
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictArtifact {
    pub envelope: ArtifactEnvelope,
    pub recommendation: String,
    /// The judge's own number; `ConfidenceCheck` holds the one computed from the dissent.
    pub confidence: f64,
    pub evidence: Vec<Evidence>,
    pub dissent: Vec<Dissent>,
    /// The council's answer alone, when the consult asks for it (`ConsultConfig::final_answer`).
    pub final_answer: Option<String>,
}

super::envelope_serde::envelope_first_serde!(VerdictArtifact {
    recommendation: String,
    confidence: f64,
    evidence: Vec<Evidence>,
    dissent: Vec<Dissent>;
    final_answer
});

/// A point that survived, with the numbers of the round-4 prompt's tensions it settles (`T2`; see
/// `references`). Stored as a plain string when it cites nothing, as every record made before
/// the numbering.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Evidence {
    pub point: String,
    pub covers: Vec<String>,
    /// The passages of the material the point rests on. An entry whose citations are all not
    /// found in the material is not evidence (`consult::confidence`).
    pub citations: Vec<Citation>,
}

impl Evidence {
    pub fn new(point: impl Into<String>) -> Self {
        Self {
            point: point.into(),
            covers: Vec::new(),
            citations: Vec::new(),
        }
    }
}

impl From<&str> for Evidence {
    fn from(point: &str) -> Self {
        Evidence::new(point)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dissent {
    pub agent: ParticipantId,
    pub concern: String,
    pub severity: Severity,
    /// The numbers of the round-4 prompt's unresolved points (`U1`) and tensions (`T2`) this
    /// concern covers; empty in records made before the numbering (then its text is matched).
    #[serde(
        default,
        deserialize_with = "super::references::read",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub covers: Vec<String>,
}

/// high: could change the decision; medium: changes how it is carried out; low: a reservation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    #[serde(alias = "High", alias = "HIGH")]
    High,
    #[serde(alias = "Medium", alias = "MEDIUM")]
    Medium,
    #[serde(alias = "Low", alias = "LOW")]
    Low,
}

impl VerdictArtifact {
    pub fn validate(&self) -> Result<(), ValidationError> {
        self.envelope.validate(VERDICT)?;
        require_prose("recommendation", &self.recommendation)?;
        require_unit_interval("confidence", self.confidence)?;
        require_min_items("evidence", self.evidence.len(), 1)?;
        for (index, evidence) in self.evidence.iter().enumerate() {
            require_prose(&format!("evidence[{index}]"), &evidence.point)?;
        }
        for (index, dissent) in self.dissent.iter().enumerate() {
            require_text(&format!("dissent[{index}].agent"), dissent.agent.as_str())?;
            require_prose(&format!("dissent[{index}].concern"), &dissent.concern)?;
        }
        Ok(())
    }
}

/// What the judge must reply in round 4.
pub fn verdict_schema() -> Value {
    verdict_schema_with(false)
}

/// Round 4's schema, with `final_answer` (after the recommendation it sums up) when the consult
/// asks for it.
pub fn verdict_schema_with(final_answer: bool) -> Value {
    verdict_schema_for(final_answer, false)
}

/// Round 4's schema, each evidence entry with `citations` when the consult has material.
pub fn verdict_schema_for(final_answer: bool, material: bool) -> Value {
    let dissent = object(&[
        ("agent", agent_id()),
        ("concern", text(300)),
        ("severity", one_of(&["high", "medium", "low"])),
        ("covers", references()),
    ]);
    let mut evidence_fields = vec![("point", text(250)), ("covers", references())];
    if material {
        evidence_fields.push(("citations", citations()));
    }
    let evidence = object(&evidence_fields);
    let mut properties = vec![("recommendation", text(600))];
    if final_answer {
        properties.push(("final_answer", final_answer_schema()));
    }
    properties.extend([
        ("confidence", percentage()),
        ("evidence", list(evidence, 1, 6)),
        ("dissent", list(dissent, 0, 5)),
    ]);
    object(&properties)
}
