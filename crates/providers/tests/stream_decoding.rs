//! Every recorded stream decodes to the same reply however its bytes are split, a stream cut before
//! its terminal event is `Incomplete` with the text so far, and errors inside streams surface.
mod common;

use common::{fixture, fixture_bytes};
use consilium_providers::{
    ChatReply, FinishReason, ProviderError, ProviderKind, StreamDecoder, Usage,
};

struct Recorded {
    kind: ProviderKind,
    file: &'static str,
    text: &'static str,
    usage: (u64, u64),
    finish: FinishReason,
    model: &'static str,
    cost: Option<f64>,
    /// A piece of the terminal event's data line: the stream is complete from that line's end on.
    terminal: &'static str,
}

fn recorded() -> Vec<Recorded> {
    use ProviderKind::*;
    vec![
        Recorded {
            kind: OpenAi,
            file: "openai/stream_include_usage.sse",
            text: "Café naïve — 你好 🌍!",
            usage: (12, 7),
            finish: FinishReason::Stop,
            model: "gpt-4o-mini-2024-07-18",
            cost: None,
            terminal: "data: [DONE]",
        },
        Recorded {
            kind: OpenRouter,
            file: "openrouter/stream_cost.sse",
            text: "Über — 🌍",
            usage: (20, 6),
            finish: FinishReason::Stop,
            model: "anthropic/claude-sonnet-4.5",
            cost: Some(0.00015),
            terminal: "data: [DONE]",
        },
        Recorded {
            kind: Anthropic,
            file: "anthropic/stream_text.sse",
            text: "Hello, Ça va — 你好 🌍!",
            usage: (25, 15),
            finish: FinishReason::Stop,
            model: "claude-sonnet-4-5-20250929",
            cost: None,
            terminal: r#"data: {"type":"message_stop"}"#,
        },
        Recorded {
            kind: Anthropic,
            file: "anthropic/stream_tool_use.sse",
            text: r#"{"answer": "Paris", "confidence": 90}"#,
            usage: (472, 54),
            finish: FinishReason::ToolUse,
            model: "claude-haiku-4-5-20251001",
            cost: None,
            terminal: r#"data: {"type":"message_stop"}"#,
        },
        Recorded {
            kind: Gemini,
            file: "gemini/stream_crlf.sse",
            text: "Paris — la Ville Lumière, 你好 🌍.",
            usage: (11, 9),
            finish: FinishReason::Stop,
            model: "gemini-2.5-flash",
            cost: None,
            terminal: r#""finishReason":"STOP""#,
        },
        Recorded {
            kind: OpenAiCompatible,
            file: "compatible/llamacpp_stream_timings.sse",
            text: "Blue — ça va? 🌍",
            usage: (14, 6),
            finish: FinishReason::Stop,
            model: "gemma-3-270m",
            cost: None,
            terminal: "data: [DONE]",
        },
        Recorded {
            kind: OpenAiCompatible,
            file: "compatible/ollama_v1_stream.sse",
            text: "The sky is blue 🌌.",
            usage: (30, 8),
            finish: FinishReason::Stop,
            model: "llama3.2",
            cost: None,
            terminal: "data: [DONE]",
        },
    ]
}

impl Recorded {
    fn reply(&self) -> ChatReply {
        ChatReply {
            text: self.text.to_string(),
            usage: Some(Usage {
                input_tokens: self.usage.0,
                output_tokens: self.usage.1,
                ..Usage::default()
            }),
            finish_reason: Some(self.finish.clone()),
            model: Some(self.model.to_string()),
            reported_cost_usd: self.cost,
            search: None,
        }
    }

    /// Where the terminal event's data line ends (before its line ending).
    fn complete_from(&self, bytes: &[u8]) -> usize {
        let body = std::str::from_utf8(bytes).unwrap();
        let start = body
            .find(self.terminal)
            .unwrap_or_else(|| panic!("{}: no terminal event", self.file));
        start + body[start..].find(['\r', '\n']).unwrap()
    }
}

/// Feeds the pieces in order; returns the concatenated deltas and the outcome.
fn decode(kind: ProviderKind, pieces: &[&[u8]]) -> (String, Result<ChatReply, ProviderError>) {
    let mut decoder = StreamDecoder::new(kind);
    let mut deltas = String::new();
    for piece in pieces {
        for delta in decoder.feed(piece).expect("no error in this stream") {
            assert!(!delta.is_empty(), "empty deltas are not reported");
            deltas.push_str(&delta);
        }
        assert_eq!(
            decoder.text_so_far(),
            deltas,
            "text_so_far is the concatenated deltas"
        );
    }
    (deltas, decoder.finish())
}

#[test]
fn every_recorded_stream_decodes_to_its_reply_in_one_piece() {
    for r in recorded() {
        let bytes = fixture_bytes(r.file);
        let (deltas, reply) = decode(r.kind, &[&bytes]);
        assert_eq!(reply, Ok(r.reply()), "{}", r.file);
        assert_eq!(deltas, r.text, "{}", r.file);
    }
}

#[test]
fn every_split_point_gives_the_same_reply() {
    for r in recorded() {
        let bytes = fixture_bytes(r.file);
        for i in 0..=bytes.len() {
            let (deltas, reply) = decode(r.kind, &[&bytes[..i], &bytes[i..]]);
            assert_eq!(reply, Ok(r.reply()), "{} split at {i}", r.file);
            assert_eq!(deltas, r.text, "{} split at {i}", r.file);
        }
    }
}

#[test]
fn byte_by_byte_gives_the_same_reply() {
    for r in recorded() {
        let bytes = fixture_bytes(r.file);
        let pieces: Vec<&[u8]> = bytes.chunks(1).collect();
        let (deltas, reply) = decode(r.kind, &pieces);
        assert_eq!(reply, Ok(r.reply()), "{}", r.file);
        assert_eq!(deltas, r.text, "{}", r.file);
    }
}

#[test]
fn a_stream_cut_before_its_terminal_event_is_incomplete_with_the_text_so_far() {
    for r in recorded() {
        let bytes = fixture_bytes(r.file);
        let complete_from = r.complete_from(&bytes);
        for cut in 0..=bytes.len() {
            let (deltas, outcome) = decode(r.kind, &[&bytes[..cut]]);
            if cut >= complete_from {
                assert_eq!(outcome, Ok(r.reply()), "{} cut at {cut}", r.file);
                continue;
            }
            match outcome {
                Err(ProviderError::Incomplete { partial_text }) => {
                    // Also holds the last event when only its line ending was cut off.
                    assert!(partial_text.starts_with(&deltas), "{} cut at {cut}", r.file);
                    assert!(
                        r.text.starts_with(&partial_text),
                        "{} cut at {cut}: {partial_text:?}",
                        r.file
                    );
                }
                other => panic!(
                    "{} cut at {cut}: expected Incomplete, got {other:?}",
                    r.file
                ),
            }
        }
    }
}

#[test]
fn a_stream_cut_just_before_its_end_marker_keeps_all_its_text() {
    let bytes = fixture_bytes("openai/stream_include_usage.sse");
    let cut = fixture("openai/stream_include_usage.sse")
        .find("data: [DONE]")
        .unwrap();
    let (_, outcome) = decode(ProviderKind::OpenAi, &[&bytes[..cut]]);
    // Usage and finish reason have arrived, yet without [DONE] it is not a finished reply.
    assert_eq!(
        outcome,
        Err(ProviderError::Incomplete {
            partial_text: "Café naïve — 你好 🌍!".into()
        })
    );
}

#[test]
fn an_empty_body_is_incomplete() {
    for kind in [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
    ] {
        let outcome = StreamDecoder::new(kind).finish();
        assert_eq!(
            outcome,
            Err(ProviderError::Incomplete {
                partial_text: String::new()
            })
        );
    }
}

/// Feeds a stream split at `at`; returns the text before the error and the error.
fn decode_until_error(kind: ProviderKind, bytes: &[u8], at: usize) -> (String, ProviderError) {
    let mut decoder = StreamDecoder::new(kind);
    for piece in [&bytes[..at], &bytes[at..]] {
        if let Err(error) = decoder.feed(piece) {
            return (decoder.text_so_far().to_string(), error);
        }
    }
    panic!("split at {at}: the embedded error was not reported by feed")
}

#[test]
fn errors_embedded_in_streams_are_reported_at_every_split_point() {
    let cases = [
        (
            ProviderKind::OpenAi,
            "openai/stream_server_error.sse",
            "server",
        ),
        (
            ProviderKind::OpenRouter,
            "openrouter/stream_midway_error.sse",
            "server",
        ),
        (
            ProviderKind::Anthropic,
            "anthropic/stream_overloaded.sse",
            "overloaded",
        ),
        (
            ProviderKind::Gemini,
            "gemini/stream_unavailable.sse",
            "overloaded",
        ),
    ];
    for (kind, file, label) in cases {
        let bytes = fixture_bytes(file);
        for at in 0..=bytes.len() {
            let (text, error) = decode_until_error(kind, &bytes, at);
            assert_eq!(text, "Partial", "{file} split at {at}");
            assert_eq!(error.kind_label(), label, "{file} split at {at}: {error:?}");
            assert!(error.is_retryable(), "{file}");
        }
    }
}

#[test]
fn embedded_errors_keep_the_providers_explanation() {
    let (_, error) = decode_until_error(
        ProviderKind::Anthropic,
        &fixture_bytes("anthropic/stream_overloaded.sse"),
        0,
    );
    assert_eq!(
        error,
        ProviderError::Overloaded {
            status: 529,
            detail: "Overloaded".into()
        }
    );
    let (_, error) = decode_until_error(
        ProviderKind::OpenRouter,
        &fixture_bytes("openrouter/stream_midway_error.sse"),
        0,
    );
    assert_eq!(
        error,
        ProviderError::Server {
            status: 500,
            detail: "Provider disconnected unexpectedly".into()
        }
    );
    let (_, error) = decode_until_error(
        ProviderKind::Gemini,
        &fixture_bytes("gemini/stream_unavailable.sse"),
        0,
    );
    assert_eq!(
        error,
        ProviderError::Overloaded {
            status: 503,
            detail: "The model is overloaded. Please try again later.".into()
        }
    );
}

#[test]
fn a_stream_error_about_the_request_is_not_retryable() {
    let body = "data: {\"error\":{\"message\":\"Invalid schema for response_format\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":null}}\n\n";
    let error = StreamDecoder::new(ProviderKind::OpenAi)
        .feed(body.as_bytes())
        .unwrap_err();
    assert_eq!(error.kind_label(), "bad_request");
    assert!(!error.is_retryable());
}

#[test]
fn garbage_inside_a_stream_is_malformed() {
    let mut decoder = StreamDecoder::new(ProviderKind::OpenAi);
    let error = decoder.feed(b"data: {not json}\n\n").unwrap_err();
    assert_eq!(error.kind_label(), "malformed");
}

#[test]
fn keep_alive_comments_and_empty_data_lines_are_ignored() {
    let body = ": ping\n\ndata:\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"}}]}\n\n: ping\n\ndata: [DONE]\n\n";
    let (deltas, reply) = decode(ProviderKind::OpenAiCompatible, &[body.as_bytes()]);
    assert_eq!(deltas, "ok");
    assert_eq!(reply.unwrap().text, "ok");
}

#[test]
fn a_server_that_ignores_stream_true_is_read_as_a_whole_reply() {
    for (kind, file) in [
        (
            ProviderKind::OpenAiCompatible,
            "compatible/ollama_reply.json",
        ),
        (ProviderKind::Anthropic, "anthropic/reply.json"),
        (ProviderKind::Gemini, "gemini/reply.json"),
    ] {
        let body = fixture(file);
        let (deltas, reply) = decode(kind, &[body.as_bytes()]);
        assert_eq!(deltas, "", "{file}: no deltas from a plain body");
        assert_eq!(
            reply,
            consilium_providers::parse_chat_reply(kind, &body),
            "{file}"
        );
        assert!(reply.is_ok(), "{file}");
    }
}

#[test]
fn text_after_the_end_marker_does_not_spoil_a_finished_reply() {
    let mut body = fixture("openai/stream_include_usage.sse");
    body.push_str("data: {\"trailing");
    let (_, reply) = decode(ProviderKind::OpenAi, &[body.as_bytes()]);
    assert_eq!(reply.unwrap().text, "Café naïve — 你好 🌍!");
}

#[test]
fn gemini_thought_parts_are_not_part_of_the_answer() {
    let body = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"pondering\",\"thought\":true}],\"role\":\"model\"}}]}\r\n\r\n\
                data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Answer\"}],\"role\":\"model\"},\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":3,\"candidatesTokenCount\":1,\"thoughtsTokenCount\":5}}\r\n\r\n";
    let (deltas, reply) = decode(ProviderKind::Gemini, &[body.as_bytes()]);
    assert_eq!(deltas, "Answer");
    // Thinking is billed as output.
    assert_eq!(
        reply.unwrap().usage,
        Some(Usage {
            input_tokens: 3,
            output_tokens: 6,
            ..Usage::default()
        })
    );
}
