//! The providers' published prompt-cache prices for the default table's models (USD per million
//! tokens: cache read, cache write), looked up 2026-11-23.
//!
//! - Anthropic: reads at 0.1x the input price, 5-minute writes at 1.25x (the prompt-caching
//!   guide's price table). Consilium asks for the default 5-minute cache only.
//! - OpenAI: caches by itself with no write premium (writes at the input price); reads at 0.1x
//!   for the GPT-5 family, 0.25x for GPT-4.1 and o4-mini, 0.5x for GPT-4o and o3-mini, per its
//!   pricing page (as tabulated by openai_responses' and adk-model's price tables).
//! - Google: implicit caching on Gemini 2.5 and later, no write charge; reads at 0.1x on 2.5 and
//!   3.x, 0.25x on 2.0 Flash (Google's pricing page; 3.1 Pro's via models.dev).
//! - DeepSeek: a cache hit at 0.1x its cache-miss (input) price.
//!
//! Mistral's and Groq's models have none here: their cached tokens are charged at the input rate.
const CACHE_RATES: &[(&str, f64, f64)] = &[
    // OpenAI
    ("gpt-5.4", 0.25, 2.50),
    ("gpt-5.4-mini", 0.075, 0.75),
    ("gpt-5.2", 0.175, 1.75),
    ("gpt-5.1", 0.125, 1.25),
    ("gpt-5", 0.125, 1.25),
    ("gpt-5-mini", 0.025, 0.25),
    ("gpt-5-nano", 0.005, 0.05),
    ("gpt-4.1", 0.50, 2.0),
    ("gpt-4.1-mini", 0.10, 0.40),
    ("gpt-4.1-nano", 0.025, 0.10),
    ("gpt-4o", 1.25, 2.50),
    ("gpt-4o-mini", 0.075, 0.15),
    ("o3", 0.50, 2.0),
    ("o3-mini", 0.55, 1.10),
    ("o4-mini", 0.275, 1.10),
    // Anthropic
    ("claude-opus-4-7", 0.50, 6.25),
    ("claude-opus-4-6", 0.50, 6.25),
    ("claude-opus-4-5", 0.50, 6.25),
    ("claude-opus-4-1", 1.50, 18.75),
    ("claude-opus-4", 1.50, 18.75),
    ("claude-sonnet-4-5", 0.30, 3.75),
    ("claude-sonnet-4", 0.30, 3.75),
    ("claude-3-7-sonnet", 0.30, 3.75),
    ("claude-haiku-4-5", 0.10, 1.25),
    ("claude-3-5-haiku", 0.08, 1.0),
    ("claude-3-haiku", 0.03, 0.30),
    // Google Gemini (prompts up to 200k tokens)
    ("gemini-3.1-pro", 0.20, 2.0),
    ("gemini-3-pro", 0.20, 2.0),
    ("gemini-3-flash", 0.05, 0.50),
    ("gemini-2.5-pro", 0.125, 1.25),
    ("gemini-2.5-flash", 0.03, 0.30),
    ("gemini-2.5-flash-lite", 0.01, 0.10),
    ("gemini-2.0-flash", 0.025, 0.10),
    // DeepSeek
    ("deepseek-chat", 0.028, 0.28),
    ("deepseek-reasoner", 0.028, 0.28),
];

/// The default (read, write) cache rates of a model listed in the default table, if published.
pub(crate) fn default_cache_rates(model: &str) -> Option<(f64, f64)> {
    CACHE_RATES
        .iter()
        .find(|(id, _, _)| *id == model)
        .map(|(_, read, write)| (*read, *write))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry names a model of the default table, and no read costs more than its input nor
    /// a write less.
    #[test]
    fn cache_rates_belong_to_listed_models() {
        for (model, read, write) in CACHE_RATES {
            let (_, input, _) = crate::DEFAULT_PRICES
                .iter()
                .find(|(id, _, _)| id == model)
                .unwrap_or_else(|| panic!("{model} is not in the default table"));
            assert!(read < input, "{model}");
            assert!(write >= input, "{model}");
        }
    }
}
