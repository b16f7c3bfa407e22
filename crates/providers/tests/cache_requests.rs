//! What a request asks of the provider's prompt cache: Anthropic's automatic `cache_control` once
//! the prompt reaches the model's minimum, OpenAI's `prompt_cache_key`, and nothing for the
//! formats that cache by themselves.
use consilium_providers::{
    build_chat_request, default_base_url, ChatRequest, Endpoint, Message, ProviderKind, Role,
};
use serde_json::{json, Value};

const SEAT_KEY: &str = "session-7f3a:panelist-2";

fn endpoint(kind: ProviderKind) -> Endpoint {
    let base_url = match kind {
        ProviderKind::OpenAiCompatible => "http://127.0.0.1:8080/v1".to_string(),
        other => default_base_url(other).to_string(),
    };
    Endpoint { kind, base_url }
}

/// A request whose system prompt and question together are `prompt_bytes` long.
fn request(model: &str, prompt_bytes: usize, key: Option<&str>) -> ChatRequest {
    let system = "You are a careful panelist. ".to_string();
    ChatRequest {
        model: model.into(),
        messages: vec![Message {
            role: Role::User,
            content: "q".repeat(prompt_bytes.saturating_sub(system.len())),
        }],
        system: Some(system),
        max_tokens: 500,
        temperature: Some(0.7),
        response_schema: None,
        stream: true,
        prompt_cache_key: key.map(str::to_string),
    }
}

fn body(kind: ProviderKind, req: &ChatRequest) -> Value {
    serde_json::from_str(&build_chat_request(&endpoint(kind), None, req).body).unwrap()
}

#[test]
fn anthropic_asks_for_automatic_caching_of_a_prompt_over_the_models_minimum() {
    // Sonnet 4.5 caches from 1024 tokens: 3,300 bytes are about 1,100 tokens at 3 bytes each.
    let sent = body(
        ProviderKind::Anthropic,
        &request("claude-sonnet-4-5-20250929", 3_300, Some(SEAT_KEY)),
    );
    assert_eq!(sent["cache_control"], json!({ "type": "ephemeral" }));
    // The top-level form: the system prompt and the messages keep their plain shape.
    assert!(sent["system"].is_string());
    assert!(sent["messages"][0]["content"].is_string());
}

#[test]
fn anthropic_does_not_mark_a_prompt_under_the_models_minimum() {
    // Haiku 4.5 caches from 4096 tokens: 3,300 bytes are far from it.
    let haiku = body(
        ProviderKind::Anthropic,
        &request("claude-haiku-4-5", 3_300, Some(SEAT_KEY)),
    );
    assert_eq!(haiku.get("cache_control"), None);
    // 12,300 bytes (about 4,100 tokens) are enough.
    let long = body(
        ProviderKind::Anthropic,
        &request("claude-haiku-4-5", 12_300, Some(SEAT_KEY)),
    );
    assert_eq!(long["cache_control"], json!({ "type": "ephemeral" }));
    // Sonnet 4.5 below 1024 tokens.
    let short = body(
        ProviderKind::Anthropic,
        &request("claude-sonnet-4-5", 2_000, Some(SEAT_KEY)),
    );
    assert_eq!(short.get("cache_control"), None);
}

#[test]
fn anthropic_does_not_mark_a_one_off_call() {
    // No key: no later call reads this prompt, and a cache write costs 1.25x.
    let sent = body(
        ProviderKind::Anthropic,
        &request("claude-sonnet-4-5", 20_000, None),
    );
    assert_eq!(sent.get("cache_control"), None);
}

#[test]
fn openai_gets_the_seats_prompt_cache_key() {
    let sent = body(
        ProviderKind::OpenAi,
        &request("gpt-5-mini", 100, Some(SEAT_KEY)),
    );
    assert_eq!(sent["prompt_cache_key"], json!(SEAT_KEY));
    let without = body(ProviderKind::OpenAi, &request("gpt-5-mini", 100, None));
    assert_eq!(without.get("prompt_cache_key"), None);
}

#[test]
fn implicit_caches_and_other_servers_get_nothing_new() {
    for (kind, model) in [
        (ProviderKind::Gemini, "gemini-2.5-flash"),
        (ProviderKind::OpenRouter, "google/gemini-2.5-flash"),
        (ProviderKind::OpenAiCompatible, "gemma-3-270m"),
    ] {
        let keyed = body(kind, &request(model, 20_000, Some(SEAT_KEY)));
        let plain = body(kind, &request(model, 20_000, None));
        assert_eq!(keyed, plain, "{kind:?}");
        let text = keyed.to_string();
        assert!(!text.contains("cache"), "{kind:?}: {text}");
    }
}

#[test]
fn a_request_stored_without_a_cache_key_still_reads() {
    let stored = r#"{"model":"m","system":null,"messages":[],"max_tokens":10,
        "temperature":null,"response_schema":null,"stream":false}"#;
    let request: ChatRequest = serde_json::from_str(stored).unwrap();
    assert_eq!(request.prompt_cache_key, None);
}
