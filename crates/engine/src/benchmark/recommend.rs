//! Which arm to use: the most accurate arm, and among the arms not clearly less accurate than it
//! (the bootstrap interval and the exact McNemar test both saying so), the cheapest per correct
//! answer. Cheapest first would pick a weak cheap arm whenever the questions are too few to
//! separate it from the council; accuracy first keeps the bar where the best arm sets it.
use consilium_stats::{mcnemar_exact, paired_bootstrap};

use super::paired::{pairs, PairedArm};
use super::results::{Comparison, BOOTSTRAP_ITERATIONS, SIGNIFICANCE_LEVEL};

/// What decided between the arms within reach of the best.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheapestBy {
    /// Every such arm is priced: cost per correct answer.
    Cost,
    /// Some arm has no price, or the costs tie (free local models): tokens per correct answer.
    Tokens,
}

/// Arms are numbered as the sentence reads them: 0 is the council, `i + 1` the other arm `i`.
#[derive(Debug, Clone, PartialEq)]
pub struct Recommendation {
    pub arm: usize,
    /// The most accurate arm.
    pub best: usize,
    /// Arms not clearly less accurate than the best (the best included).
    pub within_reach: Vec<usize>,
    pub by: CheapestBy,
}

/// None when no arm got a question right: there is nothing to recommend.
pub fn recommend(
    council: &PairedArm,
    others: &[PairedArm],
    comparisons: &[Comparison],
    seed: u64,
) -> Option<Recommendation> {
    let arms: Vec<&PairedArm> = std::iter::once(council).chain(others).collect();
    // Ties go to the first arm, the council: the cheapest of them is chosen below anyway.
    let best = (0..arms.len()).rev().max_by_key(|&i| arms[i].correct())?;
    if arms[best].correct() == 0 {
        return None;
    }
    let clearly_below = |arm: usize| -> bool {
        match (best, arm) {
            _ if arm == best => false,
            (0, other) => comparisons[other - 1].council_better(),
            (best, 0) => comparisons[best - 1].council_worse(),
            (best, other) => clearly_less_accurate(arms[best], arms[other], seed, best, other),
        }
    };
    let within_reach: Vec<usize> = (0..arms.len()).filter(|&i| !clearly_below(i)).collect();
    let all_priced = within_reach
        .iter()
        .all(|&i| arms[i].cost_per_correct().is_some());
    let cost = |i: usize| arms[i].cost_per_correct().unwrap_or(f64::INFINITY);
    let tokens = |i: usize| arms[i].tokens_per_correct();
    let arm = *within_reach
        .iter()
        .min_by(|&&a, &&b| {
            let by_cost = if all_priced {
                cost(a).total_cmp(&cost(b))
            } else {
                std::cmp::Ordering::Equal
            };
            by_cost
                .then(tokens(a).total_cmp(&tokens(b)))
                .then(arms[b].correct().cmp(&arms[a].correct()))
        })
        .expect("the best arm is within reach of itself");
    let cost_decided = all_priced
        && within_reach
            .iter()
            .all(|&other| other == arm || cost(arm) < cost(other));
    Some(Recommendation {
        arm,
        best,
        by: if cost_decided || within_reach.len() == 1 {
            CheapestBy::Cost
        } else {
            CheapestBy::Tokens
        },
        within_reach,
    })
}

/// Two arms other than the council, tested as the council is against each: a bootstrap interval
/// of `best - other` above zero and McNemar below the level. The seed is fixed per pair of arms.
fn clearly_less_accurate(
    best: &PairedArm,
    other: &PairedArm,
    seed: u64,
    best_index: usize,
    other_index: usize,
) -> bool {
    let pairs = pairs(best, other);
    let only_best = pairs.iter().filter(|&&(b, o)| b && !o).count() as u64;
    let only_other = pairs.iter().filter(|&&(b, o)| !b && o).count() as u64;
    let pair_seed = seed.wrapping_add(((best_index as u64) << 32) | other_index as u64);
    let bootstrap = paired_bootstrap(&pairs, BOOTSTRAP_ITERATIONS, pair_seed);
    bootstrap.interval.low > 0.0 && mcnemar_exact(only_best, only_other) < SIGNIFICANCE_LEVEL
}
