//! The event-stream framing on its own: line endings, comments, multi-line data, splits anywhere.
use consilium_providers::{SseDecoder, SseEvent};

fn event(name: &str, data: &str) -> SseEvent {
    SseEvent {
        event: name.into(),
        data: data.into(),
    }
}

/// Every event from `body` fed in two pieces split at each point, then the end of the body.
fn all_splits(body: &[u8]) -> Vec<Vec<SseEvent>> {
    (0..=body.len())
        .map(|i| {
            let mut decoder = SseDecoder::default();
            let mut events = decoder.feed(&body[..i]);
            events.extend(decoder.feed(&body[i..]));
            events.extend(decoder.finish());
            events
        })
        .collect()
}

#[test]
fn lf_crlf_and_cr_line_endings_give_the_same_events_at_every_split() {
    let expected = vec![
        event("message_start", "{\"a\":1}"),
        event("", "two\nlines ünï 🌍"),
        event("", "[DONE]"),
    ];
    for eol in ["\n", "\r\n", "\r"] {
        let body = [
            "event: message_start",
            "data: {\"a\":1}",
            "",
            "data: two",
            "data:lines ünï 🌍",
            "",
            "data: [DONE]",
            "",
            "",
        ]
        .join(eol);
        for (i, events) in all_splits(body.as_bytes()).into_iter().enumerate() {
            assert_eq!(events, expected, "line ending {eol:?}, split at {i}");
        }
    }
}

#[test]
fn comments_unknown_fields_and_empty_events_are_skipped() {
    let body =
        b": OPENROUTER PROCESSING\n\nid: 7\nretry: 100\n\nevent: ping\n\nfoo: bar\ndata: x\n\n";
    let mut decoder = SseDecoder::default();
    assert_eq!(decoder.feed(body), vec![event("", "x")]);
    assert_eq!(decoder.finish(), None);
}

#[test]
fn a_field_without_a_colon_or_space_is_read_per_the_standard() {
    let mut decoder = SseDecoder::default();
    // "data" alone is an empty data line; "data:x" has no space to strip.
    assert_eq!(decoder.feed(b"data\ndata:x\n\n"), vec![event("", "\nx")]);
}

#[test]
fn a_leading_byte_order_mark_is_ignored_even_when_split() {
    let body = "\u{feff}data: hi\n\n".as_bytes();
    for (i, events) in all_splits(body).into_iter().enumerate() {
        assert_eq!(events, vec![event("", "hi")], "split at {i}");
    }
}

#[test]
fn the_last_event_counts_without_its_blank_line_or_line_ending() {
    let mut decoder = SseDecoder::default();
    assert!(decoder.feed(b"data: [DONE]").is_empty());
    assert_eq!(decoder.finish(), Some(event("", "[DONE]")));
    let mut decoder = SseDecoder::default();
    assert!(decoder.feed(b"event: message_stop\ndata: {}\n").is_empty());
    assert_eq!(decoder.finish(), Some(event("message_stop", "{}")));
}
