//! What a session has cost so far, as the record keeps it (the harness's ledger keeps it up to date).
use serde::{Deserialize, Serialize};

use super::is_zero;

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
    /// Of `input_tokens`, those the providers read from their prompt caches.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cached_input_tokens: u64,
    /// Of `input_tokens`, those written to the providers' prompt caches.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cache_write_tokens: u64,
    /// What the caches saved against the input rates of the priced calls (cache-write premiums
    /// deducted).
    #[serde(default, skip_serializing_if = "is_no_saving")]
    pub cache_saved_usd: f64,
    /// Of `spent_usd`, the providers' web search fees (per search, result, call or grounded
    /// prompt, as each prices it).
    #[serde(default, skip_serializing_if = "is_no_saving")]
    pub search_usd: f64,
}

fn is_no_saving(usd: &f64) -> bool {
    *usd == 0.0
}
