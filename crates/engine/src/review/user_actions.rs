//! What the user does while a review waits after an irreconcilable veto: amend the code (a new
//! deliberation) or accept the verdict. Each is one `UserAction` of the harness: the state
//! machine checks the transition, and the record is stamped.
use super::verdict::arrow;
use super::{diff, secrets, Review};
use crate::harness::UserAction;
use crate::record::review::state::ReviewState;
use crate::record::Session;

const NOT_A_REVIEW: &str = "This is not a review.";

/// The user amends the code while the run waits after a veto: VETO -> PROPOSAL, and the next run
/// debates the new version. `Err` says why it cannot (not waiting, empty or too large code).
pub fn amend(session: &mut Session, code: String, now_ms: u64) -> Result<(), String> {
    UserAction::<Review> {
        to: ReviewState::Proposal,
        wrong_protocol: NOT_A_REVIEW,
    }
    .apply(
        session,
        now_ms,
        move |state, body| {
            if body.awaiting_user.is_none() || state != Some(ReviewState::Veto) {
                return Err("Amended code can be submitted only after a veto.".into());
            }
            body.config.validate(&code)?;
            Ok(code)
        },
        |body, code| {
            let hits = secrets::scan(&diff::ParsedDiff::parse(&code));
            if let Some(last) = body.rounds.last_mut() {
                last.transitions
                    .push(arrow(ReviewState::Veto, ReviewState::Proposal));
            }
            body.amendments.push(code);
            body.secret_hits = hits;
            body.verdict = None;
            body.awaiting_user = None;
        },
    )
}

/// The user accepts the verdict that stands after an irreconcilable veto: VETO -> CONCLUSION.
pub fn accept_verdict(session: &mut Session, now_ms: u64) -> Result<(), String> {
    UserAction::<Review> {
        to: ReviewState::Conclusion,
        wrong_protocol: NOT_A_REVIEW,
    }
    .apply(
        session,
        now_ms,
        |state, body| {
            if body.awaiting_user.is_none() || state != Some(ReviewState::Veto) {
                return Err("There is no verdict waiting to be accepted.".into());
            }
            Ok(())
        },
        |body, ()| {
            if let Some(last) = body.rounds.last_mut() {
                last.transitions
                    .push(arrow(ReviewState::Veto, ReviewState::Conclusion));
            }
            body.awaiting_user = None;
        },
    )
}
