//! What a benchmark's answers mean, computed in code: each arm's accuracy with a 95% Wilson
//! interval, the council against every other arm on the same questions (exact McNemar, seeded paired
//! bootstrap of the difference), cost and tokens per correct answer, the round-1 majority's flips,
//! the calibration of the council's confidence, and one plain sentence that says which arm to use
//! (`headline`, from `recommend`).
use consilium_stats::{
    brier_score, mcnemar_exact, paired_bootstrap, reliability_bins, wilson_interval, Interval,
    ReliabilityBin, Z_95,
};

use super::headline::{headline, HeadlineFacts};
use super::paired::{compared_questions, paired_arm, pairs, PairedArm};
use super::recommend::recommend;

/// Resamples for the paired bootstrap: enough that the 2.5th percentile moves by less than a point
/// between seeds at a few hundred questions, cheap enough to recompute on every view.
pub const BOOTSTRAP_ITERATIONS: u32 = 2000;

/// A difference is clear only when the exact McNemar test says so at this level too, not the
/// bootstrap interval alone: with few discordant questions the interval clears zero on luck.
pub const SIGNIFICANCE_LEVEL: f64 = 0.05;

/// One arm's answer to one question. `correct` is `None` when the arm gave no answer (its call
/// or its consultation failed): it counts as not right.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub question_id: String,
    pub correct: Option<bool>,
    /// None when a call had no price: the arm's cost per correct answer is then unknown.
    pub cost_usd: Option<f64>,
    pub tokens: u64,
}

/// The council's extra facts about a question: its computed confidence in the verdict, and whether
/// the panel's round-1 majority was right (both `None` when unknown).
#[derive(Debug, Clone, PartialEq)]
pub struct CouncilFacts {
    pub question_id: String,
    pub confidence: Option<f64>,
    pub round1_majority_correct: Option<bool>,
}

/// An arm's answers, under the label the user sees ("gpt-4o-mini alone", "Round-1 vote").
#[derive(Debug, Clone, PartialEq)]
pub struct ArmOutcomes {
    pub label: String,
    /// The round-1 majority vote: the arm the sentence calls "a plain vote".
    pub is_vote: bool,
    pub outcomes: Vec<Outcome>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ArmSummary {
    pub label: String,
    /// Questions it gave an answer to; `unanswered` the ones it failed (counted as not right).
    pub answered: u64,
    pub correct: u64,
    pub unanswered: u64,
    /// Right of every question it has an outcome for, a failure counting as not right.
    pub accuracy: Option<f64>,
    pub interval: Interval,
    /// The cost of its priced calls; `cost_per_correct` is None when any call had no price.
    pub cost_usd: f64,
    pub tokens: u64,
    pub cost_per_correct: Option<f64>,
    pub tokens_per_correct: Option<f64>,
}

impl ArmSummary {
    /// Questions it has an outcome for, answered or failed.
    pub fn asked(&self) -> u64 {
        self.answered + self.unanswered
    }
}

/// The council against one other arm, on the questions every arm has an outcome for.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub against: String,
    pub questions: u64,
    /// Right for the council, wrong for the other arm; and the reverse.
    pub only_council: u64,
    pub only_other: u64,
    pub mcnemar_p: f64,
    /// Council accuracy minus the other's, as a fraction, with its bootstrap interval.
    pub difference: f64,
    pub interval: Interval,
}

impl Comparison {
    /// Clearly better: the bootstrap interval is above zero and the exact McNemar test agrees.
    pub fn council_better(&self) -> bool {
        self.interval.low > 0.0 && self.mcnemar_confirms()
    }
    /// Clearly worse: the interval is below zero and the exact McNemar test agrees.
    pub fn council_worse(&self) -> bool {
        self.interval.high < 0.0 && self.mcnemar_confirms()
    }
    /// The bootstrap interval excludes zero (on either side).
    pub fn interval_clears_zero(&self) -> bool {
        self.questions > 0 && (self.interval.low > 0.0 || self.interval.high < 0.0)
    }
    pub fn mcnemar_confirms(&self) -> bool {
        self.questions > 0 && self.mcnemar_p < SIGNIFICANCE_LEVEL
    }
}

/// Questions on which debate changed the round-1 majority's correctness.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flips {
    pub right_to_wrong: Vec<String>,
    pub wrong_to_right: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    pub forecasts: u64,
    pub brier: Option<f64>,
    pub bins: Vec<ReliabilityBin>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BenchmarkSummary {
    pub arms: Vec<ArmSummary>,
    pub council: ArmSummary,
    pub comparisons: Vec<Comparison>,
    pub flips: Flips,
    pub calibration: Calibration,
    pub headline: String,
    /// The arm the headline advises, as `recommend` numbers them (0 the council, `i + 1` the other
    /// arm `i`); None when no arm got a question right. `advice::advice` turns it into an action.
    pub recommended: Option<usize>,
}

pub fn summarise_arm(arm: &ArmOutcomes) -> ArmSummary {
    let asked = arm.outcomes.len() as u64;
    let answered = arm.outcomes.iter().filter(|o| o.correct.is_some()).count() as u64;
    let correct = arm
        .outcomes
        .iter()
        .filter(|o| o.correct == Some(true))
        .count() as u64;
    let priced: Option<f64> = arm.outcomes.iter().map(|o| o.cost_usd).sum();
    let cost_usd: f64 = arm.outcomes.iter().filter_map(|o| o.cost_usd).sum();
    let tokens: u64 = arm.outcomes.iter().map(|o| o.tokens).sum();
    ArmSummary {
        label: arm.label.clone(),
        answered,
        correct,
        unanswered: asked - answered,
        accuracy: (asked > 0).then(|| correct as f64 / asked as f64),
        interval: wilson_interval(correct, asked, Z_95),
        cost_usd,
        tokens,
        cost_per_correct: priced
            .filter(|_| correct > 0)
            .map(|usd| usd / correct as f64),
        tokens_per_correct: (correct > 0).then(|| tokens as f64 / correct as f64),
    }
}

/// The council against another arm on the questions both have an outcome for, a failed answer
/// counting as not right.
pub fn compare(council: &ArmOutcomes, other: &ArmOutcomes, seed: u64) -> Comparison {
    let questions = compared_questions(council, std::slice::from_ref(other));
    compare_paired(
        &paired_arm(council, &questions, true),
        &paired_arm(other, &questions, false),
        seed,
    )
}

fn compare_paired(council: &PairedArm, other: &PairedArm, seed: u64) -> Comparison {
    let pairs = pairs(council, other);
    let only_council = pairs.iter().filter(|&&(c, o)| c && !o).count() as u64;
    let only_other = pairs.iter().filter(|&&(c, o)| !c && o).count() as u64;
    let bootstrap = paired_bootstrap(&pairs, BOOTSTRAP_ITERATIONS, seed);
    Comparison {
        against: other.label.clone(),
        questions: pairs.len() as u64,
        only_council,
        only_other,
        mcnemar_p: mcnemar_exact(only_council, only_other),
        difference: bootstrap.difference,
        interval: bootstrap.interval,
    }
}

pub fn flips(council: &ArmOutcomes, facts: &[CouncilFacts]) -> Flips {
    let mut flips = Flips::default();
    let facts = facts_by_id(facts);
    for outcome in &council.outcomes {
        let Some(verdict_right) = outcome.correct else {
            continue;
        };
        let majority = facts
            .get(outcome.question_id.as_str())
            .and_then(|f| f.round1_majority_correct);
        match (majority, verdict_right) {
            (Some(true), false) => flips.right_to_wrong.push(outcome.question_id.clone()),
            (Some(false), true) => flips.wrong_to_right.push(outcome.question_id.clone()),
            _ => {}
        }
    }
    flips
}

/// The facts by question (the first of each, as a search from the start would find), so a pass
/// over the outcomes is linear.
fn facts_by_id(facts: &[CouncilFacts]) -> std::collections::HashMap<&str, &CouncilFacts> {
    facts
        .iter()
        .rev()
        .map(|f| (f.question_id.as_str(), f))
        .collect()
}

pub fn calibration(council: &ArmOutcomes, facts: &[CouncilFacts]) -> Calibration {
    let facts = facts_by_id(facts);
    let forecasts: Vec<(f64, bool)> = council
        .outcomes
        .iter()
        .filter_map(|outcome| {
            let confidence = facts.get(outcome.question_id.as_str())?.confidence?;
            Some((confidence, outcome.correct?))
        })
        .collect();
    Calibration {
        forecasts: forecasts.len() as u64,
        brier: brier_score(&forecasts),
        bins: reliability_bins(&forecasts, 10),
    }
}

/// Everything the results view and the report show, for a run whose questions are all in the
/// outcomes. `seed` is the run's, so the bootstrap intervals are the same every time the record
/// is opened.
pub fn summarise(
    council: &ArmOutcomes,
    others: &[ArmOutcomes],
    facts: &[CouncilFacts],
    seed: u64,
) -> BenchmarkSummary {
    let mut ids: Vec<&str> = std::iter::once(council)
        .chain(others)
        .flat_map(|arm| arm.outcomes.iter().map(|o| o.question_id.as_str()))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    summarise_partial(council, others, facts, seed, ids.len())
}

/// As `summarise`, for a run of `total_questions` of which the outcomes hold some: the sentence
/// is provisional ("So far, on 6 of 100 questions, …") until every arm has answered them all.
pub fn summarise_partial(
    council: &ArmOutcomes,
    others: &[ArmOutcomes],
    facts: &[CouncilFacts],
    seed: u64,
    total_questions: usize,
) -> BenchmarkSummary {
    let questions = compared_questions(council, others);
    let paired_council = paired_arm(council, &questions, true);
    let paired_others: Vec<PairedArm> = others
        .iter()
        .map(|arm| paired_arm(arm, &questions, false))
        .collect();
    let comparisons: Vec<Comparison> = paired_others
        .iter()
        .enumerate()
        .map(|(index, other)| {
            compare_paired(&paired_council, other, seed.wrapping_add(index as u64))
        })
        .collect();
    let council_summary = summarise_arm(council);
    let recommendation = recommend(&paired_council, &paired_others, &comparisons, seed);
    let headline = headline(&HeadlineFacts {
        council: &council_summary,
        paired_council: &paired_council,
        paired_others: &paired_others,
        others,
        comparisons: &comparisons,
        recommendation: recommendation.as_ref(),
        total_questions,
    });
    BenchmarkSummary {
        arms: others.iter().map(summarise_arm).collect(),
        council: council_summary,
        comparisons,
        flips: flips(council, facts),
        calibration: calibration(council, facts),
        headline,
        recommended: recommendation.map(|r| r.arm),
    }
}
