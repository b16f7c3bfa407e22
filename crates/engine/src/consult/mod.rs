//! The Consult protocol: four rounds from independent answers to a checked verdict.
//!
//! 1. **Independent**: every panelist, in parallel, answers alone.
//! 2. **Synthesis**: the judge reads every answer in full and finds consensus and tensions.
//! 3. **Cross-examination**: every panelist, in parallel, confronts the synthesis (filtered unless
//!    verbose) with its own answer, challenging or defending; the judge merges the replies.
//! 4. **Verdict**: the judge decides from all answers and the debate (filtered unless verbose); the
//!    confidence is checked in code.
//!
//! The run stops after `config.stop_after_round`. A reply that cannot be used is asked again once;
//! round 1 needs two usable answers and round 3 one, and every judge call is required. A cancelled
//! call aborts the run; a call the budget cannot cover is not made and fails it.
//!
//! **Resume**: a session that stopped before finishing (interrupted tab, cancel, failure) continues
//! from the first round without a stored artifact. Its state goes back to where it stood when its
//! last complete round ended (`AwaitingConsent` if none), and that round restarts from scratch with
//! the same call ids; the records of the interrupted attempt stay, since their cost was real.
mod asking;
mod cross_exam;
mod independent;
mod run;
mod synthesis;
mod verdict;

use run::{Run, Stop};

use crate::events::{ConsultEvent, EventSink};
use crate::io::{Clock, ModelCaller};
use crate::session::ConsultSession;
use crate::state::ConsultState;

/// What the app shows when a session runs in verbose mode.
pub const VERBOSE_NOTICE: &str = "Verbose mode: using full debate artifacts (higher token cost)";

/// Runs a fresh session, or resumes a stopped one, until it is Complete, Failed or Aborted.
/// A session that is already Complete is returned as it is.
pub async fn run_consult(
    session: ConsultSession,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> ConsultSession {
    if session.state == ConsultState::Complete {
        return session;
    }
    let run = Run::new(session, caller, clock, sink);
    match consult(&run).await {
        Ok(()) => run.finish(ConsultState::Complete, None),
        Err(Stop::Failed(reason)) => run.finish(ConsultState::Failed, Some(reason)),
        Err(Stop::Aborted) => run.finish(ConsultState::Aborted, None),
    }
    run.into_session()
}

async fn consult<C: ModelCaller>(run: &Run<'_, C>) -> Result<(), Stop> {
    start(run)?;
    if run.wants(1) {
        independent::run_round(run).await?;
    }
    if run.wants(2) {
        synthesis::run_round(run).await?;
    }
    if run.wants(3) {
        cross_exam::run_round(run).await?;
    }
    if run.wants(4) {
        verdict::run_round(run).await?;
    }
    Ok(())
}

/// A fresh session passes through estimating and consent (the app asked for consent before the
/// run); a stopped one resumes. Either way the question and the council are checked first.
fn start<C>(run: &Run<'_, C>) -> Result<(), Stop> {
    let session_id = run.read(|session| session.id.clone());
    run.emit(ConsultEvent::Started { session_id });
    if run.state() == ConsultState::Idle {
        run.enter(ConsultState::Estimating)?;
        run.enter(ConsultState::AwaitingConsent)?;
    } else {
        let last_complete = run.read(ConsultSession::last_complete_round);
        let resume_state =
            ConsultState::for_round(last_complete).unwrap_or(ConsultState::AwaitingConsent);
        run.resume_at(resume_state)?;
        run.update(|session| session.failure = None);
    }
    if run.question.trim().is_empty() {
        return Err(Stop::Failed("The question is empty.".to_string()));
    }
    run.config.validate().map_err(Stop::Failed)
}
