//! User settings: providers (never their keys), prices, debate limits and budgets. Stored in local
//! storage with a version number so that later releases can migrate older shapes. One job per
//! file:
//! - this file: the settings' type and defaults;
//! - `storage`: reading and writing them in local storage;
//! - `migrate`: bringing any stored shape up to the current version, field by field;
//! - `fields`: the checks and parsers of the fields the user types;
//! - `hedging`: when seats with a backup model are hedged;
//! - `presets`: the ready-made providers and the provider kinds' names;
//! - `council_choice`: which council new consults use, chosen and undone as a whole.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::{
    foundation::participants::Persona, record::consult::filter_limits::FilterLimits,
};
use consilium_prices::PriceTable;
use consilium_providers::capabilities::{model_capabilities, ModelCapabilities};
use consilium_providers::{Endpoint, ErrorContext, ModelInfo, ProviderKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod council_choice;
mod fields;
mod hedging;
mod migrate;
mod presets;
mod storage;

pub use council_choice::CouncilChoice;
pub use fields::{
    parse_abstain_threshold, parse_budget, parse_consent_threshold, parse_debate_threshold,
    parse_hedge_after, parse_idle_lock, parse_max_tokens, parse_reminder_days, parse_timeout,
    MIN_MAX_TOKENS, MIN_TIMEOUT_SECS,
};
pub use hedging::HEDGE_ADAPTIVE_MULTIPLE;
pub use migrate::migrate;
pub use presets::{added_from, kind_label, presets, Preset, ALL_KINDS};
pub use storage::{after_save, save_json, stored_json, SETTINGS_KEY, UNREADABLE_SETTINGS_KEY};

pub const SETTINGS_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProviderSettings {
    pub id: ProviderId,
    pub name: String,
    pub kind: ProviderKind,
    pub base_url: String,
    pub default_model: String,
    /// Models offered in pickers: fetched from the provider's model list, or typed.
    #[serde(default)]
    pub models: Vec<String>,
    #[serde(default)]
    pub remember_key: bool,
    /// A server the user runs (local presets): its calls cost $0 unless its models are priced.
    #[serde(default)]
    pub free: bool,
    /// What the model list said of each model, where it said anything: images or not, the
    /// context window (the provider check fills it).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub model_facts: BTreeMap<String, ModelFacts>,
    /// The user's own answer per model to "does it see images?", over the list and the table.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sees_images: BTreeMap<String, bool>,
}

/// A model as its provider's list describes it (`consilium_providers::ModelInfo`, without the
/// price, which the price table keeps).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelFacts {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sees_images: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_length: Option<u64>,
}

impl ModelFacts {
    /// What the list said of one model; None when it said nothing this app uses.
    pub fn of(info: &ModelInfo) -> Option<Self> {
        let facts = Self {
            sees_images: info.sees_images,
            context_length: info.context_length,
        };
        (facts != Self::default()).then_some(facts)
    }
}

impl ProviderSettings {
    pub fn endpoint(&self) -> Endpoint {
        Endpoint {
            kind: self.kind,
            base_url: self.base_url.trim_end_matches('/').to_string(),
        }
    }

    /// What an error message about a call to `model` here names.
    pub fn error_context<'a>(&'a self, model: &'a str) -> ErrorContext<'a> {
        ErrorContext {
            provider_name: &self.name,
            kind: self.kind,
            base_url: &self.base_url,
            model,
        }
    }

    /// What `model` on this provider takes: images or not and its context window, from the
    /// user's answer, this provider's model list, the table of known families, or the default,
    /// in that order (`consilium_providers::capabilities`).
    pub fn capabilities(&self, model: &str) -> ModelCapabilities {
        let listed = self.model_facts.get(model).map(|facts| ModelInfo {
            id: model.to_string(),
            price: None,
            context_length: facts.context_length,
            sees_images: facts.sees_images,
        });
        model_capabilities(model, listed.as_ref(), self.sees_images.get(model).copied())
    }

    /// Hosted providers need a key; an OpenAI-compatible server the user runs usually does not.
    pub fn needs_key(&self) -> bool {
        self.kind != ProviderKind::OpenAiCompatible
    }

    pub fn is_local(&self) -> bool {
        let url = self.base_url.to_ascii_lowercase();
        url.contains("://127.0.0.1") || url.contains("://localhost") || url.contains("://[::1]")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    pub providers: Vec<ProviderSettings>,
    pub prices: PriceTable,
    /// The seed's shape: `{"filtering":{"round3":{...},"round4":{...}}}`.
    pub filtering: serde_json::Value,
    pub verbose: bool,
    /// Ask before a run whose estimate is above this (USD).
    pub consent_threshold_usd: f64,
    pub budget_usd: Option<f64>,
    pub max_tokens: u32,
    /// A call with no progress for this long is aborted and retried.
    pub timeout_secs: u32,
    /// A seat with a backup model has its request sent to the backup too when it has sent no text
    /// after this long (the deadline until a provider has answered a few calls, when adaptive).
    pub hedge_after_secs: u32,
    /// Once a provider has answered a few calls (while the page is open), hedge its calls after
    /// `HEDGE_ADAPTIVE_MULTIPLE` x its median time to first text instead.
    pub hedge_adaptive: bool,
    /// A reviewer persona below this confidence abstains, whatever it said (0 to 1).
    pub abstain_threshold: f64,
    /// A backlog with more opportunities than this is debated by default (Prioritize).
    pub debate_threshold: u32,
    pub custom_personas: Vec<Persona>,
    /// How deep the council's consults go (Vote, Adaptive, Full): the depth of new consults and
    /// what the Benchmark's "Use the vote" / "Use adaptive" sets. New settings take Adaptive;
    /// settings saved before depths existed keep Full (`migrate`).
    pub depth: Depth,
    /// New consults search the web with each seat's provider (rounds 1 and 3; a seat whose
    /// provider has no search answers without it). Off by default: search is priced per use.
    #[serde(default)]
    pub search_web: bool,
    /// One model alone as the council of new consults (the Benchmark's "Use <model> alone"); None
    /// for the council of the providers (`consult_seats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alone: Option<ModelAlone>,
    /// The council new consults start with, kept from a benchmark ("Keep this council"); None:
    /// a new council on the providers in turn.
    /// Stored as its JSON and read where a council is made (`Settings::kept`): reading the
    /// settings at start (the first screen) then carries no parser of seats.
    pub kept_council: Option<serde_json::Value>,
    /// Decisions asked more than this many days ago and not judged are recalled on the first
    /// screen (`library::reminder`); 0: never.
    pub outcome_reminder_days: u32,
    /// When the newest decision the reminder was dismissed on was asked: the line stays away
    /// until a decision asked after it falls due.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_reminder_dismissed: Option<String>,
    /// An unlocked key vault locks itself after this many minutes without input in its tab; 0:
    /// never (`platform::vault::idle`).
    pub vault_idle_lock_minutes: u32,
}

/// A one-seat council: the model and the provider it is asked on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelAlone {
    pub provider_id: ProviderId,
    pub model: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            version: SETTINGS_VERSION,
            providers: Vec::new(),
            prices: PriceTable::with_defaults(),
            filtering: FilterLimits::default().to_settings_json(),
            verbose: false,
            consent_threshold_usd: 0.50,
            budget_usd: Some(2.50),
            max_tokens: 1024,
            timeout_secs: 90,
            hedge_after_secs: 20,
            hedge_adaptive: true,
            abstain_threshold: consilium_engine::record::review::body::DEFAULT_ABSTAIN_THRESHOLD,
            debate_threshold: consilium_engine::record::prioritize::body::DEFAULT_DEBATE_THRESHOLD
                as u32,
            custom_personas: Vec::new(),
            depth: Depth::FOR_NEW_COUNCILS,
            search_web: false,
            alone: None,
            kept_council: None,
            outcome_reminder_days: consilium_engine::library::reminder::DEFAULT_REMINDER_DAYS,
            outcome_reminder_dismissed: None,
            vault_idle_lock_minutes: crate::platform::vault::idle::DEFAULT_MINUTES,
        }
    }
}

impl Settings {
    pub fn provider(&self, id: &ProviderId) -> Option<&ProviderSettings> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// The limits in effect; an invalid stored value falls back to the defaults.
    pub fn filter_limits(&self) -> FilterLimits {
        FilterLimits::from_settings_json(&self.filtering).unwrap_or_default()
    }
}
