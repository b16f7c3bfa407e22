//! The stored outcomes read as the results' inputs: which arms a benchmark has, their labels, and
//! `summarise_body`, everything the results view and the report show.
use super::results::{summarise_partial, ArmOutcomes, BenchmarkSummary, CouncilFacts, Outcome};
use crate::foundation::participants::Participant;
use crate::record::benchmark::body::{Arm, ArmOutcome, BenchmarkBody};
use crate::record::consult::depth::Depth;

/// The arms of a benchmark in the order results list them: each panelist alone (panel order), the
/// round-1 vote, the best single model sampled k times, the council at Vote and Adaptive depth
/// (read from its record; only in a run made since they are, so an older run compares as it did),
/// then the council.
pub fn arms_of(body: &BenchmarkBody) -> Vec<Arm> {
    let mut arms: Vec<Arm> = body
        .config
        .council
        .panelists
        .iter()
        .map(|p| Arm::Solo {
            participant_id: p.id.clone(),
        })
        .collect();
    arms.push(Arm::Vote);
    arms.push(Arm::BestSingle);
    for depth in [Depth::Vote, Depth::Adaptive] {
        let arm = Arm::Depth { depth };
        if body.results.iter().any(|r| r.outcome(&arm).is_some()) {
            arms.push(arm);
        }
    }
    arms.push(Arm::Council);
    arms
}

/// What the user reads for an arm: "llama3.2 alone", "Round-1 vote", "gpt-4o, majority of 9 samples",
/// "Council".
pub fn arm_label(body: &BenchmarkBody, arm: &Arm) -> String {
    match arm {
        Arm::Solo { participant_id } => {
            format!("{} alone", panelist_name(body, participant_id.as_str()))
        }
        Arm::Vote => "Round-1 vote".into(),
        Arm::BestSingle => {
            let model = body
                .best_single
                .as_ref()
                .map(model_name)
                .unwrap_or_else(|| "Best single model".into());
            match body.k {
                Some(k) => format!("{model}, majority of {k} samples"),
                None => format!("{model}, majority"),
            }
        }
        Arm::Council => "Council".into(),
        Arm::Depth { depth } => format!("{} depth", depth.label()),
    }
}

/// How a panelist is named: its model, or its seat's label when two seats share the model.
pub fn panelist_name(body: &BenchmarkBody, participant_id: &str) -> String {
    let panel = &body.config.council.panelists;
    let shared = |p: &Participant| panel.iter().filter(|other| other.model == p.model).count() > 1;
    match panel.iter().find(|p| p.id == participant_id) {
        Some(p) if shared(p) => p.label.clone(),
        Some(p) => model_name(p),
        None => participant_id.to_string(),
    }
}

/// A seat's model, as arms are named (a solo arm whose model two seats share takes the seat's
/// label instead).
fn model_name(participant: &Participant) -> String {
    participant.model.clone()
}

/// Every question's outcome for `arm`, in question order (questions without one are left out).
pub fn arm_outcomes(body: &BenchmarkBody, arm: &Arm) -> ArmOutcomes {
    let results = body.results_by_id();
    let outcomes = body
        .questions
        .iter()
        .filter_map(|question| {
            let outcome = results.get(question.id.as_str())?.outcome(arm)?;
            Some(to_outcome(&question.id, outcome, body.config.council.demo))
        })
        .collect();
    ArmOutcomes {
        label: arm_label(body, arm),
        is_vote: *arm == Arm::Vote,
        outcomes,
    }
}

/// A call without a price leaves the cost unknown (never $0): its arm has no cost per correct
/// answer. The demo's scripted seats cost nothing, and are known to.
fn to_outcome(question_id: &str, outcome: &ArmOutcome, demo: bool) -> Outcome {
    Outcome {
        question_id: question_id.to_string(),
        correct: outcome.correct,
        cost_usd: known_cost(outcome, demo),
        tokens: outcome.tokens,
    }
}

/// An outcome's cost: `None` when a call had no price, $0 for the demo's scripted seats.
pub fn known_cost(outcome: &ArmOutcome, demo: bool) -> Option<f64> {
    outcome.cost_usd.or(demo.then_some(0.0))
}

/// The council's facts per question, as the results read them.
pub fn council_facts(body: &BenchmarkBody) -> Vec<CouncilFacts> {
    body.results
        .iter()
        .map(|result| CouncilFacts {
            question_id: result.question_id.clone(),
            confidence: result.facts.confidence,
            round1_majority_correct: result.facts.round1_majority_correct,
        })
        .collect()
}

/// Everything the results view and the report show, from the stored outcomes so far (a partial
/// benchmark's sentence speaks of the questions done of all its questions, as the progress line
/// does). The bootstrap is seeded by the config's seed.
pub fn summarise_body(body: &BenchmarkBody) -> BenchmarkSummary {
    let council = arm_outcomes(body, &Arm::Council);
    let others: Vec<ArmOutcomes> = arms_of(body)
        .iter()
        .filter(|arm| **arm != Arm::Council)
        .map(|arm| arm_outcomes(body, arm))
        .collect();
    summarise_partial(
        &council,
        &others,
        &council_facts(body),
        body.config.seed,
        body.questions.len(),
    )
}
