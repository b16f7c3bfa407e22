use crate::beta::beta_quantile;
use crate::wilson::Interval;

/// The exact (Clopper–Pearson) two-sided interval for `successes` out of `trials` at `confidence`
/// (0.95): each end misses the true proportion with probability at most (1 - confidence) / 2,
/// whatever the count. Wider than Wilson's, and chosen where a bound must never be optimistic (the
/// co-failure ceiling). No trials: nothing is known.
pub fn clopper_pearson(successes: u64, trials: u64, confidence: f64) -> Interval {
    if trials == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let k = successes.min(trials) as f64;
    let n = trials as f64;
    let tail = (1.0 - confidence) / 2.0;
    Interval {
        low: if k == 0.0 {
            0.0
        } else {
            beta_quantile(tail, k, n - k + 1.0)
        },
        high: if k == n {
            1.0
        } else {
            beta_quantile(1.0 - tail, k + 1.0, n - k)
        },
    }
}
