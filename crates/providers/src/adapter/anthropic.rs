//! Anthropic Messages. Structured output goes through a single forced tool whose input schema is the
//! wanted JSON schema; the tool's input (or its streamed `input_json_delta`s) is the reply text.
use serde_json::{json, Map, Value};

use super::{
    parts_with_images, temperature_json, usable_key, Adapter, OpenBlock, Part, StreamedReply,
};
use crate::classify::classify_http_error;
use crate::error::ProviderError;
use crate::search::{
    anthropic_query, anthropic_searches, read_anthropic_citation, read_anthropic_results,
    SearchReport,
};
use crate::types::{
    ChatReply, ChatRequest, Endpoint, FinishReason, HttpRequest, ModelInfo, ProviderKind, Role,
    Usage,
};

const API_VERSION: &str = "2023-06-01";

pub(crate) struct AnthropicMessages;

impl Adapter for AnthropicMessages {
    fn default_base_url(&self, _: ProviderKind) -> &'static str {
        "https://api.anthropic.com/v1"
    }

    /// The key in `x-api-key`, the API version, and the explicit opt-in Anthropic requires before
    /// it answers a browser (CORS) request.
    fn auth_headers(&self, _: ProviderKind, api_key: Option<&str>) -> Vec<(String, String)> {
        let mut headers = vec![
            ("anthropic-version".to_string(), API_VERSION.to_string()),
            (
                "anthropic-dangerous-direct-browser-access".to_string(),
                "true".to_string(),
            ),
        ];
        if let Some(key) = usable_key(api_key) {
            headers.push(("x-api-key".to_string(), key.to_string()));
        }
        headers
    }

    fn chat_request(
        &self,
        endpoint: &Endpoint,
        api_key: Option<&str>,
        req: &ChatRequest,
    ) -> HttpRequest {
        let prefix_block = cached_prefix(req);
        let messages: Vec<Value> = req
            .messages
            .iter()
            .enumerate()
            .map(|(index, m)| {
                let role = match m.role {
                    Role::User => "user",
                    Role::Assistant => "assistant",
                };
                let cached = prefix_block.filter(|(at, _)| *at == index);
                let content = match (parts_with_images(req, index), cached) {
                    (Some(parts), cached) => image_blocks(&parts, cached.map(|(_, len)| len)),
                    (None, Some((_, len))) => prefix_blocks(&m.content, len),
                    (None, None) => json!(m.content),
                };
                json!({ "role": role, "content": content })
            })
            .collect();
        let mut body = Map::new();
        body.insert("model".into(), json!(req.model));
        body.insert("max_tokens".into(), json!(req.max_tokens));
        if let Some(system) = req.system.as_deref().filter(|s| !s.is_empty()) {
            body.insert("system".into(), json!(system));
        }
        body.insert("messages".into(), Value::Array(messages));
        if let Some(t) = req.temperature {
            body.insert("temperature".into(), temperature_json(t));
        }
        body.insert("stream".into(), json!(req.stream));
        if req.prompt_cache_key.is_some() && req.cache_prefix_len == 0 && cacheable(req) {
            // Automatic caching: Anthropic puts the breakpoint on the last cacheable block itself.
            // With a shared prefix the breakpoint is on its block instead (`prefix_blocks`): the
            // automatic one would also write the rest, which no later call begins with.
            body.insert("cache_control".into(), json!({ "type": "ephemeral" }));
        }
        let mut tools = Vec::new();
        if let Some(schema) = &req.response_schema {
            tools.push(json!({ "name": schema.name, "description": "Record the answer in exactly this structure.", "input_schema": schema.schema }));
            body.insert(
                "tool_choice".into(),
                json!({ "type": "tool", "name": schema.name }),
            );
        }
        if let Some(search) = req.web_search {
            // A forced schema tool leaves no turn to search (`search_support`): the engine asks
            // a searching call in prose.
            tools.push(json!({ "type": "web_search_20250305", "name": "web_search", "max_uses": search.max_uses }));
        }
        if !tools.is_empty() {
            body.insert("tools".into(), Value::Array(tools));
        }
        let mut headers = vec![("Content-Type".to_string(), "application/json".to_string())];
        headers.extend(self.auth_headers(endpoint.kind, api_key));
        HttpRequest {
            method: "POST".into(),
            url: format!("{}/messages", endpoint.base_url.trim_end_matches('/')),
            headers,
            body: Value::Object(body).to_string(),
        }
    }

    fn parse_reply(&self, body: &str) -> Result<ChatReply, ProviderError> {
        let value: Value = serde_json::from_str(body).map_err(|e| ProviderError::Malformed {
            detail: format!("not JSON: {e}"),
        })?;
        if value.get("type").and_then(Value::as_str) == Some("error") {
            return Err(typed_error(&value));
        }
        let blocks = value
            .get("content")
            .and_then(Value::as_array)
            .ok_or_else(|| ProviderError::Malformed {
                detail: "no content in the reply".into(),
            })?;
        let mut text = String::new();
        let mut search = SearchReport::default();
        for block in blocks {
            match block.get("type").and_then(Value::as_str) {
                Some("text") => {
                    let start = text.len();
                    text.push_str(
                        block
                            .get("text")
                            .and_then(Value::as_str)
                            .unwrap_or_default(),
                    );
                    for citation in block
                        .get("citations")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|c| read_anthropic_citation(c, start))
                    {
                        search.add_citation(crate::search::UrlCitation {
                            end: Some(text.len()),
                            ..citation
                        });
                    }
                }
                Some("server_tool_use") => {
                    if let Some(query) = block.get("input").and_then(anthropic_query) {
                        search.queries.push(query);
                    }
                }
                Some("web_search_tool_result") => read_anthropic_results(block, &mut search),
                Some("tool_use") => text.push_str(
                    &block
                        .get("input")
                        .cloned()
                        .unwrap_or(Value::Null)
                        .to_string(),
                ),
                _ => {}
            }
        }
        Ok(ChatReply {
            text,
            usage: value.get("usage").map(|u| read_usage(u, Usage::default())),
            finish_reason: value
                .get("stop_reason")
                .and_then(Value::as_str)
                .map(finish_reason),
            model: value
                .get("model")
                .and_then(Value::as_str)
                .map(str::to_string),
            reported_cost_usd: None,
            search: {
                if let Some(n) = anthropic_searches(value.get("usage")) {
                    search.searches = n;
                }
                (!search.is_empty()).then_some(search)
            },
        })
    }

    /// One typed stream event; `message_stop` ends the stream.
    fn stream_event(
        &self,
        data: &str,
        stream: &mut StreamedReply,
    ) -> Result<Option<String>, ProviderError> {
        let value: Value = serde_json::from_str(data).map_err(|e| ProviderError::Malformed {
            detail: format!("a stream event is not JSON: {e}"),
        })?;
        match value
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default()
        {
            "message_start" => {
                let message = value.get("message").cloned().unwrap_or(Value::Null);
                stream.reply.model = message
                    .get("model")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                stream.reply.usage = Some(read_usage(
                    message.get("usage").unwrap_or(&Value::Null),
                    Usage::default(),
                ));
                Ok(None)
            }
            "content_block_start" => {
                let index = value.get("index").and_then(Value::as_u64).unwrap_or(0);
                let block = value.get("content_block").unwrap_or(&Value::Null);
                let kind = block
                    .get("type")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                if kind == "web_search_tool_result" {
                    read_anthropic_results(block, search_of(stream));
                }
                stream.open_blocks.push((
                    index,
                    OpenBlock {
                        kind: kind.to_string(),
                        input_json: String::new(),
                    },
                ));
                Ok(None)
            }
            "content_block_delta" => {
                let index = value.get("index").and_then(Value::as_u64).unwrap_or(0);
                let delta = value.get("delta").cloned().unwrap_or(Value::Null);
                let server_tool = stream
                    .open_blocks
                    .iter_mut()
                    .find(|(i, block)| *i == index && block.kind == "server_tool_use");
                let piece = match delta.get("type").and_then(Value::as_str) {
                    Some("text_delta") => delta.get("text").and_then(Value::as_str),
                    // A search's query streams as its tool input: kept apart from the answer.
                    Some("input_json_delta") if server_tool.is_some() => {
                        if let (Some((_, block)), Some(json)) = (
                            server_tool,
                            delta.get("partial_json").and_then(Value::as_str),
                        ) {
                            block.input_json.push_str(json);
                        }
                        None
                    }
                    Some("input_json_delta") => delta.get("partial_json").and_then(Value::as_str),
                    Some("citations_delta") => {
                        let start = stream.reply.text.len();
                        if let Some(citation) = delta
                            .get("citation")
                            .and_then(|c| read_anthropic_citation(c, start))
                        {
                            search_of(stream).add_citation(citation);
                        }
                        None
                    }
                    _ => None,
                }
                .unwrap_or_default();
                Ok(stream.push_text(piece))
            }
            "content_block_stop" => {
                let index = value.get("index").and_then(Value::as_u64).unwrap_or(0);
                let Some(at) = stream.open_blocks.iter().position(|(i, _)| *i == index) else {
                    return Ok(None);
                };
                let (_, block) = stream.open_blocks.remove(at);
                let end = stream.reply.text.len();
                match block.kind.as_str() {
                    "server_tool_use" => {
                        let input = serde_json::from_str(&block.input_json).unwrap_or(Value::Null);
                        if let Some(query) = anthropic_query(&input) {
                            search_of(stream).queries.push(query);
                        }
                    }
                    // The citations of a text block cite all of it: they end where it ends.
                    "text" => {
                        if let Some(search) = stream.reply.search.as_mut() {
                            for citation in search.citations.iter_mut().filter(|c| c.end.is_none())
                            {
                                citation.end = Some(end);
                            }
                        }
                    }
                    _ => {}
                }
                Ok(None)
            }
            "message_delta" => {
                if let Some(reason) = value.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    stream.reply.finish_reason = Some(finish_reason(reason));
                }
                // Cumulative counts: whatever it gives replaces message_start's.
                if let Some(delta_usage) = value.get("usage").filter(|u| u.is_object()) {
                    let earlier = stream.reply.usage.unwrap_or_default();
                    stream.reply.usage = Some(read_usage(delta_usage, earlier));
                    if let Some(n) = anthropic_searches(Some(delta_usage)) {
                        search_of(stream).searches = n;
                    }
                }
                Ok(None)
            }
            "message_stop" => {
                stream.done = true;
                Ok(None)
            }
            "error" => Err(typed_error(&value)),
            _ => Ok(None), // ping
        }
    }

    /// Paginated, at most 1000 to a page: one page holds every model it offers today.
    fn models_path(&self) -> &'static str {
        "/models?limit=1000"
    }

    fn models(&self, reply: &Value) -> Option<Vec<ModelInfo>> {
        super::openai::models_in_data(reply)
    }
}

/// The streamed reply's search report, begun when the first search event arrives.
fn search_of(stream: &mut StreamedReply) -> &mut SearchReport {
    stream
        .reply
        .search
        .get_or_insert_with(SearchReport::default)
}

/// A `usage` object in the shared meaning of [`Usage`]. Anthropic's `input_tokens` are only the
/// prompt tokens after the last cache breakpoint: the whole prompt adds the tokens read from the
/// cache and those written to it. A count it leaves out (or null) keeps its `earlier` value, since
/// `message_delta` may repeat only some of `message_start`'s.
fn read_usage(usage: &Value, earlier: Usage) -> Usage {
    let count =
        |field: &str, before: u64| usage.get(field).and_then(Value::as_u64).unwrap_or(before);
    let uncached = count("input_tokens", earlier.uncached_input_tokens());
    let cached = count("cache_read_input_tokens", earlier.cached_input_tokens);
    let written = count("cache_creation_input_tokens", earlier.cache_write_tokens);
    Usage {
        input_tokens: uncached + cached + written,
        output_tokens: count("output_tokens", earlier.output_tokens),
        cached_input_tokens: cached,
        cache_write_tokens: written,
    }
}

/// Whether the prompt likely reaches the model's minimum cacheable length. Anthropic caches
/// nothing below it (without error or charge), so a generous estimate (3 bytes to a token; English
/// runs about 4 characters to one) only risks marking a prompt that is then not cached.
fn cacheable(req: &ChatRequest) -> bool {
    let message_bytes = req.messages.iter().map(|m| m.content.len()).sum::<usize>();
    reaches_minimum(req, message_bytes)
}

/// Whether the system prompt and `message_bytes` of the messages likely reach the model's minimum.
fn reaches_minimum(req: &ChatRequest, message_bytes: usize) -> bool {
    let bytes = req.system.as_deref().map_or(0, str::len) + message_bytes;
    bytes as u64 / 3 >= minimum_cacheable_tokens(&req.model)
}

/// (index of the first user message, prefix length) when the call shares a prefix with its
/// seat's other calls (`ChatRequest::cache_prefix_len`) that reaches the model's minimum.
///
/// Anthropic looks a cached prefix up only at content-block boundaries (a breakpoint, and the
/// blocks shortly before it): the end of a message the later call does not send whole is never one.
/// A later call whose single user message merely begins like this one's would find nothing, so
/// the shared part goes as a block of its own carrying the breakpoint, in every call of the seat:
/// the first writes tools + system + that block, the later ones read it.
fn cached_prefix(req: &ChatRequest) -> Option<(usize, usize)> {
    let len = req.cache_prefix_len;
    req.prompt_cache_key.as_ref()?;
    let index = req.messages.iter().position(|m| m.role == Role::User)?;
    let content = &req.messages[index].content;
    let usable = len > 0 && len <= content.len() && content.is_char_boundary(len);
    (usable && reaches_minimum(req, len)).then_some((index, len))
}

/// A message's content as the shared prefix's block, with the cache breakpoint, and the rest.
fn prefix_blocks(content: &str, len: usize) -> Value {
    let (shared, rest) = content.split_at(len);
    let mut blocks = vec![json!({
        "type": "text",
        "text": shared,
        "cache_control": { "type": "ephemeral" }
    })];
    if !rest.is_empty() {
        blocks.push(json!({ "type": "text", "text": rest }));
    }
    Value::Array(blocks)
}

/// A user message with images as Anthropic content blocks: `image` blocks with a base64 source,
/// then the text. With the seat's shared prefix (`cached_len`), the text goes as
/// `prefix_blocks` does it, the breakpoint on the shared text: the images before it are in the
/// cached prefix too.
fn image_blocks(parts: &[Part], cached_len: Option<usize>) -> Value {
    let mut blocks = Vec::with_capacity(parts.len() + 1);
    for part in parts {
        match part {
            Part::Image(image) => blocks.push(json!({
                "type": "image",
                "source": { "type": "base64", "media_type": image.media_type, "data": image.data_base64 }
            })),
            Part::Text(text) => match cached_len {
                Some(len) => {
                    if let Value::Array(text_blocks) = prefix_blocks(text, len) {
                        blocks.extend(text_blocks);
                    }
                }
                None => blocks.push(json!({ "type": "text", "text": text })),
            },
        }
    }
    Value::Array(blocks)
}

/// Anthropic's minimum cacheable prompt per model family, from its prompt-caching guide: 4096 for
/// Opus 4.5 and later and Haiku 4.5, 2048 for Sonnet 4.6 and the Haiku 3 family, 1024 for the
/// others (Sonnet 4.5, 4 and 3.7, Opus 4.1 and 4); 1024 for a model it does not list yet.
pub fn minimum_cacheable_tokens(model: &str) -> u64 {
    let has = |family: &str| model.contains(family);
    if ["opus-4-5", "opus-4-6", "opus-4-7", "haiku-4-5"]
        .iter()
        .any(|family| has(family))
    {
        4096
    } else if has("sonnet-4-6") || has("3-5-haiku") || has("3-haiku") {
        2048
    } else {
        1024
    }
}

fn finish_reason(value: &str) -> FinishReason {
    match value {
        "end_turn" | "stop_sequence" => FinishReason::Stop,
        "max_tokens" => FinishReason::Length,
        "tool_use" => FinishReason::ToolUse,
        "refusal" => FinishReason::ContentFilter,
        other => FinishReason::Other(other.to_string()),
    }
}

/// An `{"type": "error", "error": {"type": ...}}` object (a stream's `error` event, or a body),
/// classified as the HTTP status Anthropic documents for its error type.
fn typed_error(value: &Value) -> ProviderError {
    let status = match value
        .pointer("/error/type")
        .and_then(Value::as_str)
        .unwrap_or_default()
    {
        "invalid_request_error" => 400,
        "authentication_error" => 401,
        "permission_error" => 403,
        "not_found_error" => 404,
        "request_too_large" => 413,
        "rate_limit_error" => 429,
        "overloaded_error" => 529,
        _ => 500, // api_error and types added later
    };
    classify_http_error(ProviderKind::Anthropic, status, None, &value.to_string())
}
