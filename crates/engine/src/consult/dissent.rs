//! The dissent on record, as every place that shows a verdict orders it (the report here, the
//! app's views through `views::consult`): the judge's dissent and the engine's additions, high
//! severity first; and what is said when it has no entry.
use super::confidence::RESERVATIONS_FLOOR;
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::{Dissent, Severity, VerdictArtifact};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::confidence::{AgreementGap, ConfidenceCheck};

/// One entry of the dissent on record.
#[derive(Clone, Debug, PartialEq)]
pub struct DissentEntry {
    pub dissent: Dissent,
    /// True when the engine added it (a minority concern the judge left out).
    pub added_by_engine: bool,
}

/// The judge's dissent and the engine's additions, high severity first; ties keep their order
/// (the judge's before the engine's).
pub fn dissent_on_record(body: &ConsultBody) -> Vec<DissentEntry> {
    match body.decision() {
        Some(decision) => dissent_of(decision.verdict, decision.confidence_check),
        None => Vec::new(),
    }
}

/// `dissent_on_record` of a verdict and its check.
pub fn dissent_of(verdict: &VerdictArtifact, check: Option<&ConfidenceCheck>) -> Vec<DissentEntry> {
    let judge = verdict.dissent.iter().map(|dissent| DissentEntry {
        dissent: dissent.clone(),
        added_by_engine: false,
    });
    let added = check
        .iter()
        .flat_map(|check| check.added_dissent.iter())
        .map(|dissent| DissentEntry {
            dissent: dissent.clone(),
            added_by_engine: true,
        });
    let mut entries: Vec<DissentEntry> = judge.chain(added).collect();
    consilium_order::sort_by_key(&mut entries, |entry| severity_rank(entry.dissent.severity));
    entries
}

fn severity_rank(severity: Severity) -> u8 {
    match severity {
        Severity::High => 0,
        Severity::Medium => 1,
        Severity::Low => 2,
    }
}

pub fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::High => "high",
        Severity::Medium => "medium",
        Severity::Low => "low",
    }
}

/// The panelists with no usable answer in some round (round 1, or round 3's cross-examination):
/// absent, so not agreeing, even when the consult completed.
pub fn absent_panelists(check: &ConfidenceCheck) -> Vec<ParticipantId> {
    let mut absent = check.absent_panelists.clone();
    for gap in &check.agreement_gaps {
        if let AgreementGap::NoAnswer { panelists, .. } = gap {
            for id in panelists {
                if !absent.contains(id) {
                    absent.push(id.clone());
                }
            }
        }
    }
    absent
}

/// "1 of 3 panelists absent": a dissent-like fact, said beside the dissent.
pub fn absent_fact(absent: usize, panel_size: usize) -> String {
    format!("{absent} of {panel_size} panelists absent")
}

/// What the dissent section says when it has no entry. "No dissent" only when it is true of the
/// record: not when a panelist was absent (absent is not agreeing), and not below 70% (seed 000:
/// a low confidence comes with dissent; when the judge named none, that is said).
pub fn empty_dissent_note(confidence: f64, absent: usize, panel_size: usize) -> String {
    let below = confidence < RESERVATIONS_FLOOR;
    let absent = (absent > 0).then(|| {
        format!(
            "{}, not counted as agreeing",
            absent_fact(absent, panel_size)
        )
    });
    match (below, absent) {
        (false, None) => "No dissent on record.".to_string(),
        (false, Some(absent)) => format!("The judge named none; {absent}."),
        (true, None) => "The judge named none, though the confidence is below 70%.".to_string(),
        (true, Some(absent)) => {
            format!("The judge named none, though the confidence is below 70%; {absent}.")
        }
    }
}

/// `empty_dissent_note` of a consult with a verdict: the computed confidence (the judge's in a
/// record made before it was checked) and the panelists absent from some round.
pub fn empty_dissent_note_of(body: &ConsultBody) -> Option<String> {
    let decision = body.decision()?;
    let (verdict, check) = (decision.verdict, decision.confidence_check);
    let confidence = check.map_or(verdict.confidence, |c| c.computed_confidence);
    let absent = check.map_or(0, |c| absent_panelists(c).len());
    if body.config.is_alone() {
        // One model asked alone: there was no panel to agree or dissent.
        return Some(ALONE_DISSENT_NOTE.to_string());
    }
    Some(empty_dissent_note(
        confidence,
        absent,
        body.config.panelists.len(),
    ))
}

/// The dissent section of a model asked alone.
pub const ALONE_DISSENT_NOTE: &str = "One model was asked alone: no panel to dissent.";
