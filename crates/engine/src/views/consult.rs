//! Consult's decision as people read it, in the app and the exports alike: the dissent (the judge's
//! and what the engine added) by severity, and challenges threaded with the defences that answer
//! them.
use crate::consult::artifacts::{CrossExamArtifact, Dissent, Rebuttal, Severity, VerdictArtifact};
use crate::consult::confidence::ConfidenceCheck;
use crate::consult::ConsultBody;

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
    consilium_providers::order::sort_by_key(&mut entries, |entry| {
        severity_rank(entry.dissent.severity)
    });
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

/// A challenge with the defences of the panelist it targets.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeThread {
    pub challenger: String,
    pub target_agent: String,
    pub challenge: String,
    pub evidence: Vec<String>,
    pub rebuttals: Vec<Rebuttal>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CrossExamThreads {
    pub threads: Vec<ChallengeThread>,
    /// Defences that answer no recorded challenge: still shown, never dropped.
    pub unthreaded: Vec<Rebuttal>,
    pub unresolved: Vec<String>,
}

/// Each challenge with the rebuttals of the panelist it targets, in the record's order.
pub fn challenge_threads(cross_exam: &CrossExamArtifact) -> CrossExamThreads {
    let threads = cross_exam
        .challenges
        .iter()
        .map(|challenge| ChallengeThread {
            challenger: challenge.challenger.clone(),
            target_agent: challenge.target_agent.clone(),
            challenge: challenge.challenge.clone(),
            evidence: challenge.evidence.clone(),
            rebuttals: cross_exam
                .rebuttals
                .iter()
                .filter(|rebuttal| rebuttal.agent == challenge.target_agent)
                .cloned()
                .collect(),
        })
        .collect();
    let unthreaded = cross_exam
        .rebuttals
        .iter()
        .filter(|rebuttal| {
            !cross_exam
                .challenges
                .iter()
                .any(|challenge| challenge.target_agent == rebuttal.agent)
        })
        .cloned()
        .collect();
    CrossExamThreads {
        threads,
        unthreaded,
        unresolved: cross_exam.unresolved.clone(),
    }
}
