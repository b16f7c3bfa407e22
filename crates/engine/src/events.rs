//! What the engine tells the shell while a consultation runs. Names follow the seeds'
//! `consultation:*` convention.
use crate::session::ConsultSession;
use crate::state::ConsultState;

#[derive(Clone, Debug, PartialEq)]
pub enum ConsultEvent {
    /// A run began, fresh or resumed.
    Started {
        session_id: String,
    },
    StateChanged {
        from: ConsultState,
        to: ConsultState,
    },
    RoundStarted {
        round_number: u8,
    },
    CallStarted {
        call_id: String,
        round_number: u8,
        participant_id: String,
    },
    /// `ok` is false for transport failures, cancellations and replies that could not be used.
    CallFinished {
        call_id: String,
        participant_id: String,
        ok: bool,
        error: Option<String>,
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
    /// The whole session after every call record, artifact and state change: the shell persists it.
    SessionUpdated(Box<ConsultSession>),
}

impl ConsultEvent {
    pub fn name(&self) -> &'static str {
        match self {
            Self::Started { .. } => "consultation:started",
            Self::StateChanged { .. } => "consultation:state_changed",
            Self::RoundStarted { .. } => "consultation:round_started",
            Self::CallStarted { .. } => "consultation:call_started",
            Self::CallFinished { .. } => "consultation:call_finished",
            Self::RoundArtifact { .. } => "consultation:round_artifact",
            Self::CostUpdated { .. } => "consultation:cost_updated",
            Self::Completed => "consultation:completed",
            Self::Failed { .. } => "consultation:failed",
            Self::Aborted => "consultation:aborted",
            Self::SessionUpdated(_) => "consultation:session_updated",
        }
    }
}

/// Receives events; the browser turns them into signals, tests record them.
pub trait EventSink {
    fn emit(&self, event: ConsultEvent);
}
