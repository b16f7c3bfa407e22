//! Round 4: the judge decides, weighing what survived the cross-examination.
use super::render::{self, Viewpoints};
use super::{reply_format, Detail, Prompt, JUDGE_SYSTEM};
use crate::record::consult::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact,
};

const SHAPE: &str = r#"{"recommendation": string, "confidence": integer 0-100, "evidence": [{"point": string, "covers": ["T1", ...]}], "dissent": [{"agent": agent id, "concern": string, "severity": "high" | "medium" | "low", "covers": ["U1", "T2", ...]}]}"#;

/// `synthesis` and `cross_exam` are what the judge is shown: filtered unless the session is verbose.
/// `full_synthesis` is the whole one: each tension shown is numbered (`T<n>`) by its place there,
/// and each unresolved point (`U<n>`) by its place in `unresolved`, which filtering keeps whole;
/// the verdict cites these numbers (`record::consult::artifacts::references`).
pub fn verdict(
    question: &str,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    full_synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    detail: Detail,
    structured_output: bool,
) -> Prompt {
    let tension_number = |index: usize| {
        let shown = &synthesis.tensions[index];
        let place = full_synthesis
            .tensions
            .iter()
            .position(|t| t == shown)
            .unwrap_or(index);
        format!("T{}", place + 1)
    };
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
             - evidence: the points that survived (at least one), each with the tensions it \
             settles (covers: their numbers, such as T1).\n\
             - dissent: each panelist who still disagrees, the concern and its severity (high: it \
             could change the decision; medium: how to carry it out; low: a reservation), with the \
             unresolved points and tensions it covers (covers: their numbers, such as U1 or T2); \
             empty if nobody does. An unresolved point no dissent covers stands against the \
             decision.{}",
            render::answers(round1),
            render::synthesis_numbered(synthesis, viewpoints, tension_number),
            render::cross_exam(cross_exam),
            reply_format(SHAPE, structured_output)
        ),
    }
}
