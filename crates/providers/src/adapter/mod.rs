//! One adapter per wire format, and the one place a provider kind picks its adapter.
//!
//! Every wire format answers the same questions: where its public API lives, how a request
//! carries the key, how a chat call is sent and its reply read (whole, or one streamed event at a
//! time), and how its model list is asked for and read. The crate's entry points
//! (`build_chat_request`, `parse_chat_reply`, `StreamDecoder`, `build_models_request`,
//! `parse_models`, `default_base_url`) ask [`with_adapter!`] for the provider's adapter and follow it.
//! Differences between providers that share a format (OpenAI, OpenRouter and compatible servers)
//! stay inside that format's adapter, which is why some methods take the kind.
use serde_json::Value;

use crate::error::ProviderError;
use crate::types::{
    ChatReply, ChatRequest, Endpoint, HttpRequest, ImagePart, Message, ModelInfo, ProviderKind,
    Role,
};

pub(crate) mod anthropic;
mod gemini;
mod openai;

pub(crate) use anthropic::AnthropicMessages;
pub(crate) use gemini::Gemini;
pub(crate) use openai::OpenAiChat;

/// A wire format. The adapters are unit structs; [`with_adapter!`] picks the one for a kind.
pub(crate) trait Adapter {
    /// The provider's public API root; empty for a server whose URL the user gives.
    fn default_base_url(&self, kind: ProviderKind) -> &'static str;

    /// The key, in this provider's own header only, and the headers every request to it carries.
    fn auth_headers(&self, kind: ProviderKind, api_key: Option<&str>) -> Vec<(String, String)>;

    /// The request for one chat call.
    fn chat_request(
        &self,
        endpoint: &Endpoint,
        api_key: Option<&str>,
        req: &ChatRequest,
    ) -> HttpRequest;

    /// A whole (non-streamed) 2xx reply body.
    fn parse_reply(&self, body: &str) -> Result<ChatReply, ProviderError>;

    /// One event of a streamed reply (its `data`), folded into `stream`: the text it added, if
    /// any. An error the provider embedded in the stream is returned as `Err`.
    fn stream_event(
        &self,
        data: &str,
        stream: &mut StreamedReply,
    ) -> Result<Option<String>, ProviderError>;

    /// The model list's path and query, after the base URL.
    fn models_path(&self) -> &'static str;

    /// The models a model-list reply names, or None when it holds no list.
    fn models(&self, reply: &Value) -> Option<Vec<ModelInfo>>;
}

/// The one dispatch point: `with_adapter!(kind, |adapter| expr)` evaluates `expr` with `adapter`
/// bound to the adapter of the wire format `kind` speaks. A macro rather than a function returning
/// `&dyn Adapter` so that every call stays static and can be inlined: the dynamic calls made the
/// gzipped wasm about 2 KB larger for the same code size.
macro_rules! with_adapter {
    ($kind:expr, |$adapter:ident| $body:expr) => {
        match $kind {
            $crate::types::ProviderKind::OpenAi
            | $crate::types::ProviderKind::OpenRouter
            | $crate::types::ProviderKind::OpenAiCompatible => {
                let $adapter = &$crate::adapter::OpenAiChat;
                $body
            }
            $crate::types::ProviderKind::Anthropic => {
                let $adapter = &$crate::adapter::AnthropicMessages;
                $body
            }
            $crate::types::ProviderKind::Gemini => {
                let $adapter = &$crate::adapter::Gemini;
                $body
            }
        }
    };
}
pub(crate) use with_adapter;

/// A streamed reply as far as it has arrived.
#[derive(Debug, Default)]
pub(crate) struct StreamedReply {
    pub reply: ChatReply,
    /// The format's last event has been seen: the reply is whole.
    pub done: bool,
    /// Anthropic's content blocks being streamed, by index: their type, and the JSON a server
    /// tool's input arrives in (a search query is not the answer's text).
    pub open_blocks: Vec<(u64, OpenBlock)>,
}

#[derive(Debug, Default)]
pub(crate) struct OpenBlock {
    pub kind: String,
    pub input_json: String,
}

impl StreamedReply {
    /// Appends a text delta to the reply; returns it, or None when it is empty.
    fn push_text(&mut self, delta: &str) -> Option<String> {
        if delta.is_empty() {
            return None;
        }
        self.reply.text.push_str(delta);
        Some(delta.to_string())
    }
}

/// The temperature as the decimal the user chose: `0.7f32` widened to f64 would be sent as
/// 0.699999988079071.
fn temperature_json(t: f32) -> Value {
    t.to_string()
        .parse::<f64>()
        .map(Value::from)
        .unwrap_or(Value::Null)
}

/// The key as it is sent, or None when there is none to send (local servers need no key).
fn usable_key(api_key: Option<&str>) -> Option<&str> {
    api_key.map(str::trim).filter(|k| !k.is_empty())
}

/// One piece of a user message that carries images, in the order it is sent.
pub(crate) enum Part<'a> {
    Text(&'a str),
    Image(&'a ImagePart),
}

/// The pieces of message `index` of `req` when it carries images, else None (a plain string
/// content, as before): the images first, then the text. Every call of a seat carries the same
/// images (the material's), so its calls still begin alike: images, then the shared text
/// (`cache_prefix_len`). An assistant message never carries images.
pub(crate) fn parts_with_images(req: &ChatRequest, index: usize) -> Option<Vec<Part<'_>>> {
    let message: &Message = req.messages.get(index)?;
    if message.role != Role::User || message.images.is_empty() {
        return None;
    }
    let mut parts: Vec<Part> = message.images.iter().map(Part::Image).collect();
    if !message.content.is_empty() {
        parts.push(Part::Text(&message.content));
    }
    Some(parts)
}
