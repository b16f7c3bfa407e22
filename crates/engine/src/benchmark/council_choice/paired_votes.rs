//! Two votes on the same questions, judged by the headline's rule (`results::Comparison`): one is
//! clearly worse only when the seeded paired bootstrap interval of the difference is below zero and
//! the exact McNemar test agrees.
use consilium_stats::{mcnemar_exact, paired_bootstrap};

use crate::benchmark::results::{Comparison, BOOTSTRAP_ITERATIONS, SIGNIFICANCE_LEVEL};

use super::panel::Members;

/// Keeps these seeds apart from the arms' (the run's seed plus the arm's index).
const SEED_OFFSET: u64 = 0xC0C1_0000_0000;

/// The bootstrap seed of a sub-panel: fixed per set of members, so a sub-panel reads the same in
/// every section and every time the record is opened.
pub fn sub_panel_seed(run_seed: u64, members: Members) -> u64 {
    run_seed.wrapping_add(SEED_OFFSET + members as u64)
}

fn discordant(first: &[bool], second: &[bool]) -> (u64, u64) {
    let only_first = first.iter().zip(second).filter(|&(&a, &b)| a && !b).count() as u64;
    let only_second = first.iter().zip(second).filter(|&(&a, &b)| !a && b).count() as u64;
    (only_first, only_second)
}

/// `first` against `second` ("the council" and "the other" of `Comparison`), with the interval.
pub fn compare(against: &str, first: &[bool], second: &[bool], seed: u64) -> Comparison {
    let (only_first, only_second) = discordant(first, second);
    let pairs: Vec<(bool, bool)> = first.iter().copied().zip(second.iter().copied()).collect();
    let bootstrap = paired_bootstrap(&pairs, BOOTSTRAP_ITERATIONS, seed);
    Comparison {
        against: against.to_string(),
        questions: pairs.len() as u64,
        only_council: only_first,
        only_other: only_second,
        mcnemar_p: mcnemar_exact(only_first, only_second),
        difference: bootstrap.difference,
        interval: bootstrap.interval,
    }
}

/// `compare(..).council_worse()`, bootstrapping only when McNemar already says so: the rule needs
/// both, and the search tries every sub-panel.
pub fn clearly_worse(first: &[bool], second: &[bool], seed: u64) -> bool {
    let (only_first, only_second) = discordant(first, second);
    mcnemar_exact(only_first, only_second) < SIGNIFICANCE_LEVEL
        && compare("", first, second, seed).council_worse()
}
