//! How many tokens artifact filtering saved, measured on the prompts actually sent.
use serde::{Deserialize, Serialize};

use crate::foundation::tokens::{estimate_tokens, tokens_for_chars};
use crate::record::CallRecord;

pub const FILTERING_METHOD: &str = "structured_artifact_array_truncation";
/// Only the debate rounds are filtered; round 2 always gets every answer in full.
const FILTERED_ROUNDS: [u8; 2] = [3, 4];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TokenEfficiencyStats {
    /// Input + output of every call that got a reply: provider-reported where reported.
    pub tokens_used: u64,
    /// Estimated tokens of the unfiltered prompts minus those of the prompts sent (rounds 3 and 4).
    pub tokens_saved_via_filtering: u64,
    /// saved / (used + saved) x 100.
    pub efficiency_percentage: f64,
    pub filtering_method: String,
    /// The debate rounds that ran with filtering; empty in verbose mode.
    pub filtered_rounds: Vec<u8>,
    /// True when some call's usage was not reported and `tokens_used` includes an estimate for it.
    #[serde(default)]
    pub tokens_used_includes_estimates: bool,
}

impl TokenEfficiencyStats {
    pub fn new(tokens_used: u64, tokens_saved: u64, filtered_rounds: Vec<u8>) -> Self {
        let total = tokens_used + tokens_saved;
        let efficiency_percentage = if total == 0 {
            0.0
        } else {
            tokens_saved as f64 / total as f64 * 100.0
        };
        Self {
            tokens_used,
            tokens_saved_via_filtering: tokens_saved,
            efficiency_percentage,
            filtering_method: FILTERING_METHOD.to_string(),
            filtered_rounds,
            tokens_used_includes_estimates: false,
        }
    }

    /// The stats of a session so far, from its call records.
    pub fn from_calls(calls: &[CallRecord], verbose: bool) -> Self {
        // Only calls that got a reply count, on both sides, so that the percentage compares like
        // with like.
        let (mut used, mut saved) = (0, 0);
        let mut estimated = false;
        for call in calls {
            let Some(reply) = &call.reply_text else {
                continue;
            };
            let input = call
                .input_tokens
                .unwrap_or_else(|| tokens_for_chars(call.prompt_chars));
            let output = call.output_tokens.unwrap_or_else(|| estimate_tokens(reply));
            estimated |= call.input_tokens.is_none() || call.output_tokens.is_none();
            used += input + output;
            saved += call.tokens_saved_via_filtering;
        }
        let filtered_rounds = if verbose {
            Vec::new()
        } else {
            FILTERED_ROUNDS
                .into_iter()
                .filter(|round| calls.iter().any(|c| c.round == *round))
                .collect()
        };
        Self {
            tokens_used_includes_estimates: estimated,
            ..Self::new(used, saved, filtered_rounds)
        }
    }
}
