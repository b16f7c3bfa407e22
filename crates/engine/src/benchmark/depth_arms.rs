//! The council at Vote and Adaptive depth, graded from the Full council's own record:
//! their first rounds are the council's, so no call is made for them, and each decides by the very
//! rule a consult at that depth applies (`record::consult::depth`):
//! - every panelist gave the same checkable answer: both stop after round 1 with it (no synthesis);
//! - else **Vote** asks the synthesis and decides by the answers' majority of the whole panel, a
//!   split panel deciding nothing (not right); its calls are round 1's and round 2's;
//! - else **Adaptive** goes on to rounds 3 and 4: its outcome is the council's.
use super::arms::{grade, Spend};
use crate::foundation::ids::ParticipantId;
use crate::record::benchmark::body::{Arm, ArmOutcome};
use crate::record::benchmark::question::Question;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::depth::{agreed_final_answer, majority_final_answer, Depth};
use crate::record::Session;

/// The Vote and Adaptive arms of one question, from its consultation and the council's outcome.
pub fn depth_arms(
    question: &Question,
    consult: &Session,
    body: &ConsultBody,
    council: &ArmOutcome,
) -> Vec<ArmOutcome> {
    let panel: Vec<ParticipantId> = body.config.panelists.iter().map(|p| p.id.clone()).collect();
    let through = |round: u8| Spend::of(consult.calls.iter().filter(move |r| r.round <= round));
    if let Some(agreed) = agreed_final_answer(&body.round1, &panel) {
        let answer = Some(agreed.to_string());
        return [Depth::Vote, Depth::Adaptive]
            .map(|depth| {
                through(1).outcome(
                    Arm::Depth { depth },
                    answer.clone(),
                    grade(question, Some(agreed)),
                )
            })
            .to_vec();
    }
    let vote = match &body.round2 {
        // A synthesis that failed: the vote failed with it.
        None => {
            let mut spend = through(2);
            spend.errors.extend(consult.failure.iter().cloned());
            spend.outcome(Arm::Depth { depth: Depth::Vote }, None, None)
        }
        Some(_) => {
            let majority = majority_final_answer(&body.round1, panel.len());
            // A split panel is said to be split: an answer that is not right.
            let correct = Some(grade(question, majority).unwrap_or(false));
            through(2).outcome(
                Arm::Depth { depth: Depth::Vote },
                majority.map(str::to_string),
                correct,
            )
        }
    };
    let adaptive = ArmOutcome {
        arm: Arm::Depth {
            depth: Depth::Adaptive,
        },
        ..council.clone()
    };
    vec![vote, adaptive]
}
