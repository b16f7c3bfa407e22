/// The normal quantile for a two-sided 95% interval (`scipy.stats.norm.ppf(0.975)`).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A closed interval of proportions or differences, `low <= high`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    pub fn contains(&self, value: f64) -> bool {
        self.low <= value && value <= self.high
    }
}

/// The Wilson score interval for `successes` out of `trials` at quantile `z` (use [`Z_95`]). Chosen over
/// the textbook normal interval because it stays inside [0, 1] and keeps its coverage at the small counts
/// and extreme accuracies a benchmark of a few dozen questions produces. No trials: nothing is known.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> Interval {
    wilson_interval_scored(successes.min(trials) as f64, trials, z)
}

/// As [`wilson_interval`], for a score that may count some trials as half right (the track
/// record's "partly"): `score` is the sum of the trials' scores, each in [0, 1]. The interval is
/// Wilson's with `p = score / trials`, as statsmodels computes it for a fractional count.
pub fn wilson_interval_scored(score: f64, trials: u64, z: f64) -> Interval {
    if trials == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = trials as f64;
    let p = score.clamp(0.0, n) / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}
