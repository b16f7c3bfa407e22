//! Round 4: the judge decides, weighing what survived the cross-examination.
use super::{json_lines, reply_format, to_json, Prompt, JUDGE_SYSTEM};
use crate::consult::artifacts::{CrossExamArtifact, IndependentArtifact, SynthesisArtifact};

const SHAPE: &str = r#"{"recommendation": string, "confidence": integer 0-100, "evidence": [string, ...], "dissent": [{"agent": agent id, "concern": string, "severity": "high" | "medium" | "low"}]}"#;

/// `synthesis` and `cross_exam` are what the judge is shown: filtered unless the session is verbose.
pub fn verdict(
    question: &str,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    structured_output: bool,
) -> Prompt {
    Prompt {
        system: JUDGE_SYSTEM.to_string(),
        user: format!(
            "Question:\n{question}\n\nRound 1, the panelists' independent answers, one per line:\n\
             {}\n\nRound 2, the synthesis:\n{}\n\nRound 3, the cross-examination:\n{}\n\n\
             Now decide. Weigh round 3: a point that was challenged and not rebutted is discarded; \
             a point that survived becomes evidence. The verdict is a decision, not a summary.\n\
             - recommendation: what to do, as a clear answer to the question.\n\
             - confidence (a whole percentage, 0 to 100): how sure the council can be, given its agreement and dissent.\n\
             - evidence: the points that survived cross-examination (at least one).\n\
             - dissent: each panelist who still disagrees, with the concern and its severity \
             (high: it could change the decision; medium: it changes how to carry it out; low: a \
             reservation). An empty list if nobody disagrees.\n\n{}",
            json_lines(round1),
            to_json(synthesis),
            to_json(cross_exam),
            reply_format(SHAPE, structured_output)
        ),
    }
}
