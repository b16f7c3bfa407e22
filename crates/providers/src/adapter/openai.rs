//! OpenAI Chat Completions, also spoken by OpenRouter and every OpenAI-compatible server
//! (Ollama /v1, llama.cpp, LM Studio, vLLM, Groq, Mistral, DeepSeek).
use serde_json::{json, Map, Value};

use super::{parts_with_images, temperature_json, usable_key, Adapter, Part, StreamedReply};
use crate::classify::classify_http_error;
use crate::error::ProviderError;
use crate::search::{read_url_annotations, search_support, SearchReport, SearchSupport};
use crate::types::{
    ChatReply, ChatRequest, Endpoint, FinishReason, HttpRequest, ModelInfo, Price, ProviderKind,
    Role, Usage,
};

pub(crate) struct OpenAiChat;

impl Adapter for OpenAiChat {
    fn default_base_url(&self, kind: ProviderKind) -> &'static str {
        match kind {
            ProviderKind::OpenAi => "https://api.openai.com/v1",
            ProviderKind::OpenRouter => "https://openrouter.ai/api/v1",
            // A compatible server's URL is the user's to give.
            _ => "",
        }
    }

    /// `Authorization: Bearer` when there is a key (local servers usually need none), and
    /// OpenRouter's app attribution.
    fn auth_headers(&self, kind: ProviderKind, api_key: Option<&str>) -> Vec<(String, String)> {
        let mut headers = Vec::new();
        if let Some(key) = usable_key(api_key) {
            headers.push(("Authorization".to_string(), format!("Bearer {key}")));
        }
        if kind == ProviderKind::OpenRouter {
            headers.push(("X-Title".to_string(), "Consilium".to_string()));
        }
        headers
    }

    fn chat_request(
        &self,
        endpoint: &Endpoint,
        api_key: Option<&str>,
        req: &ChatRequest,
    ) -> HttpRequest {
        let mut messages = Vec::new();
        if let Some(system) = req.system.as_deref().filter(|s| !s.is_empty()) {
            messages.push(json!({ "role": "system", "content": system }));
        }
        for (index, m) in req.messages.iter().enumerate() {
            let role = match m.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            };
            let content = match parts_with_images(req, index) {
                Some(parts) => content_parts(&parts),
                None => json!(m.content),
            };
            messages.push(json!({ "role": role, "content": content }));
        }
        let mut body = Map::new();
        body.insert("model".into(), json!(req.model));
        body.insert("messages".into(), Value::Array(messages));
        // OpenAI itself replaced max_tokens with max_completion_tokens (its reasoning models refuse
        // the old name); compatible servers and OpenRouter know the old name.
        let max_key = if endpoint.kind == ProviderKind::OpenAi {
            "max_completion_tokens"
        } else {
            "max_tokens"
        };
        body.insert(max_key.into(), json!(req.max_tokens));
        // OpenAI's search models refuse a temperature ("Model incompatible request argument").
        let searching_openai = endpoint.kind == ProviderKind::OpenAi
            && (req.web_search.is_some()
                || search_support(endpoint.kind, &req.model) == SearchSupport::WithoutSchema);
        if let Some(t) = req
            .temperature
            .filter(|_| accepts_temperature(endpoint.kind, &req.model) && !searching_openai)
        {
            body.insert("temperature".into(), temperature_json(t));
        }
        body.insert("stream".into(), json!(req.stream));
        if req.stream {
            // Without it a streamed reply carries no token counts, so its cost would be unknown.
            body.insert("stream_options".into(), json!({ "include_usage": true }));
        }
        if let Some(schema) = &req.response_schema {
            // Not strict: strict mode demands every property be required and additionalProperties
            // false, which the engine's schemas need not satisfy; the engine validates the reply
            // itself.
            body.insert(
                "response_format".into(),
                json!({ "type": "json_schema", "json_schema": { "name": schema.name, "schema": schema.schema, "strict": false } }),
            );
        }
        if let Some(key) = req
            .prompt_cache_key
            .as_deref()
            .filter(|_| endpoint.kind == ProviderKind::OpenAi)
        {
            // OpenAI caches prompts by itself; the key sends a seat's calls to the same cache.
            // Other servers may refuse a field they do not know, so only OpenAI gets it.
            body.insert("prompt_cache_key".into(), json!(key));
        }
        if let Some(search) = req.web_search {
            match endpoint.kind {
                ProviderKind::OpenRouter => {
                    body.insert(
                        "plugins".into(),
                        json!([{ "id": "web", "max_results": search.max_uses }]),
                    );
                }
                ProviderKind::OpenAi => {
                    body.insert("web_search_options".into(), json!({}));
                }
                // A compatible server has no search of its own: the engine names such seats.
                _ => {}
            }
        }
        if endpoint.kind == ProviderKind::OpenRouter {
            // Asks OpenRouter to report the call's cost in `usage.cost` (now its default;
            // harmless).
            body.insert("usage".into(), json!({ "include": true }));
        }
        let mut headers = vec![("Content-Type".to_string(), "application/json".to_string())];
        headers.extend(self.auth_headers(endpoint.kind, api_key));
        HttpRequest {
            method: "POST".into(),
            url: format!(
                "{}/chat/completions",
                endpoint.base_url.trim_end_matches('/')
            ),
            headers,
            body: Value::Object(body).to_string(),
        }
    }

    fn parse_reply(&self, body: &str) -> Result<ChatReply, ProviderError> {
        let value: Value =
            serde_json::from_str(body).map_err(|e| malformed(format!("not JSON: {e}")))?;
        if let Some(error) = embedded_error(&value) {
            return Err(error);
        }
        let choice = value
            .get("choices")
            .and_then(|c| c.get(0))
            .ok_or_else(|| malformed("no choices in the reply".into()))?;
        let text = choice
            .pointer("/message/content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        Ok(ChatReply {
            text,
            usage: usage(&value),
            finish_reason: choice
                .get("finish_reason")
                .and_then(Value::as_str)
                .map(finish_reason),
            model: value
                .get("model")
                .and_then(Value::as_str)
                .map(str::to_string),
            reported_cost_usd: reported_cost(&value),
            search: {
                let mut report = SearchReport::default();
                read_url_annotations(choice.pointer("/message/annotations"), &mut report);
                (!report.is_empty()).then_some(report)
            },
        })
    }

    /// One streamed chunk: chunks carry `choices[0].delta.content`; with `include_usage` a last
    /// chunk with empty `choices` carries the usage; `data: [DONE]` ends the stream.
    fn stream_event(
        &self,
        data: &str,
        stream: &mut StreamedReply,
    ) -> Result<Option<String>, ProviderError> {
        if data.trim() == "[DONE]" {
            stream.done = true;
            return Ok(None);
        }
        let chunk: Value = serde_json::from_str(data)
            .map_err(|e| malformed(format!("a stream chunk is not JSON: {e}")))?;
        if let Some(error) = embedded_error(&chunk) {
            return Err(error);
        }
        let reply = &mut stream.reply;
        if let Some(model) = chunk.get("model").and_then(Value::as_str) {
            reply.model = Some(model.to_string());
        }
        if let Some(u) = usage(&chunk) {
            reply.usage = Some(u);
        }
        if let Some(cost) = reported_cost(&chunk) {
            reply.reported_cost_usd = Some(cost);
        }
        let Some(choice) = chunk.get("choices").and_then(|c| c.get(0)) else {
            return Ok(None);
        };
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            reply.finish_reason = Some(finish_reason(reason));
        }
        if let Some(annotations) = choice.pointer("/delta/annotations") {
            let report = reply.search.get_or_insert_with(SearchReport::default);
            read_url_annotations(Some(annotations), report);
        }
        // Reasoning servers stream `reasoning_content` beside `content`: it is not the answer.
        let delta = choice
            .pointer("/delta/content")
            .and_then(Value::as_str)
            .unwrap_or_default();
        Ok(stream.push_text(delta))
    }

    fn models_path(&self) -> &'static str {
        "/models"
    }

    fn models(&self, reply: &Value) -> Option<Vec<ModelInfo>> {
        models_in_data(reply)
    }
}

/// A user message with images as Chat Completions content parts: `text` parts and `image_url`
/// parts whose URL is the image as a data URL (OpenAI, OpenRouter, and the compatible servers
/// that take images: llama.cpp with a vision projector, Ollama, vLLM, LM Studio).
fn content_parts(parts: &[Part]) -> Value {
    let parts = parts.iter().map(|part| match part {
        Part::Text(text) => json!({ "type": "text", "text": text }),
        Part::Image(image) => json!({
            "type": "image_url",
            "image_url": { "url": format!("data:{};base64,{}", image.media_type, image.data_base64) }
        }),
    });
    Value::Array(parts.collect())
}

/// OpenAI's reasoning models refuse a temperature other than the default.
fn accepts_temperature(kind: ProviderKind, model: &str) -> bool {
    let bare = model.rsplit('/').next().unwrap_or(model);
    let reasoning = ["o1", "o3", "o4", "gpt-5"]
        .iter()
        .any(|prefix| bare.starts_with(prefix));
    !(matches!(kind, ProviderKind::OpenAi | ProviderKind::OpenRouter) && reasoning)
}

fn finish_reason(value: &str) -> FinishReason {
    match value {
        "stop" => FinishReason::Stop,
        "length" => FinishReason::Length,
        "content_filter" => FinishReason::ContentFilter,
        "tool_calls" | "function_call" => FinishReason::ToolUse,
        other => FinishReason::Other(other.to_string()),
    }
}

/// The usage of a reply or of a stream's usage chunk. `prompt_tokens` is the whole prompt; the
/// part read from a cache is `prompt_tokens_details.cached_tokens` (OpenAI, OpenRouter, recent
/// llama.cpp), DeepSeek's `prompt_cache_hit_tokens`, or llama.cpp's `timings.cache_n`; the part
/// written to one, OpenRouter's `prompt_tokens_details.cache_write_tokens`.
fn usage(value: &Value) -> Option<Usage> {
    let usage = value.get("usage").filter(|u| u.is_object())?;
    let count = |pointer: &str| usage.pointer(pointer).and_then(Value::as_u64);
    let input_tokens = count("/prompt_tokens").unwrap_or(0);
    let cached = count("/prompt_tokens_details/cached_tokens")
        .or_else(|| count("/prompt_cache_hit_tokens"))
        .or_else(|| value.pointer("/timings/cache_n").and_then(Value::as_u64))
        .unwrap_or(0);
    let written = count("/prompt_tokens_details/cache_write_tokens").unwrap_or(0);
    // Never more cached than prompt, whatever a server reports.
    let cached_input_tokens = cached.min(input_tokens);
    Some(Usage {
        input_tokens,
        output_tokens: count("/completion_tokens").unwrap_or(0),
        cached_input_tokens,
        cache_write_tokens: written.min(input_tokens - cached_input_tokens),
    })
}

/// OpenRouter's own account of what the call cost, in USD.
fn reported_cost(value: &Value) -> Option<f64> {
    value.get("usage")?.get("cost")?.as_f64()
}

/// An error inside a 2xx body or a stream chunk: `{"error": {...}}` (OpenAI, OpenRouter, llama.cpp,
/// SGLang) or vLLM's `{"object": "error", ...}`. Classified as if it had come with its HTTP status.
fn embedded_error(value: &Value) -> Option<ProviderError> {
    let error = match value.get("error") {
        Some(error) if !error.is_null() => error,
        _ if value.get("object").and_then(Value::as_str) == Some("error") => value,
        _ => return None,
    };
    Some(classify_http_error(
        ProviderKind::OpenAi,
        implied_status(error),
        None,
        &value.to_string(),
    ))
}

/// The HTTP status an embedded error stands for: its numeric `code`, else one implied by its type.
fn implied_status(error: &Value) -> u16 {
    if let Some(code) = error
        .get("code")
        .and_then(Value::as_u64)
        .filter(|c| (400..600).contains(c))
    {
        return code as u16;
    }
    let words = ["code", "type"]
        .iter()
        .filter_map(|f| error.get(*f).and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    let has = |needle: &str| words.contains(needle);
    if has("insufficient_quota") || has("rate_limit") {
        429
    } else if has("authentication") || has("invalid_api_key") {
        401
    } else if has("permission") {
        403
    } else if has("model_not_found") || has("not_found") {
        404
    } else if has("invalid_request") || has("context_length") {
        400
    } else {
        500
    }
}

fn malformed(detail: String) -> ProviderError {
    ProviderError::Malformed { detail }
}

/// A model list in OpenAI's shape, `{"data": [{"id": ...}, ...]}`, with OpenRouter's prices and
/// context lengths where it gives them. Anthropic's list has the same shape.
pub(super) fn models_in_data(reply: &Value) -> Option<Vec<ModelInfo>> {
    let models = reply
        .get("data")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(|m| {
            let id = m.get("id")?.as_str()?.to_string();
            let sees_images = listed_input_modalities(m).or_else(|| llamacpp_vision(reply, &id));
            Some(ModelInfo {
                id,
                price: openrouter_price(m),
                context_length: m.get("context_length").and_then(Value::as_u64),
                sees_images,
            })
        })
        .collect();
    Some(models)
}

/// OpenRouter's `architecture.input_modalities` (`["text", "image", "file"]`): whether "image" is
/// among them; None when the entry has no such list.
fn listed_input_modalities(model: &Value) -> Option<bool> {
    let modalities = model
        .pointer("/architecture/input_modalities")
        .and_then(Value::as_array)?;
    Some(modalities.iter().any(|m| m == "image"))
}

/// llama.cpp's server lists its model a second time, Ollama-style, under `models` with its
/// `capabilities`: "multimodal" when a vision projector is loaded (Ollama's word is "vision").
fn llamacpp_vision(reply: &Value, id: &str) -> Option<bool> {
    let entry = reply.get("models")?.as_array()?.iter().find(|m| {
        ["model", "name"]
            .iter()
            .any(|field| m.get(*field).and_then(Value::as_str) == Some(id))
    })?;
    let capabilities = entry.get("capabilities")?.as_array()?;
    Some(
        capabilities
            .iter()
            .any(|c| c == "multimodal" || c == "vision"),
    )
}

/// OpenRouter lists prices in USD per token, as strings, with the cache rates of the models that
/// have them (`input_cache_read`, `input_cache_write`).
fn openrouter_price(model: &Value) -> Option<Price> {
    let pricing = model.get("pricing")?;
    let per_token = |field: &str| -> Option<f64> {
        let v = pricing.get(field)?;
        v.as_str()
            .and_then(|s| s.parse().ok())
            .or_else(|| v.as_f64())
            .filter(|p: &f64| *p >= 0.0)
    };
    Some(Price {
        input_per_million: per_token("prompt")? * 1e6,
        output_per_million: per_token("completion")? * 1e6,
        cache_read_per_million: per_token("input_cache_read").map(|p| p * 1e6),
        cache_write_per_million: per_token("input_cache_write").map(|p| p * 1e6),
    })
}
