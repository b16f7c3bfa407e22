//! The record of the verdict's confidence check (the rules that compute it are the protocol's,
//! `consult::confidence`).
use serde::{Deserialize, Serialize};

use super::artifacts::Dissent;
use crate::foundation::ids::{joined, ParticipantId};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConfidenceCheck {
    pub judge_confidence: f64,
    pub computed_confidence: f64,
    /// Which rule applied, as a sentence.
    pub rule: String,
    /// The computed confidence differs from the judge's.
    pub adjusted: bool,
    /// Minority concerns the judge left out; show them after the verdict's own dissent.
    pub added_dissent: Vec<Dissent>,
    /// The judge's dissent followed by `added_dissent`: what the confidence was computed from.
    #[serde(default)]
    pub reconciled_dissent: Vec<Dissent>,
    /// Panelists whose answer failed: absent, not agreeing (strong agreement needs everyone).
    #[serde(default)]
    pub absent_panelists: Vec<ParticipantId>,
    /// Why the record does not show agreement, when it does not: then no floor raised the judge's
    /// number. Empty when the floor was earned (and in records made before floors were earned).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreement_gaps: Vec<AgreementGap>,
}

/// A condition of agreement the record does not meet. A confidence floor ("no dissent: at least
/// 85%") is earned only when every panelist answered every round and the strongest consensus
/// point has all of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "gap", rename_all = "snake_case")]
pub enum AgreementGap {
    /// These panelists have no usable answer in this round.
    NoAnswer {
        round: u8,
        panelists: Vec<ParticipantId>,
    },
    /// The synthesis found no consensus point.
    NoConsensusPoint,
    /// The strongest consensus point lacks these panelists.
    ConsensusWithout { panelists: Vec<ParticipantId> },
    /// These panelists answered this round in free text (prose, without the fields asked for):
    /// heard, but their agreement is only the judge's reading of their words.
    FreeText {
        round: u8,
        panelists: Vec<ParticipantId>,
    },
    /// These evidence entries of the verdict (numbered from 1) cite the material and none of
    /// their quotes is found there: they are not evidence.
    EvidenceNotFound { entries: Vec<usize> },
    /// The consult has material and no evidence entry quotes it where the quote is found.
    NoEvidenceFound,
    /// These evidence entries of the verdict (numbered from 1) rest only on links no search of
    /// the council returned ("not from this search"): they are not evidence.
    LinksNotReturned { entries: Vec<usize> },
}

impl AgreementGap {
    /// The condition as a sentence, for the "Why?" of the confidence.
    pub fn sentence(&self) -> String {
        match self {
            AgreementGap::NoAnswer { round, panelists } => {
                format!(
                    "{} gave no usable answer in round {round}",
                    joined(panelists, ", ")
                )
            }
            AgreementGap::NoConsensusPoint => "the synthesis found no consensus point".to_string(),
            AgreementGap::ConsensusWithout { panelists } => format!(
                "the strongest consensus point is not supported by {}",
                joined(panelists, ", ")
            ),
            AgreementGap::FreeText { round, panelists } => format!(
                "{} answered round {round} in free text, so agreement rests on the judge's reading",
                joined(panelists, ", ")
            ),
            AgreementGap::EvidenceNotFound { entries } => format!(
                "evidence {} rests on quotes not found in the material, so it is not evidence",
                entries
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            AgreementGap::NoEvidenceFound => {
                "no evidence quotes the material where the quote is found".to_string()
            }
            AgreementGap::LinksNotReturned { entries } => format!(
                "evidence {} rests only on links no search of the council returned, so it is \
                 not evidence",
                entries
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}
