//! The quorum and the verdict, computed in code and never asked of a model (seed 002).
//!
//! | votes                                    | outcome                                   |
//! |------------------------------------------|-------------------------------------------|
//! | any VETO                                  | VETO (attempt a business compromise)      |
//! | SYNTHESIS >= 2/3 of members not abstaining | CONCLUSION (warning when most abstained) |
//! | everyone abstained                        | CONCLUSION, INCONCLUSIVE                  |
//! | otherwise                                 | another DEBATE round, INCONCLUSIVE at 5  |
use serde::{Deserialize, Serialize};

use crate::record::review::body::ReviewVerdict;
use crate::record::review::reply::Vote;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuorumOutcome {
    Veto,
    Synthesis { majority_abstained: bool },
    AllAbstained,
    NoQuorum,
}

pub fn quorum(votes: &[Vote]) -> QuorumOutcome {
    if votes.contains(&Vote::Veto) {
        return QuorumOutcome::Veto;
    }
    let abstained = votes.iter().filter(|v| **v == Vote::Abstain).count();
    let voting = votes.len() - abstained;
    if voting == 0 {
        return QuorumOutcome::AllAbstained;
    }
    let synthesis = votes.iter().filter(|v| **v == Vote::Synthesis).count();
    if synthesis * 3 >= voting * 2 {
        QuorumOutcome::Synthesis {
            majority_abstained: abstained * 2 > votes.len(),
        }
    } else {
        QuorumOutcome::NoQuorum
    }
}

/// How a deliberation ended, for the verdict mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Synthesis {
        /// Verified fix items (and secret-scan hits): unverified ones request nothing.
        fix_items: usize,
    },
    IrreconcilableVeto,
    /// Quorum not met by the round limit, or everyone abstained.
    NoConsensus,
}

/// The seed's verdict mapping.
pub fn verdict_for(ending: Ending) -> ReviewVerdict {
    match ending {
        Ending::Synthesis { fix_items: 0 } => ReviewVerdict::Approved,
        Ending::Synthesis { .. } | Ending::IrreconcilableVeto => ReviewVerdict::RequestChanges,
        Ending::NoConsensus => ReviewVerdict::Inconclusive,
    }
}
