//! What a protocol tells the harness about itself: its record body, its state machine and the
//! settings its calls run with. Everything else (asking, budget, records, events, saving) is shared.
pub use crate::record::state::{StateMachine, TransitionError};
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

/// The typed state of a session of protocol `P`.
pub fn state_of<P: Protocol>(session: &Session) -> Option<P::State> {
    P::State::parse(&session.state)
}
