//! What a protocol tells the harness about itself: its record body (with the settings its calls run
//! with, `RunSettings`) and its state machine. Everything else (asking, budget, records, events,
//! saving) is shared.
pub use crate::record::state::{StateMachine, TransitionError};
pub use crate::record::RunSettings;
use crate::record::{CallRecord, Protocol as ProtocolKind, ProtocolBody, Session};

pub trait Protocol {
    const KIND: ProtocolKind;
    type State: StateMachine;
    type Body: ProtocolBody;

    /// Keeps figures derived from the call records up to date (after every record).
    fn after_call(_config: &ConfigOf<Self>, _body: &mut Self::Body, _calls: &[CallRecord]) {}
}

/// What protocol `P` reads while it runs, taken from its record once at the start.
pub type ConfigOf<P> = <<P as Protocol>::Body as ProtocolBody>::Config;

/// The typed state of a session of protocol `P`.
pub fn state_of<P: Protocol>(session: &Session) -> Option<P::State> {
    P::State::parse(&session.state)
}
