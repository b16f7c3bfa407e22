//! The shared vocabulary of the provider layer (the contract the app codes against).
use serde::{Deserialize, Serialize};

use crate::search::{SearchReport, WebSearch};

/// USD per million tokens, as a model list reports it (`ModelInfo::price`).
pub use consilium_prices::Price;

/// Which wire format a provider speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// api.openai.com, Chat Completions.
    OpenAi,
    /// api.anthropic.com, Messages.
    Anthropic,
    /// generativelanguage.googleapis.com, generateContent / streamGenerateContent?alt=sse.
    Gemini,
    /// openrouter.ai/api/v1, OpenAI-shaped with cost reporting and a priced model list.
    OpenRouter,
    /// Any OpenAI-compatible base URL: Ollama /v1, llama.cpp, LM Studio, vLLM, Groq, Mistral, DeepSeek.
    OpenAiCompatible,
}

impl ProviderKind {
    /// The wire format's name, as messages say it.
    pub fn wire_format_name(self) -> &'static str {
        match self {
            Self::OpenAi => "OpenAI",
            Self::Anthropic => "Anthropic Messages",
            Self::Gemini => "Google Gemini",
            Self::OpenRouter => "OpenRouter",
            Self::OpenAiCompatible => "OpenAI-compatible",
        }
    }
}

/// Where to send requests. `base_url` has no trailing slash, e.g. `https://api.openai.com/v1`,
/// `http://127.0.0.1:11434/v1`, `https://api.anthropic.com/v1`,
/// `https://generativelanguage.googleapis.com/v1beta`, `https://openrouter.ai/api/v1`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Endpoint {
    pub kind: ProviderKind,
    pub base_url: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: String,
    /// Images the user shows with this message (attached material), sent in each format's own
    /// shape. In the message they stand after the part its seat's calls share
    /// (`ChatRequest::cache_prefix_len`, the instructions and the material) and before the rest, so
    /// a cache serves them with the material. Ignored on an assistant message.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ImagePart>,
}

/// An image as every wire format takes it: its media type (`image/png`, `image/jpeg`,
/// `image/webp`, `image/gif`) and its bytes in standard, padded base64. OpenAI and compatible
/// servers get a data URL (`image_url`), Anthropic an `image` block with a base64 source, Gemini
/// `inline_data`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImagePart {
    pub media_type: String,
    pub data_base64: String,
}

/// A JSON schema the reply must follow, sent with the provider's structured-output feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResponseSchema {
    /// Identifier-like name (`^[a-zA-Z0-9_-]+$`), e.g. `independent_artifact`.
    pub name: String,
    pub schema: serde_json::Value,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub model: String,
    pub system: Option<String>,
    pub messages: Vec<Message>,
    /// Always sent: local servers otherwise generate thousands of tokens.
    pub max_tokens: u32,
    pub temperature: Option<f32>,
    pub response_schema: Option<ResponseSchema>,
    pub stream: bool,
    /// The same string for every call whose prompt begins like this one's (one per session and
    /// seat): OpenAI routes calls with the same key to the same prompt cache, and Anthropic is
    /// asked to cache the prompt, since a later call will read it. None for a one-off call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_cache_key: Option<String>,
    /// With the key: how many bytes at the start of the first user message (a char boundary) the
    /// seat's calls share after the same system prompt; 0 = not said. Anthropic's cache matches
    /// only at content-block boundaries, so it gets them as a block of their own with the cache
    /// breakpoint: the later call, whose message goes on differently, can then read them.
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    pub cache_prefix_len: usize,
    /// Search the web with the provider's own feature (`crate::search`); None: no search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_search: Option<WebSearch>,
}

fn is_zero_usize(value: &usize) -> bool {
    *value == 0
}

/// A request ready for `fetch`. Headers include the credential for this provider only.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpRequest {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    /// JSON text; empty for GET.
    pub body: String,
}

impl HttpRequest {
    /// The URL split into its address and its query pairs. The browser's request builder (gloo-net)
    /// joins a URL that already has a query to its own, empty, query with a stray `&`
    /// (`?alt=sse&`), so the query is handed to it as pairs instead.
    pub fn address_and_query(&self) -> (&str, Vec<(&str, &str)>) {
        let Some((address, query)) = self.url.split_once('?') else {
            return (&self.url, Vec::new());
        };
        let pairs = query
            .split('&')
            .filter(|pair| !pair.is_empty())
            .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
            .collect();
        (address, pairs)
    }

    /// Whether the request carries a key (an `Authorization`, `x-api-key`, `x-goog-api-key` or
    /// `api-key` header, or a `key` in the query). Such a request must not follow a redirect: the
    /// browser re-sends custom headers such as `x-api-key` to the new host.
    pub fn carries_key(&self) -> bool {
        const KEY_HEADERS: &[&str] = &["authorization", "x-api-key", "x-goog-api-key", "api-key"];
        let in_header = self.headers.iter().any(|(name, value)| {
            KEY_HEADERS.contains(&name.to_ascii_lowercase().as_str()) && !value.trim().is_empty()
        });
        let in_query = self
            .address_and_query()
            .1
            .iter()
            .any(|(name, value)| name.eq_ignore_ascii_case("key") && !value.is_empty());
        in_header || in_query
    }
}

/// Tokens as the provider counted them. Every format's counts are brought to one meaning:
/// `input_tokens` is the whole prompt, and the cache counts are parts of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Every prompt token, read from the provider's cache or not.
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Of `input_tokens`, those read from the provider's prompt cache (billed at its cache-read
    /// rate).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cached_input_tokens: u64,
    /// Of `input_tokens`, those written to the provider's prompt cache (Anthropic bills them at a
    /// premium).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cache_write_tokens: u64,
}

impl Usage {
    /// Prompt tokens billed at the plain input rate: neither read from nor written to a cache.
    pub fn uncached_input_tokens(&self) -> u64 {
        self.input_tokens
            .saturating_sub(self.cached_input_tokens)
            .saturating_sub(self.cache_write_tokens)
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// Natural end (OpenAI `stop`, Anthropic `end_turn`/`stop_sequence`, Gemini `STOP`).
    Stop,
    /// Hit max_tokens (OpenAI `length`, Anthropic `max_tokens`, Gemini `MAX_TOKENS`).
    Length,
    /// Safety / content filter.
    ContentFilter,
    /// Tool call (Anthropic `tool_use`, OpenAI `tool_calls`).
    ToolUse,
    Other(String),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChatReply {
    /// The assistant text (for Anthropic tool-input structured output: the tool input as JSON text).
    pub text: String,
    pub usage: Option<Usage>,
    pub finish_reason: Option<FinishReason>,
    /// The model the provider says answered.
    pub model: Option<String>,
    /// Cost the provider itself reported (OpenRouter `usage.cost`), in USD.
    pub reported_cost_usd: Option<f64>,
    /// What the call searched, found and cited, when it searched the web.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchReport>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelInfo {
    pub id: String,
    pub price: Option<Price>,
    pub context_length: Option<u64>,
    /// Whether the model takes images, where the list says so (OpenRouter's
    /// `architecture.input_modalities`, llama.cpp's and Ollama's `capabilities`); None when it
    /// does not say (`capabilities::model_capabilities` then asks the table of known families).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sees_images: Option<bool>,
}
