//! Every expected number here was computed outside this crate, by the tool named beside it:
//! statsmodels 0.15.0 (`proportion_confint(method="wilson")`, `mcnemar(exact=True)`), NumPy 2 (`mean`,
//! `percentile`), and rand_xoshiro's published SplitMix64 vectors (from Vigna's splitmix64.c).

use consilium_stats::*;

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} differs from the reference {expected}"
    );
}

#[test]
fn wilson_matches_statsmodels() {
    // statsmodels.stats.proportion.proportion_confint(k, n, alpha=0.05, method="wilson")
    let cases = [
        (0, 10, 0.0, 0.27753279986288926),
        (10, 10, 0.7224672001371106, 1.0),
        (7, 10, 0.39677814746114537, 0.8922087325936989),
        (81, 100, 0.7222115462093562, 0.8748524849023126),
        (1, 1, 0.2065493143772374, 1.0),
        (150, 200, 0.6856590168795417, 0.8049183199318249),
    ];
    for (successes, trials, low, high) in cases {
        let interval = wilson_interval(successes, trials, Z_95);
        close(interval.low, low);
        close(interval.high, high);
    }
}

#[test]
fn wilson_with_no_trials_knows_nothing() {
    assert_eq!(
        wilson_interval(0, 0, Z_95),
        Interval {
            low: 0.0,
            high: 1.0
        }
    );
}

#[test]
fn mcnemar_matches_statsmodels_exact() {
    // statsmodels.stats.contingency_tables.mcnemar([[0, b], [c, 0]], exact=True).pvalue
    let cases = [
        (0, 0, 1.0),
        (3, 0, 0.25),
        (5, 1, 0.21875),
        (12, 4, 0.076812744140625),
        (30, 20, 0.20263875106454066),
        (1, 1, 1.0),
        // 1,240 discordant questions: 2^-1240 underflows a plain f64, the log-space sum does not.
        (600, 640, 0.26805950270208656),
    ];
    for (only_first, only_second, p) in cases {
        let actual = mcnemar_exact(only_first, only_second);
        assert!(
            (actual - p).abs() < 1e-9,
            "mcnemar({only_first}, {only_second}) = {actual}, want {p}"
        );
        assert_eq!(
            actual,
            mcnemar_exact(only_second, only_first),
            "the test is symmetric"
        );
    }
}

#[test]
fn splitmix64_matches_the_published_stream() {
    // rand_xoshiro's `reference` test, produced with Vigna's splitmix64.c.
    let mut rng = SplitMix64::new(1477776061723855037);
    let expected = [
        1985237415132408290,
        2979275885539914483,
        13511426838097143398,
        8488337342461049707,
        15141737807933549159,
    ];
    for value in expected {
        assert_eq!(rng.next_u64(), value);
    }
}

fn forty_paired_questions() -> Vec<(bool, bool)> {
    let mut pairs = vec![(true, true); 20];
    pairs.extend(vec![(true, false); 9]);
    pairs.extend(vec![(false, true); 4]);
    pairs.extend(vec![(false, false); 7]);
    pairs
}

#[test]
fn paired_bootstrap_matches_an_independent_implementation() {
    // A separate Python implementation (SplitMix64 + Lemire's multiply-shift, 2,000 resamples of the
    // 40 questions, numpy.percentile at 2.5 and 97.5) gave: difference 0.125, interval -0.025 to 0.3.
    let result = paired_bootstrap(&forty_paired_questions(), 2000, 2026);
    close(result.difference, 0.125);
    close(result.interval.low, -0.025);
    close(result.interval.high, 0.3);
}

#[test]
fn paired_bootstrap_is_reproducible_and_seed_dependent() {
    let pairs = forty_paired_questions();
    assert_eq!(
        paired_bootstrap(&pairs, 500, 7),
        paired_bootstrap(&pairs, 500, 7)
    );
    assert_ne!(
        paired_bootstrap(&pairs, 500, 7).interval,
        paired_bootstrap(&pairs, 500, 8).interval
    );
}

#[test]
fn paired_bootstrap_of_identical_arms_is_a_point() {
    let pairs = vec![(true, true), (false, false), (true, true)];
    let result = paired_bootstrap(&pairs, 300, 1);
    assert_eq!(result.difference, 0.0);
    assert_eq!(
        result.interval,
        Interval {
            low: 0.0,
            high: 0.0
        }
    );
}

#[test]
fn brier_matches_numpy() {
    // numpy.mean([(p - o) ** 2 for p, o in forecasts])
    let forecasts = [
        (0.9, true),
        (0.8, false),
        (0.65, true),
        (0.3, false),
        (1.0, true),
        (0.05, true),
    ];
    close(brier_score(&forecasts).unwrap(), 0.2941666666666667);
    assert_eq!(brier_score(&[]), None);
}

#[test]
fn reliability_bins_count_every_forecast_once() {
    let forecasts = [
        (0.05, false),
        (0.15, true),
        (0.95, true),
        (1.0, true),
        (0.97, false),
    ];
    let bins = reliability_bins(&forecasts, 10);
    assert_eq!(bins.len(), 10);
    assert_eq!(bins.iter().map(|bin| bin.count).sum::<u64>(), 5);
    assert_eq!(bins[0].count, 1);
    assert_eq!(bins[1].accuracy, Some(1.0));
    assert_eq!(
        bins[5].mean_confidence, None,
        "an empty bin keeps its place on the axis"
    );
    let top = &bins[9];
    assert_eq!(top.count, 3, "1.0 falls in the last bin");
    close(top.mean_confidence.unwrap(), (0.95 + 1.0 + 0.97) / 3.0);
    close(top.accuracy.unwrap(), 2.0 / 3.0);
}
