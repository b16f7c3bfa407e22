//! The deliberation state machine (seed 002's transition table). Every change goes through
//! `transition`; a change the table does not allow is an error.
//!
//! ```text
//! idle -> PROPOSAL -> DEBATE -> VETO | SYNTHESIS | ABSTAIN -> CONCLUSION
//!                       ^  |     |  \-> PROPOSAL (amended code)      ^
//!                       |  |     \--> DEBATE (compromise accepted)   |
//!                       |  +-> DEBATE (no quorum: another round)     |
//!                       +----- ABSTAIN (no quorum) -> DEBATE         |
//! DEBATE | VETO | ABSTAIN -> CONCLUSION (limit, irreconcilable, all abstained)
//! CONCLUSION -> PROPOSAL (amended code after an irreconcilable veto: a new deliberation)
//! any running state -> failed | aborted
//! ```
//! The table allows CONCLUSION -> PROPOSAL; `review::amend` allows it only after a veto.
use crate::record::state::protocol_states;

protocol_states! {
    pub enum ReviewState {
        Idle = "idle",
        Proposal = "proposal",
        Debate = "debate",
        Veto = "veto",
        Synthesis = "synthesis",
        Abstain = "abstain",
        Conclusion = "conclusion",
        Failed = "failed",
        Aborted = "aborted",
    }
    rules {
        const NOUN: &'static str = "A review";
        const INITIAL: Self = Self::Idle;
        const FAILED: Self = Self::Failed;
        const ABORTED: Self = Self::Aborted;

        fn allows(self, to: Self) -> bool {
            use ReviewState::*;
            match (self, to) {
                (Idle, Proposal) | (Proposal, Debate) => true,
                (Debate, Veto | Synthesis | Abstain | Debate | Conclusion) => true,
                (Veto, Proposal | Debate | Conclusion) => true,
                (Synthesis, Conclusion) | (Conclusion, Proposal) => true,
                (Abstain, Conclusion | Debate) => true,
                (from, Failed | Aborted) => from.is_running(),
                _ => false,
            }
        }

        /// A stopped review (interrupted, cancelled, failed) goes back to where its last complete
        /// step left it: PROPOSAL before any round, else the outcome of its last round.
        fn resumes_at(self, to: Self) -> bool {
            use ReviewState::*;
            let resumable = self.is_running() || matches!(self, Aborted | Failed);
            resumable && matches!(to, Proposal | Debate | Veto | Abstain | Synthesis)
        }

        fn is_finished(self) -> bool {
            matches!(self, Self::Conclusion | Self::Failed | Self::Aborted)
        }
    }
}

impl ReviewState {
    pub fn is_running(self) -> bool {
        use ReviewState::*;
        matches!(self, Proposal | Debate | Veto | Synthesis | Abstain)
    }

    /// The seed's upper-case name, as the deliberation log writes it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Idle => "IDLE",
            Self::Proposal => "PROPOSAL",
            Self::Debate => "DEBATE",
            Self::Veto => "VETO",
            Self::Synthesis => "SYNTHESIS",
            Self::Abstain => "ABSTAIN",
            Self::Conclusion => "CONCLUSION",
            Self::Failed => "FAILED",
            Self::Aborted => "ABORTED",
        }
    }
}
