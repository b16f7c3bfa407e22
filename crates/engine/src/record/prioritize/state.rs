//! The debate's states: each round goes champion -> critic -> moderator, then either another round
//! or the end.
//!
//! ```text
//! idle -> champion -> critic -> moderator -> champion (next round)
//!   |        \---------\-----------\-------> complete (consensus, max rounds, stalemate)
//!   \-> complete (no debate: the plain score)
//! any running state -> failed | aborted
//! ```
use crate::record::state::protocol_states;

protocol_states! {
    pub enum PrioritizeState {
        Idle = "idle",
        Champion = "champion",
        Critic = "critic",
        Moderator = "moderator",
        Complete = "complete",
        Failed = "failed",
        Aborted = "aborted",
    }
    rules {
        const NOUN: &'static str = "A prioritization";
        const INITIAL: Self = Self::Idle;
        const FAILED: Self = Self::Failed;
        const ABORTED: Self = Self::Aborted;

        fn allows(self, to: Self) -> bool {
            use PrioritizeState::*;
            match (self, to) {
                (Idle, Champion | Complete) => true,
                (Champion, Critic) | (Critic, Moderator) | (Moderator, Champion) => true,
                // The end: consensus or max rounds after a moderator; a stalemate at any call.
                (from, Complete) => from.is_running(),
                (from, Failed | Aborted) => from.is_running() || from == Idle,
                _ => false,
            }
        }

        /// A stopped debate continues at the phase it had reached (its earlier phases are kept).
        fn resumes_at(self, to: Self) -> bool {
            let resumable = self.is_running() || matches!(self, Self::Failed | Self::Aborted);
            resumable && to.is_running()
        }

        fn is_finished(self) -> bool {
            matches!(self, Self::Complete | Self::Failed | Self::Aborted)
        }
    }
}

impl PrioritizeState {
    pub fn is_running(self) -> bool {
        matches!(self, Self::Champion | Self::Critic | Self::Moderator)
    }
}
