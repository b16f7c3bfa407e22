//! Round 4: the judge decides, weighing what survived the cross-examination.
use super::render::{self, Viewpoints};
use super::{earlier_decision, judge_opening, reply_format, Detail, JUDGE_SYSTEM};
use crate::harness::prompt::Prompt;
use crate::record::consult::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact,
};
use crate::record::consult::follow_up::FollowUpOf;

const SHAPE: &str = r#"{"recommendation": string, "confidence": integer 0-100, "evidence": [{"point": string, "covers": ["T1", ...]}], "dissent": [{"agent": agent id, "concern": string, "severity": "high" | "medium" | "low", "covers": ["U1", "T2", ...]}]}"#;

/// With `final_answer` (the Benchmark's consults), in the schema's order.
const SHAPE_WITH_FINAL_ANSWER: &str = r#"{"recommendation": string, "final_answer": string, "confidence": integer 0-100, "evidence": [{"point": string, "covers": ["T1", ...]}], "dissent": [{"agent": agent id, "concern": string, "severity": "high" | "medium" | "low", "covers": ["U1", "T2", ...]}]}"#;

const FINAL_ANSWER_LINE: &str = "- final_answer: the council's answer alone, as short as it can \
                                  be (a number, a letter, a word), without working.\n";

/// `synthesis` and `cross_exam` are what the judge is shown: filtered unless the session is verbose.
/// `full_synthesis` is the whole one: each tension shown is numbered (`T<n>`) by its place there,
/// and each unresolved point (`U<n>`) by its place in `unresolved`, which filtering keeps whole;
/// the verdict cites these numbers (`record::consult::artifacts::references`). `final_answer`:
/// ask for the council's answer alone as well (`ConsultConfig::final_answer`); off, the prompt has
/// no word of it. `earlier`: the decision a follow-up follows, told after the round-1 answers (the
/// opening the synthesis shares ends there).
#[allow(clippy::too_many_arguments)]
pub fn verdict(
    question: &str,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    full_synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    detail: Detail,
    structured_output: bool,
    final_answer: bool,
    earlier: Option<&FollowUpOf>,
) -> Prompt {
    let (final_answer_line, shape) = if final_answer {
        (FINAL_ANSWER_LINE, SHAPE_WITH_FINAL_ANSWER)
    } else {
        ("", SHAPE)
    };
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
    Prompt::with_shared_prefix(
        JUDGE_SYSTEM.to_string(),
        &judge_opening(question, round1),
        &format!(
            "{}Round 2, the synthesis:\n{}\n\nRound 3, the cross-examination:\n{}\n\n\
             Now decide. A point challenged and left unanswered is discarded; a point that \
             survived becomes evidence. The verdict is a decision, not a summary.\n\
             - recommendation: what to do, a clear answer to the question.\n{final_answer_line}\
             - confidence (a whole percentage): how sure the council can be, given its agreement \
             and dissent.\n\
             - evidence: the points that survived (at least one), each with the tensions it \
             settles (covers: their numbers, such as T1).\n\
             - dissent: each panelist who still disagrees, the concern and its severity (high: it \
             could change the decision; medium: how to carry it out; low: a reservation), with the \
             unresolved points and tensions it covers (covers: their numbers, such as U1 or T2); \
             empty if nobody does. An unresolved point no dissent covers stands against the \
             decision.{}",
            earlier_decision(earlier),
            render::synthesis_numbered(synthesis, viewpoints, tension_number),
            render::cross_exam(cross_exam),
            reply_format(shape, structured_output)
        ),
    )
}
