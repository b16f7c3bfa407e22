//! Round 2: the judge reads every independent answer in full (no filtering in this round).
use super::{judge_opening, reply_format, JUDGE_SYSTEM};
use crate::harness::prompt::Prompt;
use crate::record::consult::artifacts::IndependentArtifact;

const SHAPE: &str = r#"{"consensus_points": [{"point": string, "supporting_agents": [agent id, ...], "confidence": integer 0-100}], "tensions": [{"topic": string, "viewpoints": [{"agent": agent id, "viewpoint": string}, ...]}], "priority_order": [string, ...]}"#;

pub fn synthesis(
    question: &str,
    round1: &[IndependentArtifact],
    structured_output: bool,
) -> Prompt {
    Prompt::with_shared_prefix(
        JUDGE_SYSTEM.to_string(),
        &judge_opening(question, round1),
        &format!(
            "Synthesise them.\n\
             - consensus_points: points panelists share, the agent ids holding each \
             (supporting_agents) and how firmly the panel holds it (confidence, a whole percentage).\n\
             - tensions: topics they disagree on, each with at least two viewpoints, one per agent.\n\
             - priority_order: the issues that matter most for the decision, most important first.{}",
            reply_format(SHAPE, structured_output)
        ),
    )
}
