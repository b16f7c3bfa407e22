//! Whole (non-streamed) replies and model lists, parsed from recorded bodies.
mod common;

use common::fixture;
use consilium_providers::{
    parse_chat_reply, parse_models, ChatReply, FinishReason, ModelInfo, Price, ProviderKind, Usage,
};

fn reply(
    text: &str,
    usage: (u64, u64),
    finish: FinishReason,
    model: &str,
    cost: Option<f64>,
) -> ChatReply {
    ChatReply {
        text: text.into(),
        usage: Some(Usage {
            input_tokens: usage.0,
            output_tokens: usage.1,
            ..Usage::default()
        }),
        finish_reason: Some(finish),
        model: Some(model.into()),
        reported_cost_usd: cost,
        search: None,
    }
}

#[test]
fn recorded_replies_parse() {
    use FinishReason::*;
    use ProviderKind::*;
    let cases = [
        (
            OpenAi,
            "openai/reply.json",
            reply(
                "Hello! Ça va? — 你好 🌍",
                (19, 10),
                Stop,
                "gpt-4.1-2025-04-14",
                None,
            ),
        ),
        (
            OpenAi,
            "openai/reply_structured.json",
            reply(
                r#"{"answer":"Paris","confidence":90}"#,
                (81, 12),
                Stop,
                "gpt-4o-mini-2024-07-18",
                None,
            ),
        ),
        (
            OpenRouter,
            "openrouter/reply.json",
            reply(
                "Bonjour — 🌍",
                (14, 9),
                Stop,
                "openai/gpt-4o-mini",
                Some(0.0000075),
            ),
        ),
        (
            Anthropic,
            "anthropic/reply.json",
            reply(
                "Hi! My name is Claude. Ça va — 🌍",
                (2095, 503),
                Stop,
                "claude-sonnet-4-5-20250929",
                None,
            ),
        ),
        (
            Anthropic,
            "anthropic/reply_tool_use.json",
            reply(
                r#"{"answer":"Paris","confidence":90}"#,
                (472, 54),
                ToolUse,
                "claude-haiku-4-5-20251001",
                None,
            ),
        ),
        // Thinking tokens are billed as output; thought parts are not the answer.
        (
            Gemini,
            "gemini/reply.json",
            reply(
                "Blue — like the sky. Ça va 🌍",
                (8, 42),
                Stop,
                "gemini-2.5-flash",
                None,
            ),
        ),
        (
            Gemini,
            "gemini/reply_structured.json",
            reply(
                r#"{"answer": "Paris", "confidence": 90}"#,
                (60, 14),
                Stop,
                "gemini-2.5-pro",
                None,
            ),
        ),
        (
            OpenAiCompatible,
            "compatible/llamacpp_reply.json",
            reply("Blue — ça va? 🌍", (14, 6), Stop, "gemma-3-270m", None),
        ),
        (
            OpenAiCompatible,
            "compatible/ollama_reply.json",
            reply("The sky is blue 🌌.", (30, 8), Stop, "llama3.2", None),
        ),
    ];
    for (kind, file, expected) in cases {
        assert_eq!(
            parse_chat_reply(kind, &fixture(file)),
            Ok(expected),
            "{file}"
        );
    }
}

#[test]
fn a_prompt_gemini_blocked_is_an_empty_filtered_reply() {
    let reply =
        parse_chat_reply(ProviderKind::Gemini, &fixture("gemini/reply_blocked.json")).unwrap();
    assert_eq!(reply.text, "");
    assert_eq!(reply.finish_reason, Some(FinishReason::ContentFilter));
}

#[test]
fn garbage_2xx_bodies_are_malformed() {
    let bodies = [
        "",
        "<html><body>502 Bad Gateway</body></html>",
        "{\"choices\": [",
        "{}",
        "[]",
        "{\"object\":\"list\"}",
    ];
    for kind in [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
        ProviderKind::OpenAiCompatible,
    ] {
        for body in bodies {
            let error = parse_chat_reply(kind, body).unwrap_err();
            // An HTML page is named as a web page (faults.rs); it is no more retryable.
            let expected = if body.starts_with('<') {
                "web_page"
            } else {
                "malformed"
            };
            assert_eq!(error.kind_label(), expected, "{kind:?} {body:?}: {error:?}");
            assert!(!error.is_retryable());
        }
    }
}

#[test]
fn an_error_inside_a_2xx_body_is_reported_as_that_error() {
    // OpenRouter and llama.cpp may answer 200 with an error object.
    let body = r#"{"error":{"message":"Provider returned error","code":502}}"#;
    let error = parse_chat_reply(ProviderKind::OpenRouter, body).unwrap_err();
    assert_eq!(error.kind_label(), "server");
    let error = parse_chat_reply(
        ProviderKind::Anthropic,
        &fixture("anthropic/error_529.json"),
    )
    .unwrap_err();
    assert_eq!(error.kind_label(), "overloaded");
    let error =
        parse_chat_reply(ProviderKind::Gemini, &fixture("gemini/error_503.json")).unwrap_err();
    assert_eq!(error.kind_label(), "overloaded");
}

fn ids(models: &[ModelInfo]) -> Vec<&str> {
    models.iter().map(|m| m.id.as_str()).collect()
}

#[test]
fn openrouter_model_list_converts_prices_per_token_to_per_million() {
    let models = parse_models(
        ProviderKind::OpenRouter,
        &fixture("openrouter/models_priced.json"),
    )
    .unwrap();
    assert_eq!(
        ids(&models),
        [
            "meta-llama/llama-3.3-70b-instruct:free",
            "openai/gpt-4o-mini",
            "openrouter/auto"
        ]
    );
    let mini = &models[1];
    let price = mini.price.unwrap();
    assert!((price.input_per_million - 0.15).abs() < 1e-9, "{price:?}");
    assert!((price.output_per_million - 0.60).abs() < 1e-9, "{price:?}");
    // Its cache-read price comes with it; it lists no write price (OpenAI charges none).
    let read = price.cache_read_per_million.unwrap();
    assert!((read - 0.075).abs() < 1e-9, "{price:?}");
    assert_eq!(price.cache_write_per_million, None);
    assert_eq!(mini.context_length, Some(128000));
    assert_eq!(
        models[0].price,
        Some(Price::new(0.0, 0.0)),
        "free is a price"
    );
    assert_eq!(
        models[2].price, None,
        "the router's -1 means variable, not a price"
    );
}

#[test]
fn gemini_model_list_keeps_only_models_that_generate_content() {
    let models = parse_models(ProviderKind::Gemini, &fixture("gemini/models_list.json")).unwrap();
    assert_eq!(ids(&models), ["gemini-2.5-flash", "gemini-2.5-pro"]);
    assert_eq!(models[0].context_length, Some(1048576));
    assert_eq!(models[0].price, None);
}

#[test]
fn other_model_lists() {
    let cases = [
        (
            ProviderKind::OpenAi,
            "openai/models.json",
            vec!["gpt-4.1-mini", "gpt-4o", "text-embedding-3-small"],
        ),
        (
            ProviderKind::Anthropic,
            "anthropic/models.json",
            vec!["claude-haiku-4-5-20251001", "claude-sonnet-4-5-20250929"],
        ),
        (
            ProviderKind::OpenAiCompatible,
            "compatible/ollama_models.json",
            vec!["llama3.2:latest", "qwen3:8b"],
        ),
        (
            ProviderKind::OpenAiCompatible,
            "compatible/llamacpp_models.json",
            vec!["gemma-3-270m"],
        ),
    ];
    for (kind, file, expected) in cases {
        let models = parse_models(kind, &fixture(file)).unwrap();
        assert_eq!(ids(&models), expected, "{file}");
        assert!(models.iter().all(|m| m.price.is_none()), "{file}");
    }
}

#[test]
fn a_body_without_a_model_list_is_malformed() {
    for kind in [ProviderKind::OpenAi, ProviderKind::Gemini] {
        for body in ["not json", "{}", "{\"data\": 3}"] {
            assert_eq!(
                parse_models(kind, body).unwrap_err().kind_label(),
                "malformed",
                "{kind:?} {body}"
            );
        }
    }
}
