//! Numbers as every view writes them.

/// Whole percent, as the decision shows a confidence: "85%".
pub fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
}
