//! The track record's statistics: Wilson's interval of a score that counts some
//! decisions as half right, the Brier score and reliability bins of graded outcomes, and the
//! effective number of independent votes. Expected numbers by hand (Python 3 `math`, the
//! formulas written out in each test's comment).
use consilium_stats::*;

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} differs from the reference {expected}"
    );
}

#[test]
fn wilson_of_a_scored_count_matches_the_formula() {
    // p = s/n; centre = (p + z^2/2n) / (1 + z^2/n); half = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
    let cases = [
        (7.5, 10, 0.44218142427854984, 0.9190521757900056),
        (11.5, 14, 0.5615065718384326, 0.9429364835445159),
    ];
    for (score, trials, low, high) in cases {
        let interval = wilson_interval_scored(score, trials, Z_95);
        close(interval.low, low);
        close(interval.high, high);
    }
    // Whole counts give the integer interval exactly.
    assert_eq!(
        wilson_interval_scored(7.0, 10, Z_95),
        wilson_interval(7, 10, Z_95)
    );
}

#[test]
fn brier_of_graded_outcomes_counts_partly_as_half() {
    // ((0.9-1)^2 + (0.8-0.5)^2 + (0.6-0)^2 + (0.95-1)^2) / 4
    let forecasts = [(0.9, 1.0), (0.8, 0.5), (0.6, 0.0), (0.95, 1.0)];
    close(brier_score_graded(&forecasts).unwrap(), 0.115625);
    assert_eq!(
        brier_score(&[(0.7, true), (0.2, false)]),
        brier_score_graded(&[(0.7, 1.0), (0.2, 0.0)])
    );
}

#[test]
fn a_reliability_bin_of_graded_outcomes_is_their_mean_score() {
    let bins = reliability_bins_graded(&[(0.82, 1.0), (0.88, 0.5), (0.85, 0.0)], 10);
    let bin = &bins[8];
    assert_eq!(bin.count, 3);
    close(bin.accuracy.unwrap(), 0.5);
    close(bin.mean_confidence.unwrap(), (0.82 + 0.88 + 0.85) / 3.0);
}

#[test]
fn effective_votes_match_a_hand_computation() {
    // Three panelists, error correlations 0.5, 0.2, 0.2: mean 0.3, 3 / (1 + 2 * 0.3) = 1.875.
    close(effective_votes(3, &[0.5, 0.2, 0.2]).unwrap(), 1.875);
    // Four, six pairs 0.1..0.6: mean 0.35, 4 / (1 + 3 * 0.35) = 1.951219512195122.
    close(
        effective_votes(4, &[0.1, 0.2, 0.3, 0.4, 0.5, 0.6]).unwrap(),
        4.0 / 2.05,
    );
    // Unrelated errors: every vote counts; identical errors: one vote.
    close(effective_votes(5, &[0.0; 10]).unwrap(), 5.0);
    close(effective_votes(5, &[1.0; 10]).unwrap(), 1.0);
    // Errors that avoid each other are not credited beyond the panel's size.
    close(effective_votes(3, &[-0.4, -0.4, -0.4]).unwrap(), 3.0);
    assert_eq!(effective_votes(3, &[]), None);
}
