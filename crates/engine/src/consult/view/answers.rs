//! Consult's decision as people read it, in the app and the exports alike: the dissent (the judge's
//! and what the engine added) by severity, challenges threaded with the defences that answer
//! them, and each panelist's round-1 answer as its card shows it.
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::{CrossExamArtifact, IndependentArtifact, Rebuttal};
use crate::record::consult::body::ConsultBody;
use crate::record::Session;
use crate::views::numbers::percent;

/// A panelist's round-1 answer as its card shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionCard {
    pub agent_id: ParticipantId,
    /// Who answered, as the session names them.
    pub label: String,
    pub position: String,
    pub key_points: Vec<String>,
    /// Empty for an answer in free text.
    pub rationale: String,
    /// The panelist's own confidence ("85%"); None for free text, which states none.
    pub confidence: Option<String>,
    /// The panelist answered in prose: the card marks it `FREE_TEXT_LABEL` ("free text").
    pub free_text: bool,
}

/// Every round-1 answer of `session`, in record order (none for a session of another protocol).
pub fn position_cards(session: &Session) -> Vec<PositionCard> {
    let Some(body) = session.body_of::<ConsultBody>() else {
        return Vec::new();
    };
    body.round1
        .iter()
        .map(|a| PositionCard::of(session, a))
        .collect()
}

impl PositionCard {
    /// The card of `answer`, a round-1 answer of `session`.
    pub fn of(session: &Session, answer: &IndependentArtifact) -> Self {
        Self {
            agent_id: answer.agent_id.clone(),
            label: session.label_of(&answer.agent_id),
            position: answer.position.clone(),
            key_points: answer.key_points.clone(),
            rationale: answer.rationale.clone(),
            confidence: (!answer.free_text).then(|| percent(answer.confidence)),
            free_text: answer.free_text,
        }
    }
}

/// A challenge with the defences of the panelist it targets.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeThread {
    pub challenger: ParticipantId,
    pub target_agent: ParticipantId,
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
