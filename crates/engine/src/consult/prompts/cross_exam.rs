//! Round 3: each panelist cross-examines the synthesis from its own answer; then the judge judges
//! the challenges, which the engine has already put on record verbatim.
use std::fmt::Write;

use super::render::{self, Viewpoints};
use super::{panelist_opening, panelist_system, reply_format, Detail, JUDGE_SYSTEM};
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::record::consult::artifacts::{
    Challenge, IndependentArtifact, Rebuttal, SynthesisArtifact,
};

const PANELIST_SHAPE: &str = r#"{"challenges": [{"target_agent": agent id, "challenge": string, "evidence": [string, ...]}], "defense": string}"#;

const JUDGMENT_SHAPE: &str = r#"{"unresolved": [challenge number, ...], "duplicate_challenges": [{"challenge": number, "same_as": earlier number}, ...]}"#;

/// `synthesis` is what the panelist is shown: filtered unless the session is verbose.
pub fn cross_exam(
    question: &str,
    panelist: &Participant,
    own_answer: &IndependentArtifact,
    synthesis: &SynthesisArtifact,
    detail: Detail,
    structured_output: bool,
) -> Prompt {
    let viewpoints = match detail {
        Detail::Full => Viewpoints::All,
        Detail::Filtered => Viewpoints::AllBut(own_answer.agent_id.as_str()),
    };
    Prompt::with_shared_prefix(
        panelist_system(panelist),
        &panelist_opening(question),
        &format!(
            "Your answer in round 1:\n{}\n\nThe judge's synthesis of the panel:\n{}\n\nCross-examine it. Challenge the consensus where it ignores or \
             contradicts your key points: whose view you dispute (target_agent), what is wrong, \
             and your evidence. Defend your position where it holds. With nothing to challenge, \
             return no challenges and say in defense why you endorse the consensus.{}",
            render::answer(own_answer),
            render::synthesis(synthesis, viewpoints),
            reply_format(PANELIST_SHAPE, structured_output)
        ),
    )
}

/// The judge sees the challenges as recorded (numbered from 1, in record order; their evidence
/// supports a challenge but does not decide whether a defence answers it, so it is left out) and
/// each panelist's defence, and is asked only what needs judgment: which challenges no defence
/// answers, and which repeat an earlier one. Without material a one-off call: it needs none of the
/// round-1 answers the judge's other calls open with.
pub fn cross_exam_judgment(
    question: &str,
    challenges: &[Challenge],
    defences: &[Rebuttal],
    structured_output: bool,
) -> Prompt {
    let mut listed = String::new();
    for (index, c) in challenges.iter().enumerate() {
        let _ = write!(
            listed,
            "\n{}. {} challenges {}: {}",
            index + 1,
            c.challenger,
            c.target_agent,
            c.challenge
        );
    }
    let mut defended = String::new();
    for d in defences {
        let _ = write!(
            defended,
            "\n{}{}: {}",
            d.agent,
            render::free_text_mark(d),
            d.rebuttal
        );
    }
    // The question opens it, as it opens every call, so with material it follows the material
    // (`consult::material`); without, the judgment is a one-off (`judgment_prompt`).
    Prompt::with_shared_prefix(
        JUDGE_SYSTEM.to_string(),
        &format!("Question:\n{question}\n\n"),
        &format!(
            "Judge the cross-examination. The panelists' challenges, \
             numbered:{listed}\n\nTheir defences:{defended}\n\n\
             - unresolved: the numbers of the challenges that no defence answers.\n\
             - duplicate_challenges: each challenge that repeats an earlier one (same objection \
             to the same panelist), with the number of the earlier one.\n\
             Empty lists when there are none.{}",
            reply_format(JUDGMENT_SHAPE, structured_output)
        ),
    )
}
