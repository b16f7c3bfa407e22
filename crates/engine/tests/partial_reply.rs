//! The streaming reader, cut at every character of recorded replies (the stored sessions of every
//! protocol, the demo scripts, a recorded Anthropic tool-use stream and a few realistic replies by
//! hand): it never panics, never shows a field that the whole reply contradicts, and on the whole
//! reply reads exactly what the parser of finished replies reads.
use consilium_engine::prioritize::replies::marker_section;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::text::partial_reply::{read_partial, PartialReply};
use consilium_engine::text::reply_parse::{extract_json, read_value};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, prioritize::run_prioritize, record::Session,
    review::run_review,
};
use futures::executor::block_on;
use serde_json::{json, Map, Value};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/serde_identity");
const TOOL_USE_STREAM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../providers/tests/fixtures/anthropic/stream_tool_use.sse"
);

/// Replies as models write them beyond the scripts: fenced after prose, trailing commas, escapes
/// (quotes, newlines, accents, an emoji as a surrogate pair), a percentage confidence, a fence
/// inside a section.
const BY_HAND: &[&str] = &[
    "Sure! Here is my answer.\n```json\n{\"position\": \"Use \\\"Rust\\\" \\u00e9 caf\\u00e9 \\ud83d\\ude80\",\n \"key_points\": [\"a\\nb\", \"c\\\\d\",],\n \"rationale\": \"Tab\\there.\", \"confidence\": \"85%\",}\n```\nHope this helps.",
    "{\"challenges\": [{\"target_agent\": \"panelist-2\", \"challenge\": \"Wrong: {not json} here\", \"evidence\": []}], \"defense\": \"ok ✓ ünïcödé 日本語\"}",
    "{\"state\":\"veto\",\"confidence\":95.5,\"opinion\":\"No.\",\"fix_items\":[{\"severity\":\"critical\",\"path\":\"a.py\",\"line_start\":1,\"line_end\":2,\"rule\":\"r\",\"current\":\"c\",\"recommended_action\":\"x\"}],\"extra\":null,\"flag\":false}",
    "<<<CHAMPION_ARGUMENT_START>>>\nShip the <b>export</b> first.\n<<<CHAMPION_ARGUMENT_END>>>\n<<<CHAMPION_RANKINGS_START>>>\n```json\n[\"opp-2\", \"opp-1\",]\n```\n<<<CHAMPION_RANKINGS_END>>>",
];

fn stored_replies() -> Vec<String> {
    ["consult", "review", "prioritize"]
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(format!("{FIXTURES}/{name}.json")).unwrap();
            let session: Value = serde_json::from_str(&text).unwrap();
            session["calls"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|call| call["reply_text"].as_str().map(String::from))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn demo_replies() -> Vec<String> {
    use consilium_engine::{prioritize::demo as p, review::demo as r};
    let sink = RecordingSink::default();
    let clock = FixedClock(1);
    let consult = Session::new_consult("c".into(), "Q?".into(), demo_config(), 1);
    let review = Session::new_review("r".into(), r::DEMO_DIFF.into(), r::demo_review_config(), 1);
    let prioritize = Session::new_prioritize(
        "p".into(),
        p::demo_backlog(),
        p::demo_prioritize_config(),
        1,
    );
    let caller = ScriptedCaller::new(|request| Ok(consilium_engine::demo::demo_reply(request)));
    let sessions = block_on(async {
        vec![
            run_consult(consult, &caller, &clock, &sink).await,
            run_review(review, &caller, &clock, &sink).await,
            run_prioritize(prioritize, &caller, &clock, &sink).await,
        ]
    });
    sessions
        .iter()
        .flat_map(|s| s.calls.iter().filter_map(|c| c.reply_text.clone()))
        .collect()
}

/// The JSON an Anthropic tool call streamed, joined from its `input_json_delta` events.
fn tool_use_reply() -> String {
    let stream = std::fs::read_to_string(TOOL_USE_STREAM).unwrap();
    stream
        .lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .filter_map(|data| serde_json::from_str::<Value>(data).ok())
        .filter_map(|event| event["delta"]["partial_json"].as_str().map(String::from))
        .collect()
}

fn recorded_replies() -> Vec<String> {
    let mut replies = stored_replies();
    replies.extend(demo_replies());
    replies.push(tool_use_reply());
    replies.extend(BY_HAND.iter().map(|s| s.to_string()));
    replies
}

/// What the parser of finished replies reads: the object, or each marker section.
fn whole_parse(reply: &str) -> Map<String, Value> {
    if !reply.contains("_START>>>") {
        return extract_json(reply).expect("a readable reply").value;
    }
    let mut sections = Map::new();
    for name in reply.split("<<<").filter_map(|m| m.split_once("_START>>>")) {
        let section = marker_section(reply, name.0).unwrap();
        let value = match read_value(section) {
            Ok(parsed) if section.trim_start().starts_with(['[', '{', '`']) => parsed.value,
            _ => Value::String(section.trim().to_string()),
        };
        sections.insert(name.0.to_ascii_lowercase(), value);
    }
    sections
}

/// True when `partial` is what `full` looks like while it is being written: strings cut short,
/// lists missing their last items, objects missing their last fields.
fn is_prefix_of(partial: &Value, full: &Value) -> bool {
    match (partial, full) {
        (Value::String(p), Value::String(f)) => f.starts_with(p.as_str()),
        (Value::Array(p), Value::Array(f)) => {
            p.len() <= f.len() && p.iter().zip(f).all(|(p, f)| is_prefix_of(p, f))
        }
        (Value::Object(p), Value::Object(f)) => p
            .iter()
            .all(|(key, value)| f.get(key).is_some_and(|full| is_prefix_of(value, full))),
        _ => partial == full,
    }
}

#[test]
fn every_prefix_of_every_recorded_reply_reads_as_part_of_the_whole() {
    let replies = recorded_replies();
    assert!(replies.len() >= 45, "only {} replies", replies.len());
    let mut prefixes = 0;
    for reply in &replies {
        let whole = whole_parse(reply);
        for (cut, _) in reply.char_indices().skip(1) {
            let PartialReply { fields, writing } = read_partial(&reply[..cut]);
            prefixes += 1;
            for (key, value) in &fields {
                let full = whole.get(key).unwrap_or_else(|| {
                    panic!("{key:?} is not in the whole reply, cut at {cut}: {reply}")
                });
                let agrees = if writing.as_deref() == Some(key) {
                    is_prefix_of(value, full)
                } else {
                    value == full
                };
                assert!(
                    agrees,
                    "{key:?} reads {value} at {cut}, {full} in the whole of:\n{reply}"
                );
            }
        }
        let last = read_partial(reply);
        assert_eq!(last.fields, whole, "the whole of:\n{reply}");
        assert_eq!(last.writing, None, "the whole of:\n{reply}");
    }
    assert!(prefixes > 20_000, "only {prefixes} prefixes");
}

#[test]
fn a_field_being_written_shows_its_text_so_far() {
    let reply =
        read_partial("```json\n{\"position\": \"Adopt Rust\", \"key_points\": [\"Fast\", \"Sa");
    assert_eq!(
        reply,
        PartialReply {
            fields: json!({"position": "Adopt Rust", "key_points": ["Fast", "Sa"]})
                .as_object()
                .unwrap()
                .clone(),
            writing: Some("key_points".into()),
        }
    );
}

#[test]
fn numbers_and_words_show_only_once_they_end() {
    let cut_number = read_partial("{\"confidence\": 8");
    assert_eq!(cut_number.fields, Map::new());
    assert_eq!(cut_number.writing.as_deref(), Some("confidence"));
    let ended = read_partial("{\"confidence\": 85,");
    assert_eq!(ended.fields["confidence"], json!(0.85));
    assert_eq!(read_partial("{\"accept\": tru").fields, Map::new());
}

#[test]
fn a_cut_escape_shows_nothing_of_itself() {
    for cut in [
        "{\"a\": \"x\\",
        "{\"a\": \"x\\u00",
        "{\"a\": \"x\\ud83d\\ude",
    ] {
        assert_eq!(read_partial(cut).fields["a"], json!("x"), "{cut}");
    }
}

#[test]
fn a_section_being_written_is_text_or_partial_json() {
    let reply = read_partial(
        "<<<CHAMPION_ARGUMENT_START>>>\nExport first.\n<<<CHAMPION_ARGUMENT_END>>>\n<<<CHAMPION_RANKINGS_START>>>\n[\"opp-3\", \"opp",
    );
    assert_eq!(reply.fields["champion_argument"], json!("Export first."));
    assert_eq!(reply.fields["champion_rankings"], json!(["opp-3", "opp"]));
    assert_eq!(reply.writing.as_deref(), Some("champion_rankings"));
    let marker_arriving = read_partial("<<<CHAMPION_ARGUMENT_START>>>\nExport first.\n<<");
    assert_eq!(
        marker_arriving.fields["champion_argument"],
        json!("Export first.")
    );
}

#[test]
fn prose_and_garbage_read_as_nothing_without_panicking() {
    for text in [
        "",
        "I think we should",
        "{",
        "{]",
        "{\"a\" 1}",
        "{\"a\": @}",
        "```",
        "<<<X_START",
    ] {
        let reply = read_partial(text);
        assert!(reply.fields.is_empty(), "{text}: {reply:?}");
    }
}
