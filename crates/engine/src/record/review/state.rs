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
use serde::{Deserialize, Serialize};

use crate::record::state::{StateMachine, TransitionError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    Idle,
    Proposal,
    Debate,
    Veto,
    Synthesis,
    Abstain,
    Conclusion,
    Failed,
    Aborted,
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

impl StateMachine for ReviewState {
    const NOUN: &'static str = "A review";
    const ALL: &'static [Self] = &[
        Self::Idle,
        Self::Proposal,
        Self::Debate,
        Self::Veto,
        Self::Synthesis,
        Self::Abstain,
        Self::Conclusion,
        Self::Failed,
        Self::Aborted,
    ];
    const INITIAL: Self = Self::Idle;
    const FAILED: Self = Self::Failed;
    const ABORTED: Self = Self::Aborted;

    fn as_str(self) -> &'static str {
        match self {
            Self::Idle => "idle",
            Self::Proposal => "proposal",
            Self::Debate => "debate",
            Self::Veto => "veto",
            Self::Synthesis => "synthesis",
            Self::Abstain => "abstain",
            Self::Conclusion => "conclusion",
            Self::Failed => "failed",
            Self::Aborted => "aborted",
        }
    }

    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>> {
        use ReviewState::*;
        let allowed = match (self, to) {
            (Idle, Proposal) | (Proposal, Debate) => true,
            (Debate, Veto | Synthesis | Abstain | Debate | Conclusion) => true,
            (Veto, Proposal | Debate | Conclusion) => true,
            (Synthesis, Conclusion) | (Conclusion, Proposal) => true,
            (Abstain, Conclusion | Debate) => true,
            (from, Failed | Aborted) => from.is_running(),
            _ => false,
        };
        if allowed {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    /// A stopped review (interrupted, cancelled, failed) goes back to where its last complete step
    /// left it: PROPOSAL before any round, else the outcome of its last round.
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>> {
        use ReviewState::*;
        let resumable = self.is_running() || matches!(self, Aborted | Failed);
        if resumable && matches!(to, Proposal | Debate | Veto | Abstain | Synthesis) {
            Ok(to)
        } else {
            Err(TransitionError { from: self, to })
        }
    }

    fn is_finished(self) -> bool {
        matches!(self, Self::Conclusion | Self::Failed | Self::Aborted)
    }
}
