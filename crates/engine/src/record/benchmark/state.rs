//! A benchmark's states: it runs its questions, then ends.
//!
//! ```text
//! idle -> running -> complete
//! running -> failed | aborted        (failed also covers "the budget ran out")
//! failed | aborted | running (tab gone) -> running   (resume: where it stopped)
//! ```
use serde::{Deserialize, Serialize};

use crate::record::state::{StateMachine, TransitionError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BenchmarkState {
    Idle,
    Running,
    Complete,
    Failed,
    Aborted,
}

impl StateMachine for BenchmarkState {
    const NOUN: &'static str = "A benchmark";
    const ALL: &'static [Self] = &[
        Self::Idle,
        Self::Running,
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
            Self::Running => "running",
            Self::Complete => "complete",
            Self::Failed => "failed",
            Self::Aborted => "aborted",
        }
    }

    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>> {
        use BenchmarkState::*;
        let allowed = matches!(
            (self, to),
            (Idle, Running) | (Running, Complete) | (Idle | Running, Failed | Aborted)
        );
        if allowed {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    /// A stopped benchmark continues running from the first question or arm without an outcome.
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>> {
        let resumable = matches!(self, Self::Running | Self::Failed | Self::Aborted);
        if resumable && to == Self::Running {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    fn is_finished(self) -> bool {
        matches!(self, Self::Complete | Self::Failed | Self::Aborted)
    }
}
