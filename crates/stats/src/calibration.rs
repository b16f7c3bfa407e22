/// The Brier score of stated confidences against outcomes: the mean of `(confidence - correct)^2`,
/// 0 for a perfect forecaster, 0.25 for always saying 50%. `None` with no forecasts.
pub fn brier_score(forecasts: &[(f64, bool)]) -> Option<f64> {
    brier_score_graded(&graded(forecasts))
}

/// As [`brier_score`], with each outcome a score in [0, 1] (a decision judged partly right is 0.5).
pub fn brier_score_graded(forecasts: &[(f64, f64)]) -> Option<f64> {
    if forecasts.is_empty() {
        return None;
    }
    let total: f64 = forecasts
        .iter()
        .map(|&(confidence, correct)| {
            (confidence.clamp(0.0, 1.0) - correct.clamp(0.0, 1.0)).powi(2)
        })
        .sum();
    Some(total / forecasts.len() as f64)
}

/// One bar of a reliability chart: the forecasts whose confidence fell in `[low, high)` (the last bin
/// includes 1.0), how sure they said they were on average and how often they were right.
#[derive(Debug, Clone, PartialEq)]
pub struct ReliabilityBin {
    pub low: f64,
    pub high: f64,
    pub count: u64,
    /// Mean stated confidence of the bin's forecasts; `None` when the bin is empty.
    pub mean_confidence: Option<f64>,
    /// Share of the bin's forecasts that were right; `None` when the bin is empty.
    pub accuracy: Option<f64>,
}

/// `bins` equal-width bins over [0, 1] (empty bins included, so a chart keeps its axis).
pub fn reliability_bins(forecasts: &[(f64, bool)], bins: usize) -> Vec<ReliabilityBin> {
    reliability_bins_graded(&graded(forecasts), bins)
}

/// As [`reliability_bins`], with each outcome a score in [0, 1]: a bin's accuracy is its mean score.
pub fn reliability_bins_graded(forecasts: &[(f64, f64)], bins: usize) -> Vec<ReliabilityBin> {
    let bins = bins.max(1);
    let mut sums = vec![(0u64, 0.0f64, 0.0f64); bins];
    for &(confidence, correct) in forecasts {
        let confidence = confidence.clamp(0.0, 1.0);
        let index = ((confidence * bins as f64) as usize).min(bins - 1);
        let (count, confidence_sum, right) = &mut sums[index];
        *count += 1;
        *confidence_sum += confidence;
        *right += correct.clamp(0.0, 1.0);
    }
    sums.into_iter()
        .enumerate()
        .map(|(index, (count, confidence_sum, right))| ReliabilityBin {
            low: index as f64 / bins as f64,
            high: (index + 1) as f64 / bins as f64,
            count,
            mean_confidence: (count > 0).then(|| confidence_sum / count as f64),
            accuracy: (count > 0).then(|| right / count as f64),
        })
        .collect()
}

fn graded(forecasts: &[(f64, bool)]) -> Vec<(f64, f64)> {
    forecasts
        .iter()
        .map(|&(confidence, correct)| (confidence, if correct { 1.0 } else { 0.0 }))
        .collect()
}
