use crate::random::SplitMix64;
use crate::wilson::Interval;

/// The observed accuracy difference between two arms on the same questions, and a 95% percentile
/// bootstrap interval around it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BootstrapInterval {
    pub difference: f64,
    pub interval: Interval,
}

/// A paired bootstrap of `accuracy(first) - accuracy(second)`: resample whole questions with
/// replacement (so each arm keeps its answer to the same question, which is what makes the comparison
/// paired), `iterations` times, from `seed`; the interval is the 2.5th and 97.5th percentiles, with
/// linear interpolation between order statistics (NumPy's default `percentile`). No questions: the
/// difference is 0 and the interval is all of [-1, 1].
pub fn paired_bootstrap(pairs: &[(bool, bool)], iterations: u32, seed: u64) -> BootstrapInterval {
    let n = pairs.len();
    if n == 0 || iterations == 0 {
        return BootstrapInterval {
            difference: 0.0,
            interval: Interval {
                low: -1.0,
                high: 1.0,
            },
        };
    }
    // Only the per-question score difference matters: -1, 0 or +1.
    let scores: Vec<i64> = pairs.iter().map(|&(a, b)| a as i64 - b as i64).collect();
    let difference = scores.iter().sum::<i64>() as f64 / n as f64;
    let mut rng = SplitMix64::new(seed);
    let mut resampled: Vec<f64> = (0..iterations)
        .map(|_| {
            let total: i64 = (0..n).map(|_| scores[rng.below(n as u64) as usize]).sum();
            total as f64 / n as f64
        })
        .collect();
    resampled.sort_by(f64::total_cmp);
    BootstrapInterval {
        difference,
        interval: Interval {
            low: percentile(&resampled, 2.5),
            high: percentile(&resampled, 97.5),
        },
    }
}

/// The `q`th percentile of sorted values, interpolating linearly between the two nearest ranks.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let rank = q / 100.0 * (sorted.len() - 1) as f64;
    let below = rank.floor() as usize;
    let above = rank.ceil() as usize;
    sorted[below] + (sorted[above] - sorted[below]) * (rank - below as f64)
}
