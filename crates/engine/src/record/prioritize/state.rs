//! The debate's states: each round goes champion -> critic -> moderator, then either another round
//! or the end.
//!
//! ```text
//! idle -> champion -> critic -> moderator -> champion (next round)
//!   |        \---------\-----------\-------> complete (consensus, max rounds, stalemate)
//!   \-> complete (no debate: the plain score)
//! any running state -> failed | aborted
//! ```
use serde::{Deserialize, Serialize};

use crate::record::state::{StateMachine, TransitionError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrioritizeState {
    Idle,
    Champion,
    Critic,
    Moderator,
    Complete,
    Failed,
    Aborted,
}

impl PrioritizeState {
    pub fn is_running(self) -> bool {
        matches!(self, Self::Champion | Self::Critic | Self::Moderator)
    }
}

impl StateMachine for PrioritizeState {
    const NOUN: &'static str = "A prioritization";
    const ALL: &'static [Self] = &[
        Self::Idle,
        Self::Champion,
        Self::Critic,
        Self::Moderator,
        Self::Complete,
        Self::Failed,
        Self::Aborted,
    ];
    const INITIAL: Self = Self::Idle;
    const FAILED: Self = Self::Failed;
    const ABORTED: Self = Self::Aborted;

    fn as_str(self) -> &'static str {
        match self {
            Self::Idle => "idle",
            Self::Champion => "champion",
            Self::Critic => "critic",
            Self::Moderator => "moderator",
            Self::Complete => "complete",
            Self::Failed => "failed",
            Self::Aborted => "aborted",
        }
    }

    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>> {
        use PrioritizeState::*;
        let allowed = match (self, to) {
            (Idle, Champion | Complete) => true,
            (Champion, Critic) | (Critic, Moderator) | (Moderator, Champion) => true,
            // The end: consensus or max rounds after a moderator; a stalemate at any call.
            (from, Complete) => from.is_running(),
            (from, Failed | Aborted) => from.is_running() || from == Idle,
            _ => false,
        };
        if allowed {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    /// A stopped debate continues at the phase it had reached (its earlier phases are kept).
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>> {
        let resumable = self.is_running() || matches!(self, Self::Failed | Self::Aborted);
        if resumable && to.is_running() {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    fn is_finished(self) -> bool {
        matches!(self, Self::Complete | Self::Failed | Self::Aborted)
    }
}
