//! What a session has cost so far, as the record keeps it (the harness's ledger keeps it up to date).
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CostSummary {
    /// Known cost: provider-reported, or usage x price.
    pub spent_usd: f64,
    /// Replies whose cost is unknown.
    pub unpriced_calls: u32,
    /// Usage of all replies: provider-reported, or estimated from the text where not reported.
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub budget_usd: Option<f64>,
}
