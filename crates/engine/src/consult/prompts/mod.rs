//! The prompts of each round. Artifacts are embedded as plain numbered text (see `render`), which
//! reads as well and costs fewer tokens than their JSON. The reply's shape goes once: as the
//! structured-output schema when that is on (then the prompt says nothing of the format: the schema
//! already makes the reply one JSON object, and no template is shown that a model could copy),
//! else as a compact shape at the end of the prompt.
//!
//! Built for the providers' prompt caches (docs/design.md, "Depth by need: convene only when in
//! doubt"): every call of a seat begins with the same bytes, its system prompt and then its opening
//! (`panelist_opening`, `judge_opening`), and what is new in a round comes after. The opening is
//! the prompt's `cache_prefix`; a reader's peers keep their labels and order in every round
//! (`peers`).
mod cross_exam;
mod follow_up;
mod independent;
mod member;
mod render;
mod synthesis;
mod verdict;

use crate::foundation::participants::Participant;
use crate::record::consult::artifacts::IndependentArtifact;

pub use cross_exam::{cross_exam, cross_exam_judgment};
pub use follow_up::earlier_decision;
pub use independent::independent;
pub use member::{member_alone, member_answer};
pub use synthesis::synthesis;
pub use verdict::verdict;

/// Whether a prompt shows the debate in full (verbose) or filtered. Filtering cuts the artifacts'
/// arrays (`consult::filtering`) and leaves out the tension viewpoints the reader already has in
/// full, as its own answer (round 3) or every answer (round 4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Detail {
    Full,
    Filtered,
}

/// Round 1's request for the answer alone, when the consult asks for one (the Benchmark's).
const FINAL_ANSWER_ASK: &str = " Then give your final answer alone in final_answer: as short as \
                                it can be (a number, a letter, a word), without working.";

const REPLY_FORMAT: &str = "Reply with one JSON object and nothing else (no prose, no code fence)";

/// The closing paragraph: none when `structured_output` is on (the schema enforces the format
/// and gives the shape; the line would cost tokens on every call and say nothing), else the
/// instruction with the compact `shape` (types, not sample text).
fn reply_format(shape: &str, structured_output: bool) -> String {
    if structured_output {
        String::new()
    } else {
        format!("\n\n{REPLY_FORMAT}, in this shape:\n{shape}")
    }
}

/// A panelist's system prompt, in rounds 1 and 3 alike: who it is and the angle it argues from.
fn panelist_system(panelist: &Participant) -> String {
    let mut system = format!(
        "You are {}, a panelist on a council answering a hard question: be concrete, brief and \
         honest about uncertainty.",
        panelist.id
    );
    if let Some(persona) = &panelist.persona {
        system.push_str(&format!(
            "\n\nYour perspective: {}. {}",
            persona.name, persona.instructions
        ));
    }
    system
}

/// Names no panelist: with anonymous peers the prompt shows them as "Panelist A", "Panelist B"...
const JUDGE_SYSTEM: &str = "You are the judge of a council: impartial, you weigh what the \
                            panelists said and add no opinion of your own. Name each panelist as \
                            this prompt names them.";

/// What a panelist's every call opens with after its system prompt: the question.
fn panelist_opening(question: &str) -> String {
    format!("Question:\n{question}\n\n")
}

/// What the judge's synthesis and verdict open with after its system prompt: the question and
/// every round-1 answer in full, as the judge sees them (its labels, in its order).
fn judge_opening(question: &str, round1: &[IndependentArtifact]) -> String {
    format!(
        "Question:\n{question}\n\nRound 1, the panelists' independent answers:\n\n{}\n\n",
        render::answers(round1)
    )
}
