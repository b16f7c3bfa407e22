//! User settings: providers (never their keys), prices, debate limits and budgets. Stored in local
//! storage with a version number so that later releases can migrate older shapes.
use consilium_engine::{FilterLimits, Persona};
use consilium_prices::PriceTable;
use consilium_providers::{default_base_url, Endpoint, ProviderKind};
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

pub const SETTINGS_KEY: &str = "consilium.settings";
/// Where stored settings that could not all be read are kept, untouched, before anything is saved
/// over them: nothing the user set is lost, even a field this version cannot read.
pub const UNREADABLE_SETTINGS_KEY: &str = "consilium.settings.unreadable";
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
            abstain_threshold: consilium_engine::review::body::DEFAULT_ABSTAIN_THRESHOLD,
            debate_threshold: consilium_engine::prioritize::body::DEFAULT_DEBATE_THRESHOLD as u32,
            custom_personas: Vec::new(),
        }
    }
}

impl Settings {
    pub fn load() -> Self {
        Self::load_reporting().0
    }

    /// The stored settings, and a sentence per stored field that could not be read (its default
    /// is used, and the stored text is kept under `UNREADABLE_SETTINGS_KEY`).
    pub fn load_reporting() -> (Self, Vec<String>) {
        let Ok(Some(text)) = LocalStorage::raw().get_item(SETTINGS_KEY) else {
            return (Self::default(), Vec::new());
        };
        let (settings, problems) = match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(value) => migrate(value),
            Err(error) => (
                Self::default(),
                vec![format!(
                    "The stored settings are not valid JSON ({error}), so the defaults are used."
                )],
            ),
        };
        if !problems.is_empty() {
            let _ = LocalStorage::raw().set_item(UNREADABLE_SETTINGS_KEY, &text);
        }
        (settings, problems)
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

/// Brings any stored shape up to the current version, field by field: a field that does not read
/// takes its default and is reported, and every other field (each provider on its own) is kept.
pub fn migrate(value: serde_json::Value) -> (Settings, Vec<String>) {
    use serde_json::Value;
    let mut problems = Vec::new();
    let Value::Object(stored) = value else {
        problems.push("The stored settings are not an object, so the defaults are used.".into());
        return (Settings::default(), problems);
    };
    // Version 0 (no field) and 1 share a shape; later versions add their steps here.
    let mut settings = Settings::default();
    for (field, value) in stored {
        let problem = match field.as_str() {
            "version" => None,
            "providers" => {
                let Value::Array(items) = value else {
                    problems.push(
                        "Settings: the stored providers are not a list; none could be kept.".into(),
                    );
                    continue;
                };
                settings.providers.clear();
                for (index, item) in items.into_iter().enumerate() {
                    match serde_json::from_value::<ProviderSettings>(item.clone()) {
                        Ok(provider) => settings.providers.push(provider),
                        Err(error) => {
                            let name = item.get("name").and_then(Value::as_str).unwrap_or("");
                            problems.push(format!(
                                "Settings: provider {} {name:?} could not be read ({error}); the other providers are kept.",
                                index + 1
                            ));
                        }
                    }
                }
                None
            }
            "prices" => read_field(&mut settings.prices, value),
            "filtering" => match FilterLimits::from_settings_json(&value) {
                Ok(_) => {
                    settings.filtering = value;
                    None
                }
                Err(error) => Some(error),
            },
            "verbose" => read_field(&mut settings.verbose, value),
            "consent_threshold_usd" => {
                read_checked(&mut settings.consent_threshold_usd, value, |v| {
                    check_amount(*v, "The consent threshold", true)
                })
            }
            "budget_usd" => read_checked(&mut settings.budget_usd, value, |v| match v {
                Some(budget) => check_amount(*budget, "The budget", false),
                None => Ok(()),
            }),
            "max_tokens" => read_checked(&mut settings.max_tokens, value, |v| check_max_tokens(*v)),
            "abstain_threshold" => read_checked(&mut settings.abstain_threshold, value, |v| {
                check_threshold(*v)
            }),
            "debate_threshold" => read_checked(&mut settings.debate_threshold, value, |v| {
                check_debate_threshold(*v)
            }),
            "timeout_secs" => {
                read_checked(&mut settings.timeout_secs, value, |v| check_timeout(*v))
            }
            "hedge_after_secs" => read_checked(&mut settings.hedge_after_secs, value, |v| {
                check_hedge_after(*v)
            }),
            "hedge_adaptive" => read_field(&mut settings.hedge_adaptive, value),
            "custom_personas" => read_field(&mut settings.custom_personas, value),
            _ => None, // a field from a newer version: ignored here
        };
        if let Some(problem) = problem {
            problems.push(format!(
                "Settings: {field} could not be read ({problem}); its default is used."
            ));
        }
    }
    settings.version = SETTINGS_VERSION;
    (settings, problems)
}

fn read_field<T: serde::de::DeserializeOwned>(
    slot: &mut T,
    value: serde_json::Value,
) -> Option<String> {
    read_checked(slot, value, |_| Ok(()))
}

fn read_checked<T: serde::de::DeserializeOwned>(
    slot: &mut T,
    value: serde_json::Value,
    check: impl Fn(&T) -> Result<(), String>,
) -> Option<String> {
    match serde_json::from_value::<T>(value) {
        Ok(read) => match check(&read) {
            Ok(()) => {
                *slot = read;
                None
            }
            Err(problem) => Some(problem),
        },
        Err(error) => Some(error.to_string()),
    }
}

fn check_amount(usd: f64, what: &str, zero_allowed: bool) -> Result<(), String> {
    let ok = usd.is_finite() && (usd > 0.0 || (zero_allowed && usd == 0.0));
    if ok {
        Ok(())
    } else if zero_allowed {
        Err(format!("{what} must be $0 or more (got {usd})."))
    } else {
        Err(format!("{what} must be more than $0 (got {usd})."))
    }
}

pub const MIN_MAX_TOKENS: u32 = 16;
pub const MIN_TIMEOUT_SECS: u32 = 5;

fn check_max_tokens(tokens: u32) -> Result<(), String> {
    if tokens >= MIN_MAX_TOKENS {
        Ok(())
    } else {
        Err(format!(
            "The output limit must be at least {MIN_MAX_TOKENS} tokens (got {tokens})."
        ))
    }
}

/// How many times a provider's median time to first text a call may stay silent before its
/// backup is asked.
pub const HEDGE_ADAPTIVE_MULTIPLE: f64 = 2.0;
/// The adaptive deadline never falls below this, so a fast (local) provider is not hedged on
/// jitter.
const HEDGE_MIN_MS: u64 = 100;

impl Settings {
    /// When seats with a backup model are hedged.
    pub fn hedge_deadline(&self) -> consilium_engine::HedgeDeadline {
        let after_ms = u64::from(self.hedge_after_secs) * 1000;
        if self.hedge_adaptive {
            consilium_engine::HedgeDeadline::Adaptive {
                multiple: HEDGE_ADAPTIVE_MULTIPLE,
                initial_ms: after_ms,
                min_ms: HEDGE_MIN_MS,
            }
        } else {
            consilium_engine::HedgeDeadline::After { ms: after_ms }
        }
    }
}

fn check_hedge_after(secs: u32) -> Result<(), String> {
    if secs >= 1 {
        Ok(())
    } else {
        Err("The backup deadline must be at least 1 second.".to_string())
    }
}

/// A whole number as typed, named by its `unit` in the error, then held to `check`.
fn parse_whole(
    text: &str,
    unit: &str,
    check: impl Fn(u32) -> Result<(), String>,
) -> Result<u32, String> {
    let text = text.trim();
    let value: u32 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a whole number of {unit}."))?;
    check(value)?;
    Ok(value)
}

pub fn parse_hedge_after(text: &str) -> Result<u32, String> {
    parse_whole(text, "seconds", check_hedge_after)
}

fn check_timeout(secs: u32) -> Result<(), String> {
    if secs >= MIN_TIMEOUT_SECS {
        Ok(())
    } else {
        Err(format!(
            "The timeout must be at least {MIN_TIMEOUT_SECS} seconds (got {secs})."
        ))
    }
}

fn check_threshold(fraction: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&fraction) {
        Ok(())
    } else {
        Err(format!(
            "The abstain threshold must be from 0% to 100% (got {:.0}%).",
            fraction * 100.0
        ))
    }
}

fn check_debate_threshold(count: u32) -> Result<(), String> {
    if count <= 100 {
        Ok(())
    } else {
        Err(format!(
            "The debate threshold must be from 0 to 100 opportunities (got {count})."
        ))
    }
}

/// The number of opportunities above which a backlog is debated, as typed.
pub fn parse_debate_threshold(text: &str) -> Result<u32, String> {
    parse_whole(text, "opportunities", check_debate_threshold)
}

/// The abstain threshold as typed, in percent: `Ok` is the fraction.
pub fn parse_abstain_threshold(text: &str) -> Result<f64, String> {
    let text = text.trim().trim_end_matches('%');
    let percent: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a percentage from 0 to 100."))?;
    check_threshold(percent / 100.0)?;
    Ok(percent / 100.0)
}

/// What the user typed as the session budget: empty means no budget; anything else must be an
/// amount above $0. `Err` is shown and the budget in effect stays.
pub fn parse_budget(text: &str) -> Result<Option<f64>, String> {
    let text = text.trim().trim_start_matches('$');
    if text.is_empty() {
        return Ok(None);
    }
    let usd: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not an amount: type a budget in USD, such as 2.50, or leave it empty for none."))?;
    check_amount(usd, "The budget", false)?;
    Ok(Some(usd))
}

pub fn parse_consent_threshold(text: &str) -> Result<f64, String> {
    let text = text.trim().trim_start_matches('$');
    let usd: f64 = text.parse().map_err(|_| {
        format!("\"{text}\" is not an amount: type the threshold in USD, such as 0.50.")
    })?;
    check_amount(usd, "The consent threshold", true)?;
    Ok(usd)
}

pub fn parse_max_tokens(text: &str) -> Result<u32, String> {
    parse_whole(text, "tokens", check_max_tokens)
}

pub fn parse_timeout(text: &str) -> Result<u32, String> {
    parse_whole(text, "seconds", check_timeout)
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_mistyped_field_keeps_every_other_setting_and_is_reported() {
        let stored = json!({
            "version": 1,
            "providers": [
                {"id": "p-1", "name": "Local", "kind": "open_ai_compatible", "base_url": "http://127.0.0.1:8080/v1", "default_model": "m"},
                {"id": "p-2", "name": "Broken", "kind": "no-such-kind", "base_url": "x", "default_model": "m"},
                {"id": "p-3", "name": "Hosted", "kind": "anthropic", "base_url": "https://api.anthropic.com", "default_model": "claude"}
            ],
            "verbose": true,
            "max_tokens": "lots",
            "budget_usd": 0,
            "timeout_secs": 30
        });
        let (settings, problems) = migrate(stored);
        let names: Vec<&str> = settings.providers.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Local", "Hosted"]);
        assert!(settings.verbose);
        assert_eq!(settings.timeout_secs, 30);
        assert_eq!(settings.max_tokens, Settings::default().max_tokens);
        assert_eq!(
            settings.budget_usd,
            Settings::default().budget_usd,
            "a zero budget is refused"
        );
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0].contains("provider 2 \"Broken\""),
            "{problems:?}"
        );
        assert!(problems.iter().any(|p| p.contains("max_tokens")));
        assert!(problems
            .iter()
            .any(|p| p.contains("budget must be more than $0")));
    }

    #[test]
    fn a_shape_that_is_not_an_object_gives_defaults_and_says_so() {
        let (settings, problems) = migrate(json!([1, 2]));
        assert_eq!(settings, Settings::default());
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn budgets_are_amounts_above_zero_or_empty_for_none() {
        assert_eq!(parse_budget(" 2.5 "), Ok(Some(2.5)));
        assert_eq!(parse_budget("$1"), Ok(Some(1.0)));
        assert_eq!(parse_budget(""), Ok(None));
        assert!(parse_budget("0").unwrap_err().contains("more than $0"));
        assert!(parse_budget("-3").unwrap_err().contains("more than $0"));
        assert!(parse_budget("abc").unwrap_err().contains("not an amount"));
        assert!(parse_budget("NaN").is_err());
        assert_eq!(parse_consent_threshold("0"), Ok(0.0));
        assert!(parse_consent_threshold("-1").is_err());
        assert_eq!(parse_max_tokens("512"), Ok(512));
        assert!(parse_max_tokens("4").is_err());
        assert!(parse_timeout("2").is_err());
        assert_eq!(parse_abstain_threshold("60"), Ok(0.6));
        assert!(parse_abstain_threshold("120").is_err());
        assert_eq!(parse_debate_threshold(" 7 "), Ok(7));
        assert!(parse_debate_threshold("-1").is_err());
        assert!(parse_debate_threshold("500").is_err());
    }
}
