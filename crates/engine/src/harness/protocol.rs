//! What a protocol tells the harness about itself: its record body, its state machine and the
//! settings its calls run with. Everything else (asking, budget, records, events, saving) is shared.
use std::fmt::Debug;

use crate::record::{CallRecord, Protocol as ProtocolKind, ProtocolBody, Session};

pub trait Protocol {
    const KIND: ProtocolKind;
    type State: StateMachine;
    type Body: ProtocolBody;
    /// What the protocol reads while it runs, taken from the record once at the start.
    type Config: Clone;

    fn config(body: &Self::Body) -> Self::Config;
    /// Output limit of every call.
    fn max_tokens(config: &Self::Config) -> u32;
    /// No call is made that could take the spend above this.
    fn budget_usd(config: &Self::Config) -> Option<f64>;
    /// Keeps figures derived from the call records up to date (after every record).
    fn after_call(_config: &Self::Config, _body: &mut Self::Body, _calls: &[CallRecord]) {}
}

/// A protocol's states. Every change goes through `transition`; a change the protocol does not
/// allow is an error, never a silent no-op. States may cycle (a review returns to debate).
pub trait StateMachine: Copy + Eq + Debug + 'static {
    /// How an error names the protocol: "A consultation".
    const NOUN: &'static str;
    const ALL: &'static [Self];
    const INITIAL: Self;
    const FAILED: Self;
    const ABORTED: Self;

    fn as_str(self) -> &'static str;
    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>>;
    /// Re-entering `to` when a stopped run continues (see each protocol's rules).
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>>;
    fn is_finished(self) -> bool;

    fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|state| state.as_str() == name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransitionError<S> {
    pub from: S,
    pub to: S,
}

impl<S: StateMachine> std::fmt::Display for TransitionError<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} cannot go from {} to {}.",
            S::NOUN,
            self.from.as_str(),
            self.to.as_str()
        )
    }
}

impl<S: StateMachine> std::error::Error for TransitionError<S> {}

/// A state the protocol does not know (a hand-edited record) counts as finished: nothing can run it.
pub fn state_is_finished<P: Protocol>(state: &str) -> bool {
    P::State::parse(state).is_none_or(StateMachine::is_finished)
}

/// The typed state of a session of protocol `P`.
pub fn state_of<P: Protocol>(session: &Session) -> Option<P::State> {
    P::State::parse(&session.state)
}
