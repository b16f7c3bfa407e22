//! Request building: URL, headers and body for each provider, and the key only ever in its own
//! provider's auth header.
use consilium_providers::{
    build_chat_request, build_models_request, default_base_url, ChatRequest, Endpoint, HttpRequest,
    Message, ProviderKind, ResponseSchema, Role,
};
use serde_json::{json, Value};

const KEY: &str = "sk-test-SECRET-1234567890";

const ALL_KINDS: [ProviderKind; 5] = [
    ProviderKind::OpenAi,
    ProviderKind::Anthropic,
    ProviderKind::Gemini,
    ProviderKind::OpenRouter,
    ProviderKind::OpenAiCompatible,
];

fn endpoint(kind: ProviderKind) -> Endpoint {
    let base_url = match kind {
        ProviderKind::OpenAiCompatible => "http://127.0.0.1:11434/v1".to_string(),
        other => default_base_url(other).to_string(),
    };
    Endpoint { kind, base_url }
}

fn schema() -> ResponseSchema {
    ResponseSchema {
        name: "verdict".into(),
        schema: json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "answer": { "type": "string", "minLength": 1, "maxLength": 400 },
                "confidence": { "type": "integer", "minimum": 0, "maximum": 100 },
                "points": { "type": "array", "items": { "type": "string", "maxLength": 80, "additionalProperties": false }, "maxItems": 3 }
            },
            "required": ["answer", "confidence", "points"],
            "additionalProperties": false
        }),
    }
}

fn request(model: &str, stream: bool, structured: bool) -> ChatRequest {
    ChatRequest {
        model: model.into(),
        system: Some("You are a careful panelist.".into()),
        messages: vec![
            Message {
                role: Role::User,
                content: "Which city? Réponds — 🌍".into(),
                images: Vec::new(),
            },
            Message {
                role: Role::Assistant,
                content: "Paris.".into(),
                images: Vec::new(),
            },
            Message {
                role: Role::User,
                content: "Why?".into(),
                images: Vec::new(),
            },
        ],
        max_tokens: 1000,
        temperature: Some(0.7),
        response_schema: structured.then(schema),
        stream,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: None,
    }
}

fn body(http: &HttpRequest) -> Value {
    serde_json::from_str(&http.body).expect("the body is JSON")
}

fn header<'a>(http: &'a HttpRequest, name: &str) -> Option<&'a str> {
    http.headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn header_names(http: &HttpRequest) -> Vec<String> {
    let mut names: Vec<String> = http
        .headers
        .iter()
        .map(|(n, _)| n.to_ascii_lowercase())
        .collect();
    names.sort();
    names
}

/// The one header that may carry the key, and the form it takes there.
fn auth_header(kind: ProviderKind) -> (&'static str, String) {
    match kind {
        ProviderKind::Anthropic => ("x-api-key", KEY.to_string()),
        ProviderKind::Gemini => ("x-goog-api-key", KEY.to_string()),
        _ => ("authorization", format!("Bearer {KEY}")),
    }
}

fn model_for(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::OpenAi => "gpt-4.1-mini",
        ProviderKind::Anthropic => "claude-sonnet-4-5",
        ProviderKind::Gemini => "gemini-2.5-flash",
        ProviderKind::OpenRouter => "openai/gpt-4o-mini",
        ProviderKind::OpenAiCompatible => "llama3.2",
    }
}

#[test]
fn the_key_is_only_in_its_providers_auth_header() {
    for kind in ALL_KINDS {
        for stream in [false, true] {
            for structured in [false, true] {
                let http = build_chat_request(
                    &endpoint(kind),
                    Some(KEY),
                    &request(model_for(kind), stream, structured),
                );
                let (name, value) = auth_header(kind);
                assert_eq!(header(&http, name), Some(value.as_str()), "{kind:?}");
                let carrying: Vec<&str> = http
                    .headers
                    .iter()
                    .filter(|(_, v)| v.contains(KEY))
                    .map(|(n, _)| n.as_str())
                    .collect();
                assert_eq!(carrying.len(), 1, "{kind:?}: {carrying:?}");
                assert!(!http.url.contains(KEY), "{kind:?}: key in URL {}", http.url);
                assert!(!http.body.contains(KEY), "{kind:?}: key in body");
            }
        }
        let models = build_models_request(&endpoint(kind), Some(KEY));
        let (name, value) = auth_header(kind);
        assert_eq!(
            header(&models, name),
            Some(value.as_str()),
            "{kind:?} models"
        );
        assert_eq!(
            models
                .headers
                .iter()
                .filter(|(_, v)| v.contains(KEY))
                .count(),
            1,
            "{kind:?} models"
        );
        assert!(
            !models.url.contains(KEY) && !models.body.contains(KEY),
            "{kind:?} models"
        );
    }
}

#[test]
fn no_key_or_a_blank_key_sends_no_auth_header() {
    for kind in ALL_KINDS {
        for key in [None, Some(""), Some("   ")] {
            let http =
                build_chat_request(&endpoint(kind), key, &request(model_for(kind), true, false));
            let (name, _) = auth_header(kind);
            assert_eq!(header(&http, name), None, "{kind:?} {key:?}");
            assert_eq!(
                header(&build_models_request(&endpoint(kind), key), name),
                None,
                "{kind:?} models"
            );
        }
    }
}

#[test]
fn a_key_pasted_with_spaces_is_sent_trimmed() {
    let http = build_chat_request(
        &endpoint(ProviderKind::OpenAi),
        Some(&format!("  {KEY}\n")),
        &request("gpt-4o", false, false),
    );
    assert_eq!(
        header(&http, "Authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
}

#[test]
fn default_base_urls() {
    assert_eq!(
        default_base_url(ProviderKind::OpenAi),
        "https://api.openai.com/v1"
    );
    assert_eq!(
        default_base_url(ProviderKind::Anthropic),
        "https://api.anthropic.com/v1"
    );
    assert_eq!(
        default_base_url(ProviderKind::Gemini),
        "https://generativelanguage.googleapis.com/v1beta"
    );
    assert_eq!(
        default_base_url(ProviderKind::OpenRouter),
        "https://openrouter.ai/api/v1"
    );
    assert_eq!(default_base_url(ProviderKind::OpenAiCompatible), "");
}

#[test]
fn openai_streamed_request() {
    let http = build_chat_request(
        &endpoint(ProviderKind::OpenAi),
        Some(KEY),
        &request("gpt-4.1-mini", true, false),
    );
    assert_eq!(http.method, "POST");
    assert_eq!(http.url, "https://api.openai.com/v1/chat/completions");
    assert_eq!(header_names(&http), ["authorization", "content-type"]);
    assert_eq!(header(&http, "Content-Type"), Some("application/json"));
    assert_eq!(
        body(&http),
        json!({
            "model": "gpt-4.1-mini",
            "messages": [
                { "role": "system", "content": "You are a careful panelist." },
                { "role": "user", "content": "Which city? Réponds — 🌍" },
                { "role": "assistant", "content": "Paris." },
                { "role": "user", "content": "Why?" }
            ],
            "max_completion_tokens": 1000,
            "temperature": 0.7,
            "stream": true,
            "stream_options": { "include_usage": true }
        })
    );
}

#[test]
fn openai_structured_request_asks_for_a_json_schema_reply() {
    let http = build_chat_request(
        &endpoint(ProviderKind::OpenAi),
        Some(KEY),
        &request("gpt-4o", false, true),
    );
    let body = body(&http);
    assert_eq!(body["stream"], json!(false));
    assert!(body.get("stream_options").is_none(), "only when streaming");
    assert_eq!(
        body["response_format"],
        json!({ "type": "json_schema", "json_schema": { "name": "verdict", "schema": schema().schema, "strict": false } })
    );
}

#[test]
fn openai_reasoning_models_get_no_temperature() {
    for model in ["o3", "o4-mini", "gpt-5", "gpt-5-mini"] {
        let http = build_chat_request(
            &endpoint(ProviderKind::OpenAi),
            Some(KEY),
            &request(model, false, false),
        );
        assert!(body(&http).get("temperature").is_none(), "{model}");
    }
    let http = build_chat_request(
        &endpoint(ProviderKind::OpenRouter),
        Some(KEY),
        &request("openai/o3", false, false),
    );
    assert!(body(&http).get("temperature").is_none());
}

#[test]
fn a_request_without_system_prompt_or_temperature_omits_them() {
    let mut req = request("m", false, false);
    req.system = None;
    req.temperature = None;
    for kind in ALL_KINDS {
        let body = body(&build_chat_request(&endpoint(kind), None, &req));
        assert!(body.get("temperature").is_none(), "{kind:?}");
        assert!(
            body.pointer("/generationConfig/temperature").is_none(),
            "{kind:?}"
        );
        assert!(
            body.get("system").is_none() && body.get("systemInstruction").is_none(),
            "{kind:?}"
        );
        if let Some(messages) = body.get("messages") {
            assert_eq!(messages[0]["role"], "user", "{kind:?}: no system message");
        }
    }
}

#[test]
fn openrouter_request_asks_for_cost_and_names_the_app() {
    let http = build_chat_request(
        &endpoint(ProviderKind::OpenRouter),
        Some(KEY),
        &request("openai/gpt-4o-mini", true, true),
    );
    assert_eq!(http.url, "https://openrouter.ai/api/v1/chat/completions");
    assert_eq!(
        header_names(&http),
        ["authorization", "content-type", "x-title"]
    );
    assert_eq!(header(&http, "X-Title"), Some("Consilium"));
    let body = body(&http);
    assert_eq!(body["usage"], json!({ "include": true }));
    assert_eq!(body["max_tokens"], json!(1000));
    assert!(body.get("max_completion_tokens").is_none());
    assert_eq!(body["temperature"], json!(0.7));
    assert_eq!(body["stream_options"], json!({ "include_usage": true }));
    assert_eq!(body["response_format"]["type"], "json_schema");
}

#[test]
fn compatible_request_uses_the_given_base_url_and_max_tokens() {
    let endpoint = Endpoint {
        kind: ProviderKind::OpenAiCompatible,
        base_url: "http://localhost:8080/v1/".into(),
    };
    let http = build_chat_request(&endpoint, None, &request("gemma-3-270m", true, true));
    assert_eq!(http.url, "http://localhost:8080/v1/chat/completions");
    assert_eq!(header_names(&http), ["content-type"]);
    let body = body(&http);
    assert_eq!(body["max_tokens"], json!(1000));
    assert_eq!(body["temperature"], json!(0.7));
    assert_eq!(body["stream_options"], json!({ "include_usage": true }));
    assert_eq!(body["response_format"]["json_schema"]["name"], "verdict");
    assert!(body.get("usage").is_none(), "only OpenRouter");
}

#[test]
fn anthropic_request() {
    let http = build_chat_request(
        &endpoint(ProviderKind::Anthropic),
        Some(KEY),
        &request("claude-sonnet-4-5", true, false),
    );
    assert_eq!(http.method, "POST");
    assert_eq!(http.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(
        header_names(&http),
        [
            "anthropic-dangerous-direct-browser-access",
            "anthropic-version",
            "content-type",
            "x-api-key"
        ]
    );
    assert_eq!(header(&http, "anthropic-version"), Some("2023-06-01"));
    assert_eq!(
        header(&http, "anthropic-dangerous-direct-browser-access"),
        Some("true")
    );
    assert_eq!(
        body(&http),
        json!({
            "model": "claude-sonnet-4-5",
            "max_tokens": 1000,
            "system": "You are a careful panelist.",
            "messages": [
                { "role": "user", "content": "Which city? Réponds — 🌍" },
                { "role": "assistant", "content": "Paris." },
                { "role": "user", "content": "Why?" }
            ],
            "temperature": 0.7,
            "stream": true
        })
    );
}

#[test]
fn anthropic_structured_request_forces_one_tool_with_the_schema() {
    let http = build_chat_request(
        &endpoint(ProviderKind::Anthropic),
        Some(KEY),
        &request("claude-haiku-4-5", false, true),
    );
    let body = body(&http);
    let tools = body["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["name"], "verdict");
    assert!(tools[0]["description"]
        .as_str()
        .is_some_and(|d| !d.is_empty()));
    assert_eq!(tools[0]["input_schema"], schema().schema);
    assert_eq!(
        body["tool_choice"],
        json!({ "type": "tool", "name": "verdict" })
    );
}

#[test]
fn gemini_request_urls_and_body() {
    let http = build_chat_request(
        &endpoint(ProviderKind::Gemini),
        Some(KEY),
        &request("gemini-2.5-flash", false, false),
    );
    assert_eq!(
        http.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent"
    );
    assert_eq!(header_names(&http), ["content-type", "x-goog-api-key"]);
    assert_eq!(
        body(&http),
        json!({
            "systemInstruction": { "parts": [{ "text": "You are a careful panelist." }] },
            "contents": [
                { "role": "user", "parts": [{ "text": "Which city? Réponds — 🌍" }] },
                { "role": "model", "parts": [{ "text": "Paris." }] },
                { "role": "user", "parts": [{ "text": "Why?" }] }
            ],
            "generationConfig": { "maxOutputTokens": 1000, "temperature": 0.7 }
        })
    );
    // The list's `models/` prefix is accepted too.
    let streamed = build_chat_request(
        &endpoint(ProviderKind::Gemini),
        Some(KEY),
        &request("models/gemini-2.5-pro", true, false),
    );
    assert_eq!(
        streamed.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse"
    );
    assert_eq!(
        body(&streamed).get("stream"),
        None,
        "Gemini streams by URL, not by a body field"
    );
}

#[test]
fn gemini_structured_request_sends_the_documented_json_schema_subset() {
    let http = build_chat_request(
        &endpoint(ProviderKind::Gemini),
        Some(KEY),
        &request("gemini-2.5-flash", true, true),
    );
    let config = &body(&http)["generationConfig"];
    assert_eq!(config["responseMimeType"], "application/json");
    assert!(config.get("responseSchema").is_none());
    assert_eq!(
        config["responseJsonSchema"],
        json!({
            "type": "object",
            "properties": {
                "answer": { "type": "string" },
                "confidence": { "type": "integer", "minimum": 0, "maximum": 100 },
                "points": { "type": "array", "items": { "type": "string", "additionalProperties": false }, "maxItems": 3 }
            },
            "required": ["answer", "confidence", "points"],
            "additionalProperties": false
        })
    );
    // Property order is how Gemini 2.5+ orders its output: it must survive.
    let order: Vec<&String> = config["responseJsonSchema"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(order, ["answer", "confidence", "points"]);
}

#[test]
fn models_requests() {
    let cases = [
        (
            ProviderKind::OpenAi,
            "https://api.openai.com/v1/models",
            vec!["authorization"],
        ),
        (
            ProviderKind::Anthropic,
            "https://api.anthropic.com/v1/models?limit=1000",
            vec![
                "anthropic-dangerous-direct-browser-access",
                "anthropic-version",
                "x-api-key",
            ],
        ),
        (
            ProviderKind::Gemini,
            "https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000",
            vec!["x-goog-api-key"],
        ),
        (
            ProviderKind::OpenRouter,
            "https://openrouter.ai/api/v1/models",
            vec!["authorization", "x-title"],
        ),
        (
            ProviderKind::OpenAiCompatible,
            "http://127.0.0.1:11434/v1/models",
            vec!["authorization"],
        ),
    ];
    for (kind, url, headers) in cases {
        let http = build_models_request(&endpoint(kind), Some(KEY));
        assert_eq!(http.method, "GET", "{kind:?}");
        assert_eq!(http.url, url, "{kind:?}");
        assert_eq!(http.body, "", "{kind:?}");
        assert_eq!(header_names(&http), headers, "{kind:?}");
    }
}

/// A schema holding several replies, each under its own key and nullable (`anyOf` with null), as
/// a consult with material sends with every call.
fn nullable_envelope() -> ResponseSchema {
    let reply = json!({
        "type": "object",
        "properties": { "answer": { "type": "string", "maxLength": 400 } },
        "required": ["answer"],
        "additionalProperties": false
    });
    ResponseSchema {
        name: "council_reply".into(),
        schema: json!({
            "type": "object",
            "properties": {
                "first": { "anyOf": [reply.clone(), { "type": "null" }] },
                "second": { "anyOf": [reply, { "type": "null" }] }
            },
            "required": ["first", "second"],
            "additionalProperties": false
        }),
    }
}

#[test]
fn a_nullable_envelope_goes_to_each_provider_with_its_alternatives_intact() {
    let mut chat = request("gpt-4.1", false, false);
    chat.response_schema = Some(nullable_envelope());
    let sent = nullable_envelope().schema;
    let openai = body(&build_chat_request(
        &endpoint(ProviderKind::OpenAi),
        Some(KEY),
        &chat,
    ));
    assert_eq!(
        openai["response_format"]["json_schema"]["name"],
        "council_reply"
    );
    assert_eq!(openai["response_format"]["json_schema"]["schema"], sent);
    let router = body(&build_chat_request(
        &endpoint(ProviderKind::OpenRouter),
        Some(KEY),
        &chat,
    ));
    assert_eq!(router["response_format"]["json_schema"]["schema"], sent);
    chat.model = "claude-sonnet-4-5".into();
    let anthropic = body(&build_chat_request(
        &endpoint(ProviderKind::Anthropic),
        Some(KEY),
        &chat,
    ));
    assert_eq!(anthropic["tools"][0]["name"], "council_reply");
    assert_eq!(anthropic["tools"][0]["input_schema"], sent);
    chat.model = "gemini-2.5-flash".into();
    let gemini = body(&build_chat_request(
        &endpoint(ProviderKind::Gemini),
        Some(KEY),
        &chat,
    ));
    let schema = &gemini["generationConfig"]["responseJsonSchema"];
    // Gemini keeps `anyOf` and the null alternative; only the length bound is dropped.
    assert_eq!(
        schema["properties"]["first"]["anyOf"][1],
        json!({ "type": "null" })
    );
    assert_eq!(
        schema["properties"]["second"]["anyOf"][0]["properties"]["answer"],
        json!({ "type": "string" })
    );
    assert_eq!(schema["required"], json!(["first", "second"]));
}
