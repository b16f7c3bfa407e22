//! What a benchmark's answers mean, computed in code: each arm's accuracy with a 95% Wilson
//! interval, the council against every other arm on the same questions (exact McNemar, seeded paired
//! bootstrap of the difference), cost and tokens per correct answer, the round-1 majority's flips,
//! the calibration of the council's confidence, and one plain sentence that says which arm to use.
use consilium_stats::{
    brier_score, mcnemar_exact, paired_bootstrap, reliability_bins, wilson_interval, Interval,
    ReliabilityBin, Z_95,
};

/// Resamples for the paired bootstrap: enough that the 2.5th percentile moves by less than a point
/// between seeds at a few hundred questions, cheap enough to recompute on every view.
pub const BOOTSTRAP_ITERATIONS: u32 = 2000;

/// One arm's answer to one question. `correct` is `None` when the arm gave no answer (its call
/// failed or the run stopped first): such questions count for neither accuracy nor comparisons.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub question_id: String,
    pub correct: Option<bool>,
    pub cost_usd: f64,
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
    pub answered: u64,
    pub correct: u64,
    pub unanswered: u64,
    pub accuracy: Option<f64>,
    pub interval: Interval,
    pub cost_usd: f64,
    pub tokens: u64,
    pub cost_per_correct: Option<f64>,
    pub tokens_per_correct: Option<f64>,
}

/// The council against one other arm, on the questions both answered.
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
    pub fn council_better(&self) -> bool {
        self.interval.low > 0.0
    }
    pub fn council_worse(&self) -> bool {
        self.interval.high < 0.0
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
}

pub fn summarise_arm(arm: &ArmOutcomes) -> ArmSummary {
    let answered = arm.outcomes.iter().filter(|o| o.correct.is_some()).count() as u64;
    let correct = arm
        .outcomes
        .iter()
        .filter(|o| o.correct == Some(true))
        .count() as u64;
    let cost_usd: f64 = arm.outcomes.iter().map(|o| o.cost_usd).sum();
    let tokens: u64 = arm.outcomes.iter().map(|o| o.tokens).sum();
    ArmSummary {
        label: arm.label.clone(),
        answered,
        correct,
        unanswered: arm.outcomes.len() as u64 - answered,
        accuracy: (answered > 0).then(|| correct as f64 / answered as f64),
        interval: wilson_interval(correct, answered, Z_95),
        cost_usd,
        tokens,
        cost_per_correct: (correct > 0).then(|| cost_usd / correct as f64),
        tokens_per_correct: (correct > 0).then(|| tokens as f64 / correct as f64),
    }
}

/// Pairs the council's and another arm's answers by question and compares them.
pub fn compare(council: &ArmOutcomes, other: &ArmOutcomes, seed: u64) -> Comparison {
    let pairs: Vec<(bool, bool)> = council
        .outcomes
        .iter()
        .filter_map(|mine| {
            let theirs = other
                .outcomes
                .iter()
                .find(|o| o.question_id == mine.question_id)?;
            Some((mine.correct?, theirs.correct?))
        })
        .collect();
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
    for outcome in &council.outcomes {
        let Some(verdict_right) = outcome.correct else {
            continue;
        };
        let majority = facts
            .iter()
            .find(|f| f.question_id == outcome.question_id)
            .and_then(|f| f.round1_majority_correct);
        match (majority, verdict_right) {
            (Some(true), false) => flips.right_to_wrong.push(outcome.question_id.clone()),
            (Some(false), true) => flips.wrong_to_right.push(outcome.question_id.clone()),
            _ => {}
        }
    }
    flips
}

pub fn calibration(council: &ArmOutcomes, facts: &[CouncilFacts]) -> Calibration {
    let forecasts: Vec<(f64, bool)> = council
        .outcomes
        .iter()
        .filter_map(|outcome| {
            let confidence = facts
                .iter()
                .find(|f| f.question_id == outcome.question_id)?
                .confidence?;
            Some((confidence, outcome.correct?))
        })
        .collect();
    Calibration {
        forecasts: forecasts.len() as u64,
        brier: brier_score(&forecasts),
        bins: reliability_bins(&forecasts, 10),
    }
}

/// Everything the results view and the report show. `seed` is the run's, so the bootstrap
/// intervals are the same every time the record is opened.
pub fn summarise(
    council: &ArmOutcomes,
    others: &[ArmOutcomes],
    facts: &[CouncilFacts],
    seed: u64,
) -> BenchmarkSummary {
    let council_summary = summarise_arm(council);
    let arms: Vec<ArmSummary> = others.iter().map(summarise_arm).collect();
    let comparisons: Vec<Comparison> = others
        .iter()
        .enumerate()
        .map(|(index, other)| compare(council, other, seed.wrapping_add(index as u64)))
        .collect();
    let headline = headline(&council_summary, &arms, others, &comparisons);
    BenchmarkSummary {
        arms,
        council: council_summary,
        comparisons,
        flips: flips(council, facts),
        calibration: calibration(council, facts),
        headline,
    }
}

/// Whole percentage points; never "-0".
fn points(fraction: f64) -> String {
    format!("{:.0}", (fraction * 100.0).round() + 0.0)
}

fn cost_clause(council: &ArmSummary, other: &ArmSummary, what: &str) -> String {
    match (council.cost_per_correct, other.cost_per_correct) {
        (Some(mine), Some(theirs)) if theirs > 0.0 && mine > 0.0 => {
            format!(" at {:.1}x {what} cost per correct answer", mine / theirs)
        }
        _ => String::new(),
    }
}

/// The one sentence at the top. The council is credited only where its bootstrap interval clears
/// zero against every other arm; otherwise the sentence names the cheapest arm it failed to beat
/// (per correct answer; the plain vote wins ties) and says to use it.
fn headline(
    council: &ArmSummary,
    arms: &[ArmSummary],
    others: &[ArmOutcomes],
    comparisons: &[Comparison],
) -> String {
    let questions = council.answered;
    if questions == 0 && council.unanswered > 0 {
        // A model that cannot follow the format (a small local one) fails every consultation:
        // say so, not "yet", which reads as a run still under way.
        let failed = council.unanswered;
        return format!(
            "The council gave no usable answer to {} question{} (its consultation{} failed: each \
             question's record says why), so it cannot be compared with the other arms.",
            if failed == 1 {
                "the".to_string()
            } else {
                format!("any of the {failed}")
            },
            if failed == 1 { "" } else { "s" },
            if failed == 1 { "" } else { "s" },
        );
    }
    if questions == 0 || comparisons.iter().all(|c| c.questions == 0) {
        return "No question has answers from the council and another arm yet.".into();
    }
    let on = if questions == 1 {
        "On this one question".to_string()
    } else {
        format!("On these {questions} questions")
    };
    let unbeaten: Vec<usize> = (0..comparisons.len())
        .filter(|&i| comparisons[i].questions > 0 && !comparisons[i].council_better())
        .collect();
    if unbeaten.is_empty() {
        // Beat every arm: report the margin over the strongest of them.
        let best = (0..arms.len())
            .filter(|&i| comparisons[i].questions > 0)
            .min_by(|&a, &b| {
                comparisons[a]
                    .difference
                    .total_cmp(&comparisons[b].difference)
            })
            .expect("at least one comparison has questions");
        let c = &comparisons[best];
        return format!(
            "{on} the council scored {} points above {} (95% CI {} to {}){}.",
            points(c.difference),
            describe(&others[best]),
            points(c.interval.low),
            points(c.interval.high),
            cost_clause(council, &arms[best], "the"),
        );
    }
    let cheapest = *unbeaten
        .iter()
        .min_by(|&&a, &&b| {
            let cost = |i: usize| arms[i].cost_per_correct.unwrap_or(f64::INFINITY);
            cost(a)
                .total_cmp(&cost(b))
                .then_with(|| others[b].is_vote.cmp(&others[a].is_vote))
        })
        .expect("unbeaten is not empty");
    let c = &comparisons[cheapest];
    let name = describe(&others[cheapest]);
    let advice = if others[cheapest].is_vote {
        "use the vote".to_string()
    } else {
        format!("use {}", others[cheapest].label)
    };
    let relation = if c.council_worse() {
        format!("scored {} points below {name}", points(-c.difference))
    } else {
        format!(
            "was no better than {name} ({} points",
            signed_points(c.difference)
        )
    };
    let interval = format!(
        "95% CI {} to {}",
        points(c.interval.low),
        points(c.interval.high)
    );
    let middle = if c.council_worse() {
        format!("{relation} ({interval})")
    } else {
        format!("{relation}, {interval})")
    };
    format!(
        "{on} the council {middle}{}: {advice}.",
        cost_clause(council, &arms[cheapest], "the")
    )
}

fn signed_points(fraction: f64) -> String {
    let value = (fraction * 100.0).round();
    if value > 0.0 {
        format!("+{value:.0}")
    } else {
        format!("{value:.0}")
    }
}

fn describe(arm: &ArmOutcomes) -> String {
    if arm.is_vote {
        "a plain vote".into()
    } else {
        arm.label.clone()
    }
}
