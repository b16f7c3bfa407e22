//! Where a review stands, read from its record, so a resumed run continues correctly. The states
//! themselves are the record's (`record::review::state`), not repeated here.
use crate::record::review::state::ReviewState;

use crate::record::review::body::ReviewBody;

/// What the deliberation does next.
pub(super) enum Step {
    /// `round` numbers the session's rounds; `of_deliberation` counts the rounds on the current
    /// code (amended code starts a new deliberation, with its own 5-round limit).
    Debate {
        round: u8,
        of_deliberation: u8,
    },
    Compromise,
    Conclude,
    Wait,
}

pub(super) fn next_step(body: &ReviewBody) -> Step {
    if body.awaiting_user.is_some() {
        return Step::Wait;
    }
    if body.verdict.is_some() {
        return Step::Conclude;
    }
    let version = body.code_version();
    let debate = Step::Debate {
        round: body.rounds.len() as u8 + 1,
        of_deliberation: deliberation_rounds(body) + 1,
    };
    match body.rounds.last() {
        Some(last) if last.code_version == version => match (last.outcome, &last.compromise) {
            (ReviewState::Veto, None) => Step::Compromise,
            _ => debate,
        },
        _ => debate,
    }
}

/// How many rounds the current code has had: the current deliberation's.
pub(super) fn deliberation_rounds(body: &ReviewBody) -> u8 {
    let version = body.code_version();
    body.rounds
        .iter()
        .filter(|r| r.code_version == version)
        .count() as u8
}

/// The state a stopped review resumes in: the outcome of its last round (PROPOSAL before any).
pub(super) fn resume_point(body: &ReviewBody) -> ReviewState {
    match body.rounds.last() {
        Some(last) if last.code_version == body.code_version() => last.outcome,
        _ => ReviewState::Proposal,
    }
}
