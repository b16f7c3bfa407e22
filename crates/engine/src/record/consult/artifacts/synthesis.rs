//! Round 2: the judge's reading of all independent answers: where the panel agrees, where it splits.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::schema::{agent_id, list, object, percentage, text};
use super::{ArtifactEnvelope, ArtifactKind, ValidationError};
use crate::foundation::ids::ParticipantId;
use crate::foundation::validation::{
    require_min_items, require_prose, require_text, require_texts, require_unit_interval,
};

pub const SYNTHESIS: ArtifactKind = ArtifactKind {
    artifact_type: "synthesis",
    round_number: 2,
};

/// The schema's `maxItems`: the most consensus points and tensions a judge is asked for. The cost
/// estimate uses them to judge how much filtering can cut.
pub const MAX_CONSENSUS_POINTS: u32 = 6;
pub const MAX_TENSIONS: u32 = 4;

/// JSON: the envelope's fields, then these (`envelope_first_serde`).
#[derive(Clone, Debug, PartialEq)]
pub struct SynthesisArtifact {
    pub envelope: ArtifactEnvelope,
    pub consensus_points: Vec<ConsensusPoint>,
    pub tensions: Vec<Tension>,
    /// The issues that matter most for the decision, most important first.
    pub priority_order: Vec<String>,
}

super::envelope_serde::envelope_first_serde!(SynthesisArtifact {
    consensus_points: Vec<ConsensusPoint>,
    tensions: Vec<Tension>,
    priority_order: Vec<String>,
});

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsensusPoint {
    pub point: String,
    /// Participant ids of the panelists who hold this point.
    pub supporting_agents: Vec<ParticipantId>,
    pub confidence: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tension {
    pub topic: String,
    /// At least two: a tension is a disagreement.
    pub viewpoints: Vec<Viewpoint>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Viewpoint {
    pub agent: ParticipantId,
    pub viewpoint: String,
}

impl SynthesisArtifact {
    /// Every participant id the synthesis names: supporters of consensus points, then the agents
    /// of each tension's viewpoints (repeats kept; checks look each up).
    pub fn named_agents(&self) -> impl Iterator<Item = &str> {
        let supporters = self
            .consensus_points
            .iter()
            .flat_map(|c| c.supporting_agents.iter().map(ParticipantId::as_str));
        let viewpoints = self
            .tensions
            .iter()
            .flat_map(|t| t.viewpoints.iter().map(|v| v.agent.as_str()));
        supporters.chain(viewpoints)
    }

    pub fn validate(&self) -> Result<(), ValidationError> {
        self.envelope.validate(SYNTHESIS)?;
        for (index, consensus) in self.consensus_points.iter().enumerate() {
            let field = format!("consensus_points[{index}]");
            require_prose(&format!("{field}.point"), &consensus.point)?;
            let supporters = format!("{field}.supporting_agents");
            require_min_items(&supporters, consensus.supporting_agents.len(), 1)?;
            for (index, agent) in consensus.supporting_agents.iter().enumerate() {
                require_text(&format!("{supporters}[{index}]"), agent.as_str())?;
            }
            require_unit_interval(&format!("{field}.confidence"), consensus.confidence)?;
        }
        for (index, tension) in self.tensions.iter().enumerate() {
            let field = format!("tensions[{index}]");
            require_text(&format!("{field}.topic"), &tension.topic)?;
            require_min_items(&format!("{field}.viewpoints"), tension.viewpoints.len(), 2)?;
            for (view_index, viewpoint) in tension.viewpoints.iter().enumerate() {
                let field = format!("{field}.viewpoints[{view_index}]");
                require_text(&format!("{field}.agent"), viewpoint.agent.as_str())?;
                require_text(&format!("{field}.viewpoint"), &viewpoint.viewpoint)?;
            }
        }
        require_texts("priority_order", &self.priority_order)
    }
}

/// What the judge must reply in round 2.
pub fn synthesis_schema() -> Value {
    let consensus_point = object(&[
        ("point", text(200)),
        ("supporting_agents", list(agent_id(), 1, 5)),
        ("confidence", percentage()),
    ]);
    let viewpoint = object(&[("agent", agent_id()), ("viewpoint", text(200))]);
    let tension = object(&[("topic", text(120)), ("viewpoints", list(viewpoint, 2, 5))]);
    object(&[
        (
            "consensus_points",
            list(consensus_point, 0, MAX_CONSENSUS_POINTS),
        ),
        ("tensions", list(tension, 0, MAX_TENSIONS)),
        ("priority_order", list(text(120), 0, 6)),
    ])
}
