//! "Cross-examine anyway": a consult decided early (Vote, or Adaptive when its stop rule held)
//! reopened at round 3. Rounds 1 and 2 are the record's, so nothing is asked again; the early
//! decision gives way to the verdict, decided normally, and the record keeps that the user asked
//! (`ConsultBody::cross_examined_anyway`), so a resumed run does not stop early again.
use super::{rounds, Consult, ConsultRun};
use crate::harness::events::{Event, EventSink};
use crate::harness::io::{Clock, ModelCaller};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::config::FINAL_ROUND;
use crate::record::consult::state::ConsultState;
use crate::record::{ProtocolBody, Session};
use crate::{harness::run::Run, harness::run::Stop};

/// Whether the command applies: a completed consult whose decision was taken after a synthesis
/// (an early decision from agreed answers has no synthesis to cross-examine).
pub fn can_cross_examine_anyway(session: &Session) -> bool {
    session.consult_state() == Some(ConsultState::Complete)
        && ConsultBody::of(&session.body).is_some_and(|body| {
            body.early_decision.is_some() && body.round2.is_some() && body.round3.is_none()
        })
}

/// Runs rounds 3 and 4 on an early-decided consult; any other session is returned as it is.
pub async fn cross_examine_anyway(
    session: Session,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if !can_cross_examine_anyway(&session) {
        return session;
    }
    let run = match Run::<Consult>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    let outcome = reopen(&run).await.map(|()| ConsultState::Complete);
    run.finish(outcome)
}

async fn reopen(run: &ConsultRun<'_>) -> Result<(), Stop> {
    run.announce();
    run.enter_by(
        |from, _| from.cross_examine_anyway(),
        ConsultState::CrossExam,
    )?;
    run.update_body(|body| {
        body.early_decision = None;
        body.cross_examined_anyway = true;
        // Asked for explicitly: a resumed run goes on to the verdict.
        body.config.stop_after_round = FINAL_ROUND;
    });
    run.emit(Event::RoundStarted { round_number: 3 });
    rounds::cross_exam::ask_round(run).await?;
    rounds::verdict::run_round(run).await
}
