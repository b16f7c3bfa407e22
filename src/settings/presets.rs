//! Ready-made providers the user can add with one click, and the provider kinds' names.
use consilium_providers::{default_base_url, ProviderKind};

use super::ProviderSettings;

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
            hint: "Start Ollama with OLLAMA_ORIGINS set to this page's address so it may call it.",
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

/// The provider already added from `preset` (same kind, same base URL), if any: adding a preset
/// twice shows the one there instead of a copy.
pub fn added_from<'a>(
    providers: &'a [ProviderSettings],
    preset: &Preset,
) -> Option<&'a ProviderSettings> {
    let url = |u: &str| u.trim().trim_end_matches('/').to_ascii_lowercase();
    providers
        .iter()
        .find(|p| p.kind == preset.kind && url(&p.base_url) == url(preset.base_url))
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

    fn provider(kind: ProviderKind, base_url: &str) -> ProviderSettings {
        ProviderSettings {
            id: "p-1".into(),
            name: "Mine".into(),
            kind,
            base_url: base_url.into(),
            default_model: "m".into(),
            models: Vec::new(),
            remember_key: false,
            free: false,
            model_facts: Default::default(),
            sees_images: Default::default(),
        }
    }

    #[test]
    fn a_preset_is_added_once_whatever_its_name_or_a_trailing_slash() {
        let ollama = presets()
            .into_iter()
            .find(|p| p.label == "Ollama (local)")
            .unwrap();
        let added = [provider(
            ProviderKind::OpenAiCompatible,
            "http://127.0.0.1:11434/v1/",
        )];
        assert_eq!(
            added_from(&added, &ollama).map(|p| p.id.as_str()),
            Some("p-1")
        );
        let moved = [provider(
            ProviderKind::OpenAiCompatible,
            "http://127.0.0.1:18080/v1",
        )];
        assert_eq!(
            added_from(&moved, &ollama),
            None,
            "pointed elsewhere: another server"
        );
        let openai = presets().into_iter().find(|p| p.label == "OpenAI").unwrap();
        let compatible_at_openai = [provider(ProviderKind::OpenAiCompatible, openai.base_url)];
        assert_eq!(
            added_from(&compatible_at_openai, &openai),
            None,
            "another kind"
        );
    }

    #[test]
    fn local_presets_need_no_key_and_hosted_ones_do() {
        for preset in presets() {
            assert_eq!(
                preset.needs_key,
                !consilium_providers::is_local_address(preset.base_url),
                "{}",
                preset.label
            );
        }
    }
}
