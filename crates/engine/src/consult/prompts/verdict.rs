//! Round 4: the judge decides, weighing what survived the cross-examination.
use super::render::{self, Viewpoints};
use super::{reply_format, Detail, Prompt, JUDGE_SYSTEM};
use crate::record::consult::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact,
};

const SHAPE: &str = r#"{"recommendation": string, "confidence": integer 0-100, "evidence": [string, ...], "dissent": [{"agent": agent id, "concern": string, "severity": "high" | "medium" | "low"}]}"#;

/// `synthesis` and `cross_exam` are what the judge is shown: filtered unless the session is verbose.
pub fn verdict(
    question: &str,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    detail: Detail,
    structured_output: bool,
) -> Prompt {
    let viewpoints = match detail {
        Detail::Full => Viewpoints::All,
        Detail::Filtered => Viewpoints::NamesOnly,
    };
    Prompt {
        system: JUDGE_SYSTEM.to_string(),
        user: format!(
            "Question:\n{question}\n\nRound 1, the panelists' independent answers:\n\n{}\n\n\
             Round 2, the synthesis:\n{}\n\nRound 3, the cross-examination:\n{}\n\n\
             Now decide. A point challenged and left unanswered is discarded; a point that \
             survived becomes evidence. The verdict is a decision, not a summary.\n\
             - recommendation: what to do, a clear answer to the question.\n\
             - confidence (a whole percentage): how sure the council can be, given its agreement \
             and dissent.\n\
             - evidence: the points that survived (at least one).\n\
             - dissent: each panelist who still disagrees, the concern and its severity (high: it \
             could change the decision; medium: how to carry it out; low: a reservation); empty if \
             nobody does.{}",
            render::answers(round1),
            render::synthesis(synthesis, viewpoints),
            render::cross_exam(cross_exam),
            reply_format(SHAPE, structured_output)
        ),
    }
}
