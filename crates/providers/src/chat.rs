//! The entry points for one chat call, dispatching to the wire format of the provider's kind.
use crate::error::ProviderError;
use crate::types::{ChatReply, ChatRequest, Endpoint, HttpRequest, ProviderKind};
use crate::{anthropic, gemini, openai};

/// The provider's public API root; empty for an OpenAI-compatible server, whose URL the user gives.
pub fn default_base_url(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::OpenAi => "https://api.openai.com/v1",
        ProviderKind::Anthropic => "https://api.anthropic.com/v1",
        ProviderKind::Gemini => "https://generativelanguage.googleapis.com/v1beta",
        ProviderKind::OpenRouter => "https://openrouter.ai/api/v1",
        ProviderKind::OpenAiCompatible => "",
    }
}

/// The request for one chat call, with the credential in this provider's own header only.
pub fn build_chat_request(
    endpoint: &Endpoint,
    api_key: Option<&str>,
    req: &ChatRequest,
) -> HttpRequest {
    match endpoint.kind {
        ProviderKind::Anthropic => anthropic::build(endpoint, api_key, req),
        ProviderKind::Gemini => gemini::build(endpoint, api_key, req),
        ProviderKind::OpenAi | ProviderKind::OpenRouter | ProviderKind::OpenAiCompatible => {
            openai::build(endpoint, api_key, req)
        }
    }
}

/// A whole (non-streamed) 2xx reply body.
pub fn parse_chat_reply(kind: ProviderKind, body: &str) -> Result<ChatReply, ProviderError> {
    if let Some(page) = crate::classify::web_page_error(body) {
        return Err(page);
    }
    match kind {
        ProviderKind::Anthropic => anthropic::parse(body),
        ProviderKind::Gemini => gemini::parse(body),
        ProviderKind::OpenAi | ProviderKind::OpenRouter | ProviderKind::OpenAiCompatible => {
            openai::parse(body)
        }
    }
}

/// The temperature as the decimal the user chose: `0.7f32` widened to f64 would be sent as
/// 0.699999988079071.
pub(crate) fn temperature_json(t: f32) -> serde_json::Value {
    t.to_string()
        .parse::<f64>()
        .map(serde_json::Value::from)
        .unwrap_or(serde_json::Value::Null)
}

/// The key as it is sent, or None when there is none to send (local servers need no key).
pub(crate) fn usable_key(api_key: Option<&str>) -> Option<&str> {
    api_key.map(str::trim).filter(|k| !k.is_empty())
}
