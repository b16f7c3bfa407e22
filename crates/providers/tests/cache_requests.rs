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
            images: Vec::new(),
        }],
        system: Some(system),
        max_tokens: 500,
        temperature: Some(0.7),
        response_schema: None,
        stream: true,
        prompt_cache_key: key.map(str::to_string),
        cache_prefix_len: 0,
        web_search: None,
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

/// A call of a seat whose first user message opens with `shared` and goes on with `rest`.
fn seat_call(model: &str, shared: &str, rest: &str) -> ChatRequest {
    let mut request = request(model, 0, Some(SEAT_KEY));
    request.messages[0].content = format!("{shared}{rest}");
    request.cache_prefix_len = shared.len();
    request
}

#[test]
fn anthropic_sends_a_seats_shared_prefix_as_its_own_block_with_the_breakpoint() {
    // Anthropic looks a cached prefix up only at block boundaries: a round-3 message that merely
    // begins like round 1's would find nothing, so both send the shared part as one block.
    let shared = format!("Question:\n{}\n\n", "w".repeat(3_300));
    let round1 = seat_call("claude-sonnet-4-5", &shared, "Answer on your own.");
    let round3 = seat_call(
        "claude-sonnet-4-5",
        &shared,
        "Your answer in round 1: yes.\n\nCross-examine the synthesis.",
    );
    let (first, later) = (
        body(ProviderKind::Anthropic, &round1),
        body(ProviderKind::Anthropic, &round3),
    );
    for (sent, request) in [(&first, &round1), (&later, &round3)] {
        // The breakpoint is on the shared block, not at the end (which no later call reads).
        assert_eq!(sent.get("cache_control"), None);
        let blocks = sent["messages"][0]["content"].as_array().unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0]["text"], json!(shared));
        assert_eq!(blocks[0]["cache_control"], json!({ "type": "ephemeral" }));
        assert_eq!(blocks[1].get("cache_control"), None);
        let text = format!(
            "{}{}",
            blocks[0]["text"].as_str().unwrap(),
            blocks[1]["text"].as_str().unwrap()
        );
        assert_eq!(
            text, request.messages[0].content,
            "the words sent are the same"
        );
    }
    // What the later call reads is byte for byte what the first wrote.
    assert_eq!(first["system"], later["system"]);
    assert_eq!(
        first["messages"][0]["content"][0],
        later["messages"][0]["content"][0]
    );
}

#[test]
fn anthropic_marks_no_shared_prefix_under_the_models_minimum() {
    // The whole prompt is long, but only the prefix would be cached, and it is short.
    let sent = body(
        ProviderKind::Anthropic,
        &seat_call(
            "claude-sonnet-4-5",
            "Question:\nShort?\n\n",
            &"r".repeat(20_000),
        ),
    );
    assert_eq!(sent.get("cache_control"), None);
    assert!(sent["messages"][0]["content"].is_string());
    // A length that is not a char boundary of the message is ignored, never split.
    let mut odd = seat_call("claude-sonnet-4-5", &"é".repeat(2_000), "rest");
    odd.cache_prefix_len -= 1;
    let sent = body(ProviderKind::Anthropic, &odd);
    assert!(sent["messages"][0]["content"].is_string());
}

#[test]
fn a_shared_prefix_changes_nothing_for_the_formats_that_cache_by_themselves() {
    let shared = "s".repeat(5_000);
    for (kind, model) in [
        (ProviderKind::OpenAi, "gpt-5-mini"),
        (ProviderKind::Gemini, "gemini-2.5-flash"),
        (ProviderKind::OpenRouter, "openai/gpt-5-mini"),
    ] {
        let sent = body(kind, &seat_call(model, &shared, "rest"));
        let text = sent.to_string();
        assert!(
            text.contains(&format!("{shared}rest")),
            "{kind:?}: one message as before"
        );
        assert!(!text.contains("cache_control"), "{kind:?}");
    }
}
