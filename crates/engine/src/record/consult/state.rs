//! The consult's state machine. Every change goes through `transition`, and a change the protocol
//! does not allow is an error, never a silent no-op.
//!
//! ```text
//! Idle -> Estimating -> AwaitingConsent -> Independent -> Synthesis -> CrossExam -> Verdict -> Complete
//!                                           (any round state -> Complete when the run stops after it)
//! any running state (Estimating .. Verdict) -> Aborted | Failed
//! ```
//!
//! Resuming is the one other way into a round: a stored session whose run was interrupted (tab
//! closed, cancelled, failed) restarts its first incomplete round with `resume`, see there.
use serde::{Deserialize, Serialize};

use crate::record::state::{StateMachine, TransitionError as GenericTransitionError};

pub type TransitionError = GenericTransitionError<ConsultState>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConsultState {
    Idle,
    Estimating,
    AwaitingConsent,
    Independent,
    Synthesis,
    CrossExam,
    Verdict,
    Complete,
    Aborted,
    Failed,
}

impl ConsultState {
    pub fn transition(self, to: ConsultState) -> Result<ConsultState, TransitionError> {
        use ConsultState::*;
        let allowed = match (self, to) {
            (Idle, Estimating)
            | (Estimating, AwaitingConsent)
            | (AwaitingConsent, Independent)
            | (Independent, Synthesis)
            | (Synthesis, CrossExam)
            | (CrossExam, Verdict) => true,
            (from, Complete) => from.round().is_some(),
            (from, Aborted | Failed) => from.is_running(),
            _ => false,
        };
        if allowed {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    /// Puts a stored session whose run stopped before finishing back where it stood when its last
    /// complete round ended: that round's state, or AwaitingConsent when no round is complete. The
    /// run then continues with ordinary transitions. Allowed from any state a run can stop in (a
    /// running state whose tab is gone, Aborted, Failed); not from Idle (a fresh session starts
    /// normally) nor from Complete.
    pub fn resume(self, to: ConsultState) -> Result<ConsultState, TransitionError> {
        let resumable = self.is_running() || matches!(self, Self::Aborted | Self::Failed);
        let resume_point = to == Self::AwaitingConsent || to.round().is_some();
        if resumable && resume_point {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    /// Estimating through Verdict: the states a run can be aborted or fail in.
    pub fn is_running(self) -> bool {
        use ConsultState::*;
        matches!(
            self,
            Estimating | AwaitingConsent | Independent | Synthesis | CrossExam | Verdict
        )
    }

    pub fn is_finished(self) -> bool {
        matches!(self, Self::Complete | Self::Aborted | Self::Failed)
    }

    /// The state of a round (1 to 4).
    pub fn for_round(round: u8) -> Option<ConsultState> {
        match round {
            1 => Some(Self::Independent),
            2 => Some(Self::Synthesis),
            3 => Some(Self::CrossExam),
            4 => Some(Self::Verdict),
            _ => None,
        }
    }

    /// The round this state runs, if it is a round state.
    pub fn round(self) -> Option<u8> {
        (1..=4).find(|round| Self::for_round(*round) == Some(self))
    }

    /// The serialised name, e.g. `awaiting_consent`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Idle => "idle",
            Self::Estimating => "estimating",
            Self::AwaitingConsent => "awaiting_consent",
            Self::Independent => "independent",
            Self::Synthesis => "synthesis",
            Self::CrossExam => "cross_exam",
            Self::Verdict => "verdict",
            Self::Complete => "complete",
            Self::Aborted => "aborted",
            Self::Failed => "failed",
        }
    }
}

impl StateMachine for ConsultState {
    const NOUN: &'static str = "A consultation";
    const ALL: &'static [Self] = &[
        Self::Idle,
        Self::Estimating,
        Self::AwaitingConsent,
        Self::Independent,
        Self::Synthesis,
        Self::CrossExam,
        Self::Verdict,
        Self::Complete,
        Self::Aborted,
        Self::Failed,
    ];
    const INITIAL: Self = Self::Idle;
    const FAILED: Self = Self::Failed;
    const ABORTED: Self = Self::Aborted;

    fn as_str(self) -> &'static str {
        ConsultState::as_str(self)
    }

    fn transition(self, to: Self) -> Result<Self, TransitionError> {
        ConsultState::transition(self, to)
    }

    fn resume(self, to: Self) -> Result<Self, TransitionError> {
        ConsultState::resume(self, to)
    }

    fn is_finished(self) -> bool {
        ConsultState::is_finished(self)
    }
}

impl std::fmt::Display for ConsultState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
