//! User settings: providers (never their keys), prices, debate limits and budgets. Stored in local
//! storage with a version number so that later releases can migrate older shapes.
use consilium_engine::{FilterLimits, Persona};
use consilium_providers::{default_base_url, Endpoint, PriceTable, ProviderKind};
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

pub const SETTINGS_KEY: &str = "consilium.settings";
pub const SETTINGS_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProviderSettings {
    pub id: String,
    pub name: String,
    pub kind: ProviderKind,
    pub base_url: String,
    pub default_model: String,
    /// Models offered in pickers: fetched from the provider's model list, or typed.
    #[serde(default)]
    pub models: Vec<String>,
    #[serde(default)]
    pub remember_key: bool,
}

impl ProviderSettings {
    pub fn endpoint(&self) -> Endpoint {
        Endpoint {
            kind: self.kind,
            base_url: self.base_url.trim_end_matches('/').to_string(),
        }
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
    pub custom_personas: Vec<Persona>,
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
            custom_personas: Vec::new(),
        }
    }
}

impl Settings {
    pub fn load() -> Self {
        match LocalStorage::get::<serde_json::Value>(SETTINGS_KEY) {
            Ok(value) => migrate(value),
            Err(_) => Self::default(),
        }
    }

    pub fn save(&self) -> Result<(), String> {
        LocalStorage::set(SETTINGS_KEY, self).map_err(|e| crate::storage::explain_storage_error(&e))
    }

    pub fn provider(&self, id: &str) -> Option<&ProviderSettings> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// The limits in effect; an invalid stored value falls back to the defaults.
    pub fn filter_limits(&self) -> FilterLimits {
        FilterLimits::from_settings_json(&self.filtering).unwrap_or_default()
    }
}

/// Brings any stored shape up to the current version. Unknown or broken fields take their defaults
/// rather than losing the whole settings object.
fn migrate(value: serde_json::Value) -> Settings {
    let mut settings: Settings = serde_json::from_value(value).unwrap_or_default();
    // Version 0 (no field) and 1 share a shape; later versions add their steps here.
    settings.version = SETTINGS_VERSION;
    settings
}

/// A ready-made provider the user can add with one click.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    pub label: &'static str,
    pub kind: ProviderKind,
    pub base_url: &'static str,
    pub model: &'static str,
    pub needs_key: bool,
    pub hint: &'static str,
}

pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            label: "Ollama (local)",
            kind: ProviderKind::OpenAiCompatible,
            base_url: "http://127.0.0.1:11434/v1",
            model: "llama3.2",
            needs_key: false,
            hint: "Start Ollama with OLLAMA_ORIGINS=* so this page may call it.",
        },
        Preset {
            label: "llama.cpp server (local)",
            kind: ProviderKind::OpenAiCompatible,
            base_url: "http://127.0.0.1:8080/v1",
            model: "default",
            needs_key: false,
            hint: "llama-server --host 127.0.0.1 --port 8080 -m model.gguf",
        },
        Preset {
            label: "LM Studio (local)",
            kind: ProviderKind::OpenAiCompatible,
            base_url: "http://127.0.0.1:1234/v1",
            model: "local-model",
            needs_key: false,
            hint: "Enable CORS in LM Studio's server settings.",
        },
        Preset {
            label: "OpenAI",
            kind: ProviderKind::OpenAi,
            base_url: default_base_url(ProviderKind::OpenAi),
            model: "gpt-4.1-mini",
            needs_key: true,
            hint: "Key from platform.openai.com.",
        },
        Preset {
            label: "Anthropic",
            kind: ProviderKind::Anthropic,
            base_url: default_base_url(ProviderKind::Anthropic),
            model: "claude-sonnet-4-5",
            needs_key: true,
            hint: "Key from console.anthropic.com.",
        },
        Preset {
            label: "Google Gemini",
            kind: ProviderKind::Gemini,
            base_url: default_base_url(ProviderKind::Gemini),
            model: "gemini-2.5-flash",
            needs_key: true,
            hint: "Key from aistudio.google.com.",
        },
        Preset {
            label: "OpenRouter",
            kind: ProviderKind::OpenRouter,
            base_url: default_base_url(ProviderKind::OpenRouter),
            model: "openai/gpt-4.1-mini",
            needs_key: true,
            hint: "One key for many models; prices come with its model list.",
        },
    ]
}

pub fn kind_label(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::OpenAi => "OpenAI",
        ProviderKind::Anthropic => "Anthropic",
        ProviderKind::Gemini => "Google Gemini",
        ProviderKind::OpenRouter => "OpenRouter",
        ProviderKind::OpenAiCompatible => "OpenAI-compatible",
    }
}

pub const ALL_KINDS: [ProviderKind; 5] = [
    ProviderKind::OpenAiCompatible,
    ProviderKind::OpenAi,
    ProviderKind::Anthropic,
    ProviderKind::Gemini,
    ProviderKind::OpenRouter,
];
