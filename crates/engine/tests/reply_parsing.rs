//! Reading replies tolerantly, and refusing what cannot be read with a readable sentence.
use consilium_engine::record::consult::artifacts::INDEPENDENT;
use consilium_engine::{
    record::consult::artifacts::ArtifactEnvelope, record::consult::artifacts::IndependentArtifact,
    text::reply_parse::extract_json, text::reply_parse::parse_reply,
    text::reply_parse::ParsedReply, text::reply_parse::ReplyError,
};
use serde_json::{json, Map, Value};

fn object(text: &str) -> ParsedReply<Map<String, Value>> {
    extract_json(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

const ANSWER: &str =
    r#"{"position": "Yes", "key_points": ["Fast"], "rationale": "Because", "confidence": 0.8}"#;

#[test]
fn reads_bare_json() {
    let parsed = object(ANSWER);
    assert_eq!(parsed.value["position"], "Yes");
    assert!(parsed.notes.is_empty());
}

#[test]
fn reads_json_in_a_fence_with_prose_around_it() {
    let text = format!("Sure! Here it is:\n```json\n{ANSWER}\n```\nHope this helps {{smile}}.");
    assert_eq!(object(&text).value["confidence"], 0.8);
    let plain_fence = format!("```\n{ANSWER}\n```");
    assert_eq!(object(&plain_fence).value["position"], "Yes");
}

#[test]
fn reads_the_first_balanced_object_in_prose_skipping_braces_in_strings() {
    let text = r#"My view {briefly}: {"position": "Use {braces} and \"quotes\"", "n": {"x": 1}} and that is all."#;
    let parsed = object(text);
    assert_eq!(parsed.value["position"], "Use {braces} and \"quotes\"");
    assert_eq!(parsed.value["n"], json!({"x": 1}));
}

#[test]
fn removes_trailing_commas_and_says_so() {
    let text = r#"{"key_points": ["a", "b",], "note": "a comma, ] inside a string",}"#;
    let parsed = object(text);
    assert_eq!(parsed.value["key_points"], json!(["a", "b"]));
    assert_eq!(parsed.value["note"], "a comma, ] inside a string");
    assert_eq!(parsed.notes, ["Trailing commas were removed."]);
}

#[test]
fn normalises_percentage_confidences_at_any_depth_and_says_so() {
    let text = r#"{"confidence": 85, "consensus_points": [{"confidence": "70%"}, {"confidence": "0.4"}, {"confidence": 1.0}, {"confidence": 1}]}"#;
    let parsed = object(text);
    assert_eq!(parsed.value["confidence"], 0.85);
    let points = parsed.value["consensus_points"].as_array().unwrap();
    assert_eq!(points[0]["confidence"], 0.7);
    assert_eq!(points[1]["confidence"], 0.4);
    // A decimal up to 1 is already a fraction; a whole number is a percentage, as the schemas ask.
    assert_eq!(points[2]["confidence"], 1.0);
    assert_eq!(points[3]["confidence"], 0.01);
    assert_eq!(
        parsed.notes,
        [
            "confidence 85 read as 0.85.",
            r#"confidence "70%" read as 0.7."#,
            r#"confidence "0.4" read as 0.4."#,
            "confidence 1 read as 0.01."
        ]
    );
}

#[test]
fn out_of_range_confidences_are_left_for_validation() {
    assert_eq!(object(r#"{"confidence": 150}"#).value["confidence"], 150);
    assert_eq!(object(r#"{"confidence": -0.2}"#).value["confidence"], -0.2);
}

#[test]
fn garbage_is_refused_with_a_sentence() {
    assert_eq!(extract_json("   ").unwrap_err(), ReplyError::Empty);
    assert_eq!(extract_json("I refuse.").unwrap_err(), ReplyError::NoJson);
    assert_eq!(
        extract_json("{\"position\": \"Yes\", ").unwrap_err(),
        ReplyError::Truncated
    );
    let wrong = extract_json("[1, 2]").unwrap_err();
    assert_eq!(wrong.to_string(), "The reply contains no JSON object.");
    let unreadable = extract_json("{position: yes}").unwrap_err();
    assert!(matches!(unreadable, ReplyError::Unreadable(_)));
    assert!(unreadable
        .to_string()
        .starts_with("The reply's JSON could not be read: key must be a string"));
    assert_eq!(
        extract_json("\"just a string\"").unwrap_err().to_string(),
        "The reply contains no JSON object."
    );
}

fn engine_fields() -> Map<String, Value> {
    let mut fields =
        ArtifactEnvelope::new(INDEPENDENT, "2023-11-14T22:13:20.000Z".into()).to_fields();
    fields.insert("agent_id".into(), "panelist-1".into());
    fields
}

#[test]
fn a_reply_becomes_a_validated_artifact_with_the_engine_fields() {
    let text = r#"{"agent_id": "me", "round_number": 9, "position": "Yes", "key_points": ["Fast"], "rationale": "Because", "confidence": "90%"}"#;
    let parsed = parse_reply(text, engine_fields(), IndependentArtifact::validate).unwrap();
    let answer: IndependentArtifact = parsed.value;
    assert_eq!(answer.agent_id, "panelist-1");
    assert_eq!(answer.envelope.round_number, 1);
    assert_eq!(answer.envelope.artifact_type, "independent");
    assert_eq!(answer.confidence, 0.9);
}

#[test]
fn a_reply_missing_fields_or_failing_validation_is_explained() {
    let missing = parse_reply::<IndependentArtifact>(
        r#"{"position": "Yes"}"#,
        engine_fields(),
        IndependentArtifact::validate,
    )
    .unwrap_err();
    assert_eq!(
        missing.to_string(),
        "The reply's JSON does not have the expected fields: missing field `key_points`."
    );
    let invalid = parse_reply::<IndependentArtifact>(
        r#"{"position": "Yes", "key_points": ["a", " "], "rationale": "r", "confidence": 0.5}"#,
        engine_fields(),
        IndependentArtifact::validate,
    )
    .unwrap_err();
    assert_eq!(
        invalid.to_string(),
        "The reply's JSON is incomplete or wrong: key_points[1] must not be empty."
    );
}
