//! The verdict's confidence is checked in code, not taken on the judge's word.
//!
//! - No dissent: at least 0.85; at least 0.90 when the panel agreed strongly, meaning the synthesis
//!   found no tensions, the cross-examination left nothing unresolved, and every independent answer
//!   had a confidence of at least 0.70.
//! - Any high-severity dissent: below 0.70 (at most 0.69).
//! - Only low or medium dissent: from 0.70 to 0.90.
//!
//! A floor is earned: it applies only when the record shows agreement, meaning every panelist
//! answered every round (round 1, and round 3's cross-examination) and the strongest consensus
//! point has all of them. Otherwise no rule raises the judge's number (the ceilings still apply),
//! and the check says which condition failed (`agreement_gaps`).
//!
//! An answer in free text (prose taken as a panelist's position or defence) is heard, not absent,
//! but it is not structured agreement: it states no key points or confidence of its own, and the
//! synthesis's "supporting agents" for it are only the judge's reading. The conservative reading
//! is taken: a free-text answer in round 1 or 3 earns no floor (neither 85% nor strong agreement's
//! 90%), and the judge's number stands within the ceilings.
//!
//! With material (docs/design.md, "Material: what the council reads"), the floor also needs the
//! decision's evidence found: no evidence entry resting only on quotes not found in the material
//! (such an entry is not evidence, `consult::evidence`), and at least one entry whose quote is
//! found. Otherwise the gap says which entries, and the judge's number stands within the ceilings.
//!
//! With the web searched (docs/design.md, "Sources from the web"), the floor also needs no evidence
//! entry resting only on links no search of the council returned (`consult::evidence`): such a
//! link is "not from this search", exactly like a quote not found. A searching council need not
//! cite a link at all (a search may find nothing worth citing), so no returned link is required.
//!
//! "No dissent" must be true in the record, not just the judge's word: whatever the confidence, the
//! minority concerns the judge left out (see `minority_concerns`) are added to its dissent, and the
//! rules above apply to that reconciled list. Within their bounds the judge's number stands. The
//! verdict artifact keeps what the judge said; this check holds the computed number, the added
//! dissent and the reconciled list.
use crate::foundation::ids::{joined, ParticipantId};
use crate::record::consult::artifacts::{
    ConsensusPoint, CrossExamArtifact, Dissent, IndependentArtifact, Severity, SynthesisArtifact,
    VerdictArtifact,
};
use crate::record::consult::confidence::AgreementGap;
use crate::record::consult::confidence::ConfidenceCheck;
use crate::record::sources::Source;

use super::evidence::{self, Grounds};

pub use super::minority::{minority_concerns, UNATTRIBUTED_AGENT};

pub const STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE: f64 = 0.70;
pub const NO_DISSENT_FLOOR: f64 = 0.85;
pub const STRONG_AGREEMENT_FLOOR: f64 = 0.90;
pub const HIGH_DISSENT_CEILING: f64 = 0.69;
pub const RESERVATIONS_FLOOR: f64 = 0.70;
pub const RESERVATIONS_CEILING: f64 = 0.90;

pub fn check_confidence(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
) -> ConfidenceCheck {
    let everyone: Vec<ParticipantId> = round1.iter().map(|a| a.agent_id.clone()).collect();
    check_confidence_for_panel(verdict, round1, synthesis, cross_exam, &everyone)
}

/// `check_confidence` for a panel of `panel` ids, some of whom may have given no answer: those
/// are absent, and strong agreement needs every panelist.
pub fn check_confidence_for_panel(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    panel: &[ParticipantId],
) -> ConfidenceCheck {
    check_confidence_with_material(verdict, round1, synthesis, cross_exam, panel, &[])
}

/// `check_confidence_for_panel` for a consult with `material`: the floor needs the decision's
/// evidence found (see the module documentation).
pub fn check_confidence_with_material(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    panel: &[ParticipantId],
    material: &[Source],
) -> ConfidenceCheck {
    let grounds = Grounds::material(material);
    check_confidence_on(verdict, round1, synthesis, cross_exam, panel, grounds)
}

/// `check_confidence_for_panel` held to `grounds`: the floor needs the decision's evidence found
/// in the material and its links returned by the council's searches (see the module
/// documentation).
pub fn check_confidence_on(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    panel: &[ParticipantId],
    grounds: Grounds<'_>,
) -> ConfidenceCheck {
    let absent_panelists: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| !round1.iter().any(|a| a.agent_id == *id))
        .cloned()
        .collect();
    let judge = verdict.confidence;
    let added_dissent = minority_concerns(verdict, synthesis, cross_exam);
    let reconciled_dissent: Vec<Dissent> = verdict
        .dissent
        .iter()
        .chain(&added_dissent)
        .cloned()
        .collect();
    let mut agreement_gaps = agreement_gaps(round1, synthesis, cross_exam, panel);
    agreement_gaps.extend(evidence_gap(verdict, grounds.material));
    agreement_gaps.extend(link_gap(verdict, grounds));
    let floor_earned = agreement_gaps.is_empty();
    let strong = floor_earned && strong_agreement(round1, synthesis, cross_exam);
    let (computed, mut rule) = confidence_rule(judge, &reconciled_dissent, floor_earned, strong);
    if !floor_earned {
        let gaps: Vec<String> = agreement_gaps.iter().map(AgreementGap::sentence).collect();
        rule.push_str(&format!(
            " No floor applies, because the record does not show agreement: {}.",
            gaps.join("; ")
        ));
    }
    if !added_dissent.is_empty() {
        rule.push_str(&format!(
            " The judge left out {}; they were added from the round 2 tensions \
             (medium) and the unresolved round 3 points (high), and count above.",
            crate::foundation::counted::counted(added_dissent.len(), "minority concern")
        ));
    }
    if !absent_panelists.is_empty() {
        rule.push_str(&format!(
            " Absent (no usable answer, so not counted as agreeing): {}.",
            joined(&absent_panelists, ", ")
        ));
    }
    ConfidenceCheck {
        judge_confidence: judge,
        computed_confidence: computed,
        rule,
        adjusted: (computed - judge).abs() > f64::EPSILON,
        added_dissent,
        reconciled_dissent,
        absent_panelists,
        agreement_gaps,
    }
}

/// The conditions of agreement the record does not meet (see the module documentation): empty
/// when a floor is earned.
pub fn agreement_gaps(
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    panel: &[ParticipantId],
) -> Vec<AgreementGap> {
    let mut gaps = Vec::new();
    let answered_round1 = |id: &ParticipantId| round1.iter().any(|a| a.agent_id == id);
    let silent_round1: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| !answered_round1(id))
        .cloned()
        .collect();
    if !silent_round1.is_empty() {
        gaps.push(AgreementGap::NoAnswer {
            round: 1,
            panelists: silent_round1,
        });
    }
    // Every panelist with a usable round 3 reply has its defence on record as a rebuttal.
    let silent_round3: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| answered_round1(id) && !cross_exam.rebuttals.iter().any(|r| r.agent == *id))
        .cloned()
        .collect();
    if !silent_round3.is_empty() {
        gaps.push(AgreementGap::NoAnswer {
            round: 3,
            panelists: silent_round3,
        });
    }
    // Heard in free text: its agreement is only the judge's reading (see the module documentation).
    let round1_free_text: Vec<ParticipantId> = round1
        .iter()
        .filter(|a| a.free_text)
        .map(|a| a.agent_id.clone())
        .collect();
    let round3_free_text: Vec<ParticipantId> = cross_exam
        .rebuttals
        .iter()
        .filter(|r| r.free_text)
        .map(|r| r.agent.clone())
        .collect();
    for (round, panelists) in [(1, round1_free_text), (3, round3_free_text)] {
        if !panelists.is_empty() {
            gaps.push(AgreementGap::FreeText { round, panelists });
        }
    }
    gaps.extend(consensus_gap(synthesis, panel));
    gaps
}

/// The decision's evidence against the material: entries resting only on quotes not found, or no
/// entry whose quote is found. None without material.
pub fn evidence_gap(verdict: &VerdictArtifact, material: &[Source]) -> Option<AgreementGap> {
    if material.is_empty() {
        return None;
    }
    let entries = evidence::not_evidence(verdict, material);
    if !entries.is_empty() {
        return Some(AgreementGap::EvidenceNotFound { entries });
    }
    (!evidence::any_found(verdict, material)).then_some(AgreementGap::NoEvidenceFound)
}

/// The decision's evidence against the council's searches: entries resting only on links no
/// search returned. None when the council did not search, or every linked entry holds.
pub fn link_gap(verdict: &VerdictArtifact, grounds: Grounds<'_>) -> Option<AgreementGap> {
    grounds.searches?;
    let entries = evidence::links_not_returned(verdict, grounds);
    (!entries.is_empty()).then_some(AgreementGap::LinksNotReturned { entries })
}

/// The conditions of agreement a record through round 2 does not meet, for an early decision:
/// every panelist answered round 1 in the fields asked for, and (with a synthesis) its strongest
/// consensus point has all of them. With no synthesis (`None`: checkable answers that all agree),
/// the agreement is the answers' own.
pub fn agreement_gaps_after_synthesis(
    round1: &[IndependentArtifact],
    synthesis: Option<&SynthesisArtifact>,
    panel: &[ParticipantId],
) -> Vec<AgreementGap> {
    let mut gaps = Vec::new();
    let silent: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| !round1.iter().any(|a| a.agent_id == *id))
        .cloned()
        .collect();
    if !silent.is_empty() {
        gaps.push(AgreementGap::NoAnswer {
            round: 1,
            panelists: silent,
        });
    }
    let free_text: Vec<ParticipantId> = round1
        .iter()
        .filter(|a| a.free_text)
        .map(|a| a.agent_id.clone())
        .collect();
    if !free_text.is_empty() {
        gaps.push(AgreementGap::FreeText {
            round: 1,
            panelists: free_text,
        });
    }
    let Some(synthesis) = synthesis else {
        return gaps;
    };
    gaps.extend(consensus_gap(synthesis, panel));
    gaps
}

/// The synthesis's part of agreement: a strongest consensus point, supported by every panelist.
fn consensus_gap(synthesis: &SynthesisArtifact, panel: &[ParticipantId]) -> Option<AgreementGap> {
    let Some(supporters) = strongest_consensus(synthesis) else {
        return Some(AgreementGap::NoConsensusPoint);
    };
    let without: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| !supporters.contains(id))
        .cloned()
        .collect();
    (!without.is_empty()).then_some(AgreementGap::ConsensusWithout { panelists: without })
}

/// The check of an early decision (made in code after round 1 or 2): the verdict's bands on its
/// dissent, a floor only when `agreement_gaps` is empty, strong agreement when besides there is
/// no tension and every answer is at least 70% confident. `decision.confidence` is the number it
/// starts from, as the judge's is for a verdict.
pub fn check_early_confidence(
    decision: &VerdictArtifact,
    round1: &[IndependentArtifact],
    agreement_gaps: Vec<AgreementGap>,
    no_tensions: bool,
    panel: &[ParticipantId],
) -> ConfidenceCheck {
    let absent_panelists: Vec<ParticipantId> = panel
        .iter()
        .filter(|id| !round1.iter().any(|a| a.agent_id == *id))
        .cloned()
        .collect();
    let floor_earned = agreement_gaps.is_empty();
    let strong = floor_earned
        && no_tensions
        && round1
            .iter()
            .all(|a| a.confidence >= STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE);
    let start = decision.confidence;
    let (computed, mut rule) = confidence_rule(start, &decision.dissent, floor_earned, strong);
    rule = rule.replace("the judge's number", "the number it started from");
    if !floor_earned {
        let gaps: Vec<String> = agreement_gaps.iter().map(AgreementGap::sentence).collect();
        rule.push_str(&format!(
            " No floor applies, because the record does not show agreement: {}.",
            gaps.join("; ")
        ));
    }
    if !absent_panelists.is_empty() {
        rule.push_str(&format!(
            " Absent (no usable answer, so not counted as agreeing): {}.",
            joined(&absent_panelists, ", ")
        ));
    }
    ConfidenceCheck {
        judge_confidence: start,
        computed_confidence: computed,
        rule,
        adjusted: (computed - start).abs() > f64::EPSILON,
        added_dissent: Vec::new(),
        reconciled_dissent: decision.dissent.clone(),
        absent_panelists,
        agreement_gaps,
    }
}

/// The strongest consensus point (highest confidence, first on a tie).
pub fn strongest_point(synthesis: &SynthesisArtifact) -> Option<&ConsensusPoint> {
    synthesis.consensus_points.iter().reduce(|best, point| {
        if point.confidence > best.confidence {
            point
        } else {
            best
        }
    })
}

/// The agents of the strongest consensus point (highest confidence, first on a tie).
pub(super) fn strongest_consensus(synthesis: &SynthesisArtifact) -> Option<&[ParticipantId]> {
    strongest_point(synthesis).map(|point| point.supporting_agents.as_slice())
}

/// The computed confidence for the judge's number and the reconciled dissent, and the rule that
/// gave it. `floor_earned`: the record shows agreement (see the module documentation); without
/// it no floor raises the judge's number. `strong` is strong agreement with every panelist present.
pub fn confidence_rule(
    judge: f64,
    reconciled_dissent: &[Dissent],
    floor_earned: bool,
    strong: bool,
) -> (f64, String) {
    let severities: Vec<Severity> = reconciled_dissent.iter().map(|d| d.severity).collect();
    if severities.is_empty() {
        if !floor_earned {
            (
                judge,
                "The dissent on record is empty, but no floor: the judge's number stands."
                    .to_string(),
            )
        } else if strong {
            (
                judge.max(STRONG_AGREEMENT_FLOOR),
                "No dissent and strong agreement (no tensions, nothing unresolved, every panelist at \
                 least 70% confident): at least 90%."
                    .to_string(),
            )
        } else {
            (
                judge.max(NO_DISSENT_FLOOR),
                "No dissent: at least 85%.".to_string(),
            )
        }
    } else if severities.contains(&Severity::High) {
        (
            judge.min(HIGH_DISSENT_CEILING),
            "High-severity dissent: below 70%.".to_string(),
        )
    } else if !floor_earned {
        (
            judge.min(RESERVATIONS_CEILING),
            "Only low or medium dissent: at most 90%.".to_string(),
        )
    } else {
        (
            judge.clamp(RESERVATIONS_FLOOR, RESERVATIONS_CEILING),
            "Only low or medium dissent: from 70% to 90%.".to_string(),
        )
    }
}

/// See the module documentation.
pub fn strong_agreement(
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
) -> bool {
    synthesis.tensions.is_empty()
        && cross_exam.unresolved.is_empty()
        && round1
            .iter()
            .all(|a| a.confidence >= STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE)
}
