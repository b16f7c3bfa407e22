//! Prices in USD per million tokens, editable in the settings. A model without a price has an
//! unknown cost, never a cost of zero.
//!
//! A leaf crate: the provider codecs read prices off a model list (OpenRouter's), the engine
//! charges calls with them and the app's settings edit the table, and none of them owns the others.
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

mod cache_rates;
use cache_rates::default_cache_rates;

/// USD per million tokens.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Price {
    pub input_per_million: f64,
    pub output_per_million: f64,
    /// Prompt tokens read from the provider's cache; None = unknown, charged at the input rate
    /// (never less than the provider bills).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_read_per_million: Option<f64>,
    /// Prompt tokens written to the provider's cache (Anthropic's 5-minute writes); None = no
    /// known premium, charged at the input rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_write_per_million: Option<f64>,
}

/// The parts of a call's prompt the provider's cache served or stored (both are parts of the
/// whole prompt's token count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheTokens {
    pub read: u64,
    pub written: u64,
}

impl Price {
    /// Input and output rates, with no known cache rates.
    pub const fn new(input_per_million: f64, output_per_million: f64) -> Self {
        Self {
            input_per_million,
            output_per_million,
            cache_read_per_million: None,
            cache_write_per_million: None,
        }
    }

    /// The same price with the provider's cache rates.
    pub const fn with_cache_rates(self, read_per_million: f64, write_per_million: f64) -> Self {
        Self {
            cache_read_per_million: Some(read_per_million),
            cache_write_per_million: Some(write_per_million),
            ..self
        }
    }

    pub fn cache_read_rate(&self) -> f64 {
        self.cache_read_per_million
            .unwrap_or(self.input_per_million)
    }

    pub fn cache_write_rate(&self) -> f64 {
        self.cache_write_per_million
            .unwrap_or(self.input_per_million)
    }

    /// Every input token at the input rate: a call's worst case, or a call without cache counts.
    pub fn cost_usd(&self, input_tokens: u64, output_tokens: u64) -> f64 {
        (input_tokens as f64 * self.input_per_million
            + output_tokens as f64 * self.output_per_million)
            / 1_000_000.0
    }

    /// What a call cost when `cache` of its `input_tokens` (the whole prompt) were read from or
    /// written to the provider's cache: the rest at the input rate, the reads and writes at theirs.
    pub fn cost_with_cache_usd(
        &self,
        input_tokens: u64,
        output_tokens: u64,
        cache: CacheTokens,
    ) -> f64 {
        let uncached = input_tokens
            .saturating_sub(cache.read)
            .saturating_sub(cache.written);
        self.cost_usd(uncached, output_tokens)
            + (cache.read as f64 * self.cache_read_rate()
                + cache.written as f64 * self.cache_write_rate())
                / 1_000_000.0
    }

    /// What the cache saved against the same tokens at the input rate: reads save, writes at a
    /// premium cost extra (so a call that only wrote saves less than nothing).
    pub fn cache_saving_usd(&self, cache: CacheTokens) -> f64 {
        (cache.read as f64 * (self.input_per_million - self.cache_read_rate())
            + cache.written as f64 * (self.input_per_million - self.cache_write_rate()))
            / 1_000_000.0
    }
}

/// The user's prices, by model id: the defaults, the prices a provider's model list carries
/// (OpenRouter's), and the prices the user typed, which a list never replaces.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredTable", into = "StoredTable")]
pub struct PriceTable {
    by_model: BTreeMap<String, Price>,
    /// The models whose price the user typed.
    typed: BTreeSet<String>,
}

/// The table as stored: its prices and which of them the user typed; or, stored before typed
/// prices were told apart, the prices alone (none of them known as typed).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum StoredTable {
    Marked {
        models: BTreeMap<String, Price>,
        typed: BTreeSet<String>,
    },
    Plain(BTreeMap<String, Price>),
}

impl From<StoredTable> for PriceTable {
    fn from(stored: StoredTable) -> Self {
        match stored {
            StoredTable::Marked { models, typed } => Self {
                by_model: models,
                typed,
            },
            StoredTable::Plain(by_model) => by_model.into(),
        }
    }
}

impl From<PriceTable> for StoredTable {
    fn from(table: PriceTable) -> Self {
        StoredTable::Marked {
            models: table.by_model,
            typed: table.typed,
        }
    }
}

/// A table stored before prices had cache rates: a listed model whose input price is still the
/// default one gets the default cache rates (a price the user changed keeps none, so its cached
/// tokens are charged at the input rate, never less than billed).
impl From<BTreeMap<String, Price>> for PriceTable {
    fn from(mut by_model: BTreeMap<String, Price>) -> Self {
        for (model, price) in by_model.iter_mut() {
            if price.cache_read_per_million.is_some() || price.cache_write_per_million.is_some() {
                continue;
            }
            let default_input = DEFAULT_PRICES
                .iter()
                .find(|(id, _, _)| id == model)
                .map(|(_, input, _)| *input);
            if let (Some(input), Some((read, write))) = (default_input, default_cache_rates(model))
            {
                if input == price.input_per_million {
                    *price = price.with_cache_rates(read, write);
                }
            }
        }
        Self {
            by_model,
            typed: BTreeSet::new(),
        }
    }
}

/// Public list prices (standard tier, text, prompts up to 200k tokens; USD per million input /
/// output tokens), looked up 2026-11-22. Sources: OpenAI's pricing page as tabulated by
/// deploybase.ai (Mar 2026) and adk-model (gpt-5.4 family); Anthropic's pricing page as quoted by
/// the synaps and tokr crates (Oct 2026); Google's pricing page as tabulated by morphllm.com (2026);
/// DeepSeek's pricing page (V3.2, cache-miss input) via benchlm.ai (Apr 2026); Mistral Large 3 input
/// via aipromptshub.co (2026). Mistral's other rates and Groq's are their pricing pages' 2025
/// figures, not re-checked. Prices drift: the user edits them in Settings, and OpenRouter reports
/// each call's cost itself.
const DEFAULT_PRICES: &[(&str, f64, f64)] = &[
    // OpenAI
    ("gpt-5.4", 2.50, 15.0),
    ("gpt-5.4-mini", 0.75, 4.50),
    ("gpt-5.2", 1.75, 14.0),
    ("gpt-5.1", 1.25, 10.0),
    ("gpt-5", 1.25, 10.0),
    ("gpt-5-mini", 0.25, 2.0),
    ("gpt-5-nano", 0.05, 0.40),
    ("gpt-4.1", 2.0, 8.0),
    ("gpt-4.1-mini", 0.40, 1.60),
    ("gpt-4.1-nano", 0.10, 0.40),
    ("gpt-4o", 2.50, 10.0),
    ("gpt-4o-mini", 0.15, 0.60),
    ("o3", 2.0, 8.0),
    ("o3-mini", 1.10, 4.40),
    ("o4-mini", 1.10, 4.40),
    // Anthropic: Opus dropped from $15/$75 to $5/$25 with 4.5.
    ("claude-opus-4-7", 5.0, 25.0),
    ("claude-opus-4-6", 5.0, 25.0),
    ("claude-opus-4-5", 5.0, 25.0),
    ("claude-opus-4-1", 15.0, 75.0),
    ("claude-opus-4", 15.0, 75.0),
    ("claude-sonnet-4-5", 3.0, 15.0),
    ("claude-sonnet-4", 3.0, 15.0),
    ("claude-3-7-sonnet", 3.0, 15.0),
    ("claude-haiku-4-5", 1.0, 5.0),
    ("claude-3-5-haiku", 0.80, 4.0),
    ("claude-3-haiku", 0.25, 1.25),
    // Google Gemini (prompts up to 200k tokens)
    ("gemini-3.1-pro", 2.0, 12.0),
    ("gemini-3-pro", 2.0, 12.0),
    ("gemini-3-flash", 0.50, 3.0),
    ("gemini-2.5-pro", 1.25, 10.0),
    ("gemini-2.5-flash", 0.30, 2.50),
    ("gemini-2.5-flash-lite", 0.10, 0.40),
    ("gemini-2.0-flash", 0.10, 0.40),
    ("gemini-2.0-flash-lite", 0.075, 0.30),
    // DeepSeek (cache-miss input)
    ("deepseek-chat", 0.28, 0.42),
    ("deepseek-reasoner", 0.28, 0.42),
    // Mistral
    ("mistral-large-latest", 0.50, 1.50),
    ("mistral-medium-latest", 0.40, 2.0),
    ("mistral-small-latest", 0.10, 0.30),
    // Groq
    ("llama-3.3-70b-versatile", 0.59, 0.79),
    ("llama-3.1-8b-instant", 0.05, 0.08),
];

impl PriceTable {
    pub fn with_defaults() -> Self {
        // Inserted one by one rather than collected: `BTreeMap::from_iter` sorts its input first,
        // which would bring in its own copy of the standard sort (same map either way).
        let mut by_model = BTreeMap::new();
        for (model, input, output) in DEFAULT_PRICES {
            let price = Price::new(*input, *output);
            let price = match default_cache_rates(model) {
                Some((read, write)) => price.with_cache_rates(read, write),
                None => price,
            };
            by_model.insert(model.to_string(), price);
        }
        Self {
            by_model,
            typed: BTreeSet::new(),
        }
    }

    /// Exact match first; then a dated, versioned or preview form of a listed model
    /// (`gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929`, `gemini-3-pro-preview`), the longest
    /// listed id winning; then the same without an OpenRouter-style `vendor/` prefix. A different
    /// model sharing a prefix is never matched: `gpt-4o-mini` is not `gpt-4o`.
    pub fn price_for(&self, model: &str) -> Option<Price> {
        let model = model.trim();
        self.lookup(model).or_else(|| {
            model
                .split_once('/')
                .and_then(|(_, bare)| self.lookup(bare))
        })
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

    /// The user's own price for `model`: no model list replaces it.
    pub fn set(&mut self, model: &str, price: Price) {
        let model = model.trim().to_string();
        self.by_model.insert(model.clone(), price);
        self.typed.insert(model);
    }

    /// The prices a provider's model list carries, each taken unless the user typed that model's
    /// price. Whether any price changed.
    pub fn take_listed(&mut self, listed: &[(String, Price)]) -> bool {
        let mut changed = false;
        for (model, price) in listed {
            let model = model.trim();
            if self.typed.contains(model) || self.by_model.get(model) == Some(price) {
                continue;
            }
            self.by_model.insert(model.to_string(), *price);
            changed = true;
        }
        changed
    }

    /// Removes the price (the user's own or a list's): a later list may price the model again.
    pub fn remove(&mut self, model: &str) {
        self.by_model.remove(model.trim());
        self.typed.remove(model.trim());
    }

    pub fn entries(&self) -> Vec<(String, Price)> {
        self.by_model
            .iter()
            .map(|(id, price)| (id.clone(), *price))
            .collect()
    }
}

/// Whether `model` is `id` itself in another release: a date or version number (`-2024-08-06`,
/// `-0`, `@20250929`, `:free`), or a `-latest` / `-preview` / `-exp` alias, optionally dated.
fn is_version_of(model: &str, id: &str) -> bool {
    let Some(rest) = model.strip_prefix(id) else {
        return false;
    };
    if rest.starts_with('@') || rest.starts_with(':') {
        return true;
    }
    let Some(rest) = rest.strip_prefix('-') else {
        return false;
    };
    rest.starts_with(|c: char| c.is_ascii_digit())
        || ["latest", "preview", "exp"]
            .iter()
            .any(|alias| rest == *alias || rest.starts_with(&format!("{alias}-")))
}
