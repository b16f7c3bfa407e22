//! Decisions made in code before round 4, in the verdict's shape (`EarlyDecision`): Adaptive's
//! when its stop rule holds, Vote's always, and either's when checkable answers all agree.
//! Nothing here calls a model; the confidence follows the verdict's bands and earned-floor rule
//! (`confidence::check_early_confidence`), and its evidence is held to the material and to what
//! the council's searches returned, as a verdict's is (`confidence::evidence_gap`, `link_gap`):
//! each entry carries the round-1 quotes of the panelists who hold it.
use consilium_providers::SearchReport;

use super::confidence::{
    agreement_gaps_after_synthesis, check_early_confidence, evidence_gap, link_gap, strongest_point,
};
use super::evidence::Grounds;
use super::stop_rule::stop_rule_holds;
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::{
    ArtifactEnvelope, Dissent, Evidence, IndependentArtifact, Severity, SynthesisArtifact,
    VerdictArtifact, VERDICT,
};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::confidence::ConfidenceCheck;
use crate::record::consult::depth::{agreed_final_answer, majority_final_answer, Depth};
use crate::record::consult::early_decision::{DecidedBy, EarlyDecision};
use crate::record::sources::Citation;

/// The calls a Full consult would have asked after the synthesis: one cross-examination per
/// panelist with a round-1 answer, and the verdict. The judge's merge of the challenges is asked
/// only when someone challenges, which an agreeing panel need not do: it is not counted.
pub fn calls_saved_after_synthesis(round1: &[IndependentArtifact]) -> u32 {
    round1.len() as u32 + 1
}

/// The early decision a consult takes after round 1, before any synthesis: when the depth is not
/// Full, the consult asks for checkable final answers, and every panelist gave the same one.
pub fn after_round1(
    body: &ConsultBody,
    created_at: String,
    searches: Searches<'_>,
) -> Option<EarlyDecision> {
    let config = &body.config;
    if config.depth == Depth::Full || !config.final_answer || body.cross_examined_anyway {
        return None;
    }
    let panel = panel_ids(body);
    let answer = agreed_final_answer(&body.round1, &panel)?;
    let positions = positions(&body.round1);
    // The least confident panelist's number: agreement does not make anyone surer.
    let confidence = body.round1.iter().map(|a| a.confidence).fold(1.0, f64::min);
    let decision = verdict_shape(
        created_at,
        body.round1[0].position.clone(),
        confidence,
        positions,
        Vec::new(),
        Some(answer.to_string()),
    );
    let gaps = held_to_grounds(
        agreement_gaps_after_synthesis(&body.round1, None, &panel),
        &decision,
        body,
        searches,
    );
    let check = check_early_confidence(&decision, &body.round1, gaps, true, &panel);
    Some(EarlyDecision {
        decided_by: DecidedBy::AgreedAnswers,
        decision,
        confidence_check: check,
        calls_saved: 1 + calls_saved_after_synthesis(&body.round1),
    })
}

/// A council of one model alone: its round-1 answer is the decision, at any depth. Its own
/// confidence stands: no floor, since there is no panel whose agreement could earn one, and no
/// dissent, since nobody else answered. Nothing is saved: a council of one asks nothing more.
pub fn alone(
    body: &ConsultBody,
    created_at: String,
    _searches: Searches<'_>,
) -> Option<EarlyDecision> {
    if !body.config.is_alone() {
        return None;
    }
    let [answer] = body.round1.as_slice() else {
        return None;
    };
    let points = if answer.key_points.is_empty() {
        vec![answer.position.clone()]
    } else {
        answer.key_points.clone()
    };
    let evidence = points
        .into_iter()
        .map(|point| citing(point, answer.citations.clone()))
        .collect();
    let decision = verdict_shape(
        created_at,
        answer.position.clone(),
        answer.confidence,
        evidence,
        Vec::new(),
        answer.final_answer.clone(),
    );
    let confidence_check = ConfidenceCheck {
        judge_confidence: answer.confidence,
        computed_confidence: answer.confidence,
        rule: "One model alone: its own confidence stands (no panel, so no agreement to earn a \
               floor and no dissent)."
            .to_string(),
        adjusted: false,
        added_dissent: Vec::new(),
        reconciled_dissent: Vec::new(),
        absent_panelists: Vec::new(),
        agreement_gaps: Vec::new(),
    };
    Some(EarlyDecision {
        decided_by: DecidedBy::Alone,
        decision,
        confidence_check,
        calls_saved: 0,
    })
}

/// The early decision a consult takes after its synthesis: Vote's always, Adaptive's when its
/// stop rule holds (never when the consult asks for checkable answers that did not all agree).
pub fn after_synthesis(
    body: &ConsultBody,
    created_at: String,
    searches: Searches<'_>,
) -> Option<EarlyDecision> {
    let synthesis = body.round2.as_ref()?;
    if body.cross_examined_anyway || body.round3.is_some() {
        return None;
    }
    let panel = panel_ids(body);
    match body.config.depth {
        Depth::Full => None,
        Depth::Adaptive => {
            let agreed =
                !body.config.final_answer && stop_rule_holds(&body.round1, synthesis, &panel);
            agreed.then(|| agreed_after_synthesis(body, synthesis, &panel, created_at, searches))
        }
        Depth::Vote => Some(vote(body, synthesis, &panel, created_at, searches)),
    }
}

fn agreed_after_synthesis(
    body: &ConsultBody,
    synthesis: &SynthesisArtifact,
    panel: &[ParticipantId],
    created_at: String,
    searches: Searches<'_>,
) -> EarlyDecision {
    let point = strongest_point(synthesis).expect("the stop rule needs a consensus point");
    let decision = verdict_shape(
        created_at,
        point.point.clone(),
        point.confidence,
        consensus_evidence(synthesis, &body.round1),
        Vec::new(),
        None,
    );
    let gaps = held_to_grounds(
        agreement_gaps_after_synthesis(&body.round1, Some(synthesis), panel),
        &decision,
        body,
        searches,
    );
    let check = check_early_confidence(&decision, &body.round1, gaps, true, panel);
    EarlyDecision {
        decided_by: DecidedBy::AgreedAfterSynthesis,
        decision,
        confidence_check: check,
        calls_saved: calls_saved_after_synthesis(&body.round1),
    }
}

/// Vote: the strongest consensus point when more than half of the whole panel supports it and the
/// synthesis records no tension; else the panel is said to be split. With checkable answers the
/// majority is the answers' own.
fn vote(
    body: &ConsultBody,
    synthesis: &SynthesisArtifact,
    panel: &[ParticipantId],
    created_at: String,
    searches: Searches<'_>,
) -> EarlyDecision {
    let majority_point = strongest_point(synthesis)
        .filter(|p| answering_supporters(&p.supporting_agents, &body.round1) * 2 > panel.len())
        .filter(|_| synthesis.tensions.is_empty());
    let majority_answer = majority_final_answer(&body.round1, panel.len());
    let winner = if body.config.final_answer {
        majority_answer.map(|answer| {
            let holder = body
                .round1
                .iter()
                .find(|a| a.final_answer.as_deref() == Some(answer))
                .expect("a majority answer is some panelist's");
            (
                holder.position.clone(),
                holder.confidence,
                voters_of(body, answer),
            )
        })
    } else {
        majority_point.map(|p| (p.point.clone(), p.confidence, p.supporting_agents.clone()))
    };
    let gaps = agreement_gaps_after_synthesis(&body.round1, Some(synthesis), panel);
    let no_tensions = synthesis.tensions.is_empty();
    let (decided_by, decision) = match winner {
        Some((recommendation, confidence, supporters)) => {
            // Who answered and did not vote for it dissents, in its own words.
            let dissent = body
                .round1
                .iter()
                .filter(|a| !supporters.contains(&a.agent_id))
                .map(|a| Dissent {
                    agent: a.agent_id.clone(),
                    concern: a.position.clone(),
                    severity: Severity::Medium,
                    covers: Vec::new(),
                })
                .collect();
            let decision = verdict_shape(
                created_at,
                recommendation,
                confidence,
                evidence_or_positions(synthesis, &body.round1),
                dissent,
                majority_answer.map(str::to_string),
            );
            (DecidedBy::Vote, decision)
        }
        None => (DecidedBy::SplitVote, split(body, synthesis, created_at)),
    };
    let gaps = held_to_grounds(gaps, &decision, body, searches);
    let check = check_early_confidence(&decision, &body.round1, gaps, no_tensions, panel);
    EarlyDecision {
        decided_by,
        decision,
        confidence_check: check,
        calls_saved: calls_saved_after_synthesis(&body.round1),
    }
}

/// "The panel is split": no position is recommended; every side of every tension (or, with none,
/// every answer) is a dissent that could change the decision.
fn split(body: &ConsultBody, synthesis: &SynthesisArtifact, created_at: String) -> VerdictArtifact {
    let topics: Vec<&str> = synthesis
        .tensions
        .iter()
        .map(|t| t.topic.as_str())
        .collect();
    let recommendation = if topics.is_empty() {
        "The panel is split: no position has a majority, so the vote decides nothing.".to_string()
    } else {
        format!(
            "The panel is split on {}: no position has a majority, so the vote decides nothing.",
            topics.join("; ")
        )
    };
    let mut dissent: Vec<Dissent> = synthesis
        .tensions
        .iter()
        .flat_map(|t| {
            t.viewpoints.iter().map(|v| Dissent {
                agent: v.agent.clone(),
                concern: format!("{}: {}", t.topic, v.viewpoint),
                severity: Severity::High,
                covers: Vec::new(),
            })
        })
        .collect();
    if dissent.is_empty() {
        dissent = body
            .round1
            .iter()
            .map(|a| Dissent {
                agent: a.agent_id.clone(),
                concern: a.position.clone(),
                severity: Severity::High,
                covers: Vec::new(),
            })
            .collect();
    }
    let confidence = strongest_point(synthesis).map_or(0.0, |p| p.confidence);
    verdict_shape(
        created_at,
        recommendation,
        confidence,
        evidence_or_positions(synthesis, &body.round1),
        dissent,
        None,
    )
}

/// The distinct supporters who answered round 1: a judge that names a panelist twice, or names
/// one with no answer, must not turn a minority into a majority.
fn answering_supporters(supporters: &[ParticipantId], round1: &[IndependentArtifact]) -> usize {
    let mut counted: Vec<&str> = supporters
        .iter()
        .map(ParticipantId::as_str)
        .filter(|s| round1.iter().any(|a| a.agent_id == *s))
        .collect();
    counted.sort_unstable();
    counted.dedup();
    counted.len()
}

fn voters_of(body: &ConsultBody, answer: &str) -> Vec<ParticipantId> {
    use crate::record::consult::depth::same_final_answer;
    body.round1
        .iter()
        .filter(|a| {
            a.final_answer
                .as_deref()
                .is_some_and(|f| same_final_answer(f, answer))
        })
        .map(|a| a.agent_id.clone())
        .collect()
}

/// What the council's searches returned, for a council that searched the web (None: it did not,
/// and links are the panel's reasoning as before).
pub type Searches<'a> = Option<&'a [SearchReport]>;

/// `gaps`, and the decision's evidence held to the council's material (entries whose quotes are
/// all not found; none found at all) and to its searches (entries resting only on links no
/// search returned), as a verdict's is.
fn held_to_grounds(
    mut gaps: Vec<crate::record::consult::confidence::AgreementGap>,
    decision: &VerdictArtifact,
    body: &ConsultBody,
    searches: Searches<'_>,
) -> Vec<crate::record::consult::confidence::AgreementGap> {
    let grounds = Grounds {
        material: &body.config.material,
        searches,
    };
    gaps.extend(evidence_gap(decision, grounds.material));
    gaps.extend(link_gap(decision, grounds));
    gaps
}

fn panel_ids(body: &ConsultBody) -> Vec<ParticipantId> {
    body.config.panelists.iter().map(|p| p.id.clone()).collect()
}

/// The consensus points, strongest first, each with the round-1 quotes of the panelists who
/// hold it (a consensus point states no quote of its own).
fn consensus_evidence(
    synthesis: &SynthesisArtifact,
    round1: &[IndependentArtifact],
) -> Vec<Evidence> {
    let mut points: Vec<_> = synthesis.consensus_points.iter().collect();
    points.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    points
        .iter()
        .map(|p| {
            let quotes = round1
                .iter()
                .filter(|a| p.supporting_agents.contains(&a.agent_id))
                .flat_map(|a| a.citations.iter().cloned());
            citing(p.point.clone(), quotes)
        })
        .collect()
}

/// Each answer's position, with its own quotes.
fn positions(round1: &[IndependentArtifact]) -> Vec<Evidence> {
    round1
        .iter()
        .map(|a| {
            citing(
                format!("{}: {}", a.agent_id, a.position),
                a.citations.clone(),
            )
        })
        .collect()
}

/// An evidence entry resting on `quotes`, each quote once.
fn citing(point: String, quotes: impl IntoIterator<Item = Citation>) -> Evidence {
    let mut citations: Vec<Citation> = Vec::new();
    for quote in quotes {
        if !citations.contains(&quote) {
            citations.push(quote);
        }
    }
    Evidence {
        citations,
        ..Evidence::new(point)
    }
}

/// The consensus points, or each answer's position when the synthesis found none (evidence is
/// never empty in the verdict's shape).
fn evidence_or_positions(
    synthesis: &SynthesisArtifact,
    round1: &[IndependentArtifact],
) -> Vec<Evidence> {
    let points = consensus_evidence(synthesis, round1);
    if !points.is_empty() {
        return points;
    }
    positions(round1)
}

fn verdict_shape(
    created_at: String,
    recommendation: String,
    confidence: f64,
    evidence: Vec<Evidence>,
    dissent: Vec<Dissent>,
    final_answer: Option<String>,
) -> VerdictArtifact {
    VerdictArtifact {
        envelope: ArtifactEnvelope::new(VERDICT, created_at),
        recommendation,
        confidence,
        evidence,
        dissent,
        final_answer,
    }
}
