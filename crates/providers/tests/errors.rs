//! Error classification from status and body, the messages people read, and key redaction.
mod common;

use common::fixture;
use consilium_providers::{classify_http_error, redact, ErrorContext, ProviderError, ProviderKind};

#[test]
fn every_error_class_from_status_and_recorded_body() {
    use ProviderKind::*;
    let cases = [
        // (kind, status, Retry-After, body, label, detail)
        (
            OpenAi,
            401,
            None,
            "openai/error_401.json",
            "auth",
            "Incorrect API key provided",
        ),
        (
            OpenAi,
            403,
            None,
            "openai/error_403.json",
            "auth",
            "not allowed to sample",
        ),
        (
            OpenAi,
            404,
            None,
            "openai/error_404_model.json",
            "unknown_model",
            "`gpt-9` does not exist",
        ),
        (
            OpenAi,
            429,
            Some("2"),
            "openai/error_429_rate.json",
            "rate_limited",
            "Rate limit reached",
        ),
        (
            OpenAi,
            429,
            None,
            "openai/error_429_quota.json",
            "bad_request",
            "exceeded your current quota",
        ),
        (
            OpenAi,
            400,
            None,
            "openai/error_400_context.json",
            "bad_request",
            "maximum context length",
        ),
        (
            OpenAi,
            500,
            None,
            "openai/error_500.json",
            "server",
            "The server had an error",
        ),
        (
            OpenAi,
            503,
            None,
            "openai/error_503.json",
            "overloaded",
            "currently overloaded",
        ),
        (
            Anthropic,
            401,
            None,
            "anthropic/error_401.json",
            "auth",
            "invalid x-api-key",
        ),
        (
            Anthropic,
            403,
            None,
            "anthropic/error_403.json",
            "auth",
            "does not have permission",
        ),
        (
            Anthropic,
            404,
            None,
            "anthropic/error_404.json",
            "unknown_model",
            "model: claude-sonnet-9",
        ),
        (
            Anthropic,
            429,
            Some("17"),
            "anthropic/error_429.json",
            "rate_limited",
            "exceed the rate limit",
        ),
        (
            Anthropic,
            529,
            None,
            "anthropic/error_529.json",
            "overloaded",
            "Overloaded",
        ),
        (
            Anthropic,
            500,
            None,
            "anthropic/error_500.json",
            "server",
            "Internal server error",
        ),
        (
            Anthropic,
            400,
            None,
            "anthropic/error_400_context.json",
            "bad_request",
            "prompt is too long",
        ),
        (
            Anthropic,
            400,
            None,
            "anthropic/error_400_credit.json",
            "bad_request",
            "credit balance is too low",
        ),
        (
            Gemini,
            400,
            None,
            "gemini/error_400_key.json",
            "auth",
            "API key not valid",
        ),
        (
            Gemini,
            400,
            None,
            "gemini/error_400_context.json",
            "bad_request",
            "input token count",
        ),
        (
            Gemini,
            403,
            None,
            "gemini/error_403.json",
            "auth",
            "unregistered callers",
        ),
        (
            Gemini,
            404,
            None,
            "gemini/error_404.json",
            "unknown_model",
            "models/gemini-9-pro is not found",
        ),
        (
            Gemini,
            429,
            None,
            "gemini/error_429.json",
            "rate_limited",
            "exceeded your current quota",
        ),
        (
            Gemini,
            500,
            None,
            "gemini/error_500.json",
            "server",
            "An internal error has occurred",
        ),
        (
            Gemini,
            503,
            None,
            "gemini/error_503.json",
            "overloaded",
            "The model is overloaded",
        ),
        (
            OpenRouter,
            401,
            None,
            "openrouter/error_401.json",
            "auth",
            "No auth credentials found",
        ),
        (
            OpenRouter,
            402,
            None,
            "openrouter/error_402.json",
            "bad_request",
            "requires more credits",
        ),
        (
            OpenRouter,
            429,
            Some("4"),
            "openrouter/error_429.json",
            "rate_limited",
            "Rate limit exceeded",
        ),
        (
            OpenRouter,
            502,
            None,
            "openrouter/error_502.json",
            "server",
            "Provider returned error",
        ),
        (
            OpenAiCompatible,
            401,
            None,
            "compatible/llamacpp_error_401.json",
            "auth",
            "Invalid API Key",
        ),
        (
            OpenAiCompatible,
            400,
            None,
            "compatible/llamacpp_error_400_context.json",
            "bad_request",
            "exceeds the available context",
        ),
        (
            OpenAiCompatible,
            404,
            None,
            "compatible/ollama_error_404.json",
            "unknown_model",
            "model \"llama9\" not found",
        ),
        (
            OpenAiCompatible,
            400,
            None,
            "compatible/vllm_error_400.json",
            "bad_request",
            "maximum context length is 4096",
        ),
    ];
    for (kind, status, retry_after, file, label, detail) in cases {
        let error = classify_http_error(kind, status, retry_after, &fixture(file));
        assert_eq!(error.kind_label(), label, "{file}: {error:?}");
        assert!(error.to_string().contains(detail), "{file}: {error}");
    }
}

#[test]
fn retry_after_seconds_are_kept_and_dates_ignored() {
    let body = fixture("anthropic/error_429.json");
    let secs =
        |value: Option<&str>| match classify_http_error(ProviderKind::Anthropic, 429, value, &body)
        {
            ProviderError::RateLimited {
                retry_after_secs, ..
            } => retry_after_secs,
            other => panic!("{other:?}"),
        };
    assert_eq!(secs(Some("17")), Some(17.0));
    assert_eq!(secs(Some(" 1.5 ")), Some(1.5));
    assert_eq!(secs(Some("Wed, 21 Oct 2015 07:28:00 GMT")), None);
    assert_eq!(secs(Some("-3")), None);
    assert_eq!(secs(None), None);
}

#[test]
fn gemini_retry_delay_stands_in_for_retry_after() {
    let error = classify_http_error(
        ProviderKind::Gemini,
        429,
        None,
        &fixture("gemini/error_429.json"),
    );
    assert!(
        matches!(error, ProviderError::RateLimited { retry_after_secs: Some(s), .. } if s == 43.0),
        "{error:?}"
    );
    // A header, when there is one, wins.
    let error = classify_http_error(
        ProviderKind::Gemini,
        429,
        Some("5"),
        &fixture("gemini/error_429.json"),
    );
    assert!(
        matches!(error, ProviderError::RateLimited { retry_after_secs: Some(s), .. } if s == 5.0),
        "{error:?}"
    );
}

#[test]
fn statuses_without_a_body_still_classify() {
    let cases = [
        (401, "auth"),
        (403, "auth"),
        (404, "unknown_model"),
        (429, "rate_limited"),
        (529, "overloaded"),
        (503, "overloaded"),
        (500, "server"),
        (502, "server"),
        (504, "server"),
        (400, "bad_request"),
        (413, "bad_request"),
        (422, "bad_request"),
    ];
    for (status, label) in cases {
        let error = classify_http_error(ProviderKind::OpenAiCompatible, status, None, "");
        assert_eq!(error.kind_label(), label, "{status}");
    }
}

#[test]
fn a_400_that_says_the_model_is_unknown_is_an_unknown_model() {
    let body =
        r#"{"error":{"message":"invalid model ID","type":"invalid_request_error","code":null}}"#;
    assert_eq!(
        classify_http_error(ProviderKind::OpenRouter, 400, None, body).kind_label(),
        "unknown_model"
    );
}

#[test]
fn a_non_json_error_body_is_kept_shortened() {
    // (An HTML page is named by its title instead: see faults.rs.)
    let page = "Bad gateway. ".repeat(100);
    match classify_http_error(ProviderKind::OpenAiCompatible, 502, None, &page) {
        ProviderError::Server {
            status: 502,
            detail,
        } => {
            assert!(detail.starts_with("Bad gateway."));
            assert_eq!(detail.chars().count(), 300);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn retryable_classes() {
    let detail = String::new;
    let retryable = [
        ProviderError::RateLimited {
            retry_after_secs: None,
            detail: detail(),
        },
        ProviderError::Overloaded {
            status: 529,
            detail: detail(),
        },
        ProviderError::Server {
            status: 500,
            detail: detail(),
        },
        ProviderError::Network { detail: detail() },
        ProviderError::Timeout { after_ms: 1000 },
        ProviderError::Incomplete {
            partial_text: detail(),
        },
    ];
    let final_ = [
        ProviderError::Auth {
            status: 401,
            detail: detail(),
        },
        ProviderError::UnknownModel {
            status: 404,
            detail: detail(),
        },
        ProviderError::BadRequest {
            status: 400,
            detail: detail(),
        },
        ProviderError::Malformed { detail: detail() },
        ProviderError::Cancelled,
    ];
    assert!(retryable.iter().all(ProviderError::is_retryable));
    assert!(!final_.iter().any(ProviderError::is_retryable));
    let labels: Vec<&str> = retryable
        .iter()
        .chain(&final_)
        .map(ProviderError::kind_label)
        .collect();
    assert_eq!(
        labels,
        [
            "rate_limited",
            "overloaded",
            "server",
            "network",
            "timeout",
            "incomplete",
            "auth",
            "unknown_model",
            "bad_request",
            "malformed",
            "cancelled"
        ]
    );
}

#[test]
fn errors_round_trip_through_json() {
    let error = ProviderError::RateLimited {
        retry_after_secs: Some(2.5),
        detail: "slow down".into(),
    };
    let text = serde_json::to_string(&error).unwrap();
    assert_eq!(serde_json::from_str::<ProviderError>(&text).unwrap(), error);
}

fn ctx<'a>(
    name: &'a str,
    kind: ProviderKind,
    base_url: &'a str,
    model: &'a str,
) -> ErrorContext<'a> {
    ErrorContext {
        provider_name: name,
        kind,
        base_url,
        model,
    }
}

#[test]
fn messages_name_provider_model_and_what_to_do() {
    let openai = ctx(
        "OpenAI",
        ProviderKind::OpenAi,
        "https://api.openai.com/v1",
        "gpt-9",
    );
    let auth = classify_http_error(
        ProviderKind::OpenAi,
        401,
        None,
        &fixture("openai/error_401.json"),
    );
    let message = auth.user_message(&openai);
    assert!(
        message.contains("OpenAI") && message.contains("Settings") && message.contains("key"),
        "{message}"
    );
    assert!(message.contains("Incorrect API key provided"), "{message}");

    let unknown = classify_http_error(
        ProviderKind::OpenAi,
        404,
        None,
        &fixture("openai/error_404_model.json"),
    );
    let message = unknown.user_message(&openai);
    assert!(
        message.contains("\"gpt-9\"") && message.contains("model list"),
        "{message}"
    );

    let limited = ProviderError::RateLimited {
        retry_after_secs: Some(20.0),
        detail: "Too many".into(),
    };
    let message = limited.user_message(&openai);
    assert!(
        message.contains("20 s") && message.contains("429"),
        "{message}"
    );

    let quota = classify_http_error(
        ProviderKind::OpenAi,
        429,
        None,
        &fixture("openai/error_429_quota.json"),
    );
    assert!(
        quota.user_message(&openai).contains("credit or plan"),
        "{}",
        quota.user_message(&openai)
    );

    let context = classify_http_error(
        ProviderKind::OpenAi,
        400,
        None,
        &fixture("openai/error_400_context.json"),
    );
    assert!(
        context.user_message(&openai).contains("larger context"),
        "{}",
        context.user_message(&openai)
    );

    let incomplete = ProviderError::Incomplete {
        partial_text: "abc".into(),
    };
    assert!(incomplete.user_message(&openai).contains("OpenAI"));
    assert!(ProviderError::Timeout { after_ms: 30_000 }
        .user_message(&openai)
        .contains("30 s"));
}

#[test]
fn network_messages_explain_cors_and_how_to_fix_it() {
    let network = ProviderError::Network {
        detail: "TypeError: Failed to fetch".into(),
    };
    let ollama = network.user_message(&ctx(
        "Ollama",
        ProviderKind::OpenAiCompatible,
        "http://localhost:11434/v1",
        "llama3.2",
    ));
    assert!(
        ollama.contains("OLLAMA_ORIGINS")
            && !ollama.contains('`')
            && ollama.contains("CORS")
            && ollama.contains("not running"),
        "{ollama}"
    );
    let llama = network.user_message(&ctx(
        "llama.cpp",
        ProviderKind::OpenAiCompatible,
        "http://127.0.0.1:8080/v1",
        "m",
    ));
    assert!(llama.contains("llama-server"), "{llama}");
    let studio = network.user_message(&ctx(
        "LM Studio",
        ProviderKind::OpenAiCompatible,
        "http://localhost:1234/v1",
        "m",
    ));
    assert!(
        studio.contains("LM Studio") && studio.contains("CORS"),
        "{studio}"
    );
    let hosted = network.user_message(&ctx(
        "Anthropic",
        ProviderKind::Anthropic,
        "https://api.anthropic.com/v1",
        "m",
    ));
    assert!(
        hosted.contains("https://api.anthropic.com/v1") && hosted.contains("base URL"),
        "{hosted}"
    );
    // The browser's bare TypeError adds nothing to the advice, and reads as a crash.
    assert!(!hosted.contains("Failed to fetch"), "{hosted}");
    assert!(!hosted.contains("TypeError"), "{hosted}");
}

#[test]
fn a_network_failure_says_no_bare_type_error_but_keeps_a_detail_that_says_more() {
    let context = ctx(
        "Box",
        ProviderKind::OpenAiCompatible,
        "http://127.0.0.1:9/v1",
        "m",
    );
    for bare in [
        "TypeError: Failed to fetch",
        "Failed to fetch",
        "TypeError: NetworkError when attempting to fetch resource.",
        "TypeError: Load failed",
    ] {
        let message = ProviderError::Network {
            detail: bare.into(),
        }
        .user_message(&context);
        assert!(
            message.ends_with("this page's origin."),
            "{bare}: {message}"
        );
        let words = bare.trim_start_matches("TypeError: ").trim_end_matches('.');
        assert!(!message.contains(words), "{bare}: {message}");
    }
    let informative = ProviderError::Network {
        detail: "net::ERR_CERT_AUTHORITY_INVALID".into(),
    }
    .user_message(&context);
    assert!(
        informative.ends_with("(net::ERR_CERT_AUTHORITY_INVALID)"),
        "{informative}"
    );
}

#[test]
fn long_details_are_trimmed_in_messages() {
    let error = ProviderError::Server {
        status: 500,
        detail: "x".repeat(1000),
    };
    let message = error.user_message(&ctx("P", ProviderKind::OpenAi, "https://h", "m"));
    assert!(message.chars().count() < 450, "{}", message.len());
    assert!(message.contains('…'));
}

#[test]
fn redaction_removes_the_key_and_its_bearer_form() {
    let key = "sk-proj-abcdef0123456789";
    let text = format!("header Authorization: Bearer {key} rejected; key {key} echoed; {key}{key}");
    let clean = redact(&text, Some(key));
    assert!(
        !clean.contains(key) && !clean.contains("abcdef0123456789"),
        "{clean}"
    );
    assert_eq!(
        clean,
        "header Authorization: [redacted] rejected; key [redacted] echoed; [redacted][redacted]"
    );
}

#[test]
fn short_keys_are_redacted_too_and_no_key_changes_nothing() {
    assert_eq!(
        redact("token=abc and abc", Some("abc")),
        "token=[redacted] and [redacted]"
    );
    assert_eq!(redact("key: hunter2", Some(" hunter2 ")), "key: [redacted]");
    assert_eq!(redact("nothing secret", None), "nothing secret");
    assert_eq!(redact("nothing secret", Some("")), "nothing secret");
}

#[test]
fn user_messages_can_be_redacted_before_showing() {
    let key = "AIzaSyD-SECRET-KEY-0123456789";
    let body = format!(
        r#"{{"error":{{"code":400,"message":"API key not valid: {key}","status":"INVALID_ARGUMENT"}}}}"#
    );
    let error = classify_http_error(ProviderKind::Gemini, 400, None, &body);
    let message = redact(
        &error.user_message(&ctx("Gemini", ProviderKind::Gemini, "https://g", "m")),
        Some(key),
    );
    assert!(
        !message.contains(key) && message.contains("[redacted]"),
        "{message}"
    );
}
