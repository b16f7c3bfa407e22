//! Round 1: one panelist's answer, given alone.
use serde_json::Value;

use super::final_answer::final_answer_schema;
use super::schema::{citations, list, object, percentage, text};
use super::{ArtifactEnvelope, ArtifactKind, ValidationError};
use crate::foundation::ids::ParticipantId;
use crate::foundation::validation::{
    require_min_items, require_prose, require_prose_items, require_text, require_unit_interval,
};
use crate::record::sources::Citation;

/// How views and reports mark an answer given in free text.
pub const FREE_TEXT_LABEL: &str = "free text";

pub const INDEPENDENT: ArtifactKind = ArtifactKind {
    artifact_type: "independent",
    round_number: 1,
};

/// JSON: the envelope's fields, then these (`envelope_first_serde`).
#[derive(Clone, Debug, PartialEq)]
pub struct IndependentArtifact {
    pub envelope: ArtifactEnvelope,
    /// The panelist's participant id; set by the engine, not by the model.
    pub agent_id: ParticipantId,
    pub position: String,
    pub key_points: Vec<String>,
    pub rationale: String,
    pub confidence: f64,
    /// The answer alone, when the consult asks for it (`ConsultConfig::final_answer`).
    pub final_answer: Option<String>,
    /// The panelist answered in prose, without the JSON asked for: `position` holds its words,
    /// `key_points` and `rationale` are empty and `confidence` is 0 (it stated none). Set by the
    /// engine only (see `free_text_answer`); never counted as agreement by itself.
    pub free_text: bool,
    /// The passages of the material its key points rest on (`material::quotes` checks each);
    /// empty when the consult has no material, and in records made before.
    pub citations: Vec<Citation>,
}

super::envelope_serde::envelope_first_serde!(IndependentArtifact {
    agent_id: ParticipantId,
    position: String,
    key_points: Vec<String>,
    rationale: String,
    confidence: f64;
    final_answer;
    free_text;
    citations: Vec<Citation>
});

impl IndependentArtifact {
    /// A panelist's words in prose taken as its answer (see `free_text`).
    pub fn free_text_answer(
        envelope: ArtifactEnvelope,
        agent_id: &ParticipantId,
        words: &str,
    ) -> Self {
        Self {
            envelope,
            agent_id: agent_id.clone(),
            position: words.trim().to_string(),
            key_points: Vec::new(),
            rationale: String::new(),
            confidence: 0.0,
            final_answer: None,
            free_text: true,
            citations: Vec::new(),
        }
    }

    pub fn validate(&self) -> Result<(), ValidationError> {
        self.envelope.validate(INDEPENDENT)?;
        require_text("agent_id", self.agent_id.as_str())?;
        require_prose("position", &self.position)?;
        if self.free_text {
            // Prose has no key points, rationale or confidence of its own.
            return Ok(());
        }
        require_min_items("key_points", self.key_points.len(), 1)?;
        require_prose_items("key_points", &self.key_points)?;
        require_text("rationale", &self.rationale)?;
        require_unit_interval("confidence", self.confidence)
    }
}

/// What a panelist must reply in round 1.
pub fn independent_schema() -> Value {
    independent_schema_with(false)
}

/// Round 1's schema, with `final_answer` (after the reasoning, before the confidence) when the
/// consult asks for it.
pub fn independent_schema_with(final_answer: bool) -> Value {
    independent_schema_for(final_answer, false)
}

/// Round 1's schema, with `citations` (after the key points they support) when the consult has
/// material.
pub fn independent_schema_for(final_answer: bool, material: bool) -> Value {
    let mut properties = vec![
        ("position", text(400)),
        ("key_points", list(text(200), 1, 5)),
    ];
    if material {
        properties.push(("citations", citations()));
    }
    properties.push(("rationale", text(800)));
    if final_answer {
        properties.push(("final_answer", final_answer_schema()));
    }
    properties.push(("confidence", percentage()));
    object(&properties)
}
