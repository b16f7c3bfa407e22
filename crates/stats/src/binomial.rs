/// The exact (binomial) McNemar test, two-sided, on paired right/wrong outcomes. `only_first` counts the
/// questions the first arm got right and the second wrong, `only_second` the reverse; questions both got
/// right or both wrong carry no information about which is better. Under the null hypothesis the
/// discordant questions split like fair coin flips, so the p-value is twice the smaller binomial tail,
/// capped at 1. Exact rather than chi-squared because a benchmark's discordant count is often small.
pub fn mcnemar_exact(only_first: u64, only_second: u64) -> f64 {
    let n = only_first + only_second;
    if n == 0 {
        return 1.0;
    }
    let k = only_first.min(only_second);
    // Sum C(n, i) / 2^n for i <= k in log space: 2^-n underflows past n = 1074.
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let mut ln_term = ln_half_n; // i = 0
    let mut ln_tail = ln_term;
    for i in 0..k {
        ln_term += ((n - i) as f64).ln() - ((i + 1) as f64).ln();
        ln_tail = log_add(ln_tail, ln_term);
    }
    (2.0 * ln_tail.exp()).min(1.0)
}

fn log_add(a: f64, b: f64) -> f64 {
    let (high, low) = if a >= b { (a, b) } else { (b, a) };
    high + (low - high).exp().ln_1p()
}
