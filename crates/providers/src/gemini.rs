//! Google Gemini `generateContent` / `streamGenerateContent?alt=sse`. The key travels in the
//! `x-goog-api-key` header, never in the URL (URLs end up in logs and histories).
use serde_json::{json, Map, Value};

use crate::error::ProviderError;
use crate::types::{ChatReply, ChatRequest, Endpoint, FinishReason, HttpRequest, Role, Usage};

pub fn build(endpoint: &Endpoint, api_key: Option<&str>, req: &ChatRequest) -> HttpRequest {
    let contents: Vec<Value> = req
        .messages
        .iter()
        .map(|m| {
            let role = match m.role {
                Role::User => "user",
                Role::Assistant => "model",
            };
            json!({ "role": role, "parts": [{ "text": m.content }] })
        })
        .collect();
    let mut generation = Map::new();
    generation.insert("maxOutputTokens".into(), json!(req.max_tokens));
    if let Some(t) = req.temperature {
        generation.insert("temperature".into(), json!(t));
    }
    if let Some(schema) = &req.response_schema {
        generation.insert("responseMimeType".into(), json!("application/json"));
        generation.insert("responseSchema".into(), openapi_subset(&schema.schema));
    }
    let mut body = Map::new();
    if let Some(system) = req.system.as_deref().filter(|s| !s.is_empty()) {
        body.insert("systemInstruction".into(), json!({ "parts": [{ "text": system }] }));
    }
    body.insert("contents".into(), Value::Array(contents));
    body.insert("generationConfig".into(), Value::Object(generation));
    let base = endpoint.base_url.trim_end_matches('/');
    let model = req.model.trim_start_matches("models/");
    let url = if req.stream {
        format!("{base}/models/{model}:streamGenerateContent?alt=sse")
    } else {
        format!("{base}/models/{model}:generateContent")
    };
    let mut headers = vec![("Content-Type".to_string(), "application/json".to_string())];
    if let Some(key) = api_key.map(str::trim).filter(|k| !k.is_empty()) {
        headers.push(("x-goog-api-key".to_string(), key.to_string()));
    }
    HttpRequest { method: "POST".into(), url, headers, body: Value::Object(body).to_string() }
}

/// `responseSchema` takes an OpenAPI 3.0 subset: keywords outside it make the request fail, so they
/// are dropped (the engine validates the reply itself anyway).
fn openapi_subset(schema: &Value) -> Value {
    const KEPT: &[&str] = &[
        "type", "format", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required",
        "items", "minimum", "maximum", "propertyOrdering", "anyOf",
    ];
    match schema {
        Value::Object(map) => {
            let mut out = Map::new();
            for (key, value) in map {
                if !KEPT.contains(&key.as_str()) {
                    continue;
                }
                let value = match key.as_str() {
                    "properties" => Value::Object(
                        value.as_object().map(|p| p.iter().map(|(k, v)| (k.clone(), openapi_subset(v))).collect()).unwrap_or_default(),
                    ),
                    "items" => openapi_subset(value),
                    "anyOf" => Value::Array(value.as_array().map(|a| a.iter().map(openapi_subset).collect()).unwrap_or_default()),
                    _ => value.clone(),
                };
                out.insert(key.clone(), value);
            }
            // Keep the order the fields should be written in (Gemini otherwise sorts them).
            if let Some(Value::Object(properties)) = map.get("properties") {
                out.insert("propertyOrdering".into(), json!(properties.keys().collect::<Vec<_>>()));
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

pub fn finish_reason(value: &str) -> FinishReason {
    match value {
        "STOP" => FinishReason::Stop,
        "MAX_TOKENS" => FinishReason::Length,
        "SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII" => FinishReason::ContentFilter,
        other => FinishReason::Other(other.to_string()),
    }
}

/// One response object (whole reply, or one streamed chunk): its text, and what it says about the end.
fn read_chunk(value: &Value, reply: &mut ChatReply) -> Result<(String, bool), ProviderError> {
    if let Some(error) = value.get("error") {
        let detail = error.get("message").and_then(Value::as_str).unwrap_or_default().to_string();
        let status = error.get("code").and_then(Value::as_u64).unwrap_or(500) as u16;
        return Err(crate::classify::classify_http_error(crate::ProviderKind::Gemini, status, None, &json!({ "error": { "message": detail } }).to_string()));
    }
    if let Some(model) = value.get("modelVersion").and_then(Value::as_str) {
        reply.model = Some(model.to_string());
    }
    if let Some(meta) = value.get("usageMetadata") {
        reply.usage = Some(Usage {
            input_tokens: meta.get("promptTokenCount").and_then(Value::as_u64).unwrap_or(0),
            output_tokens: meta.get("candidatesTokenCount").and_then(Value::as_u64).unwrap_or(0)
                + meta.get("thoughtsTokenCount").and_then(Value::as_u64).unwrap_or(0),
        });
    }
    let candidate = value.get("candidates").and_then(|c| c.get(0));
    let mut text = String::new();
    if let Some(parts) = candidate.and_then(|c| c.pointer("/content/parts")).and_then(Value::as_array) {
        for part in parts {
            // Thought summaries are not the answer.
            if part.get("thought").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            text.push_str(part.get("text").and_then(Value::as_str).unwrap_or_default());
        }
    }
    let finished = match candidate.and_then(|c| c.get("finishReason")).and_then(Value::as_str) {
        Some(reason) => {
            reply.finish_reason = Some(finish_reason(reason));
            true
        }
        None => false,
    };
    // A prompt blocked before any candidate is a finished (refused) reply.
    let blocked = value.pointer("/promptFeedback/blockReason").is_some();
    if blocked {
        reply.finish_reason = Some(FinishReason::ContentFilter);
    }
    Ok((text, finished || blocked))
}

pub fn parse(body: &str) -> Result<ChatReply, ProviderError> {
    let value: Value =
        serde_json::from_str(body).map_err(|e| ProviderError::Malformed { detail: format!("not JSON: {e}") })?;
    if value.get("candidates").is_none() && value.get("error").is_none() && value.get("promptFeedback").is_none() {
        return Err(ProviderError::Malformed { detail: "no candidates in the reply".into() });
    }
    let mut reply = ChatReply::default();
    let (text, _) = read_chunk(&value, &mut reply)?;
    reply.text = text;
    Ok(reply)
}

/// Streaming state: every SSE chunk is a full response object with a text delta; the chunk with a
/// `finishReason` is the last.
#[derive(Debug, Default)]
pub struct GeminiStream {
    pub reply: ChatReply,
    pub done: bool,
}

impl GeminiStream {
    pub fn on_data(&mut self, data: &str) -> Result<Option<String>, ProviderError> {
        let value: Value = serde_json::from_str(data)
            .map_err(|e| ProviderError::Malformed { detail: format!("a stream chunk is not JSON: {e}") })?;
        let (text, finished) = read_chunk(&value, &mut self.reply)?;
        self.done |= finished;
        if text.is_empty() {
            return Ok(None);
        }
        self.reply.text.push_str(&text);
        Ok(Some(text))
    }
}
