//! Cached prompt tokens, read from recorded replies of every format, whole and streamed: each
//! format's counts come out in the one meaning of `Usage` (the whole prompt in `input_tokens`,
//! the cache reads and writes as parts of it).
mod common;

use common::fixture;
use consilium_providers::{parse_chat_reply, ChatReply, ProviderKind, StreamDecoder, Usage};

fn usage(input: u64, output: u64, cached: u64, written: u64) -> Usage {
    Usage {
        input_tokens: input,
        output_tokens: output,
        cached_input_tokens: cached,
        cache_write_tokens: written,
    }
}

/// The whole body fed at once, then byte by byte: the same reply either way.
fn streamed(kind: ProviderKind, file: &str) -> ChatReply {
    let body = fixture(file);
    let mut whole = StreamDecoder::new(kind);
    whole.feed(body.as_bytes()).unwrap();
    let whole = whole.finish().unwrap();
    let mut bytewise = StreamDecoder::new(kind);
    for byte in body.as_bytes() {
        bytewise.feed(std::slice::from_ref(byte)).unwrap();
    }
    assert_eq!(bytewise.finish().unwrap(), whole, "{file}");
    whole
}

#[test]
fn openai_reads_prompt_tokens_details_cached_tokens() {
    let reply =
        parse_chat_reply(ProviderKind::OpenAi, &fixture("openai/reply_cached.json")).unwrap();
    assert_eq!(reply.usage, Some(usage(2006, 300, 1920, 0)));
    assert_eq!(reply.usage.unwrap().uncached_input_tokens(), 86);

    let reply = streamed(ProviderKind::OpenAi, "openai/stream_cached.sse");
    assert_eq!(reply.text, "Même réponse — 你好 🌍");
    assert_eq!(reply.usage, Some(usage(3072, 41, 2944, 0)));
}

#[test]
fn anthropic_adds_cache_reads_and_writes_to_its_input_tokens() {
    // input_tokens 50 after the breakpoint + 1800 read = a prompt of 1850.
    let reply = parse_chat_reply(
        ProviderKind::Anthropic,
        &fixture("anthropic/reply_cached.json"),
    )
    .unwrap();
    assert_eq!(reply.usage, Some(usage(1850, 420, 1800, 0)));
    assert_eq!(reply.usage.unwrap().uncached_input_tokens(), 50);

    // message_start: 12 + 2048 written; message_delta repeats them with the final output count.
    let reply = streamed(ProviderKind::Anthropic, "anthropic/stream_cached.sse");
    assert_eq!(reply.text, "Cached, ça va — 你好 🌍");
    assert_eq!(reply.usage, Some(usage(2060, 37, 0, 2048)));
}

#[test]
fn anthropic_message_delta_keeps_the_cache_counts_it_does_not_repeat() {
    let body = fixture("anthropic/stream_cached.sse").replace(
        r#""usage":{"input_tokens":12,"cache_creation_input_tokens":2048,"cache_read_input_tokens":0,"output_tokens":37}"#,
        r#""usage":{"output_tokens":37}"#,
    );
    assert!(body.contains(r#""usage":{"output_tokens":37}"#));
    let mut decoder = StreamDecoder::new(ProviderKind::Anthropic);
    decoder.feed(body.as_bytes()).unwrap();
    let reply = decoder.finish().unwrap();
    assert_eq!(reply.usage, Some(usage(2060, 37, 0, 2048)));
}

#[test]
fn gemini_reads_cached_content_token_count() {
    // Thinking (20) is billed as output: 14 + 20.
    let reply =
        parse_chat_reply(ProviderKind::Gemini, &fixture("gemini/reply_cached.json")).unwrap();
    assert_eq!(reply.usage, Some(usage(2500, 34, 2048, 0)));

    let reply = streamed(ProviderKind::Gemini, "gemini/stream_cached.sse");
    assert_eq!(reply.text, "Paris, toujours — 你好 🌍.");
    assert_eq!(reply.usage, Some(usage(4300, 11, 4096, 0)));
}

#[test]
fn openrouter_reads_cache_reads_writes_and_its_cost() {
    let reply = parse_chat_reply(
        ProviderKind::OpenRouter,
        &fixture("openrouter/reply_cached.json"),
    )
    .unwrap();
    assert_eq!(reply.usage, Some(usage(3000, 200, 1500, 1000)));
    assert_eq!(reply.reported_cost_usd, Some(0.0087));

    let reply = streamed(ProviderKind::OpenRouter, "openrouter/stream_cached.sse");
    assert_eq!(reply.text, "Bleu — 🌍");
    assert_eq!(reply.usage, Some(usage(2100, 5, 1024, 0)));
    assert_eq!(reply.reported_cost_usd, Some(0.00036602));
}

#[test]
fn llama_server_reports_the_prompt_it_reused_in_its_timings() {
    let reply = streamed(
        ProviderKind::OpenAiCompatible,
        "compatible/llamacpp_stream_cached.sse",
    );
    assert_eq!(reply.text, "Oui — 🌍");
    assert_eq!(reply.usage, Some(usage(1600, 4, 1536, 0)));
}

#[test]
fn deepseek_reports_cache_hits_in_its_own_field() {
    let body = r#"{"id":"x","object":"chat.completion","model":"deepseek-chat",
        "choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],
        "usage":{"prompt_tokens":1200,"completion_tokens":3,"total_tokens":1203,
                 "prompt_cache_hit_tokens":1024,"prompt_cache_miss_tokens":176}}"#;
    let reply = parse_chat_reply(ProviderKind::OpenAiCompatible, body).unwrap();
    assert_eq!(reply.usage, Some(usage(1200, 3, 1024, 0)));
}

#[test]
fn a_cache_count_larger_than_the_prompt_is_cut_to_the_prompt() {
    let body = r#"{"choices":[{"index":0,"message":{"content":"ok"},"finish_reason":"stop"}],
        "usage":{"prompt_tokens":10,"completion_tokens":1,
                 "prompt_tokens_details":{"cached_tokens":64,"cache_write_tokens":5}}}"#;
    let reply = parse_chat_reply(ProviderKind::OpenRouter, body).unwrap();
    assert_eq!(reply.usage, Some(usage(10, 1, 10, 0)));
}

#[test]
fn replies_without_cache_counts_have_none() {
    for (kind, file) in [
        (ProviderKind::OpenAi, "openai/reply.json"),
        (ProviderKind::Anthropic, "anthropic/reply.json"),
        (ProviderKind::Gemini, "gemini/reply.json"),
        (ProviderKind::OpenRouter, "openrouter/reply.json"),
    ] {
        let usage = parse_chat_reply(kind, &fixture(file))
            .unwrap()
            .usage
            .unwrap();
        assert_eq!(
            (usage.cached_input_tokens, usage.cache_write_tokens),
            (0, 0),
            "{file}"
        );
        assert_eq!(usage.uncached_input_tokens(), usage.input_tokens, "{file}");
    }
}

#[test]
fn usage_stored_before_cache_counts_still_reads() {
    let old: Usage = serde_json::from_str(r#"{"input_tokens":19,"output_tokens":10}"#).unwrap();
    assert_eq!(old, usage(19, 10, 0, 0));
    // And a usage without cache counts is stored as before.
    assert_eq!(
        serde_json::to_string(&old).unwrap(),
        r#"{"input_tokens":19,"output_tokens":10}"#
    );
    let cached = serde_json::to_string(&usage(100, 1, 80, 0)).unwrap();
    assert_eq!(
        cached,
        r#"{"input_tokens":100,"output_tokens":1,"cached_input_tokens":80}"#
    );
}
