//! Ready-made providers the user can add with one click, and the provider kinds' names.
use consilium_providers::{default_base_url, ProviderKind};

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
