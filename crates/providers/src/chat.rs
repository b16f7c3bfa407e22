//! The entry points for one chat call, each following the adapter of the provider's wire format.
use crate::adapter::{with_adapter, Adapter};
use crate::error::ProviderError;
use crate::types::{ChatReply, ChatRequest, Endpoint, HttpRequest, ProviderKind};

/// The provider's public API root; empty for an OpenAI-compatible server, whose URL the user gives.
pub fn default_base_url(kind: ProviderKind) -> &'static str {
    with_adapter!(kind, |adapter| adapter.default_base_url(kind))
}

/// The request for one chat call, with the credential in this provider's own header only.
pub fn build_chat_request(
    endpoint: &Endpoint,
    api_key: Option<&str>,
    req: &ChatRequest,
) -> HttpRequest {
    with_adapter!(endpoint.kind, |adapter| adapter
        .chat_request(endpoint, api_key, req))
}

/// A whole (non-streamed) 2xx reply body.
pub fn parse_chat_reply(kind: ProviderKind, body: &str) -> Result<ChatReply, ProviderError> {
    if let Some(page) = crate::classify::web_page_error(body) {
        return Err(page);
    }
    with_adapter!(kind, |adapter| adapter.parse_reply(body))
}
