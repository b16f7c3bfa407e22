//! Consult's decision as people read it, in the app and the exports alike: the dissent (the judge's
//! and what the engine added) by severity, and challenges threaded with the defences that answer
//! them.
pub use crate::consult::dissent::{dissent_of, dissent_on_record, severity_name, DissentEntry};
use crate::record::consult::artifacts::{CrossExamArtifact, Rebuttal};

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
