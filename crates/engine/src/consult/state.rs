//! Where a stopped consultation stands, read from its record. The states themselves are the
//! record's (`record::consult::state`), not repeated here.
use crate::record::consult::state::ConsultState;

use crate::record::consult::body::ConsultBody;

/// The state a stopped session resumes in: where it stood when its last complete round ended
/// (`AwaitingConsent` if none).
pub(super) fn resume_point(body: &ConsultBody) -> ConsultState {
    ConsultState::for_round(body.last_complete_round()).unwrap_or(ConsultState::AwaitingConsent)
}
