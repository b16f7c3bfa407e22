//! Where a stopped debate stands, read from its record. The states themselves are the record's
//! (`record::prioritize::state`).

use crate::record::prioritize::body::{PrioritizeBody, RoundInProgress};
use crate::record::prioritize::state::PrioritizeState;

/// Where a stopped debate continues: the phase after the last one it recorded.
pub(super) fn resume_point(body: &PrioritizeBody) -> PrioritizeState {
    match &body.in_progress {
        Some(RoundInProgress {
            critic: Some(_), ..
        }) => PrioritizeState::Moderator,
        Some(RoundInProgress {
            champion: Some(_), ..
        }) => PrioritizeState::Critic,
        _ => PrioritizeState::Champion,
    }
}

/// The round to play next (the one in progress, if any) and how many are complete.
pub(super) fn next_round(body: &PrioritizeBody) -> (u32, u32) {
    let done = body.debate.rounds.len() as u32;
    (
        body.in_progress
            .as_ref()
            .map_or(done + 1, |r| r.round_number),
        done,
    )
}
