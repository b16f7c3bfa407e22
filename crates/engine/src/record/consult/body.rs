//! Consult's part of the session record: the council's settings and each round's artifact.
use serde::{Deserialize, Serialize};

use super::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact, VerdictArtifact,
};
use super::confidence::ConfidenceCheck;
use super::config::ConsultConfig;
use super::early_decision::{DecidedBy, Decision, EarlyDecision};
use super::efficiency::TokenEfficiencyStats;
use super::follow_up::{EditOf, FollowUpOf};
use super::member_turn::MemberTurn;
use crate::foundation::ids::SessionId;

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
    /// The decision made before round 4 (Vote, or Adaptive when the stop rule held); absent in a
    /// consult decided by its verdict and in every record made before depths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub early_decision: Option<EarlyDecision>,
    /// The user asked for rounds 3 and 4 after an early decision ("Cross-examine anyway"): the
    /// stop rule no longer applies, also when the run is resumed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cross_examined_anyway: bool,
    /// A thread's turn asked of one member alone: its answer is that member's, never a decision.
    /// Absent in every council turn and in every record made before such turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_turn: Option<MemberTurn>,
    /// A turn that asks an earlier turn again with its question edited; absent in every other
    /// record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit_of: Option<EditOf>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl ConsultBody {
    /// The first turn of the thread this consult is a later turn of; None for a first turn (or
    /// a consult asked alone).
    pub fn thread_root(&self) -> Option<&SessionId> {
        self.follows
            .as_ref()
            .map(FollowUpOf::thread_root)
            .or_else(|| self.edit_of.as_ref().map(|edit| &edit.thread))
    }

    /// The consult's decision: round 4's verdict, or else the early decision; None before either.
    pub fn decision(&self) -> Option<Decision<'_>> {
        if let Some(verdict) = &self.round4 {
            return Some(Decision {
                verdict,
                confidence_check: self.confidence_check.as_ref(),
                decided_by: DecidedBy::Verdict,
                calls_saved: 0,
            });
        }
        self.early_decision.as_ref().map(|early| Decision {
            verdict: &early.decision,
            confidence_check: Some(&early.confidence_check),
            decided_by: early.decided_by,
            calls_saved: early.calls_saved,
        })
    }

    /// The last round whose artifact is stored (0 = none). Round 1 counts once the answers a
    /// consult needs are stored (`ConsultConfig::answers_needed`).
    pub fn last_complete_round(&self) -> u8 {
        if self.round4.is_some() {
            4
        } else if self.round3.is_some() {
            3
        } else if self.round2.is_some() {
            2
        } else if !self.round1.is_empty() && self.round1.len() >= self.config.answers_needed() {
            1
        } else {
            0
        }
    }
}
