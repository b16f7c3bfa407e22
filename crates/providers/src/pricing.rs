//! Prices in USD per million tokens, editable in the settings. A model without a price has an
//! unknown cost, never a cost of zero.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::types::{Price, Usage};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PriceTable {
    by_model: BTreeMap<String, Price>,
}

/// Public list prices (standard tier, text, short context) from each provider's pricing page as of
/// late 2025. They drift: the user edits them in Settings, and OpenRouter's model list brings its own.
const DEFAULT_PRICES: &[(&str, f64, f64)] = &[
    ("gpt-5", 1.25, 10.0),
    ("gpt-5-mini", 0.25, 2.0),
    ("gpt-5-nano", 0.05, 0.40),
    ("gpt-4.1", 2.0, 8.0),
    ("gpt-4.1-mini", 0.40, 1.60),
    ("gpt-4.1-nano", 0.10, 0.40),
    ("gpt-4o", 2.50, 10.0),
    ("gpt-4o-mini", 0.15, 0.60),
    ("o3", 2.0, 8.0),
    ("o4-mini", 1.10, 4.40),
    ("claude-opus-4-1", 15.0, 75.0),
    ("claude-opus-4", 15.0, 75.0),
    ("claude-sonnet-4-5", 3.0, 15.0),
    ("claude-sonnet-4", 3.0, 15.0),
    ("claude-haiku-4-5", 1.0, 5.0),
    ("claude-3-5-haiku", 0.80, 4.0),
    ("gemini-2.5-pro", 1.25, 10.0),
    ("gemini-2.5-flash", 0.30, 2.50),
    ("gemini-2.5-flash-lite", 0.10, 0.40),
    ("gemini-2.0-flash", 0.10, 0.40),
    ("deepseek-chat", 0.28, 0.42),
    ("deepseek-reasoner", 0.28, 0.42),
    ("mistral-large-latest", 2.0, 6.0),
    ("mistral-small-latest", 0.10, 0.30),
    ("llama-3.3-70b-versatile", 0.59, 0.79),
];

impl PriceTable {
    pub fn with_defaults() -> Self {
        let by_model = DEFAULT_PRICES
            .iter()
            .map(|(model, input, output)| {
                (model.to_string(), Price { input_per_million: *input, output_per_million: *output })
            })
            .collect();
        Self { by_model }
    }

    /// Exact match first; then a dated or versioned form of a listed model (`gpt-4o-2024-08-06`,
    /// `claude-sonnet-4-5-20250929`), the longest listed id winning, so `gpt-4o-mini` is never
    /// priced as `gpt-4o`; then the same without an OpenRouter-style `vendor/` prefix.
    pub fn price_for(&self, model: &str) -> Option<Price> {
        let model = model.trim();
        self.lookup(model).or_else(|| model.split_once('/').and_then(|(_, bare)| self.lookup(bare)))
    }

    fn lookup(&self, model: &str) -> Option<Price> {
        if let Some(price) = self.by_model.get(model) {
            return Some(*price);
        }
        self.by_model
            .iter()
            .filter(|(id, _)| is_version_of(model, id))
            .max_by_key(|(id, _)| id.len())
            .map(|(_, price)| *price)
    }

    pub fn set(&mut self, model: &str, price: Price) {
        self.by_model.insert(model.trim().to_string(), price);
    }

    pub fn remove(&mut self, model: &str) {
        self.by_model.remove(model);
    }

    pub fn entries(&self) -> Vec<(String, Price)> {
        self.by_model.iter().map(|(id, price)| (id.clone(), *price)).collect()
    }
}

fn is_version_of(model: &str, id: &str) -> bool {
    let Some(rest) = model.strip_prefix(id) else { return false };
    let mut chars = rest.chars();
    match chars.next() {
        Some('-') => chars.next().is_some_and(|c| c.is_ascii_digit()) || rest == "-latest",
        Some('@') | Some(':') => true,
        _ => false,
    }
}

pub fn cost_usd(usage: &Usage, price: &Price) -> f64 {
    (usage.input_tokens as f64 * price.input_per_million + usage.output_tokens as f64 * price.output_per_million)
        / 1_000_000.0
}

/// A rough count for estimates before a run: about four characters per token.
pub fn estimate_tokens(text: &str) -> u64 {
    (text.chars().count() as u64).div_ceil(4)
}
