//! Round 2: the judge reads every independent answer in full (no filtering in this round).
use super::{json_lines, reply_format, Prompt, JUDGE_SYSTEM};
use crate::consult::artifacts::IndependentArtifact;

const SHAPE: &str = r#"{"consensus_points": [{"point": string, "supporting_agents": [agent id, ...], "confidence": integer 0-100}], "tensions": [{"topic": string, "viewpoints": [{"agent": agent id, "viewpoint": string}, ...]}], "priority_order": [string, ...]}"#;

pub fn synthesis(
    question: &str,
    round1: &[IndependentArtifact],
    structured_output: bool,
) -> Prompt {
    Prompt {
        system: JUDGE_SYSTEM.to_string(),
        user: format!(
            "Question:\n{question}\n\nThe panelists' independent answers, one JSON object per \
             line (agent_id names the panelist):\n{}\n\nSynthesise them.\n\
             - consensus_points: points that panelists share; supporting_agents lists the agent \
             ids holding each; confidence (a whole percentage, 0 to 100) is how firmly the panel holds it.\n\
             - tensions: topics on which panelists disagree, each with at least two viewpoints, \
             one per agent.\n\
             - priority_order: the issues that matter most for the decision, most important \
             first.\n\n{}",
            json_lines(round1),
            reply_format(SHAPE, structured_output)
        ),
    }
}
