//! The attempts of one call, as the browser shell follows them: every branch of the retry and
//! re-send-without-schema policy, with the sentences the call card and the record show.
use consilium_providers::{
    classify_http_error, parse_chat_reply, Action, Attempts, ChatReply, ChatRequest, CutAttempt,
    ErrorContext, Message, ProviderError, ProviderKind, ResponseSchema, RetryPolicy, Role,
};
use serde_json::json;

const KEY: &str = "sk-secret-123";
const PORTAL: &str = "<!DOCTYPE html>\n<html><head><title>Hotel WiFi - Sign in</title></head><body>Accept</body></html>";

fn request() -> ChatRequest {
    ChatRequest {
        model: "m".into(),
        system: Some("You are a panelist.".into()),
        messages: vec![Message {
            role: Role::User,
            content: "Should we?".into(),
            images: Vec::new(),
        }],
        max_tokens: 512,
        temperature: Some(0.7),
        response_schema: Some(ResponseSchema {
            name: "independent_artifact".into(),
            schema: json!({"type": "object"}),
        }),
        stream: true,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: None,
    }
}

fn attempts() -> Attempts<'static> {
    Attempts::new(
        request(),
        ErrorContext {
            provider_name: "Box",
            kind: ProviderKind::OpenAiCompatible,
            base_url: "http://127.0.0.1:8080/v1",
            model: "m",
        },
        Some(KEY),
        RetryPolicy::default(),
    )
}

fn reply(text: &str) -> ChatReply {
    ChatReply {
        text: text.into(),
        ..ChatReply::default()
    }
}

fn http(status: u16, retry_after: Option<&str>, body: &str) -> ProviderError {
    classify_http_error(ProviderKind::OpenAiCompatible, status, retry_after, body)
}

fn server_error() -> ProviderError {
    http(500, None, r#"{"error":{"message":"boom"}}"#)
}

/// The wait and the note of a retry; panics on any other action.
fn wait(action: Action) -> (u64, String) {
    match action {
        Action::WaitThenSend { ms, note } => (ms, note),
        other => panic!("expected a retry, got {other:?}"),
    }
}

fn failure(action: Action) -> (&'static str, String) {
    match action {
        Action::Fail { kind, message } => (kind.known_label().expect("a known kind"), message),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn a_reply_is_done_at_once_with_no_notes() {
    let mut attempts = attempts();
    let decision = attempts.after(Ok(reply("fine")), 0.5);
    assert_eq!(decision.cut, None);
    assert_eq!(
        decision.action,
        Action::Done {
            reply: reply("fine"),
            notes: Vec::new()
        }
    );
    assert_eq!(attempts.request(), &request(), "sent as built");
}

#[test]
fn a_429_waits_as_long_as_retry_after_asks_and_says_so() {
    let mut attempts = attempts();
    let error = http(429, Some("3"), r#"{"error":{"message":"slow down"}}"#);
    let decision = attempts.after(Err(error), 0.5);
    assert_eq!(decision.cut, None);
    let (ms, note) = wait(decision.action);
    assert_eq!(ms, 3000, "Retry-After is honoured over the shorter backoff");
    assert_eq!(
        note,
        "Box is rate limiting requests (HTTP 429). It asks to wait 3 s. (slow down) Retrying in \
         3.0 s (attempt 2 of 3)."
    );
    assert_eq!(attempts.attempt(), 2);
    assert_eq!(
        attempts.request(),
        &request(),
        "a retry sends the same request"
    );
}

#[test]
fn a_429_asking_for_more_than_a_minute_fails_at_once() {
    let mut attempts = attempts();
    let decision = attempts.after(Err(http(429, Some("120"), "")), 0.5);
    let (kind, message) = failure(decision.action);
    assert_eq!(kind, "rate_limited");
    assert_eq!(
        message,
        "Box is rate limiting requests (HTTP 429). It asks to wait 120 s. Resume the session to \
         try this call again; completed work is kept."
    );
}

#[test]
fn server_errors_back_off_with_jitter() {
    for (status, kind) in [(500, "server"), (502, "server"), (503, "overloaded")] {
        let mut attempts = attempts();
        let (ms, note) = wait(attempts.after(Err(http(status, None, "")), 0.6).action);
        assert_eq!(ms, 300, "0.6 of the 500 ms base, HTTP {status}");
        assert!(
            note.ends_with(&format!(
                "(HTTP {status}){} Retrying in 0.3 s (attempt 2 of 3).",
                if kind == "overloaded" {
                    ": it is busy, not broken."
                } else {
                    "."
                }
            )),
            "{note}"
        );
        // The second retry waits up to twice the base.
        let (ms, note) = wait(attempts.after(Err(http(status, None, "")), 0.6).action);
        assert_eq!(ms, 600);
        assert!(
            note.ends_with("Retrying in 0.6 s (attempt 3 of 3)."),
            "{note}"
        );
    }
}

#[test]
fn a_network_error_is_retried_with_the_advice_for_the_server() {
    let mut attempts = attempts();
    let error = ProviderError::Network {
        detail: "Failed to fetch".into(),
    };
    let (ms, note) = wait(attempts.after(Err(error), 0.0).action);
    assert_eq!(ms, 125, "never under a quarter of the base");
    assert!(
        note.starts_with(
            "Could not reach Box at http://127.0.0.1:8080/v1: the server is not running"
        ),
        "{note}"
    );
    assert!(
        note.ends_with("origin. Retrying in 0.1 s (attempt 2 of 3)."),
        "{note}"
    );
}

#[test]
fn a_cut_stream_is_put_on_record_and_retried() {
    let mut attempts = attempts();
    let cut = ProviderError::Incomplete {
        partial_text: "half a rep".into(),
    };
    let decision = attempts.after(Err(cut), 0.6);
    let expected_error = "Box's reply stopped before it was finished (the stream ended without \
                          its end marker, after 10 characters). It is not used as an answer.";
    assert_eq!(
        decision.cut,
        Some(CutAttempt {
            partial_text: "half a rep".into(),
            error: expected_error.into(),
        })
    );
    let (_, note) = wait(decision.action);
    assert_eq!(
        note,
        format!("{expected_error} Retrying in 0.3 s (attempt 2 of 3).")
    );
    // The retry answers: nothing about the cut is left in the reply's notes (the record has it).
    let decision = attempts.after(Ok(reply("whole")), 0.6);
    assert_eq!(decision.cut, None);
    assert_eq!(
        decision.action,
        Action::Done {
            reply: reply("whole"),
            notes: Vec::new()
        }
    );
}

#[test]
fn a_cut_stream_on_the_last_attempt_is_on_record_and_fails() {
    let mut attempts = attempts();
    for _ in 0..2 {
        wait(attempts.after(Err(server_error()), 0.5).action);
    }
    let decision = attempts.after(
        Err(ProviderError::Incomplete {
            partial_text: "abc".into(),
        }),
        0.5,
    );
    assert_eq!(decision.cut.map(|cut| cut.partial_text), Some("abc".into()));
    let (kind, message) = failure(decision.action);
    assert_eq!(kind, "incomplete");
    assert!(message.contains("Tried 3 times."), "{message}");
}

#[test]
fn a_web_page_instead_of_an_api_reply_fails_at_once_and_names_the_page() {
    let mut attempts = attempts();
    // A captive portal's page where the reply's JSON should be.
    let error = parse_chat_reply(ProviderKind::OpenAiCompatible, PORTAL).expect_err("a web page");
    let decision = attempts.after(Err(error), 0.5);
    assert_eq!(decision.cut, None);
    let (kind, message) = failure(decision.action);
    assert_eq!(kind, "web_page");
    assert_eq!(
        message,
        "Box answered with a web page (\"Hotel WiFi - Sign in\"), not an API reply: the base URL \
         (http://127.0.0.1:8080/v1) probably points at a login page (captive portal), a website or \
         the wrong server. Fix the base URL in Settings. Resume the session after fixing it; \
         completed work is kept."
    );
}

#[test]
fn a_refused_schema_is_sent_again_without_it_at_once_and_noted() {
    let mut attempts = attempts();
    let refused = http(
        500,
        None,
        r#"{"error":{"message":"tools param requires --jinja flag"}}"#,
    );
    let decision = attempts.after(Err(refused), 0.5);
    assert_eq!(decision.cut, None);
    let refusal = "Box refused structured output (HTTP 500). For llama-server, start it with \
                   --jinja; otherwise untick \"Structured output\" for this session. (tools param \
                   requires --jinja flag)";
    assert_eq!(
        decision.action,
        Action::SendAgain {
            note: format!("{refusal} This call is sent again without structured output.")
        }
    );
    assert_eq!(attempts.request().response_schema, None);
    assert_eq!(
        attempts.request(),
        &ChatRequest {
            response_schema: None,
            ..request()
        },
        "only the schema goes"
    );
    assert_eq!(
        attempts.attempt(),
        1,
        "not a retry: the attempts are all left"
    );
    let decision = attempts.after(Ok(reply("{}")), 0.5);
    assert_eq!(
        decision.action,
        Action::Done {
            reply: reply("{}"),
            notes: vec![format!(
                "{refusal} It was sent again without structured output, and this reply was read \
                 from plain text."
            )]
        }
    );
}

#[test]
fn a_schema_refused_again_without_a_schema_fails() {
    let mut attempts = attempts();
    let refused = || http(500, None, "tools param requires --jinja");
    assert!(matches!(
        attempts.after(Err(refused()), 0.5).action,
        Action::SendAgain { .. }
    ));
    let (kind, message) = failure(attempts.after(Err(refused()), 0.5).action);
    assert_eq!(kind, "structured_output_refused");
    assert!(message.ends_with("Resume the session after fixing it; completed work is kept."));
    assert!(!message.contains("Tried"), "{message}");
}

#[test]
fn attempts_exhausted_fail_with_how_often_it_was_tried() {
    let mut attempts = attempts();
    wait(attempts.after(Err(server_error()), 0.5).action);
    wait(attempts.after(Err(server_error()), 0.5).action);
    let decision = attempts.after(Err(server_error()), 0.5);
    let (kind, message) = failure(decision.action);
    assert_eq!(kind, "server");
    assert_eq!(
        message,
        "Box had a server error (HTTP 500). (boom) Tried 3 times. Resume the session to try this \
         call again; completed work is kept."
    );
}

#[test]
fn errors_a_retry_cannot_fix_fail_on_the_first_attempt() {
    for (status, kind) in [(401, "auth"), (404, "unknown_model"), (400, "bad_request")] {
        let mut attempts = attempts();
        let (got, message) = failure(attempts.after(Err(http(status, None, "no")), 0.5).action);
        assert_eq!(got, kind);
        assert!(!message.contains("Tried"), "{message}");
    }
}

#[test]
fn a_cancelled_call_stops_without_a_note_or_a_record() {
    let mut attempts = attempts();
    let decision = attempts.after(Err(ProviderError::Cancelled), 0.5);
    assert_eq!(decision.cut, None);
    assert_eq!(decision.action, Action::Cancelled);
}

#[test]
fn the_key_never_appears_in_a_note_or_a_failure() {
    let echoed = format!(r#"{{"error":{{"message":"bad header Bearer {KEY} for {KEY}"}}}}"#);
    let mut attempts = attempts();
    let (_, note) = wait(attempts.after(Err(http(500, None, &echoed)), 0.5).action);
    assert!(!note.contains(KEY), "{note}");
    assert!(
        note.contains("bad header [redacted] for [redacted]"),
        "{note}"
    );
    let (_, message) = failure(attempts.after(Err(http(401, None, &echoed)), 0.5).action);
    assert!(!message.contains(KEY), "{message}");
    assert!(message.contains("[redacted]"), "{message}");
}
