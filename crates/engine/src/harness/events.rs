//! What the engine tells the shell while any protocol runs. The events are the same for every
//! protocol, so the shell renders every live run alike; their names follow the seeds'
//! `consultation:*` convention, with each protocol's own prefix. They serialise, so a run driven
//! elsewhere (the shell's `run` room, a worker) can hand them over as messages.
use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::foundation::ids::{ParticipantId, SessionId};
use crate::record::benchmark::outcomes_apart::QuestionUpdate;
use crate::record::{CallId, Protocol, Session};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A run began, fresh or resumed.
    Started {
        session_id: SessionId,
        protocol: Protocol,
    },
    /// States by their serialised names, e.g. `synthesis`: borrowed from the protocol's state as
    /// the engine emits them, owned once read back from a message.
    StateChanged {
        from: Cow<'static, str>,
        to: Cow<'static, str>,
    },
    RoundStarted {
        round_number: u8,
    },
    CallStarted {
        call_id: CallId,
        round_number: u8,
        participant_id: ParticipantId,
    },
    /// Streamed text of a call under way; `restart` drops what came before (a retry).
    CallDelta {
        call_id: CallId,
        text: String,
        restart: bool,
    },
    /// A passing notice about a call under way (a retry coming); None clears it.
    CallNote {
        call_id: CallId,
        note: Option<String>,
    },
    /// `ok` is false for transport failures, cancellations and replies that could not be used.
    CallFinished {
        call_id: CallId,
        participant_id: ParticipantId,
        ok: bool,
        error: Option<String>,
        /// Set when the seat's backup answered in its place, e.g. "answered by backup X after 4.0 s".
        answered_by: Option<String>,
    },
    /// The round's artifact is validated and stored in the session.
    RoundArtifact {
        round_number: u8,
    },
    CostUpdated {
        spent_usd: f64,
        unpriced_calls: u32,
        budget_usd: Option<f64>,
    },
    Completed,
    Failed {
        reason: String,
    },
    Aborted,
    /// The run waits for the user (e.g. amended code); the session stays resumable.
    Paused {
        reason: String,
    },
    /// The whole session after every call record, artifact and state change: the shell persists it.
    SessionUpdated(Box<Session>),
    /// A change confined to one of a benchmark's questions (`Run::set_part`): that question and
    /// the envelope, not the whole session. The shell patches its copy and saves that question.
    QuestionUpdated(Box<QuestionUpdate>),
}

/// Each event's name, once: the variant and its name without the protocol's prefix. Its names
/// are made from this one table, and a variant left out of it does not compile (the matches are
/// exhaustive).
macro_rules! event_names {
    ($($variant:ident => $suffix:literal,)*) => {
        impl Event {
            /// The event's name without its protocol prefix, e.g. `round_artifact`.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Self::$variant { .. } => $suffix,)*
                }
            }

            /// The full name, e.g. `consultation:round_artifact`.
            pub fn name(&self, protocol: Protocol) -> &'static str {
                match self {
                    $(Self::$variant { .. } => match protocol {
                        Protocol::Consult => concat!("consultation:", $suffix),
                        Protocol::Review => concat!("review:", $suffix),
                        Protocol::Prioritize => concat!("prioritization:", $suffix),
                        Protocol::Benchmark => concat!("benchmark:", $suffix),
                    },)*
                }
            }
        }
    };
}

event_names! {
    Started => "started",
    StateChanged => "state_changed",
    RoundStarted => "round_started",
    CallStarted => "call_started",
    CallDelta => "call_delta",
    CallNote => "call_note",
    CallFinished => "call_finished",
    RoundArtifact => "round_artifact",
    CostUpdated => "cost_updated",
    Completed => "completed",
    Failed => "failed",
    Aborted => "aborted",
    Paused => "paused",
    SessionUpdated => "session_updated",
    QuestionUpdated => "question_updated",
}

/// Receives events; the browser turns them into signals, tests record them.
pub trait EventSink {
    fn emit(&self, event: Event);
}
