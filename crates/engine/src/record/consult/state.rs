//! The consult's state machine. Every change goes through `transition`, and a change the protocol
//! does not allow is an error, never a silent no-op.
//!
//! ```text
//! Idle -> Estimating -> AwaitingConsent -> Independent -> Synthesis -> CrossExam -> Verdict -> Complete
//!                                           (a round state -> Complete when the run stops after it)
//! any running state (Estimating .. Verdict) -> Aborted | Failed
//! Synthesis -> Complete          only for a reason (`end_after_synthesis`)
//! Complete  -> CrossExam         only through "Cross-examine anyway" (`cross_examine_anyway`)
//! ```
//!
//! Ending after the synthesis is how Vote and Adaptive decide early, so the plain table refuses
//! it: a run must say why (`SynthesisEnd`), and an Adaptive run has that reason only when its stop
//! rule held. A completed consult is reopened only after an early decision, to cross-examine it.
//!
//! Resuming is the one other way into a round: a stored session whose run was interrupted (tab
//! closed, cancelled, failed) restarts its first incomplete round with `resume`, see there.
use crate::record::state::{protocol_states, TransitionError as GenericTransitionError};

pub type TransitionError = GenericTransitionError<ConsultState>;

protocol_states! {
    pub enum ConsultState {
        Idle = "idle",
        Estimating = "estimating",
        AwaitingConsent = "awaiting_consent",
        Independent = "independent",
        Synthesis = "synthesis",
        CrossExam = "cross_exam",
        Verdict = "verdict",
        Complete = "complete",
        Aborted = "aborted",
        Failed = "failed",
    }
    rules {
        const NOUN: &'static str = "A consultation";
        const INITIAL: Self = Self::Idle;
        const FAILED: Self = Self::Failed;
        const ABORTED: Self = Self::Aborted;

        fn allows(self, to: Self) -> bool {
            use ConsultState::*;
            match (self, to) {
                (Idle, Estimating)
                | (Estimating, AwaitingConsent)
                | (AwaitingConsent, Independent)
                | (Independent, Synthesis)
                | (Synthesis, CrossExam)
                | (CrossExam, Verdict) => true,
                (Synthesis, Complete) => false,
                (from, Complete) => from.round().is_some(),
                (from, Aborted | Failed) => from.is_running(),
                _ => false,
            }
        }

        /// Puts a stored session whose run stopped before finishing back where it stood when its
        /// last complete round ended: that round's state, or AwaitingConsent when no round is
        /// complete. The run then continues with ordinary transitions. Allowed from any state a run
        /// can stop in (a running state whose tab is gone, Aborted, Failed); not from Idle (a fresh
        /// session starts normally) nor from Complete.
        fn resumes_at(self, to: Self) -> bool {
            let resumable = self.is_running() || matches!(self, Self::Aborted | Self::Failed);
            resumable && (to == Self::AwaitingConsent || to.round().is_some())
        }

        fn is_finished(self) -> bool {
            matches!(self, Self::Complete | Self::Aborted | Self::Failed)
        }
    }
}

/// Why a consult may end with its synthesis (the only ways Synthesis -> Complete is allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SynthesisEnd {
    /// The user chose to stop after round 2 (`ConsultConfig::stop_after_round`).
    StoppedByUser,
    /// Adaptive depth, and the stop rule held on the record.
    StopRuleHeld,
    /// Vote depth: the decision is the vote's.
    Vote,
}

impl ConsultState {
    /// Synthesis -> Complete; from any other state an error, as `transition`'s. Every
    /// `SynthesisEnd` allows it: the type makes the caller state its reason.
    pub fn end_after_synthesis(self, _why: SynthesisEnd) -> Result<Self, TransitionError> {
        match self {
            Self::Synthesis => Ok(Self::Complete),
            from => Err(TransitionError {
                from,
                to: Self::Complete,
            }),
        }
    }

    /// Complete -> CrossExam: "Cross-examine anyway" on a consult decided early. Only that command
    /// calls it, having checked the record holds an early decision after a synthesis.
    pub fn cross_examine_anyway(self) -> Result<Self, TransitionError> {
        match self {
            Self::Complete => Ok(Self::CrossExam),
            from => Err(TransitionError {
                from,
                to: Self::CrossExam,
            }),
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
}
