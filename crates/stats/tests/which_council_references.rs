//! Reference values for the statistics behind "which council to keep", computed outside
//! this crate with SciPy 1.17.1 and statsmodels 0.15.0 (`pip install scipy statsmodels`), by the
//! expression beside each table.

use consilium_stats::*;

fn near(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} differs from the reference {expected}"
    );
}

#[test]
fn ln_gamma_matches_python() {
    // python3 -c "from math import lgamma; print(repr(lgamma(v)))"
    let cases = [
        (0.5, 0.5723649429247004),
        (1.0, 0.0),
        (3.5, 1.2009736023470738),
        (10.0, 12.801827480081467),
        (171.3, 708.114947038997),
        (1000.5, 5908.674175848678),
    ];
    for (x, expected) in cases {
        near(
            ln_gamma(x),
            expected,
            1e-12 * expected.abs().max(1.0),
            "ln_gamma",
        );
    }
}

#[test]
fn beta_cdf_matches_scipy() {
    // scipy.stats.beta.cdf(x, a, b)
    let cases = [
        (0.5, 2.0, 3.0, 0.6875),
        (0.1, 0.5, 0.5, 0.20483276469913345),
        (0.9, 30.0, 3.0, 0.36668351908062025),
        (0.97, 188.0, 13.0, 0.9921670402335854),
        (0.3, 1.0, 1.0, 0.3),
        (0.999, 1000.0, 2.0, 0.7353908495419277),
    ];
    for (x, a, b, expected) in cases {
        near(
            beta_cdf(x, a, b),
            expected,
            1e-11,
            &format!("I_{x}({a}, {b})"),
        );
    }
    assert_eq!(beta_cdf(0.0, 2.0, 3.0), 0.0);
    assert_eq!(beta_cdf(1.0, 2.0, 3.0), 1.0);
}

#[test]
fn beta_quantile_matches_scipy() {
    // scipy.stats.beta.ppf(q, a, b)
    let cases = [
        (0.025, 3.0, 198.0, 0.003104107621553509),
        (0.975, 4.0, 197.0, 0.0432082819177126),
        (0.05, 1.0, 20.0, 0.0025613787765302806),
        (0.5, 2.0, 5.0, 0.26444998329566005),
        (0.975, 0.5, 0.5, 0.9984586668665639),
        (0.025, 600.0, 401.0, 0.5688784459558931),
        (0.001, 10.0, 10.0, 0.18903711590479788),
    ];
    for (q, a, b, expected) in cases {
        near(
            beta_quantile(q, a, b),
            expected,
            1e-10,
            &format!("ppf({q}, {a}, {b})"),
        );
    }
}

#[test]
fn clopper_pearson_matches_statsmodels() {
    // statsmodels.stats.proportion.proportion_confint(k, n, alpha=0.05, method="beta")
    let cases = [
        (0, 20, 0.0, 0.16843347098308534),
        (20, 20, 0.8315665290169146, 1.0),
        (12, 200, 0.031383953893483446, 0.10246183130832451),
        (3, 50, 0.01254858783533406, 0.16548194660377288),
        (188, 200, 0.8975381686916755, 0.9686160461065165),
        (1, 1, 0.025, 1.0),
        (500, 1000, 0.46854917297179194, 0.5314508270282081),
    ];
    for (k, n, low, high) in cases {
        let interval = clopper_pearson(k, n, 0.95);
        near(interval.low, low, 1e-10, &format!("low of {k}/{n}"));
        near(interval.high, high, 1e-10, &format!("high of {k}/{n}"));
    }
    assert_eq!(
        clopper_pearson(0, 0, 0.95),
        Interval {
            low: 0.0,
            high: 1.0
        }
    );
}

#[test]
fn phi_and_its_interval_match_scipy_pearsonr() {
    // x = [1]*both + [1]*only_first + [0]*only_second + [0]*neither, y likewise;
    // r = scipy.stats.pearsonr(x, y); r.statistic, r.confidence_interval(0.95)
    let cases = [
        (
            (8, 4, 3, 45),
            0.6245592137682255,
            0.44049269364095167,
            0.7582347063835297,
        ),
        (
            (2, 10, 9, 79),
            0.06687835891758698,
            -0.1312640593803073,
            0.2598826268705339,
        ),
        (
            (0, 5, 5, 20),
            -0.2,
            -0.5226129503288917,
            0.17271392488555365,
        ),
        ((30, 0, 0, 30), 1.0, 1.0, 1.0),
    ];
    for ((both, only_first, only_second, neither), r, low, high) in cases {
        let table = TwoByTwo {
            both,
            only_first,
            only_second,
            neither,
        };
        let phi = table.phi().unwrap();
        near(phi, r, 1e-12, "phi");
        let interval = correlation_interval(phi, table.total(), Z_95);
        near(interval.low, low, 1e-12, "low");
        near(interval.high, high, 1e-12, "high");
    }
}

#[test]
fn phi_is_undefined_when_a_trait_never_varies() {
    let always = TwoByTwo::of([(true, true), (true, false), (true, true)]);
    assert_eq!(always.phi(), None);
    assert_eq!(TwoByTwo::of([]).phi(), None);
}
