//! The statistics behind the Benchmark mode (docs/design.md, "Benchmark: does the council earn its
//! calls?"): how sure we can be that one arm answers better than another. Everything is pure and
//! deterministic (the bootstrap takes its seed), so a stored benchmark recomputes to the same
//! figures anywhere.

mod beta;
mod binomial;
mod bootstrap;
mod calibration;
mod effective;
mod exact;
mod phi;
mod random;
mod wilson;

pub use beta::{beta_cdf, beta_quantile, ln_gamma};
pub use binomial::mcnemar_exact;
pub use bootstrap::{paired_bootstrap, BootstrapInterval};
pub use calibration::{
    brier_score, brier_score_graded, reliability_bins, reliability_bins_graded, ReliabilityBin,
};
pub use effective::effective_votes;
pub use exact::clopper_pearson;
pub use phi::{correlation_interval, TwoByTwo};
pub use random::SplitMix64;
pub use wilson::{wilson_interval, wilson_interval_scored, Interval, Z_95};
