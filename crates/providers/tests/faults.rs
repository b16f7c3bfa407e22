//! Faults the browser fault matrix found: each message matches what happens next, refusals that a
//! retry cannot fix are not retried, web pages and garbage are named as such, and URLs stay exact.
mod common;

use consilium_providers::{
    build_chat_request, build_models_request, classify_http_error, error_detail, parse_chat_reply,
    parse_models, ChatRequest, Endpoint, ErrorContext, Message, ProviderError, ProviderKind,
    RetryPolicy, Role, StreamDecoder,
};

const PORTAL: &str = "<!DOCTYPE html>\n<html><head><title>Hotel WiFi - Sign in</title></head><body><form>Accept the terms</form><script>go()</script></body></html>";

fn ctx(kind: ProviderKind) -> ErrorContext<'static> {
    ErrorContext {
        provider_name: "Box",
        kind,
        base_url: "http://127.0.0.1:8080",
        model: "m",
    }
}

fn stream_of(
    kind: ProviderKind,
    body: &[u8],
) -> Result<consilium_providers::ChatReply, ProviderError> {
    let mut decoder = StreamDecoder::new(kind);
    decoder.feed(body)?;
    decoder.finish()
}

const ALL_KINDS: [ProviderKind; 5] = [
    ProviderKind::OpenAi,
    ProviderKind::Anthropic,
    ProviderKind::Gemini,
    ProviderKind::OpenRouter,
    ProviderKind::OpenAiCompatible,
];

#[test]
fn a_final_failure_never_promises_a_retry() {
    let errors = [
        ProviderError::Server {
            status: 500,
            detail: "boom".into(),
        },
        ProviderError::Overloaded {
            status: 503,
            detail: "busy".into(),
        },
        ProviderError::RateLimited {
            retry_after_secs: None,
            detail: "slow down".into(),
        },
        ProviderError::Incomplete {
            partial_text: "half".into(),
        },
    ];
    for error in errors {
        let final_message = error.final_message(&ctx(ProviderKind::OpenAi), 3);
        assert!(
            !final_message.to_lowercase().contains("retries"),
            "{final_message}"
        );
        assert!(final_message.contains("Tried 3 times"), "{final_message}");
        assert!(
            final_message.contains("Resume the session"),
            "{final_message}"
        );
        // The retry note the call card shows while waiting adds its own "Retrying in": the
        // message itself stays neutral.
        assert!(!error
            .user_message(&ctx(ProviderKind::OpenAi))
            .contains("retries"));
    }
    let auth = ProviderError::Auth {
        status: 401,
        detail: "bad key".into(),
    };
    let message = auth.final_message(&ctx(ProviderKind::OpenAi), 1);
    assert!(!message.contains("Tried"), "{message}");
    assert!(message.contains("Check the key"), "{message}");
}

#[test]
fn llama_server_without_jinja_is_a_refusal_not_a_server_error() {
    let body = r#"{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}"#;
    let error = classify_http_error(ProviderKind::OpenAiCompatible, 500, None, body);
    assert!(
        matches!(
            error,
            ProviderError::StructuredOutputRefused { status: 500, .. }
        ),
        "{error:?}"
    );
    assert!(!error.is_retryable());
    assert_eq!(RetryPolicy::default().delay_ms(1, &error, 0.5), None);
    let message = error.user_message(&ctx(ProviderKind::OpenAiCompatible));
    assert!(
        message.contains("--jinja") && message.contains("structured output"),
        "{message}"
    );
}

#[test]
fn a_404_model_list_points_at_the_base_url_not_back_at_the_list() {
    let error = classify_http_error(ProviderKind::OpenAiCompatible, 404, None, "File Not Found");
    let message = error.model_list_message(&ctx(ProviderKind::OpenAiCompatible));
    assert!(
        !message.contains("Load models") && !message.contains("model list in Settings"),
        "{message}"
    );
    assert!(
        message.contains("/v1") && message.contains("wrong server"),
        "{message}"
    );
    assert!(
        message.contains("http://127.0.0.1:8080/models"),
        "{message}"
    );
    // Any other failure of the list keeps its own explanation.
    let auth = classify_http_error(ProviderKind::OpenAi, 401, None, "{}");
    assert_eq!(
        auth.model_list_message(&ctx(ProviderKind::OpenAi)),
        auth.user_message(&ctx(ProviderKind::OpenAi))
    );
}

#[test]
fn urls_reach_the_browser_without_a_stray_ampersand() {
    let endpoint = Endpoint {
        kind: ProviderKind::Gemini,
        base_url: "https://generativelanguage.googleapis.com/v1beta".into(),
    };
    let request = ChatRequest {
        model: "gemini-2.5-pro".into(),
        system: None,
        messages: vec![Message {
            role: Role::User,
            content: "Hi".into(),
            images: Vec::new(),
        }],
        max_tokens: 10,
        temperature: None,
        response_schema: None,
        stream: true,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: None,
    };
    let http = build_chat_request(&endpoint, None, &request);
    let (address, query) = http.address_and_query();
    assert_eq!(
        address,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent"
    );
    assert_eq!(query, vec![("alt", "sse")]);
    let list = build_models_request(&endpoint, None);
    assert_eq!(list.address_and_query().1, vec![("pageSize", "1000")]);
    let plain = build_chat_request(
        &endpoint,
        None,
        &ChatRequest {
            stream: false,
            ..request
        },
    );
    assert_eq!(plain.address_and_query(), (plain.url.as_str(), vec![]));
}

#[test]
fn a_web_page_instead_of_a_reply_is_named_and_not_retried() {
    for kind in ALL_KINDS {
        let streamed = stream_of(kind, PORTAL.as_bytes()).unwrap_err();
        let plain = parse_chat_reply(kind, PORTAL).unwrap_err();
        let models = parse_models(kind, PORTAL).unwrap_err();
        for error in [streamed, plain, models] {
            assert_eq!(
                error,
                ProviderError::WebPage {
                    title: "Hotel WiFi - Sign in".into()
                }
            );
            assert!(!error.is_retryable());
            let message = error.user_message(&ctx(kind));
            assert!(
                message.contains("web page") && message.contains("base URL"),
                "{message}"
            );
            assert!(message.contains("http://127.0.0.1:8080"), "{message}");
            assert!(
                !message.contains("<script>") && !message.contains("after 0 characters"),
                "{message}"
            );
        }
    }
}

#[test]
fn a_garbage_body_is_unreadable_not_an_unfinished_stream() {
    for kind in ALL_KINDS {
        let error = stream_of(kind, b"%%% 0xDEADBEEF not an API at all %%%\n").unwrap_err();
        assert!(
            matches!(error, ProviderError::Malformed { .. }),
            "{kind:?}: {error:?}"
        );
        assert!(!error.is_retryable());
        let message = error.user_message(&ctx(kind));
        assert!(
            message.contains("base URL") && message.contains(kind.wire_format_name()),
            "{message}"
        );
    }
    // An empty body is still a stream that ended before it began.
    assert!(matches!(
        stream_of(ProviderKind::OpenAi, b"").unwrap_err(),
        ProviderError::Incomplete { .. }
    ));
}

#[test]
fn an_html_error_page_is_named_by_its_title_never_dumped() {
    assert_eq!(
        error_detail(PORTAL),
        "an HTML page titled \"Hotel WiFi - Sign in\""
    );
    assert_eq!(
        error_detail("<html><body>Bad gateway</body></html>"),
        "an HTML page"
    );
    let error = classify_http_error(ProviderKind::OpenAi, 502, None, PORTAL);
    let message = error.user_message(&ctx(ProviderKind::OpenAi));
    assert!(!message.contains('<'), "{message}");
}
