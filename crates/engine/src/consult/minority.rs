//! The minority's concerns the judge's dissent leaves out, added to the dissent on record by the
//! confidence check (`confidence`).
use super::confidence::strongest_consensus;
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::references::{parsed, Reference};
use crate::record::consult::artifacts::{
    Challenge, CrossExamArtifact, Dissent, Severity, SynthesisArtifact, Tension, VerdictArtifact,
    Viewpoint,
};

/// Who an unresolved point is attributed to when no challenge matches it.
pub const UNATTRIBUTED_AGENT: &str = "panel";

/// The concerns the judge's dissent leaves out:
/// - each round 2 tension viewpoint of a minority agent that nothing answers, as medium. The
///   minority are the agents outside the strongest consensus point (highest confidence, first on
///   a tie); with no consensus point, every agent in a tension is in the minority.
/// - each round 3 unresolved point no dissent covers, as high (it stood unanswered), from the
///   challenger whose challenge it is (an exact match before an overlapping one), else from
///   `UNATTRIBUTED_AGENT`; unless the decision stands on it (an evidence entry cites it) or it is
///   a challenge from the consensus to a panelist outside it (it presses the decision's side). When an added tension already says it, that entry becomes high
///   instead: the same concern once, at the severity of its strongest ground.
///
/// Reconciled by reference: the round-4 prompt numbers the unresolved points (`U1`…) and the
/// tensions (`T1`…, see `references`). A dissent entry covers the points it cites; an evidence
/// entry that cites a tension answers it. An entry that cites no valid number (a record made
/// before the numbering, or a judge that wrote none or only wrong ones) is matched by its text
/// instead: a dissent quoting the viewpoint (or naming the tension's topic, by the viewpoint's
/// agent), or quoting the unresolved point; an evidence entry naming the tension's topic or
/// quoting the viewpoint.
pub fn minority_concerns(
    verdict: &VerdictArtifact,
    synthesis: &SynthesisArtifact,
    cross_exam: &CrossExamArtifact,
) -> Vec<Dissent> {
    let majority: &[ParticipantId] = strongest_consensus(synthesis).unwrap_or(&[]);
    let valid = |reference: &Reference| match *reference {
        Reference::Unresolved(n) => n <= cross_exam.unresolved.len(),
        Reference::Tension(n) => n <= synthesis.tensions.len(),
    };
    let cited = |covers: &[String]| -> Vec<Reference> {
        parsed(covers).into_iter().filter(|r| valid(r)).collect()
    };
    let mut added: Vec<Dissent> = Vec::new();
    for (index, tension) in synthesis.tensions.iter().enumerate() {
        let number = Reference::Tension(index + 1);
        for viewpoint in &tension.viewpoints {
            let in_majority = majority.contains(&viewpoint.agent);
            let named_by_judge = verdict.dissent.iter().any(|d| {
                let refs = cited(&d.covers);
                if refs.is_empty() {
                    dissent_says(d, tension, viewpoint)
                } else {
                    refs.contains(&number)
                }
            });
            let answered = verdict.evidence.iter().any(|evidence| {
                let refs = cited(&evidence.covers);
                if refs.is_empty() {
                    mentions(&evidence.point, &tension.topic)
                        || mentions(&evidence.point, &viewpoint.viewpoint)
                } else {
                    refs.contains(&number)
                }
            });
            if !in_majority && !named_by_judge && !answered {
                added.push(Dissent {
                    agent: viewpoint.agent.clone(),
                    concern: format!("{}: {}", tension.topic, viewpoint.viewpoint),
                    severity: Severity::Medium,
                    covers: Vec::new(),
                });
            }
        }
    }
    for (index, point) in cross_exam.unresolved.iter().enumerate() {
        let number = Reference::Unresolved(index + 1);
        let covered_by_judge = verdict.dissent.iter().any(|d| {
            let refs = cited(&d.covers);
            if refs.is_empty() {
                mentions(&d.concern, point)
            } else {
                refs.contains(&number)
            }
        });
        // The judge rests the decision on it (an evidence entry cites it): it is the decision's
        // ground, not a concern against it.
        let decision_rests_on_it = verdict
            .evidence
            .iter()
            .any(|evidence| cited(&evidence.covers).contains(&number));
        let challenge = challenge_of(point, &cross_exam.challenges);
        // A challenge from the consensus to a panelist outside it presses the decision's side:
        // left unanswered, it stands for the decision, not against it.
        let presses_the_minority = challenge.is_some_and(|c| {
            majority.contains(&c.challenger) && !majority.contains(&c.target_agent)
        });
        if covered_by_judge || decision_rests_on_it || presses_the_minority {
            continue;
        }
        match added.iter_mut().find(|d| mentions(&d.concern, point)) {
            Some(tension) => tension.severity = Severity::High,
            None => added.push(Dissent {
                agent: challenge
                    .map_or_else(|| UNATTRIBUTED_AGENT.into(), |c| c.challenger.clone()),
                concern: point.clone(),
                severity: Severity::High,
                covers: Vec::new(),
            }),
        }
    }
    added
}

/// An uncited dissent names a minority viewpoint when it quotes it, or when the viewpoint's own
/// agent names the tension's topic: the agent alone is not enough (an unrelated concern of the
/// same agent would hide all its tensions).
fn dissent_says(dissent: &Dissent, tension: &Tension, viewpoint: &Viewpoint) -> bool {
    mentions(&dissent.concern, &viewpoint.viewpoint)
        || (dissent.agent == viewpoint.agent && mentions(&dissent.concern, &tension.topic))
}

fn mentions(text: &str, point: &str) -> bool {
    text.to_lowercase()
        .contains(point.trim().to_lowercase().as_str())
}

/// The challenge `point` is: one that says exactly it, else one that `point` quotes, else one
/// that quotes `point`.
fn challenge_of<'c>(point: &str, challenges: &'c [Challenge]) -> Option<&'c Challenge> {
    let exact = |c: &&Challenge| c.challenge.trim().eq_ignore_ascii_case(point.trim());
    let quoted = |c: &&Challenge| mentions(point, &c.challenge);
    let quoting = |c: &&Challenge| mentions(&c.challenge, point);
    challenges
        .iter()
        .find(exact)
        .or_else(|| challenges.iter().find(quoted))
        .or_else(|| challenges.iter().find(quoting))
}
