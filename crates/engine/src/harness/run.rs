//! The state of one run of any protocol: the session as it grows, its typed state, the cost
//! ledger, and the shell's caller, clock and sink. Protocols change the session only through here,
//! so every change is stamped and handed to the shell to save (`SessionUpdated`).
use std::cell::{Cell, RefCell, RefMut};

use super::events::{Event, EventSink};
use super::io::{Clock, DynModelCaller, FirstTextTimes};
use super::ledger::CostLedger;
use super::protocol::{ConfigOf, Protocol};
use crate::foundation::timestamp::rfc3339_utc;
use crate::record::state::{StateMachine, TransitionError};
use crate::record::RunSettings;
use crate::record::{ProtocolBody, Session};

/// Why a run stopped before its protocol's normal end.
#[derive(Debug, PartialEq)]
pub enum Stop {
    Failed(String),
    Aborted,
    /// A call did not fit the budget; the protocol decides what that means (Consult fails,
    /// Prioritize ends in stalemate).
    OverBudget(String),
    /// The run waits for the user; the session is saved in its current state.
    Paused(String),
}

impl Stop {
    /// A stored session that reached a round without an earlier artifact was edited by hand.
    pub fn missing(what: &str) -> Stop {
        Stop::Failed(format!(
            "The session has no {what}, so this round cannot run."
        ))
    }
}

/// A rule of a protocol's state machine: `Ok(to)` when `from -> to` is allowed.
pub trait Transition<S>: FnOnce(S, S) -> Result<S, TransitionError<S>> {}
impl<S, F: FnOnce(S, S) -> Result<S, TransitionError<S>>> Transition<S> for F {}

/// Not generic over the caller: every protocol step takes `&Run<P>` and is compiled once, whatever
/// caller its entry point (`run_consult`, ...) was given.
pub struct Run<'a, P: Protocol> {
    pub caller: &'a dyn DynModelCaller,
    clock: &'a dyn Clock,
    sink: &'a dyn EventSink,
    /// Copies of what does not change during a run, so protocols need not borrow the session.
    pub subject: String,
    pub config: ConfigOf<P>,
    session: RefCell<Session>,
    state: Cell<P::State>,
    ledger: RefCell<CostLedger>,
    /// Each provider's times to first text in this run, for the adaptive hedging deadline when
    /// the caller keeps none across runs.
    first_text_times: FirstTextTimes,
    /// The part of the session the step under way changes, if only one (`set_part`).
    part: RefCell<Option<String>>,
}

impl<P: Protocol> Run<'_, P> {
    /// Where the providers' times to first text are kept: the caller's, which outlive the run,
    /// or else the run's own.
    pub fn first_text_times(&self) -> &FirstTextTimes {
        self.caller
            .first_text_times()
            .unwrap_or(&self.first_text_times)
    }
}

impl<'a, P: Protocol> Run<'a, P> {
    /// `Err` (the session back, and why) when the session is not of protocol `P` or its state is
    /// not one of `P`'s.
    pub fn new(
        mut session: Session,
        caller: &'a dyn DynModelCaller,
        clock: &'a dyn Clock,
        sink: &'a dyn EventSink,
    ) -> Result<Self, Box<(Session, String)>> {
        let Some(body) = P::Body::of(&session.body) else {
            let message = format!(
                "This is a {} session, not a {} one.",
                session.protocol().as_str(),
                P::KIND.as_str()
            );
            return Err(Box::new((session, message)));
        };
        let config = body.config().clone();
        let Some(state) = P::State::parse(&session.state) else {
            let message = format!(
                "The session's state \"{}\" is not one of its protocol's.",
                session.state
            );
            return Err(Box::new((session, message)));
        };
        session.cost.budget_usd = config.budget_usd();
        Ok(Self {
            caller,
            clock,
            sink,
            subject: session.subject.clone(),
            config,
            ledger: RefCell::new(CostLedger::new(session.cost.clone())),
            state: Cell::new(state),
            first_text_times: FirstTextTimes::default(),
            part: RefCell::new(None),
            session: RefCell::new(session),
        })
    }

    pub fn into_session(self) -> Session {
        self.session.into_inner()
    }

    pub fn now(&self) -> String {
        rfc3339_utc(self.clock.now_ms())
    }

    pub fn clock(&self) -> &'a dyn Clock {
        self.clock
    }

    pub fn emit(&self, event: Event) {
        self.sink.emit(event);
    }

    pub fn read<T>(&self, look: impl FnOnce(&Session) -> T) -> T {
        look(&self.session.borrow())
    }

    /// Reads the protocol's body.
    pub fn body<T>(&self, look: impl FnOnce(&P::Body) -> T) -> T {
        self.read(|session| look(P::Body::of(&session.body).expect("checked in Run::new")))
    }

    pub fn ledger(&self) -> RefMut<'_, CostLedger> {
        self.ledger.borrow_mut()
    }

    pub fn max_tokens(&self) -> u32 {
        self.config.max_tokens()
    }

    /// The JSON schema `name` to send with a call, when structured output is on.
    pub fn schema(
        &self,
        name: &str,
        schema: impl FnOnce() -> serde_json::Value,
    ) -> Option<(String, serde_json::Value)> {
        self.config
            .structured_output()
            .then(|| (name.to_string(), schema()))
    }

    /// Changes the session, stamps `updated_at` and hands a copy to the shell to persist: of the
    /// part the step under way changes when it says so (`set_part`), else of the whole session.
    pub fn update(&self, change: impl FnOnce(&mut Session)) {
        change(&mut self.session.borrow_mut());
        let part = self.part.borrow();
        let part_update = |session: &Session| P::part_update(session, part.as_deref()?);
        stamp_and_send(&self.session, self.clock, self.sink, &part_update);
    }

    /// Says that the updates from now on change only `part` of the session (a benchmark's
    /// question, by id), so the shell is handed that part (`Protocol::part_update`); None goes
    /// back to handing it the whole session.
    pub fn set_part(&self, part: Option<String>) {
        *self.part.borrow_mut() = part;
    }

    /// The part the step under way changes, if only one (`set_part`).
    pub fn part(&self) -> Option<String> {
        self.part.borrow().clone()
    }

    /// Changes the protocol's body (and saves, as `update`).
    pub fn update_body(&self, change: impl FnOnce(&mut P::Body)) {
        self.update(|session| {
            change(P::Body::of_mut(&mut session.body).expect("checked in Run::new"))
        });
    }

    pub fn state(&self) -> P::State {
        self.state.get()
    }

    /// The start of every run: the `started` event.
    pub fn announce(&self) {
        let session_id = self.read(|session| session.id.clone());
        self.emit(Event::Started {
            session_id,
            protocol: P::KIND,
        });
    }

    /// An ordinary transition of the protocol's state machine.
    pub fn enter(&self, to: P::State) -> Result<(), Stop> {
        self.enter_by(StateMachine::transition, to)
    }

    /// A transition by one of the protocol's guarded rules (`rule(from, to)`), for a change its
    /// plain table refuses unless a reason is given (Consult's "Cross-examine anyway").
    pub fn enter_by(&self, rule: impl Transition<P::State>, to: P::State) -> Result<(), Stop> {
        let from = self.state();
        rule(from, to).map_err(|error| Stop::Failed(error.to_string()))?;
        self.set_state(from, to);
        Ok(())
    }

    /// Puts a stopped session back where its protocol says it continues from.
    pub fn resume_at(&self, to: P::State) -> Result<(), Stop> {
        let from = self.state();
        from.resume(to)
            .map_err(|error| Stop::Failed(error.to_string()))?;
        self.set_state(from, to);
        self.update(|session| session.failure = None);
        Ok(())
    }

    /// Stores a round's validated artifact(s) in the body.
    pub fn store_round(&self, round: u8, store: impl FnOnce(&mut P::Body)) {
        self.update_body(store);
        self.emit(Event::RoundArtifact {
            round_number: round,
        });
    }

    pub fn begin_round(&self, round: u8, state: P::State) -> Result<(), Stop> {
        self.enter(state)?;
        self.emit(Event::RoundStarted {
            round_number: round,
        });
        Ok(())
    }

    /// The end of a run: `outcome` is the protocol's end state for a normal end, or how it ended
    /// early. A pause leaves the state as it is. Should the state machine refuse the final
    /// transition (only possible for a hand-edited session), the session is Failed with that refusal
    /// as its reason.
    pub fn finish(self, outcome: Result<P::State, Stop>) -> Session {
        self.finish_by(StateMachine::transition, outcome)
    }

    /// `finish`, whose normal end goes through one of the protocol's guarded rules (Consult's
    /// end after the synthesis); a failure or an abort still takes the plain table.
    pub fn finish_by(
        self,
        rule: impl Transition<P::State>,
        outcome: Result<P::State, Stop>,
    ) -> Session {
        let ended_normally = outcome.is_ok();
        let (to, failure) = match outcome {
            Ok(end) => (end, None),
            Err(Stop::Failed(reason) | Stop::OverBudget(reason)) => {
                (P::State::FAILED, Some(reason))
            }
            Err(Stop::Aborted) => (P::State::ABORTED, None),
            Err(Stop::Paused(reason)) => {
                self.emit(Event::Paused { reason });
                return self.into_session();
            }
        };
        let from = self.state();
        let checked = if ended_normally {
            rule(from, to)
        } else {
            from.transition(to)
        };
        let (to, failure) = match checked {
            Ok(to) => (to, failure),
            Err(refused) => (P::State::FAILED, Some(refused.to_string())),
        };
        self.state.set(to);
        self.update(|session| {
            session.state = to.as_str().to_string();
            session.failure = failure.clone();
        });
        self.emit(Event::StateChanged {
            from: from.as_str().into(),
            to: to.as_str().into(),
        });
        self.emit(if to == P::State::FAILED {
            Event::Failed {
                reason: failure.unwrap_or_default(),
            }
        } else if to == P::State::ABORTED {
            Event::Aborted
        } else {
            Event::Completed
        });
        self.into_session()
    }

    fn set_state(&self, from: P::State, to: P::State) {
        self.state.set(to);
        self.update(|session| session.state = to.as_str().to_string());
        self.emit(Event::StateChanged {
            from: from.as_str().into(),
            to: to.as_str().into(),
        });
    }
}

/// The end of every `Run::update`: stamps `updated_at` and hands a copy to the shell to persist
/// (the part's, when there is one). Not generic, so the many `update` call sites share it.
fn stamp_and_send(
    session: &RefCell<Session>,
    clock: &dyn Clock,
    sink: &dyn EventSink,
    part_update: &dyn Fn(&Session) -> Option<Event>,
) {
    let event = {
        let mut session = session.borrow_mut();
        session.updated_at = rfc3339_utc(clock.now_ms());
        part_update(&session).unwrap_or_else(|| Event::SessionUpdated(Box::new(session.clone())))
    };
    sink.emit(event);
}
