//! The dissent on record, as every place that shows a verdict orders it (the report here, the
//! app's views through `views::consult`): the judge's dissent and the engine's additions, high
//! severity first.
use crate::record::consult::artifacts::{Dissent, Severity, VerdictArtifact};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::confidence::ConfidenceCheck;

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
    match &body.round4 {
        Some(verdict) => dissent_of(verdict, body.confidence_check.as_ref()),
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
