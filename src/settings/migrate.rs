//! Bringing any stored shape of the settings up to the current version.
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::consult::filter_limits::FilterLimits;

use super::fields::{
    check_amount, check_debate_threshold, check_hedge_after, check_idle_lock, check_max_tokens,
    check_threshold, check_timeout,
};
use super::{ProviderSettings, Settings, SETTINGS_VERSION};

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
    // A council saved before depths existed keeps all four rounds; only new settings are Adaptive.
    settings.depth = Depth::OF_OLD_RECORDS;
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
            "depth" => read_field(&mut settings.depth, value),
            "search_web" => read_field(&mut settings.search_web, value),
            "alone" => read_field(&mut settings.alone, value),
            "kept_council" => read_field(&mut settings.kept_council, value),
            "outcome_reminder_days" => read_field(&mut settings.outcome_reminder_days, value),
            "outcome_reminder_dismissed" => {
                read_field(&mut settings.outcome_reminder_dismissed, value)
            }
            "vault_idle_lock_minutes" => {
                read_checked(&mut settings.vault_idle_lock_minutes, value, |v| {
                    check_idle_lock(*v)
                })
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use consilium_providers::capabilities::Known;
    use serde_json::json;

    #[test]
    fn a_provider_keeps_what_its_list_said_and_the_users_answer_on_images() {
        let provider = |extra: serde_json::Value| {
            let mut p = json!({"id": "or", "name": "OpenRouter", "kind": "open_router",
                "base_url": "https://openrouter.ai/api/v1", "default_model": "openai/gpt-4o-mini"});
            p.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            let (read, problems) = migrate(json!({"version": 1, "providers": [p]}));
            assert!(problems.is_empty(), "{problems:?}");
            read.providers[0].clone()
        };
        // Saved before these fields existed: the table and the default answer.
        let old = provider(json!({}));
        assert!(old.model_facts.is_empty() && old.sees_images.is_empty());
        let caps = old.capabilities("gemma-3-270m");
        assert_eq!(
            (caps.sees_images, caps.sees_images_from),
            (false, Known::Family)
        );
        let caps = old.capabilities("my-finetune");
        assert_eq!(
            (caps.context_tokens, caps.context_from),
            (32_768, Known::Default)
        );
        assert_eq!(
            consilium_providers::capabilities::DEFAULT_CONTEXT_TOKENS,
            u64::from(consilium_engine::material::seats::DEFAULT_CONTEXT_TOKENS),
            "one stated default for a model nothing describes"
        );
        // The list's facts, then the user's answer over them.
        let listed = provider(json!({
            "model_facts": {"my-finetune": {"sees_images": true, "context_length": 64000}},
            "sees_images": {"gemma-3-270m": true}
        }));
        let caps = listed.capabilities("my-finetune");
        assert_eq!(
            (caps.sees_images, caps.sees_images_from),
            (true, Known::ModelList)
        );
        assert_eq!(
            (caps.context_tokens, caps.context_from),
            (64_000, Known::ModelList)
        );
        let caps = listed.capabilities("gemma-3-270m");
        assert_eq!(
            (caps.sees_images, caps.sees_images_from),
            (true, Known::User)
        );
        // Written back as read.
        let saved = serde_json::to_value(&listed).unwrap();
        assert_eq!(saved["sees_images"], json!({"gemma-3-270m": true}));
        assert_eq!(
            saved["model_facts"]["my-finetune"]["context_length"],
            json!(64000)
        );
        assert!(serde_json::to_value(&old)
            .unwrap()
            .get("model_facts")
            .is_none());
    }

    #[test]
    fn every_setting_a_save_writes_is_read_back() {
        let participant = |id: &str| json!({"id": id, "label": id, "provider_id": "p", "provider_label": "P", "model": "m"});
        let mut full = Settings {
            verbose: true,
            search_web: true,
            hedge_adaptive: false,
            depth: Depth::Vote,
            outcome_reminder_days: 30,
            vault_idle_lock_minutes: 5,
            outcome_reminder_dismissed: Some("2026-11-20T09:00:00.000Z".into()),
            kept_council: Some(json!({
                "panelists": [participant("a"), participant("b")],
                "judge": participant("j"),
            })),
            alone: Some(crate::settings::ModelAlone {
                provider_id: "p".into(),
                model: "m".into(),
            }),
            ..Settings::default()
        };
        full.max_tokens = 2048;
        full.timeout_secs = 30;
        let (read, problems) = migrate(serde_json::to_value(&full).unwrap());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(read, full);
        // The kept council reads where a council is made, and is written back as chosen.
        let kept = read.kept().expect("the kept council reads");
        assert_eq!(kept.panelists.len(), 2);
        let mut again = Settings::default();
        again.choose_kept_council(Some(kept.clone()));
        assert_eq!(again.kept(), Some(kept));
    }

    #[test]
    fn a_saved_model_alone_is_read_and_none_by_default() {
        assert_eq!(Settings::default().alone, None);
        let (read, problems) =
            migrate(json!({"version": 1, "alone": {"provider_id": "openai", "model": "gpt-4o"}}));
        assert!(problems.is_empty(), "{problems:?}");
        let alone = read.alone.clone().expect("read");
        assert_eq!(
            (alone.provider_id.as_str(), alone.model.as_str()),
            ("openai", "gpt-4o")
        );
        // Saved as it is read; absent from settings that have none.
        let saved = serde_json::to_value(&read).unwrap();
        assert_eq!(migrate(saved).0.alone, read.alone);
        assert!(serde_json::to_value(Settings::default())
            .unwrap()
            .get("alone")
            .is_none());
    }

    #[test]
    fn saved_settings_without_a_depth_keep_full_and_a_stored_depth_is_read() {
        let (old, problems) = migrate(json!({"version": 1, "verbose": true}));
        assert!(problems.is_empty());
        assert_eq!(old.depth, Depth::Full);
        assert_eq!(Settings::default().depth, Depth::Adaptive);
        let (kept, _) = migrate(json!({"version": 1, "depth": "adaptive"}));
        assert_eq!(kept.depth, Depth::Adaptive);
        let (vote, _) = migrate(json!({"version": 1, "depth": "vote"}));
        assert_eq!(vote.depth, Depth::Vote);
    }

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
}
