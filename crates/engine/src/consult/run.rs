//! The state of one run: the session as it grows, the cost ledger, and the shell's clock and sink.
//! The rounds change the session only through here, so that every change is stamped and handed to
//! the shell (`SessionUpdated`).
use std::cell::{RefCell, RefMut};

use serde_json::{Map, Value};

use crate::artifacts::{ArtifactEnvelope, ArtifactKind};
use crate::config::ConsultConfig;
use crate::events::{ConsultEvent, EventSink};
use crate::io::Clock;
use crate::ledger::CostLedger;
use crate::session::ConsultSession;
use crate::state::ConsultState;
use crate::timestamp::rfc3339_utc;

/// Why a run stopped before completing.
#[derive(Debug)]
pub(super) enum Stop {
    Failed(String),
    Aborted,
}

impl Stop {
    /// A stored session that reached a round without an earlier artifact was edited by hand.
    pub fn missing(what: &str) -> Stop {
        Stop::Failed(format!(
            "The session has no {what}, so this round cannot run."
        ))
    }
}

pub(super) struct Run<'a, C> {
    pub caller: &'a C,
    clock: &'a dyn Clock,
    sink: &'a dyn EventSink,
    /// Copies of what does not change during a run, so rounds need not borrow the session.
    pub question: String,
    pub config: ConsultConfig,
    session: RefCell<ConsultSession>,
    ledger: RefCell<CostLedger>,
}

impl<'a, C> Run<'a, C> {
    pub fn new(
        mut session: ConsultSession,
        caller: &'a C,
        clock: &'a dyn Clock,
        sink: &'a dyn EventSink,
    ) -> Self {
        session.cost.budget_usd = session.config.budget_usd;
        Self {
            caller,
            clock,
            sink,
            question: session.question.clone(),
            config: session.config.clone(),
            ledger: RefCell::new(CostLedger::new(session.cost.clone())),
            session: RefCell::new(session),
        }
    }

    pub fn into_session(self) -> ConsultSession {
        self.session.into_inner()
    }

    pub fn now(&self) -> String {
        rfc3339_utc(self.clock.now_ms())
    }

    pub fn emit(&self, event: ConsultEvent) {
        self.sink.emit(event);
    }

    pub fn read<T>(&self, look: impl FnOnce(&ConsultSession) -> T) -> T {
        look(&self.session.borrow())
    }

    pub fn ledger(&self) -> RefMut<'_, CostLedger> {
        self.ledger.borrow_mut()
    }

    /// Changes the session, stamps `updated_at` and hands a copy to the shell to persist.
    pub fn update(&self, change: impl FnOnce(&mut ConsultSession)) {
        let snapshot = {
            let mut session = self.session.borrow_mut();
            change(&mut session);
            session.updated_at = self.now();
            session.clone()
        };
        self.emit(ConsultEvent::SessionUpdated(Box::new(snapshot)));
    }

    pub fn state(&self) -> ConsultState {
        self.read(|session| session.state)
    }

    /// An ordinary transition of the state machine.
    pub fn enter(&self, to: ConsultState) -> Result<(), Stop> {
        let from = self.state();
        from.transition(to)
            .map_err(|error| Stop::Failed(error.to_string()))?;
        self.set_state(from, to);
        Ok(())
    }

    /// Puts an interrupted session back where it stood when its last complete round ended.
    pub fn resume_at(&self, to: ConsultState) -> Result<(), Stop> {
        let from = self.state();
        from.resume(to)
            .map_err(|error| Stop::Failed(error.to_string()))?;
        self.set_state(from, to);
        Ok(())
    }

    /// The end of a run, which always leaves the session finished. Should the state machine refuse
    /// the final transition (only possible for a hand-edited session), the session is Failed with
    /// that refusal as its reason.
    pub fn finish(&self, to: ConsultState, failure: Option<String>) {
        let from = self.state();
        let (to, failure) = match from.transition(to) {
            Ok(to) => (to, failure),
            Err(refused) => (ConsultState::Failed, Some(refused.to_string())),
        };
        self.update(|session| {
            session.state = to;
            session.failure = failure.clone();
        });
        self.emit(ConsultEvent::StateChanged { from, to });
        self.emit(match (to, failure) {
            (ConsultState::Failed, reason) => ConsultEvent::Failed {
                reason: reason.unwrap_or_default(),
            },
            (ConsultState::Aborted, _) => ConsultEvent::Aborted,
            _ => ConsultEvent::Completed,
        });
    }

    fn set_state(&self, from: ConsultState, to: ConsultState) {
        self.update(|session| session.state = to);
        self.emit(ConsultEvent::StateChanged { from, to });
    }

    /// True when `round` is still to run: after the last complete one, up to where the user stops.
    pub fn wants(&self, round: u8) -> bool {
        round > self.read(ConsultSession::last_complete_round)
            && round <= self.config.stop_after_round
    }

    pub fn begin_round(&self, round: u8) -> Result<(), Stop> {
        let state = ConsultState::for_round(round)
            .ok_or_else(|| Stop::Failed(format!("There is no round {round} in a consult.")))?;
        self.enter(state)?;
        self.emit(ConsultEvent::RoundStarted {
            round_number: round,
        });
        Ok(())
    }

    /// Stores a round's validated artifact(s).
    pub fn store_round(&self, round: u8, store: impl FnOnce(&mut ConsultSession)) {
        self.update(store);
        self.emit(ConsultEvent::RoundArtifact {
            round_number: round,
        });
    }

    /// The envelope of an artifact made now, as JSON fields to set on the model's reply.
    pub fn envelope_fields(&self, kind: ArtifactKind) -> Map<String, Value> {
        ArtifactEnvelope::new(kind, self.now()).to_fields()
    }

    /// The JSON schema to send, when structured output is on.
    pub fn schema(&self, name: &str, schema: fn() -> Value) -> Option<(String, Value)> {
        self.config
            .structured_output
            .then(|| (name.to_string(), schema()))
    }
}
