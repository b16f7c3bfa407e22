//! A stored session, checked again and offered its resume: what is wrong with its record (each
//! protocol's own rules, as its run checks them) and, when it stopped before the end, where it
//! continues. Above the protocols because it asks each of them.
use crate::consult::stored::stored_consult_problems;
use crate::harness::protocol::state_of;
use crate::record::benchmark::state::BenchmarkState;
use crate::record::consult::state::ConsultState;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::review::state::ReviewState;
use crate::record::state::StateMachine;
use crate::record::{Body, Session};

/// A stopped run the user can continue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// "This session was interrupted." or "This session stopped before the end."
    pub reason: &'static str,
    /// The round it continues from.
    pub from_round: u8,
    /// A thread's turn asked of one member alone: its one call is asked again, not resumed.
    pub ask_again: bool,
}

impl ResumeOffer {
    /// The button that continues it: "Resume from round 2", or "Ask again" for one member's turn.
    pub fn action(&self) -> String {
        if self.ask_again {
            "Ask again".to_string()
        } else {
            format!("Resume from round {}", self.from_round)
        }
    }
}

/// What is wrong with a stored session's record, checked again as the run checks it. Empty when
/// it is sound.
pub fn record_problems(session: &Session) -> Vec<String> {
    match &session.body {
        Body::Consult(body) => stored_consult_problems(body),
        Body::Review(body) => crate::review::stored::stored_review_problems(body),
        Body::Prioritize(body) => crate::prioritize::stored::stored_prioritize_problems(body),
        Body::Benchmark(body) => crate::benchmark::stored::stored_benchmark_problems(body),
    }
}

/// "This session's record is invalid: ...", for a record with problems: shown when the session is
/// opened, and why it cannot resume. Nothing is deleted.
pub fn invalid_record_notice(session: &Session) -> Option<String> {
    let problems = record_problems(session);
    (!problems.is_empty()).then(|| {
        format!(
            "This session's record is invalid: {} It cannot be resumed.",
            problems.join(" ")
        )
    })
}

/// Whether `session` can resume now (never when its record is invalid). `running_here` is true while this tab runs it and
/// `running_elsewhere` while another tab does: then it is running, not stopped.
pub fn resume_offer(
    session: &Session,
    running_here: bool,
    running_elsewhere: bool,
) -> Option<ResumeOffer> {
    if running_here || running_elsewhere || !record_problems(session).is_empty() {
        return None;
    }
    match &session.body {
        Body::Consult(body) => {
            let state = state_of::<crate::consult::Consult>(session)?;
            if state == ConsultState::Complete {
                return None;
            }
            let reason = if state.is_running() || state == ConsultState::Idle {
                "This session was interrupted."
            } else {
                "This session stopped before the end."
            };
            Some(ResumeOffer {
                reason,
                from_round: body.last_complete_round() + 1,
                ask_again: body.member_turn.is_some(),
            })
        }
        Body::Review(body) => {
            let state = state_of::<crate::review::Review>(session)?;
            // Waiting for the user after a veto is not a stop: the view asks what to do.
            if state.is_finished() && state != ReviewState::Aborted && state != ReviewState::Failed
                || body.awaiting_user.is_some()
            {
                return None;
            }
            let reason = if state.is_running() || state == ReviewState::Idle {
                "This review was interrupted."
            } else {
                "This review stopped before the end."
            };
            // A round whose veto still waits for its compromise continues with that round.
            let compromise_pending = body
                .rounds
                .last()
                .is_some_and(|r| r.outcome == ReviewState::Veto && r.compromise.is_none());
            let done = body.rounds.len() as u8;
            Some(ResumeOffer {
                reason,
                from_round: if compromise_pending { done } else { done + 1 },
                ask_again: false,
            })
        }
        Body::Prioritize(body) => {
            let state = state_of::<crate::prioritize::Prioritize>(session)?;
            if state == PrioritizeState::Complete {
                return None;
            }
            let reason = if state.is_running() || state == PrioritizeState::Idle {
                "This prioritization was interrupted."
            } else {
                "This prioritization stopped before the end."
            };
            let done = body.debate.rounds.len() as u8;
            Some(ResumeOffer {
                reason,
                from_round: done + 1,
                ask_again: false,
            })
        }
        Body::Benchmark(_) => {
            let state = state_of::<crate::benchmark::run::Benchmark>(session)?;
            if state == BenchmarkState::Complete {
                return None;
            }
            let reason = if state.is_finished() {
                "This benchmark stopped before the end."
            } else {
                "This benchmark was interrupted."
            };
            // A benchmark has no rounds: it continues with its first question or arm without an
            // outcome (`benchmark::progress` says how far it came).
            Some(ResumeOffer {
                reason,
                from_round: 1,
                ask_again: false,
            })
        }
    }
}
