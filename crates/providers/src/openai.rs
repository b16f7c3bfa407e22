//! OpenAI Chat Completions, also spoken by OpenRouter and every OpenAI-compatible server
//! (Ollama /v1, llama.cpp, LM Studio, vLLM, Groq, Mistral, DeepSeek).
use serde_json::{json, Map, Value};

use crate::classify::error_detail;
use crate::error::ProviderError;
use crate::types::{ChatReply, ChatRequest, Endpoint, FinishReason, HttpRequest, ProviderKind, Role, Usage};

pub fn build(endpoint: &Endpoint, api_key: Option<&str>, req: &ChatRequest) -> HttpRequest {
    let mut messages = Vec::new();
    if let Some(system) = req.system.as_deref().filter(|s| !s.is_empty()) {
        messages.push(json!({ "role": "system", "content": system }));
    }
    for m in &req.messages {
        let role = match m.role {
            Role::User => "user",
            Role::Assistant => "assistant",
        };
        messages.push(json!({ "role": role, "content": m.content }));
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(req.model));
    body.insert("messages".into(), Value::Array(messages));
    // OpenAI itself replaced max_tokens with max_completion_tokens; compatible servers know the old name.
    let max_key = if endpoint.kind == ProviderKind::OpenAi { "max_completion_tokens" } else { "max_tokens" };
    body.insert(max_key.into(), json!(req.max_tokens));
    if let Some(t) = req.temperature.filter(|_| accepts_temperature(endpoint.kind, &req.model)) {
        body.insert("temperature".into(), json!(t));
    }
    body.insert("stream".into(), json!(req.stream));
    if req.stream {
        body.insert("stream_options".into(), json!({ "include_usage": true }));
    }
    if let Some(schema) = &req.response_schema {
        body.insert(
            "response_format".into(),
            json!({ "type": "json_schema", "json_schema": { "name": schema.name, "schema": schema.schema, "strict": false } }),
        );
    }
    if endpoint.kind == ProviderKind::OpenRouter {
        // Asks OpenRouter to report the call's cost in `usage.cost`.
        body.insert("usage".into(), json!({ "include": true }));
    }
    let mut headers = vec![("Content-Type".to_string(), "application/json".to_string())];
    if let Some(key) = api_key.map(str::trim).filter(|k| !k.is_empty()) {
        headers.push(("Authorization".to_string(), format!("Bearer {key}")));
    }
    if endpoint.kind == ProviderKind::OpenRouter {
        headers.push(("X-Title".to_string(), "Consilium".to_string()));
    }
    HttpRequest {
        method: "POST".into(),
        url: format!("{}/chat/completions", endpoint.base_url.trim_end_matches('/')),
        headers,
        body: Value::Object(body).to_string(),
    }
}

/// OpenAI's reasoning models refuse a temperature other than the default.
fn accepts_temperature(kind: ProviderKind, model: &str) -> bool {
    let bare = model.rsplit('/').next().unwrap_or(model);
    !(matches!(kind, ProviderKind::OpenAi | ProviderKind::OpenRouter)
        && (bare.starts_with("o1") || bare.starts_with("o3") || bare.starts_with("o4") || bare.starts_with("gpt-5")))
}

pub fn finish_reason(value: &str) -> FinishReason {
    match value {
        "stop" => FinishReason::Stop,
        "length" => FinishReason::Length,
        "content_filter" => FinishReason::ContentFilter,
        "tool_calls" | "function_call" => FinishReason::ToolUse,
        other => FinishReason::Other(other.to_string()),
    }
}

fn usage(value: &Value) -> Option<Usage> {
    let usage = value.get("usage").filter(|u| u.is_object())?;
    Some(Usage {
        input_tokens: usage.get("prompt_tokens").and_then(Value::as_u64).unwrap_or(0),
        output_tokens: usage.get("completion_tokens").and_then(Value::as_u64).unwrap_or(0),
    })
}

fn reported_cost(value: &Value) -> Option<f64> {
    value.get("usage")?.get("cost")?.as_f64()
}

/// An error object inside a 200 reply or a stream chunk (OpenRouter does both).
fn embedded_error(value: &Value) -> Option<ProviderError> {
    let error = value.get("error")?;
    let detail = error_detail(&value.to_string());
    let code = error.get("code").and_then(Value::as_u64).unwrap_or(0);
    Some(match code {
        401 | 403 => ProviderError::Auth { status: code as u16, detail },
        429 => ProviderError::RateLimited { retry_after_secs: None, detail },
        502..=504 | 529 => ProviderError::Overloaded { status: code as u16, detail },
        _ => ProviderError::Server { status: if code >= 400 { code as u16 } else { 500 }, detail },
    })
}

pub fn parse(body: &str) -> Result<ChatReply, ProviderError> {
    let value: Value =
        serde_json::from_str(body).map_err(|e| ProviderError::Malformed { detail: format!("not JSON: {e}") })?;
    if let Some(error) = embedded_error(&value) {
        return Err(error);
    }
    let choice = value
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or_else(|| ProviderError::Malformed { detail: "no choices in the reply".into() })?;
    let text = choice.pointer("/message/content").and_then(Value::as_str).unwrap_or_default().to_string();
    Ok(ChatReply {
        text,
        usage: usage(&value),
        finish_reason: choice.get("finish_reason").and_then(Value::as_str).map(finish_reason),
        model: value.get("model").and_then(Value::as_str).map(str::to_string),
        reported_cost_usd: reported_cost(&value),
    })
}

/// Streaming state: chunks carry `choices[0].delta.content`; the last carries usage; `[DONE]` ends it.
#[derive(Debug, Default)]
pub struct OpenAiStream {
    pub reply: ChatReply,
    pub done: bool,
}

impl OpenAiStream {
    pub fn on_data(&mut self, data: &str) -> Result<Option<String>, ProviderError> {
        if data.trim() == "[DONE]" {
            self.done = true;
            return Ok(None);
        }
        let chunk: Value = serde_json::from_str(data)
            .map_err(|e| ProviderError::Malformed { detail: format!("a stream chunk is not JSON: {e}") })?;
        if let Some(error) = embedded_error(&chunk) {
            return Err(error);
        }
        if let Some(model) = chunk.get("model").and_then(Value::as_str) {
            self.reply.model = Some(model.to_string());
        }
        if let Some(u) = usage(&chunk) {
            self.reply.usage = Some(u);
        }
        if let Some(cost) = reported_cost(&chunk) {
            self.reply.reported_cost_usd = Some(cost);
        }
        let Some(choice) = chunk.get("choices").and_then(|c| c.get(0)) else { return Ok(None) };
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            self.reply.finish_reason = Some(finish_reason(reason));
        }
        let delta = choice.pointer("/delta/content").and_then(Value::as_str).unwrap_or_default();
        if delta.is_empty() {
            return Ok(None);
        }
        self.reply.text.push_str(delta);
        Ok(Some(delta.to_string()))
    }
}
