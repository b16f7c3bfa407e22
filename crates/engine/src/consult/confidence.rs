//! The verdict's confidence is checked in code, not taken on the judge's word.
//!
//! - No dissent: at least 0.85; at least 0.90 when the panel agreed strongly, meaning the synthesis
//!   found no tensions, the cross-examination left nothing unresolved, and every independent answer
//!   had a confidence of at least 0.70.
//! - Any high-severity dissent: below 0.70 (at most 0.69).
//! - Only low or medium dissent: from 0.70 to 0.90.
//!
//! "No dissent" must be true in the record, not just the judge's word: whatever the confidence, the
//! minority concerns the judge left out (see `minority_concerns`) are added to its dissent, and the
//! rules above apply to that reconciled list. Within their bounds the judge's number stands. The
//! verdict artifact keeps what the judge said; this check holds the computed number, the added
//! dissent and the reconciled list.
use crate::record::consult::artifacts::{
    CrossExamArtifact, Dissent, IndependentArtifact, Severity, SynthesisArtifact, VerdictArtifact,
};
pub use crate::record::consult::confidence::ConfidenceCheck;

pub const STRONG_AGREEMENT_MIN_PANELIST_CONFIDENCE: f64 = 0.70;
pub const NO_DISSENT_FLOOR: f64 = 0.85;
pub const STRONG_AGREEMENT_FLOOR: f64 = 0.90;
pub const HIGH_DISSENT_CEILING: f64 = 0.69;
pub const RESERVATIONS_FLOOR: f64 = 0.70;
pub const RESERVATIONS_CEILING: f64 = 0.90;
/// Who an unresolved point is attributed to when no challenge matches it.
pub const UNATTRIBUTED_AGENT: &str = "panel";

pub fn check_confidence(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
) -> ConfidenceCheck {
    let everyone: Vec<String> = round1.iter().map(|a| a.agent_id.clone()).collect();
    check_confidence_for_panel(verdict, round1, synthesis, cross_exam, &everyone)
}

/// `check_confidence` for a panel of `panel` ids, some of whom may have given no answer: those
/// are absent, and strong agreement needs every panelist.
pub fn check_confidence_for_panel(
    verdict: &VerdictArtifact,
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
    panel: &[String],
) -> ConfidenceCheck {
    let absent_panelists: Vec<String> = panel
        .iter()
        .filter(|id| !round1.iter().any(|a| &a.agent_id == *id))
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
    let strong = absent_panelists.is_empty() && strong_agreement(round1, synthesis, cross_exam);
    let (computed, mut rule) = confidence_rule(judge, &reconciled_dissent, strong);
    if !added_dissent.is_empty() {
        rule.push_str(&format!(
            " The judge left out {} minority concern(s); they were added from the round 2 tensions \
             (medium) and the unresolved round 3 points (high), and count above.",
            added_dissent.len()
        ));
    }
    if !absent_panelists.is_empty() {
        rule.push_str(&format!(
            " Absent (no usable answer, so not counted as agreeing): {}.",
            absent_panelists.join(", ")
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
    }
}

/// The computed confidence for the judge's number and the reconciled dissent, and the rule that
/// gave it. `strong` is strong agreement with every panelist present.
pub fn confidence_rule(judge: f64, reconciled_dissent: &[Dissent], strong: bool) -> (f64, String) {
    let severities: Vec<Severity> = reconciled_dissent.iter().map(|d| d.severity).collect();
    if severities.is_empty() {
        if strong {
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

/// The concerns the judge's dissent leaves out:
/// - each round 2 tension viewpoint of a minority agent the dissent does not name, as medium, unless
///   the verdict's evidence answers it (an evidence point names the tension's topic or quotes the
///   viewpoint). The minority are the agents outside the strongest consensus point (highest
///   confidence, first on a tie); with no consensus point, every agent in a tension is in the
///   minority.
/// - each round 3 unresolved point no dissent concern mentions, as high (it stood unanswered), from
///   the challenger whose challenge it quotes, else from `UNATTRIBUTED_AGENT`.
pub fn minority_concerns(
    verdict: &VerdictArtifact,
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
) -> Vec<Dissent> {
    let majority: &[String] = synthesis
        .consensus_points
        .iter()
        .reduce(|best, point| {
            if point.confidence > best.confidence {
                point
            } else {
                best
            }
        })
        .map_or(&[], |point| &point.supporting_agents);
    let mut added: Vec<Dissent> = Vec::new();
    for tension in &synthesis.tensions {
        for viewpoint in &tension.viewpoints {
            let in_majority = majority.contains(&viewpoint.agent);
            let named_by_judge = verdict.dissent.iter().any(|d| d.agent == viewpoint.agent);
            let answered = verdict.evidence.iter().any(|evidence| {
                mentions(evidence, &tension.topic) || mentions(evidence, &viewpoint.viewpoint)
            });
            if !in_majority && !named_by_judge && !answered {
                added.push(Dissent {
                    agent: viewpoint.agent.clone(),
                    concern: format!("{}: {}", tension.topic, viewpoint.viewpoint),
                    severity: Severity::Medium,
                });
            }
        }
    }
    for point in &cross_exam.unresolved {
        let mentioned = verdict
            .dissent
            .iter()
            .chain(&added)
            .any(|d| mentions(&d.concern, point));
        if !mentioned {
            added.push(Dissent {
                agent: challenger_of(point, cross_exam),
                concern: point.clone(),
                severity: Severity::High,
            });
        }
    }
    added
}

fn mentions(text: &str, point: &str) -> bool {
    text.to_lowercase()
        .contains(point.trim().to_lowercase().as_str())
}

fn challenger_of(point: &str, cross_exam: &CrossExamArtifact) -> String {
    cross_exam
        .challenges
        .iter()
        .find(|c| mentions(point, &c.challenge) || mentions(&c.challenge, point))
        .map_or_else(|| UNATTRIBUTED_AGENT.to_string(), |c| c.challenger.clone())
}
