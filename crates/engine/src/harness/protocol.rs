//! What a protocol tells the harness about itself: its record body (with the settings its calls run
//! with, `RunSettings`) and its state machine. Everything else (asking, budget, records, events,
//! saving) is shared.
use crate::record::state::StateMachine;
use crate::record::{CallRecord, Protocol as ProtocolKind, ProtocolBody, Session};

pub trait Protocol {
    const KIND: ProtocolKind;
    type State: StateMachine;
    type Body: ProtocolBody;

    /// Keeps figures derived from the call records up to date (after every record).
    fn after_call(_config: &ConfigOf<Self>, _body: &mut Self::Body, _calls: &[CallRecord]) {}

    /// What the shell is handed after a change confined to one part of the session (the part
    /// named by `Run::set_part`, e.g. a benchmark's question): None, the default, hands it the
    /// whole session (`Event::SessionUpdated`).
    fn part_update(_session: &Session, _part: &str) -> Option<super::events::Event> {
        None
    }

    /// The texts the prompts of a step confined to `part` quote (`Run::set_part`): by default,
    /// every text the record holds (`quoted_material`).
    fn quoted_material_of_part(session: &Session, _part: &str) -> Vec<String> {
        Self::quoted_material(session)
    }

    /// The texts of the record that prompts quote, which the prompt-echo check excuses (see
    /// `echo`): every string of the body unless the protocol knows better (a benchmark's body
    /// holds whole consultations, but its prompts quote only its questions).
    fn quoted_material(session: &Session) -> Vec<String> {
        let mut material = Vec::new();
        if let Ok(serde_json::Value::Object(record)) = serde_json::to_value(session) {
            if let Some(body) = record.get("body") {
                strings_of(body, &mut material);
            }
        }
        material
    }
}

/// Every string of a JSON value.
fn strings_of(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => into.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|i| strings_of(i, into)),
        serde_json::Value::Object(object) => object.values().for_each(|v| strings_of(v, into)),
        _ => {}
    }
}

/// What protocol `P` reads while it runs, taken from its record once at the start.
pub type ConfigOf<P> = <<P as Protocol>::Body as ProtocolBody>::Config;

/// The typed state of a session of protocol `P`.
pub fn state_of<P: Protocol>(session: &Session) -> Option<P::State> {
    P::State::parse(&session.state)
}
