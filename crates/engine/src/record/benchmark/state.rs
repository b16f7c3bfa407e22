//! A benchmark's states: it runs its questions, then ends.
//!
//! ```text
//! idle -> running -> complete
//! running -> failed | aborted        (failed also covers "the budget ran out")
//! failed | aborted | running (tab gone) -> running   (resume: where it stopped)
//! ```
use crate::record::state::protocol_states;

protocol_states! {
    pub enum BenchmarkState {
        Idle = "idle",
        Running = "running",
        Complete = "complete",
        Failed = "failed",
        Aborted = "aborted",
    }
    rules {
        const NOUN: &'static str = "A benchmark";
        const INITIAL: Self = Self::Idle;
        const FAILED: Self = Self::Failed;
        const ABORTED: Self = Self::Aborted;

        fn allows(self, to: Self) -> bool {
            use BenchmarkState::*;
            matches!(
                (self, to),
                (Idle, Running) | (Running, Complete) | (Idle | Running, Failed | Aborted)
            )
        }

        /// A stopped benchmark continues running from the first question or arm without an outcome.
        fn resumes_at(self, to: Self) -> bool {
            matches!(self, Self::Running | Self::Failed | Self::Aborted) && to == Self::Running
        }

        fn is_finished(self) -> bool {
            matches!(self, Self::Complete | Self::Failed | Self::Aborted)
        }
    }
}
