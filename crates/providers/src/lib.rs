//! Pure codecs for the model providers Consilium talks to.
//!
//! Nothing here performs I/O: the browser shell sends the [`HttpRequest`] values built here with
//! `fetch`, then hands the status, headers and body bytes back to these functions. That keeps every
//! wire format testable natively against recorded replies.

mod anthropic;
mod classify;
mod error;
mod gemini;
mod models;
mod openai;
mod pricing;
mod redact;
mod retry;
mod sse;
mod stream;
mod types;

pub use classify::{classify_http_error, error_detail};
pub use error::{ErrorContext, ProviderError};
pub use models::{build_models_request, parse_models};
pub use pricing::{cost_usd, estimate_tokens, PriceTable};
pub use redact::redact;
pub use retry::RetryPolicy;
pub use sse::{SseDecoder, SseEvent};
pub use stream::StreamDecoder;
pub use types::*;

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
pub fn build_chat_request(endpoint: &Endpoint, api_key: Option<&str>, req: &ChatRequest) -> HttpRequest {
    match endpoint.kind {
        ProviderKind::Anthropic => anthropic::build(endpoint, api_key, req),
        ProviderKind::Gemini => gemini::build(endpoint, api_key, req),
        ProviderKind::OpenAi | ProviderKind::OpenRouter | ProviderKind::OpenAiCompatible => {
            openai::build(endpoint, api_key, req)
        }
    }
}

/// A whole (non-streamed) 2xx reply.
pub fn parse_chat_reply(kind: ProviderKind, body: &str) -> Result<ChatReply, ProviderError> {
    match kind {
        ProviderKind::Anthropic => anthropic::parse(body),
        ProviderKind::Gemini => gemini::parse(body),
        ProviderKind::OpenAi | ProviderKind::OpenRouter | ProviderKind::OpenAiCompatible => openai::parse(body),
    }
}
