//! Consult's part of the session record: the council's settings and each round's artifact.
use serde::{Deserialize, Serialize};

use super::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact, VerdictArtifact,
};
use super::confidence::ConfidenceCheck;
use super::config::{ConsultConfig, MIN_PANELISTS};
use super::efficiency::TokenEfficiencyStats;
use super::follow_up::FollowUpOf;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsultBody {
    pub config: ConsultConfig,
    /// Stored once round 1 is complete, in panel order; panelists whose answer failed are absent.
    #[serde(default)]
    pub round1: Vec<IndependentArtifact>,
    #[serde(default)]
    pub round2: Option<SynthesisArtifact>,
    #[serde(default)]
    pub round3: Option<CrossExamArtifact>,
    /// The judge's verdict as given; see `confidence_check` for the checked confidence and the
    /// dissent the engine added.
    #[serde(default)]
    pub round4: Option<VerdictArtifact>,
    #[serde(default)]
    pub confidence_check: Option<ConfidenceCheck>,
    #[serde(default)]
    pub token_efficiency_stats: Option<TokenEfficiencyStats>,
    /// The seed of every reader's peer labels when `config.anonymous_peers` is on: drawn once
    /// when the run starts and kept, so a resumed session shows each reader the same labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peer_label_seed: Option<u32>,
    /// The earlier consult this one follows up ("Ask a follow-up"); absent in every other record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<FollowUpOf>,
}

impl ConsultBody {
    /// The last round whose artifact is stored (0 = none). Round 1 counts once at least two
    /// independent answers are stored, the minimum for a council.
    pub fn last_complete_round(&self) -> u8 {
        if self.round4.is_some() {
            4
        } else if self.round3.is_some() {
            3
        } else if self.round2.is_some() {
            2
        } else if self.round1.len() >= MIN_PANELISTS {
            1
        } else {
            0
        }
    }
}
