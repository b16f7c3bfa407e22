//! What the user does after an irreconcilable veto: amend the code, which starts a new
//! deliberation of up to 5 rounds. The review has concluded (REQUEST_CHANGES); amending takes it
//! from CONCLUSION back to PROPOSAL. A record from before that rule waits in VETO instead, and may
//! also accept the verdict. Each is one `UserAction` of the harness: the state machine checks the
//! transition, and the record is stamped.
use super::verdict::arrow;
use super::{diff, secrets, Review};
use crate::harness::protocol::state_of;
use crate::harness::user_action::UserAction;
use crate::record::review::body::{ReviewBody, ReviewVerdict};
use crate::record::review::state::ReviewState;
use crate::record::Session;

const NOT_A_REVIEW: &str = "This is not a review.";

/// Whether the review's outcome is a veto the compromise did not lift, on the current code.
fn vetoed_irreconcilably(body: &ReviewBody) -> bool {
    let request_changes = body
        .verdict
        .as_ref()
        .is_some_and(|v| v.verdict == ReviewVerdict::RequestChanges);
    let last_round_vetoed = body.rounds.last().is_some_and(|r| {
        r.code_version == body.code_version()
            && r.outcome == ReviewState::Veto
            && r.compromise.as_ref().is_some_and(|c| !c.accepted)
    });
    request_changes && last_round_vetoed
}

/// The state amended code leaves from: CONCLUSION after an irreconcilable veto, or VETO for a
/// record that waits for the user. None when the code cannot be amended now.
fn amendable_from(state: Option<ReviewState>, body: &ReviewBody) -> Option<ReviewState> {
    match state? {
        ReviewState::Conclusion if vetoed_irreconcilably(body) => Some(ReviewState::Conclusion),
        ReviewState::Veto if body.awaiting_user.is_some() => Some(ReviewState::Veto),
        _ => None,
    }
}

/// What the page says above the amend form, when the code can be amended now.
pub fn amendment_offer(session: &Session) -> Option<&'static str> {
    let body = session.body_of::<ReviewBody>()?;
    amendable_from(state_of::<Review>(session), body).map(|_| {
        "The veto stands, so the review requests changes. You can still submit amended code: it \
         starts a new deliberation of up to 5 rounds."
    })
}

/// The user amends the code after an irreconcilable veto: CONCLUSION (or, for an older record,
/// VETO) -> PROPOSAL, and the next run debates the new version from its round 1 of 5. `Err` says
/// why it cannot (no such veto, empty or too large code).
pub fn amend(session: &mut Session, code: String, now_ms: u64) -> Result<(), String> {
    UserAction::<Review> {
        to: ReviewState::Proposal,
        wrong_protocol: NOT_A_REVIEW,
    }
    .apply(
        session,
        now_ms,
        move |state, body| {
            let from = amendable_from(state, body).ok_or_else(|| {
                "Amended code can be submitted only after a veto that was not lifted.".to_string()
            })?;
            body.config.validate(&code)?;
            Ok((from, code))
        },
        |body, (from, code)| {
            let hits = secrets::scan(&diff::ParsedDiff::parse(&code));
            if let Some(last) = body.rounds.last_mut() {
                last.transitions.push(arrow(from, ReviewState::Proposal));
            }
            body.amendments.push(code);
            body.secret_hits = hits;
            body.verdict = None;
            body.awaiting_user = None;
        },
    )
}

/// The user accepts the verdict of a record that waits after an irreconcilable veto (from before
/// such a veto concluded the review): VETO -> CONCLUSION.
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
