//! The provider check's diagnosis: one case per cause it tells apart, each with its fix, from the
//! facts the browser gathers (page, target, browser, how the fetch ended).
mod common;

use common::fixture;
use consilium_providers::{
    call_failure, diagnose, is_local_address, list_unavailable, model_listed, target_address_space,
    Browser, CheckFacts, CheckStep, FetchOutcome, Problem, ProviderKind,
};

const LOCAL_PAGE: &str = "http://127.0.0.1:8765/#/new";
const HOSTED_PAGE: &str = "https://consilium.example/#/new";
const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const SAFARI: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

fn facts(page: &str, target: &str, browser: Browser, outcome: FetchOutcome) -> CheckFacts {
    CheckFacts {
        page_url: page.into(),
        target_url: target.into(),
        kind: ProviderKind::OpenAiCompatible,
        browser,
        step: CheckStep::ModelList,
        outcome,
    }
}

fn failed(reachable: Option<bool>) -> FetchOutcome {
    FetchOutcome::Failed {
        reachable_without_cors: reachable,
    }
}

fn answered(status: u16, content_type: &str, body: &str) -> FetchOutcome {
    FetchOutcome::Answered {
        status,
        content_type: content_type.into(),
        body: body.into(),
    }
}

fn problem(facts: &CheckFacts) -> (Problem, String) {
    let diagnosis = diagnose(facts).expect_err("the check fails");
    (diagnosis.problem, diagnosis.sentence())
}

#[test]
fn the_browser_is_told_from_its_user_agent() {
    assert_eq!(Browser::from_user_agent(CHROME), Browser::Chrome);
    assert_eq!(Browser::from_user_agent(SAFARI), Browser::Safari);
    assert_eq!(Browser::from_user_agent(FIREFOX), Browser::Firefox);
    assert_eq!(Browser::from_user_agent("curl/8"), Browser::Other);
}

#[test]
fn nothing_listening_on_a_local_port_says_how_to_start_that_server() {
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:11434/v1",
        Browser::Chrome,
        failed(Some(false)),
    ));
    assert_eq!(kind, Problem::NothingListening);
    assert_eq!(text, "No server is running at http://127.0.0.1:11434/v1. Start Ollama allowing this page, e.g. “OLLAMA_ORIGINS=http://127.0.0.1:8765 ollama serve”.");
    let (_, text) = problem(&facts(
        LOCAL_PAGE,
        "http://localhost:8080/v1/",
        Browser::Firefox,
        failed(Some(false)),
    ));
    assert!(
        text.contains("llama-server --host 127.0.0.1 --port 8080"),
        "{text}"
    );
}

/// The views show a diagnosis as plain text: a command in it is quoted, never in Markdown
/// backticks, whatever the page, the browser, the server or how the fetch ended.
#[test]
fn no_diagnosis_shows_markdown_backticks() {
    let targets = [
        "http://127.0.0.1:11434/v1",
        "http://127.0.0.1:8080/v1",
        "http://localhost:1234/v1",
        "http://127.0.0.1:9/v1",
        "http://192.168.1.5:11434/v1",
        "https://api.openai.com/v1",
    ];
    let outcomes = [
        failed(None),
        failed(Some(false)),
        failed(Some(true)),
        FetchOutcome::TimedOut { after_ms: 30_000 },
        answered(
            401,
            "application/json",
            r#"{"error":{"message":"bad key"}}"#,
        ),
        answered(404, "application/json", r#"{"error":"not found"}"#),
        answered(200, "text/html", "<title>Home</title>"),
        answered(200, "application/json", "{}"),
    ];
    let mut seen = 0;
    for page in [LOCAL_PAGE, HOSTED_PAGE] {
        for target in targets {
            for browser in [
                Browser::Chrome,
                Browser::Safari,
                Browser::Firefox,
                Browser::Other,
            ] {
                for outcome in &outcomes {
                    let (_, text) = problem(&facts(page, target, browser, outcome.clone()));
                    assert!(!text.contains('`'), "{text}");
                    seen += 1;
                }
            }
        }
    }
    assert_eq!(seen, 2 * 6 * 4 * 8);
}

#[test]
fn a_hosted_address_out_of_reach_asks_to_check_the_address_and_connection() {
    let (kind, text) = problem(&facts(
        HOSTED_PAGE,
        "https://api.openai.com/v1",
        Browser::Chrome,
        failed(Some(false)),
    ));
    assert_eq!(kind, Problem::NothingListening);
    assert_eq!(
        text,
        "Could not reach https://api.openai.com/v1. Check the address and your connection."
    );
}

#[test]
fn a_server_that_answers_without_cors_is_told_apart_from_one_not_running() {
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:11434/v1",
        Browser::Chrome,
        failed(Some(true)),
    ));
    assert_eq!(kind, Problem::CorsRefused);
    assert!(
        text.contains("does not allow calls from this page (CORS)"),
        "{text}"
    );
    // Only this page's origin is allowed, never every page the browser opens.
    assert!(
        text.contains("OLLAMA_ORIGINS=http://127.0.0.1:8765 ollama serve"),
        "{text}"
    );
    assert!(!text.contains("OLLAMA_ORIGINS=*"), "{text}");
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:1234/v1",
        Browser::Firefox,
        failed(Some(true)),
    ));
    assert_eq!(kind, Problem::CorsRefused);
    assert!(text.contains("\"Enable CORS\" in LM Studio"), "{text}");
}

#[test]
fn chrome_on_an_https_page_asks_for_local_network_access() {
    let (kind, text) = problem(&facts(
        HOSTED_PAGE,
        "http://127.0.0.1:11434/v1",
        Browser::Chrome,
        failed(Some(false)),
    ));
    assert_eq!(kind, Problem::LocalNetworkAccess);
    assert!(text.contains("Allow \"Local network access\""), "{text}");
    assert!(
        text.contains("reaching http://127.0.0.1:11434/v1 on this device"),
        "{text}"
    );
    assert!(text.contains("apps and services on this device"), "{text}");
    let (kind, text) = problem(&facts(
        HOSTED_PAGE,
        "https://192.168.1.20:8443/v1",
        Browser::Chrome,
        failed(Some(false)),
    ));
    assert_eq!(kind, Problem::LocalNetworkAccess);
    assert!(text.contains("on your local network"), "{text}");
    // Once allowed, a server that answers but refuses CORS is that, not the prompt.
    let (kind, _) = problem(&facts(
        HOSTED_PAGE,
        "http://127.0.0.1:11434/v1",
        Browser::Chrome,
        failed(Some(true)),
    ));
    assert_eq!(kind, Problem::CorsRefused);
}

#[test]
fn safari_refuses_http_localhost_from_an_https_page() {
    let (kind, text) = problem(&facts(
        HOSTED_PAGE,
        "http://localhost:8080/v1",
        Browser::Safari,
        failed(None),
    ));
    assert_eq!(kind, Problem::SafariLocalhost);
    assert!(
        text.starts_with("Safari does not let an https page call http://localhost:8080/v1."),
        "{text}"
    );
    // Firefox allows loopback from https: then it is whether the server runs.
    let (kind, _) = problem(&facts(
        HOSTED_PAGE,
        "http://localhost:8080/v1",
        Browser::Firefox,
        failed(Some(false)),
    ));
    assert_eq!(kind, Problem::NothingListening);
}

#[test]
fn plain_http_on_the_network_from_https_is_mixed_content() {
    let (kind, text) = problem(&facts(
        HOSTED_PAGE,
        "http://192.168.1.20:11434/v1",
        Browser::Firefox,
        failed(None),
    ));
    assert_eq!(kind, Problem::MixedContent);
    assert!(text.contains("(mixed content)"), "{text}");
    // From an http page, the page's own policy allows plain http only on loopback.
    let (kind, _) = problem(&facts(
        LOCAL_PAGE,
        "http://192.168.1.20:11434/v1",
        Browser::Firefox,
        failed(None),
    ));
    assert_eq!(kind, Problem::AddressNotAllowed);
}

#[test]
fn a_base_url_answering_with_a_web_page_asks_for_the_api_address() {
    let page = "<!DOCTYPE html><html><head><title>llama.cpp</title></head><body></body></html>";
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:8080",
        Browser::Chrome,
        answered(200, "text/html; charset=utf-8", page),
    ));
    assert_eq!(kind, Problem::WebPage);
    assert!(
        text.contains("answered with a web page") && text.contains("ends in /v1"),
        "{text}"
    );
    // Known by its body even when the content type says nothing.
    let (kind, _) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:8080",
        Browser::Chrome,
        answered(200, "", page),
    ));
    assert_eq!(kind, Problem::WebPage);
}

#[test]
fn a_refused_key_asks_for_a_valid_one_in_every_format() {
    for (kind, fixture_name, status) in [
        (ProviderKind::OpenAi, "openai/error_401.json", 401),
        (ProviderKind::Anthropic, "anthropic/error_401.json", 401),
        (ProviderKind::Gemini, "gemini/error_400_key.json", 400),
        (ProviderKind::OpenRouter, "openrouter/error_401.json", 401),
        (
            ProviderKind::OpenAiCompatible,
            "compatible/llamacpp_error_401.json",
            401,
        ),
    ] {
        let mut check = facts(
            HOSTED_PAGE,
            "https://api.example/v1",
            Browser::Chrome,
            answered(status, "application/json", &fixture(fixture_name)),
        );
        check.kind = kind;
        let (problem_found, text) = problem(&check);
        assert_eq!(problem_found, Problem::BadKey, "{fixture_name}");
        assert_eq!(
            text,
            format!("The key was refused (HTTP {status}). Paste a valid key for this provider.")
        );
    }
}

#[test]
fn an_unknown_model_on_the_call_is_told_apart_from_a_missing_model_list() {
    let mut call = facts(
        LOCAL_PAGE,
        "http://127.0.0.1:11434/v1",
        Browser::Chrome,
        answered(
            404,
            "application/json",
            &fixture("compatible/ollama_error_404.json"),
        ),
    );
    call.step = CheckStep::Call;
    assert_eq!(problem(&call).0, Problem::UnknownModel);
    let mut openai = facts(
        HOSTED_PAGE,
        "https://api.openai.com/v1",
        Browser::Chrome,
        answered(
            404,
            "application/json",
            &fixture("openai/error_404_model.json"),
        ),
    );
    openai.kind = ProviderKind::OpenAi;
    openai.step = CheckStep::Call;
    assert_eq!(problem(&openai).0, Problem::UnknownModel);
    // A 404 for the model list itself is the base URL's fault.
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:8080",
        Browser::Chrome,
        answered(404, "text/plain", "Not Found"),
    ));
    assert_eq!(kind, Problem::NoApiHere);
    assert!(text.contains("probably lacks /v1"), "{text}");
}

#[test]
fn an_anthropic_account_refusing_browsers_is_sent_to_openrouter() {
    let body = r#"{"type":"error","error":{"type":"invalid_request_error","message":"CORS requests are not allowed for this Organization because of your organization's settings."}}"#;
    let mut check = facts(
        HOSTED_PAGE,
        "https://api.anthropic.com/v1",
        Browser::Chrome,
        answered(401, "application/json", body),
    );
    check.kind = ProviderKind::Anthropic;
    let (kind, text) = problem(&check);
    assert_eq!(kind, Problem::AnthropicBrowserAccess);
    assert!(text.contains("OpenRouter"), "{text}");
    // An ordinary bad Anthropic key stays a bad key.
    check.outcome = answered(
        401,
        "application/json",
        &fixture("anthropic/error_401.json"),
    );
    assert_eq!(problem(&check).0, Problem::BadKey);
}

#[test]
fn a_reply_in_another_format_and_a_silent_server_each_say_so() {
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:9000/v1",
        Browser::Chrome,
        answered(200, "application/json", r#"{"hello":"world"}"#),
    ));
    assert_eq!(kind, Problem::NotAnApi);
    assert!(text.contains("not in the OpenAI-compatible"), "{text}");
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:9000/v1",
        Browser::Chrome,
        FetchOutcome::TimedOut { after_ms: 20_000 },
    ));
    assert_eq!(kind, Problem::TimedOut);
    assert!(
        text.starts_with("http://127.0.0.1:9000/v1 sent nothing for 20 s."),
        "{text}"
    );
    let (kind, text) = problem(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:9000/v1",
        Browser::Chrome,
        answered(
            503,
            "application/json",
            r#"{"error":{"message":"loading model"}}"#,
        ),
    ));
    assert_eq!(kind, Problem::Other);
    assert!(text.contains("loading model"), "{text}");
}

#[test]
fn a_healthy_provider_lists_its_models_and_answers_the_call() {
    let models = diagnose(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:8080/v1",
        Browser::Chrome,
        answered(
            200,
            "application/json",
            &fixture("compatible/llamacpp_models.json"),
        ),
    ))
    .unwrap();
    assert!(!models.is_empty());
    let mut call = facts(
        LOCAL_PAGE,
        "http://127.0.0.1:8080/v1",
        Browser::Chrome,
        answered(
            200,
            "application/json",
            &fixture("compatible/llamacpp_reply.json"),
        ),
    );
    call.step = CheckStep::Call;
    assert!(diagnose(&call).is_ok());
}

#[test]
fn local_addresses_and_listed_models() {
    for url in [
        "http://127.0.0.1:11434/v1",
        "http://localhost:8080",
        "http://[::1]:1234/v1",
        "http://192.168.0.4:8000/v1",
        "http://10.0.0.2/v1",
        "http://gpu.local:8080/v1",
    ] {
        assert!(is_local_address(url), "{url}");
    }
    for url in [
        "https://api.openai.com/v1",
        "http://8.8.8.8/v1",
        "https://172.32.0.1/v1",
    ] {
        assert!(!is_local_address(url), "{url}");
    }
    let listed = vec!["gpt-4.1".to_string(), "gpt-4.1-mini".to_string()];
    assert_eq!(model_listed(&listed, "gpt-4.1-mini"), Some(true));
    assert_eq!(model_listed(&listed, "gpt-5-nano"), Some(false));
    assert_eq!(model_listed(&[], "anything"), None);
}

#[test]
fn chrome_local_network_access_spaces_per_base_url() {
    for url in [
        "http://127.0.0.1:11434/v1",
        "http://localhost:8080",
        "http://[::1]:1234/v1",
    ] {
        assert_eq!(target_address_space(url), Some("loopback"), "{url}");
    }
    for url in [
        "http://192.168.0.4:8000/v1",
        "https://10.0.0.2/v1",
        "http://gpu.local:8080/v1",
    ] {
        assert_eq!(target_address_space(url), Some("local"), "{url}");
    }
    for url in [
        "https://api.openai.com/v1",
        "https://openrouter.ai/api/v1",
        "http://8.8.8.8/v1",
    ] {
        assert_eq!(target_address_space(url), None, "{url}");
    }
}

#[test]
fn an_address_without_a_model_list_still_gets_its_call_and_a_call_that_finds_nothing_blames_the_address(
) {
    let no_list = diagnose(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:4010/v1beta",
        Browser::Chrome,
        answered(404, "application/json", r#"{"error":"not found"}"#),
    ))
    .expect_err("a 404 list fails");
    assert_eq!(no_list.problem, Problem::NoApiHere);
    assert!(list_unavailable(&no_list));
    // Unreachable or a refused key stop the check: the call would fail the same way.
    let unreachable = diagnose(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:9/v1",
        Browser::Chrome,
        failed(Some(false)),
    ))
    .expect_err("nothing there");
    assert!(!list_unavailable(&unreachable));
    let refused = diagnose(&facts(
        LOCAL_PAGE,
        "http://127.0.0.1:4010/v1",
        Browser::Chrome,
        answered(
            401,
            "application/json",
            r#"{"error":{"message":"bad key"}}"#,
        ),
    ))
    .expect_err("key refused");
    assert!(!list_unavailable(&refused));

    let call = |status: u16| {
        diagnose(&CheckFacts {
            step: CheckStep::Call,
            ..facts(
                LOCAL_PAGE,
                "http://127.0.0.1:4010/v1beta",
                Browser::Chrome,
                answered(
                    status,
                    "application/json",
                    r#"{"error":{"message":"no such model"}}"#,
                ),
            )
        })
        .expect_err("the call fails")
    };
    assert_eq!(call_failure(Some(&no_list), call(404)), no_list);
    assert_eq!(
        call_failure(Some(&no_list), call(401)).problem,
        Problem::BadKey
    );
    assert_eq!(call_failure(None, call(404)).problem, Problem::UnknownModel);
}

#[test]
fn the_origin_a_server_should_allow_is_the_pages_own() {
    use consilium_providers::origin_of;
    assert_eq!(
        origin_of("https://me.example/app/#/new"),
        "https://me.example"
    );
    assert_eq!(
        origin_of("http://127.0.0.1:8765/#/new"),
        "http://127.0.0.1:8765"
    );
    assert_eq!(
        origin_of("http://localhost:3000?x=1"),
        "http://localhost:3000"
    );
}

/// A server added without a model name is checked, and kept, under the model it lists.
#[test]
fn an_unnamed_model_is_checked_as_the_first_listed_and_a_named_one_as_named() {
    use consilium_providers::{model_to_check, UNNAMED_MODEL};
    let listed = vec!["gemma-3-270m".to_string(), "qwen3".to_string()];
    assert_eq!(model_to_check(UNNAMED_MODEL, &listed), "gemma-3-270m");
    assert_eq!(model_to_check(" default ", &listed), "gemma-3-270m");
    // Nothing listed: the placeholder is tried (llama.cpp answers under any name).
    assert_eq!(model_to_check(UNNAMED_MODEL, &[]), UNNAMED_MODEL);
    // A server that lists a model called "default" has one.
    assert_eq!(
        model_to_check(UNNAMED_MODEL, &["default".to_string()]),
        "default"
    );
    // A model the user named is checked as named, listed or not (the check says if it is unknown).
    assert_eq!(model_to_check("llama3.2", &listed), "llama3.2");
    assert_eq!(model_to_check("qwen3", &listed), "qwen3");
}

/// A failed check says what it tried, each request and how it ended, so a working server's quirk
/// (a parameter it refuses, a path it serves elsewhere) shows in its own words.
#[test]
fn a_failed_check_lists_each_request_and_how_it_ended() {
    use consilium_providers::tried_step;
    let list = tried_step(
        "GET",
        "http://127.0.0.1:8080/v1/models",
        None,
        &answered(200, "application/json", r#"{"data":[]}"#),
        None,
    );
    assert_eq!(list, "GET http://127.0.0.1:8080/v1/models: HTTP 200");
    let call = tried_step(
        "POST",
        "http://127.0.0.1:8080/v1/chat/completions",
        Some("qwen"),
        &answered(
            400,
            "application/json",
            "{\"error\": {\"message\":\n  \"unsupported parameter: seed\"}}",
        ),
        None,
    );
    assert_eq!(
        call,
        "POST http://127.0.0.1:8080/v1/chat/completions (model “qwen”): HTTP 400, \
         “unsupported parameter: seed”"
    );
    assert_eq!(
        tried_step(
            "GET",
            "http://127.0.0.1:9/v1/models",
            None,
            &failed(None),
            None
        ),
        "GET http://127.0.0.1:9/v1/models: no answer"
    );
    assert_eq!(
        tried_step(
            "GET",
            "http://127.0.0.1:9/v1/models",
            None,
            &failed(Some(true)),
            None
        ),
        "GET http://127.0.0.1:9/v1/models: answered, but not to this page (CORS)"
    );
    assert_eq!(
        tried_step(
            "GET",
            "http://127.0.0.1:9/v1/models",
            None,
            &FetchOutcome::TimedOut { after_ms: 15_000 },
            None
        ),
        "GET http://127.0.0.1:9/v1/models: nothing in 15 s"
    );
}

/// What a tried step shows never carries the key: not in the address's query, not echoed in a reply.
#[test]
fn a_tried_step_shows_no_key_and_no_long_reply() {
    use consilium_providers::tried_step;
    let key = "sk-test-CANARY-0123456789";
    let echoed = tried_step(
        "GET",
        &format!("https://models.example/v1beta/models?key={key}"),
        None,
        &answered(
            401,
            "application/json",
            &format!("Incorrect API key provided: {key}. Find yours at the console."),
        ),
        Some(key),
    );
    assert!(!echoed.contains("CANARY"), "{echoed}");
    assert!(echoed.starts_with(
        "GET https://models.example/v1beta/models: HTTP 401, “Incorrect API key provided: …."
    ));
    let long = tried_step(
        "POST",
        "http://127.0.0.1:8080/v1/chat/completions",
        None,
        &answered(500, "text/plain", &"overloaded ".repeat(100)),
        None,
    );
    assert!(long.chars().count() < 260, "{long}");
    assert!(long.ends_with("…”"), "{long}");
}

#[test]
fn an_address_that_redirects_says_so_and_that_the_key_never_follows() {
    // A keyed request refuses redirects, so such a check used to read as CORS.
    let target = "http://127.0.0.1:9100/v1";
    let (problem, sentence) = problem(&facts(
        LOCAL_PAGE,
        target,
        Browser::Chrome,
        FetchOutcome::Redirected,
    ));
    assert_eq!(problem, Problem::Redirects);
    assert_eq!(problem.label(), "redirects elsewhere");
    assert!(
        sentence.starts_with(
            "http://127.0.0.1:9100/v1 answers with a redirect to another address, and your key is \
             never sent after a redirect"
        ),
        "{sentence}"
    );
    assert!(
        sentence.contains("Use the address it redirects to"),
        "{sentence}"
    );
    assert!(!sentence.contains("CORS"), "{sentence}");
    let step = consilium_providers::tried_step(
        "GET",
        "http://127.0.0.1:9100/v1/models",
        None,
        &FetchOutcome::Redirected,
        Some("sk-secret"),
    );
    assert_eq!(
        step,
        "GET http://127.0.0.1:9100/v1/models: a redirect to another address, not followed (it \
         would take the key along)"
    );
}
