//! Web search in each format: the request asks for it in the provider's own shape, and the reply
//! (whole, or streamed and split at every byte) says what was searched, found and cited.
mod common;

use common::fixture;
use consilium_providers::{
    build_chat_request, comparable_url, default_search_fee, parse_chat_reply, search_support,
    ChatReply, ChatRequest, Endpoint, Message, ProviderKind, ResponseSchema, Role, SearchSupport,
    SearchUnit, StreamDecoder, WebSearch,
};
use serde_json::{json, Value};

fn request(model: &str, search: bool, structured: bool) -> ChatRequest {
    ChatRequest {
        model: model.into(),
        system: Some("Answer.".into()),
        messages: vec![Message {
            role: Role::User,
            content: "When did Rust 1.92 ship?".into(),
            images: Vec::new(),
        }],
        max_tokens: 300,
        temperature: Some(0.0),
        response_schema: structured.then(|| ResponseSchema {
            name: "answer".into(),
            schema: json!({"type": "object"}),
        }),
        stream: false,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: search.then_some(WebSearch { max_uses: 3 }),
    }
}

fn body(kind: ProviderKind, req: &ChatRequest) -> Value {
    let endpoint = Endpoint {
        kind,
        base_url: consilium_providers::default_base_url(kind).to_string(),
    };
    serde_json::from_str(&build_chat_request(&endpoint, Some("k"), req).body).unwrap()
}

/// The whole body fed at once, then byte by byte: the same reply either way.
fn streamed(kind: ProviderKind, file: &str) -> ChatReply {
    let text = fixture(file);
    let mut whole = StreamDecoder::new(kind);
    whole.feed(text.as_bytes()).unwrap();
    let whole = whole.finish().unwrap();
    let mut bytewise = StreamDecoder::new(kind);
    for byte in text.as_bytes() {
        bytewise.feed(std::slice::from_ref(byte)).unwrap();
    }
    assert_eq!(bytewise.finish().unwrap(), whole, "{file}");
    whole
}

#[test]
fn each_format_asks_for_search_in_its_own_shape() {
    let openrouter = body(
        ProviderKind::OpenRouter,
        &request("openai/gpt-4o-mini", true, true),
    );
    assert_eq!(
        openrouter["plugins"],
        json!([{"id": "web", "max_results": 3}])
    );
    assert!(openrouter.get("response_format").is_some());

    let openai = body(
        ProviderKind::OpenAi,
        &request("gpt-5-search-api", true, false),
    );
    assert_eq!(openai["web_search_options"], json!({}));
    assert!(
        openai.get("temperature").is_none(),
        "search models refuse it"
    );

    let anthropic = body(
        ProviderKind::Anthropic,
        &request("claude-sonnet-4-5", true, false),
    );
    assert_eq!(
        anthropic["tools"],
        json!([{"type": "web_search_20250305", "name": "web_search", "max_uses": 3}])
    );
    assert!(anthropic.get("tool_choice").is_none());

    let gemini = body(
        ProviderKind::Gemini,
        &request("gemini-2.5-flash", true, false),
    );
    assert_eq!(gemini["tools"], json!([{"google_search": {}}]));

    let local = body(
        ProviderKind::OpenAiCompatible,
        &request("gemma-3-270m", true, false),
    );
    assert!(local.get("plugins").is_none() && local.get("web_search_options").is_none());
}

#[test]
fn a_call_without_search_asks_for_none() {
    for kind in [
        ProviderKind::OpenRouter,
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
    ] {
        let sent = body(kind, &request("gpt-5-search-api", false, false));
        for field in ["plugins", "web_search_options", "tools"] {
            assert!(sent.get(field).is_none(), "{kind:?} sent {field}");
        }
    }
}

#[test]
fn openrouter_annotations_are_its_results_and_citations() {
    let reply = parse_chat_reply(
        ProviderKind::OpenRouter,
        &fixture("openrouter/reply_web_search.json"),
    )
    .unwrap();
    let search = reply.search.expect("a search report");
    assert_eq!(search.citations.len(), 2);
    assert_eq!(search.results.len(), 2);
    assert_eq!(search.citations[0].title, "Announcing Rust 1.92.0");
    assert_eq!(search.citations[0].start, Some(43));
    assert_eq!(
        search.results[0].snippet.as_deref(),
        Some("The Rust team is happy to announce a new version of Rust, 1.92.0.")
    );
    // An empty `content` is no snippet.
    assert_eq!(search.results[1].snippet, None);
    assert!(search.returned("http://blog.rust-lang.org/2025/12/11/Rust-1.92.0"));
    assert!(search.returned("https://example.com/prices#top"));
    assert!(!search.returned("https://blog.rust-lang.org/2025/12/12/made-up/"));
    assert_eq!(reply.reported_cost_usd, Some(0.0213));

    let streamed = streamed(ProviderKind::OpenRouter, "openrouter/stream_web_search.sse");
    assert_eq!(streamed.text, "Rust 1.92 shipped on 11 December 2025 — 🦀.");
    let search = streamed.search.expect("streamed annotations");
    assert_eq!(search.citations.len(), 1);
    assert_eq!(
        search.citations[0].cited_text.as_deref(),
        Some("a new version of Rust, 1.92.0")
    );
}

#[test]
fn openai_search_models_cite_and_may_find_nothing() {
    let reply = parse_chat_reply(
        ProviderKind::OpenAi,
        &fixture("openai/reply_web_search.json"),
    )
    .unwrap();
    let search = reply.search.unwrap();
    assert_eq!(
        search.citations[0].url,
        "https://nodejs.org/en/about/previous-releases"
    );
    let nothing = parse_chat_reply(
        ProviderKind::OpenAi,
        &fixture("openai/reply_web_search_nothing.json"),
    )
    .unwrap();
    assert_eq!(nothing.search, None, "no annotations: nothing cited");
    assert_eq!(nothing.text, "I could not find a recent source for that.");
}

#[test]
fn anthropic_reports_queries_results_citations_and_searches() {
    let reply = parse_chat_reply(
        ProviderKind::Anthropic,
        &fixture("anthropic/reply_web_search.json"),
    )
    .unwrap();
    assert_eq!(
        reply.text,
        "I'll look that up.Rust 1.92.0 was released on 11 December 2025. Überall 🦀."
    );
    let search = reply.search.unwrap();
    assert_eq!(search.queries, ["Rust 1.92 release date"]);
    assert_eq!(search.results.len(), 2);
    assert_eq!(
        search.results[0].page_age.as_deref(),
        Some("December 11, 2025")
    );
    assert_eq!(search.searches, 1);
    let citation = &search.citations[0];
    // The citation covers its text block.
    let (start, end) = (citation.start.unwrap(), citation.end.unwrap());
    assert_eq!(
        &reply.text[start..end],
        "Rust 1.92.0 was released on 11 December 2025."
    );
    assert!(search.errors.is_empty());
}

#[test]
fn anthropic_search_errors_inside_a_successful_reply_are_kept_in_words() {
    let reply = parse_chat_reply(
        ProviderKind::Anthropic,
        &fixture("anthropic/reply_web_search_error.json"),
    )
    .unwrap();
    let search = reply.search.unwrap();
    assert_eq!(search.errors, ["max_uses_exceeded"]);
    assert!(search.error_words()[0].contains("max uses reached"));
    assert_eq!(search.searches, 5);
    assert!(search.results.is_empty());
    assert_eq!(reply.text, "I could not search further.");
}

#[test]
fn anthropic_streamed_search_keeps_the_query_out_of_the_answer() {
    let reply = streamed(ProviderKind::Anthropic, "anthropic/stream_web_search.sse");
    assert_eq!(reply.text, "Rust 1.92.0 came out on 11 December 2025 🦀.");
    let search = reply.search.unwrap();
    assert_eq!(search.queries, ["Rust 1.92 release — date"]);
    assert_eq!(search.results.len(), 1);
    assert_eq!(search.searches, 1);
    let citation = &search.citations[0];
    assert_eq!(
        &reply.text[citation.start.unwrap()..citation.end.unwrap()],
        reply.text
    );
}

#[test]
fn gemini_grounding_maps_supports_to_chunks() {
    let reply = parse_chat_reply(
        ProviderKind::Gemini,
        &fixture("gemini/reply_web_search.json"),
    )
    .unwrap();
    let search = reply.search.unwrap();
    assert_eq!(search.queries, ["rust 1.92 release", "node lts"]);
    assert_eq!(search.results.len(), 2);
    assert_eq!(search.results[1].title, "nodejs.org");
    // Three citations: one support of one chunk, one of two.
    assert_eq!(search.citations.len(), 3);
    assert_eq!(
        search.citations[0].start,
        Some(0),
        "startIndex 0 is omitted"
    );
    assert_eq!(search.citations[1].start, Some(41));
    assert_eq!(search.citations[2].url, search.results[0].url);

    let streamed = streamed(ProviderKind::Gemini, "gemini/stream_web_search.sse");
    assert_eq!(streamed.text, "Rust 1.92 was released in December 2025.");
    assert_eq!(streamed.search.unwrap().results.len(), 2);

    let nothing = parse_chat_reply(
        ProviderKind::Gemini,
        &fixture("gemini/reply_web_search_nothing.json"),
    )
    .unwrap();
    let search = nothing.search.unwrap();
    assert_eq!(search.queries, ["zzqx unknown term"]);
    assert!(search.results.is_empty(), "a search that found nothing");
}

#[test]
fn which_models_search_and_whether_with_a_schema() {
    use ProviderKind::*;
    assert_eq!(
        search_support(OpenRouter, "anthropic/claude-sonnet-4.5"),
        SearchSupport::WithSchema
    );
    assert_eq!(
        search_support(OpenAi, "gpt-5-search-api"),
        SearchSupport::WithoutSchema
    );
    assert_eq!(search_support(OpenAi, "gpt-4.1"), SearchSupport::None);
    assert_eq!(
        search_support(Anthropic, "claude-opus-4-5"),
        SearchSupport::WithoutSchema
    );
    assert_eq!(
        search_support(Gemini, "gemini-2.5-flash"),
        SearchSupport::WithoutSchema
    );
    assert_eq!(
        search_support(Gemini, "models/gemini-3-pro-preview"),
        SearchSupport::WithSchema
    );
    assert_eq!(
        search_support(OpenAiCompatible, "llama3"),
        SearchSupport::None
    );
}

#[test]
fn search_fees_follow_each_providers_unit() {
    let asked = WebSearch { max_uses: 5 };
    let anthropic = parse_chat_reply(
        ProviderKind::Anthropic,
        &fixture("anthropic/reply_web_search.json"),
    )
    .unwrap();
    let fee = default_search_fee(ProviderKind::Anthropic, "claude-sonnet-4-5").unwrap();
    assert_eq!(fee.unit, SearchUnit::Search);
    assert!((fee.cost_usd(anthropic.search.as_ref(), asked) - 0.01).abs() < 1e-12);
    assert!((fee.bound_usd(asked) - 0.05).abs() < 1e-12);

    let openrouter = default_search_fee(ProviderKind::OpenRouter, "x/y").unwrap();
    let report = consilium_providers::SearchReport::default();
    assert!((openrouter.cost_usd(Some(&report), asked) - 0.02).abs() < 1e-12);
    // A reply that lists no page still paid for the results the plugin fetched: at the most.
    assert!((openrouter.cost_usd(None, asked) - 0.02).abs() < 1e-12);
    assert!(
        !fee.bills_unlisted(),
        "Anthropic lists every search it bills"
    );
    assert_eq!(
        fee.cost_usd(None, asked),
        0.0,
        "no search listed, none billed"
    );

    let gemini = parse_chat_reply(
        ProviderKind::Gemini,
        &fixture("gemini/reply_web_search.json"),
    )
    .unwrap();
    let old = default_search_fee(ProviderKind::Gemini, "gemini-2.5-flash").unwrap();
    assert!((old.cost_usd(gemini.search.as_ref(), asked) - 0.035).abs() < 1e-12);
    let new = default_search_fee(ProviderKind::Gemini, "gemini-3-pro-preview").unwrap();
    assert!((new.cost_usd(gemini.search.as_ref(), asked) - 0.028).abs() < 1e-12);

    assert!(default_search_fee(ProviderKind::OpenAiCompatible, "llama3").is_none());
    assert!(default_search_fee(ProviderKind::OpenAi, "gpt-4.1").is_none());
    let preview = default_search_fee(ProviderKind::OpenAi, "gpt-4o-search-preview").unwrap();
    assert!((preview.cost_usd(Some(&report), asked) - 0.025).abs() < 1e-12);
}

#[test]
fn urls_compare_without_scheme_www_fragment_or_trailing_slash() {
    assert_eq!(
        comparable_url("https://WWW.Example.com/a/b/#x"),
        "example.com/a/b"
    );
    assert_eq!(comparable_url("http://example.com"), "example.com");
    assert_ne!(
        comparable_url("https://example.com/a"),
        comparable_url("https://example.com/A")
    );
}

/// OpenRouter's web plugin fetches its results before the model answers and bills each of them
/// ($4 per 1,000), but its reply lists only the pages the answer cites (`annotations`): a reply that
/// cites none lists no search, and the call is charged for the most results it may fetch.
#[test]
fn an_openrouter_reply_that_cites_nothing_lists_no_search_and_is_charged_at_its_most_results() {
    let reply = parse_chat_reply(
        ProviderKind::OpenRouter,
        &fixture("openrouter/reply_web_search_uncited.json"),
    )
    .unwrap();
    assert_eq!(reply.search, None, "no annotations: nothing listed");
    assert_eq!(reply.reported_cost_usd, None);
    let fee = default_search_fee(ProviderKind::OpenRouter, "openai/gpt-4o-mini").unwrap();
    assert!(fee.bills_unlisted());
    let asked = WebSearch { max_uses: 5 };
    assert!((fee.cost_usd(reply.search.as_ref(), asked) - 0.02).abs() < 1e-12);

    // OpenAI's search models bill each call the same way, cited or not.
    let nothing = parse_chat_reply(
        ProviderKind::OpenAi,
        &fixture("openai/reply_web_search_nothing.json"),
    )
    .unwrap();
    let per_call = default_search_fee(ProviderKind::OpenAi, "gpt-5-search-api").unwrap();
    assert!((per_call.cost_usd(nothing.search.as_ref(), asked) - 0.01).abs() < 1e-12);
}
