//! What a run is expected to cost before it starts: calls, tokens, dollars (the likely figure and the
//! most it can be) and who has no price. Each protocol's estimate fills it; the consent, the
//! costs view and a key's limit read it.
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostEstimate {
    pub calls: u32,
    pub input_tokens: u64,
    /// Every call writing a full `max_tokens` reply.
    pub output_tokens: u64,
    /// The cost of the priced participants' calls; None when no participant has a price.
    pub usd: Option<f64>,
    /// The most the priced calls can cost: `usd` with no cache read counted on (every prompt
    /// token at the input price, a marked opening at the write price). What a key's limit and the
    /// budget are set against; None when no participant has a price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst_case_usd: Option<f64>,
    /// Labels of participants without a price: their calls are not in `usd`, and the budget cannot
    /// limit them.
    pub unpriced_participants: Vec<String>,
    pub verbose: bool,
    /// Of `input_tokens`, those expected from the providers' prompt caches (counted at their
    /// cache-read price in `usd`): a seat's shared opening on its later calls, where the provider
    /// caches by itself.
    #[serde(default)]
    pub cached_input_tokens: u64,
    /// Adaptive's calls when the panel agrees after the synthesis (`calls` is the most it asks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls_if_agreed: Option<u32>,
    /// The web search fees, when the run searches: within `usd` and `worst_case_usd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchEstimate>,
}

/// What a searching run's searches may cost beside its tokens: each searching seat's calls in
/// the rounds that search, at its provider's fee, each counted at the most one call's search
/// may cost (`SearchFee::bound_usd`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchEstimate {
    /// Calls that search (a searching seat in each round that searches).
    pub calls: u32,
    /// The priced searches' fees at most.
    pub usd: f64,
    /// Each fee as the consent says it, with the seats it applies to: "Panelist 1, Panelist 2:
    /// $4 per 1,000 results, up to 5 a call".
    pub fees: Vec<String>,
    /// Seats whose search has no price.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpriced: Vec<String>,
}
