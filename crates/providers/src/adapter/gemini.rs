//! Google Gemini `generateContent` / `streamGenerateContent?alt=sse`. The key travels in the
//! `x-goog-api-key` header, never in the URL (URLs end up in logs and histories).
use serde_json::{json, Map, Value};

use super::{parts_with_images, temperature_json, usable_key, Adapter, Part, StreamedReply};
use crate::classify::classify_http_error;
use crate::error::ProviderError;
use crate::search::{read_grounding, SearchReport};
use crate::types::{
    ChatReply, ChatRequest, Endpoint, FinishReason, HttpRequest, ModelInfo, ProviderKind, Role,
    Usage,
};

pub(crate) struct Gemini;

impl Adapter for Gemini {
    fn default_base_url(&self, _: ProviderKind) -> &'static str {
        "https://generativelanguage.googleapis.com/v1beta"
    }

    /// The key travels in `x-goog-api-key`, never in a `?key=` query parameter.
    fn auth_headers(&self, _: ProviderKind, api_key: Option<&str>) -> Vec<(String, String)> {
        usable_key(api_key)
            .map(|key| ("x-goog-api-key".to_string(), key.to_string()))
            .into_iter()
            .collect()
    }

    fn chat_request(
        &self,
        endpoint: &Endpoint,
        api_key: Option<&str>,
        req: &ChatRequest,
    ) -> HttpRequest {
        let contents: Vec<Value> = req
            .messages
            .iter()
            .enumerate()
            .map(|(index, m)| {
                let role = match m.role {
                    Role::User => "user",
                    Role::Assistant => "model",
                };
                let parts = match parts_with_images(req, index) {
                    Some(parts) => gemini_parts(&parts),
                    None => json!([{ "text": m.content }]),
                };
                json!({ "role": role, "parts": parts })
            })
            .collect();
        let mut generation = Map::new();
        generation.insert("maxOutputTokens".into(), json!(req.max_tokens));
        if let Some(t) = req.temperature {
            generation.insert("temperature".into(), temperature_json(t));
        }
        if let Some(schema) = &req.response_schema {
            generation.insert("responseMimeType".into(), json!("application/json"));
            // `responseJsonSchema` takes standard JSON Schema (additionalProperties, anyOf, $ref,
            // type null ...) on every current Gemini model since the Nov 2025 update, and keeps the
            // schema's property order on 2.5 and later. The older `responseSchema` takes only an
            // OpenAPI 3.0 subset and answers 400 to `additionalProperties`, which every engine
            // schema has.
            generation.insert(
                "responseJsonSchema".into(),
                supported_subset(&schema.schema),
            );
        }
        let mut body = Map::new();
        if let Some(system) = req.system.as_deref().filter(|s| !s.is_empty()) {
            body.insert(
                "systemInstruction".into(),
                json!({ "parts": [{ "text": system }] }),
            );
        }
        body.insert("contents".into(), Value::Array(contents));
        body.insert("generationConfig".into(), Value::Object(generation));
        if req.web_search.is_some() {
            body.insert("tools".into(), json!([{ "google_search": {} }]));
        }
        let base = endpoint.base_url.trim_end_matches('/');
        let model = req.model.trim_start_matches("models/");
        let url = if req.stream {
            format!("{base}/models/{model}:streamGenerateContent?alt=sse")
        } else {
            format!("{base}/models/{model}:generateContent")
        };
        let mut headers = vec![("Content-Type".to_string(), "application/json".to_string())];
        headers.extend(self.auth_headers(endpoint.kind, api_key));
        HttpRequest {
            method: "POST".into(),
            url,
            headers,
            body: Value::Object(body).to_string(),
        }
    }

    fn parse_reply(&self, body: &str) -> Result<ChatReply, ProviderError> {
        let value: Value = serde_json::from_str(body).map_err(|e| ProviderError::Malformed {
            detail: format!("not JSON: {e}"),
        })?;
        if value.get("candidates").is_none()
            && value.get("error").is_none()
            && value.get("promptFeedback").is_none()
        {
            return Err(ProviderError::Malformed {
                detail: "no candidates in the reply".into(),
            });
        }
        let mut reply = ChatReply::default();
        let (text, _) = read_chunk(&value, &mut reply)?;
        reply.text = text;
        Ok(reply)
    }

    /// One streamed chunk: every chunk is a full response object with a text delta; the chunk with
    /// a `finishReason` is the last.
    fn stream_event(
        &self,
        data: &str,
        stream: &mut StreamedReply,
    ) -> Result<Option<String>, ProviderError> {
        let value: Value = serde_json::from_str(data).map_err(|e| ProviderError::Malformed {
            detail: format!("a stream chunk is not JSON: {e}"),
        })?;
        let (text, finished) = read_chunk(&value, &mut stream.reply)?;
        stream.done |= finished;
        Ok(stream.push_text(&text))
    }

    /// Paginated, at most 1000 to a page: one page holds every model it offers today.
    fn models_path(&self) -> &'static str {
        "/models?pageSize=1000"
    }

    /// The models that can answer a chat call (`generateContent`), without the `models/` prefix.
    fn models(&self, reply: &Value) -> Option<Vec<ModelInfo>> {
        let models = reply
            .get("models")
            .and_then(Value::as_array)?
            .iter()
            .filter(|m| {
                m.get("supportedGenerationMethods")
                    .and_then(Value::as_array)
                    .is_some_and(|methods| methods.iter().any(|x| x == "generateContent"))
            })
            .filter_map(|m| {
                let id = m
                    .get("name")?
                    .as_str()?
                    .trim_start_matches("models/")
                    .to_string();
                Some(ModelInfo {
                    id,
                    price: None,
                    context_length: m.get("inputTokenLimit").and_then(Value::as_u64),
                    // Gemini's list does not say; every current chat model takes images.
                    sees_images: None,
                })
            })
            .collect();
        Some(models)
    }
}

/// A user message with images as Gemini parts: `text` parts and `inline_data` parts (the image's
/// `mime_type` and its base64 `data`).
fn gemini_parts(parts: &[Part]) -> Value {
    let parts = parts.iter().map(|part| match part {
        Part::Text(text) => json!({ "text": text }),
        Part::Image(image) => json!({
            "inline_data": { "mime_type": image.media_type, "data": image.data_base64 }
        }),
    });
    Value::Array(parts.collect())
}

/// The schema with only the keywords Gemini's JSON Schema support documents, at every depth: the
/// others (`minLength`, `maxLength`, `$schema`, ...) only shape the request, and the engine
/// validates the reply itself, so dropping them costs nothing and avoids a rejected request.
fn supported_subset(schema: &Value) -> Value {
    const KEPT: &[&str] = &[
        "type",
        "title",
        "description",
        "format",
        "enum",
        "const",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "anyOf",
        "oneOf",
        "$ref",
        "$defs",
        "$id",
        "$anchor",
    ];
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let each_value = |value: &Value| match value {
        Value::Object(named) => Value::Object(
            named
                .iter()
                .map(|(k, v)| (k.clone(), supported_subset(v)))
                .collect(),
        ),
        other => other.clone(),
    };
    let each_item = |value: &Value| match value {
        Value::Array(list) => Value::Array(list.iter().map(supported_subset).collect()),
        other => other.clone(),
    };
    let kept = map
        .iter()
        .filter(|(key, _)| KEPT.contains(&key.as_str()))
        .map(|(key, value)| {
            let value = match key.as_str() {
                "properties" | "$defs" => each_value(value),
                "items" | "additionalProperties" => supported_subset(value),
                "prefixItems" | "anyOf" | "oneOf" => each_item(value),
                _ => value.clone(),
            };
            (key.clone(), value)
        });
    Value::Object(kept.collect())
}

fn finish_reason(value: &str) -> FinishReason {
    match value {
        "STOP" => FinishReason::Stop,
        "MAX_TOKENS" => FinishReason::Length,
        "SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII" => {
            FinishReason::ContentFilter
        }
        other => FinishReason::Other(other.to_string()),
    }
}

/// One response object (whole reply, or one streamed chunk): its text, and what it says about the
/// end.
fn read_chunk(value: &Value, reply: &mut ChatReply) -> Result<(String, bool), ProviderError> {
    if let Some(error) = value.get("error") {
        let status = error
            .get("code")
            .and_then(Value::as_u64)
            .filter(|c| (400..600).contains(c))
            .unwrap_or(500);
        return Err(classify_http_error(
            ProviderKind::Gemini,
            status as u16,
            None,
            &value.to_string(),
        ));
    }
    if let Some(model) = value.get("modelVersion").and_then(Value::as_str) {
        reply.model = Some(model.to_string());
    }
    if let Some(meta) = value.get("usageMetadata") {
        let count = |field: &str| meta.get(field).and_then(Value::as_u64).unwrap_or(0);
        let input_tokens = count("promptTokenCount");
        reply.usage = Some(Usage {
            input_tokens,
            // Thinking is billed as output.
            output_tokens: count("candidatesTokenCount") + count("thoughtsTokenCount"),
            // Part of the prompt count: what implicit (or explicit) caching served.
            cached_input_tokens: count("cachedContentTokenCount").min(input_tokens),
            cache_write_tokens: 0,
        });
    }
    let candidate = value.get("candidates").and_then(|c| c.get(0));
    let mut text = String::new();
    if let Some(parts) = candidate
        .and_then(|c| c.pointer("/content/parts"))
        .and_then(Value::as_array)
    {
        for part in parts {
            // Thought summaries are not the answer.
            if part.get("thought").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            text.push_str(part.get("text").and_then(Value::as_str).unwrap_or_default());
        }
    }
    if let Some(metadata) = candidate.and_then(|c| c.get("groundingMetadata")) {
        let report = reply.search.get_or_insert_with(SearchReport::default);
        read_grounding(Some(metadata), report);
    }
    let finished = match candidate
        .and_then(|c| c.get("finishReason"))
        .and_then(Value::as_str)
    {
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
