/// How many independent votes a panel of `n` casts when its members' errors correlate: the design
/// effect of an equicorrelated mean (Kish), `n_eff = n / (1 + (n - 1) * rho)`, with `rho` the
/// mean of the pairwise error correlations given (phi of "wrong", one per pair that has one).
/// A mean below 0 is taken as 0 (the panel is never credited with more than `n` votes), so the
/// result lies in [1, n]. `None` for an empty panel or when no pair has a correlation.
pub fn effective_votes(n: usize, pair_correlations: &[f64]) -> Option<f64> {
    if n == 0 || pair_correlations.is_empty() {
        return None;
    }
    let mean = pair_correlations.iter().sum::<f64>() / pair_correlations.len() as f64;
    let rho = mean.clamp(0.0, 1.0);
    Some(n as f64 / (1.0 + (n as f64 - 1.0) * rho))
}
