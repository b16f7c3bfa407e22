//! Round 1: each panelist answers alone.
use super::{earlier_decision, panelist_opening, panelist_system, reply_format, FINAL_ANSWER_ASK};
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::record::consult::follow_up::FollowUpOf;

const SHAPE: &str = r#"{"position": string, "key_points": [string, ...], "rationale": string, "confidence": integer 0-100}"#;
/// With `final_answer` (the Benchmark's consults), in the schema's order.
const SHAPE_WITH_FINAL_ANSWER: &str = r#"{"position": string, "key_points": [string, ...], "rationale": string, "final_answer": string, "confidence": integer 0-100}"#;

/// `final_answer`: ask for the answer alone as well (`ConsultConfig::final_answer`); off, the
/// prompt has no word of it. `earlier`: the decision a follow-up follows, told after the
/// question (the opening the panelist's round 3 shares ends there).
pub fn independent(
    question: &str,
    panelist: &Participant,
    structured_output: bool,
    final_answer: bool,
    earlier: Option<&FollowUpOf>,
) -> Prompt {
    let (ask, shape) = if final_answer {
        (FINAL_ANSWER_ASK, SHAPE_WITH_FINAL_ANSWER)
    } else {
        ("", SHAPE)
    };
    Prompt::with_shared_prefix(
        panelist_system(panelist),
        &panelist_opening(question),
        &format!(
            "{}Answer on your own: you have not seen anyone else's answer. Give your position, the \
             key points behind it (at least one), your rationale, and how confident you \
             are.{ask}{}",
            earlier_decision(earlier),
            reply_format(shape, structured_output)
        ),
    )
}
