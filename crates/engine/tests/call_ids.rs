//! A call id is typed in the engine and stored as the string it always was: every id of the
//! stored fixtures reads back to itself, and the ids the engine builds format as before.
use consilium_engine::record::{Asked, Attempt, CallId, Step};
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// Every `call_id` string in the JSON fixtures (stored sessions, recorded llama runs).
fn stored_call_ids() -> Vec<String> {
    fn collect(value: &Value, ids: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, value) in map {
                    match (key.as_str(), value) {
                        ("call_id", Value::String(id)) => ids.push(id.clone()),
                        _ => collect(value, ids),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| collect(item, ids)),
            _ => {}
        }
    }
    let mut ids = Vec::new();
    for folder in ["serde_identity", "llama", "v1"] {
        for entry in std::fs::read_dir(format!("{FIXTURES}/{folder}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                collect(&serde_json::from_str(&text).unwrap(), &mut ids);
            }
        }
    }
    ids
}

#[test]
fn every_stored_call_id_reads_back_to_the_same_string() {
    let ids = stored_call_ids();
    assert!(ids.len() > 30, "the fixtures hold call ids: {ids:?}");
    for id in ids {
        let parsed = CallId::parse(&id).unwrap_or_else(|| panic!("{id} is a call id"));
        assert_eq!(parsed.to_string(), id);
        let json = serde_json::to_string(&parsed).unwrap();
        assert_eq!(
            json,
            serde_json::to_string(&id).unwrap(),
            "serialised as the string"
        );
        assert_eq!(serde_json::from_str::<CallId>(&json).unwrap(), parsed);
    }
}

#[test]
fn the_ids_the_engine_builds_format_as_records_store_them() {
    let seat = CallId::seat(1, "panelist-2");
    let cases = [
        (seat.clone(), "r1-panelist-2"),
        (seat.clone().reasked(), "r1-panelist-2-reask"),
        (CallId::seat(3, "judge").in_question("q3"), "q3/r3-judge"),
        (
            CallId::seat(1, "panelist-1").in_question("q3").reasked(),
            "q3/r1-panelist-1-reask",
        ),
        (CallId::best_single("q3", 2), "q3-best-2"),
        (CallId::best_single("q3", 2).reasked(), "q3-best-2-reask"),
        (
            CallId::seat(2, "business_driver").at_step(Step::Compromise),
            "r2-business_driver-compromise",
        ),
        (
            CallId::seat(1, "sre").at_step(Step::Accept),
            "r1-sre-accept",
        ),
        (
            seat.clone().attempt(Attempt {
                request: None,
                retry: Some(1),
            }),
            "r1-panelist-2-attempt-1",
        ),
        (
            seat.clone().attempt(Attempt {
                request: Some("own".into()),
                retry: None,
            }),
            "r1-panelist-2-attempt-own",
        ),
        (
            seat.clone().reasked().attempt(Attempt {
                request: Some("backup2".into()),
                retry: Some(3),
            }),
            "r1-panelist-2-reask-attempt-backup2-3",
        ),
    ];
    for (id, text) in cases {
        assert_eq!(id.to_string(), text);
        assert_eq!(CallId::parse(text), Some(id), "{text} reads back");
    }
}

#[test]
fn what_a_call_id_says() {
    let reask = CallId::parse("q3/r1-panelist-1-reask").unwrap();
    assert_eq!(reask.question(), Some("q3"));
    assert!(reask.is_reask());
    assert_eq!(reask.asked_call().to_string(), "q3/r1-panelist-1");
    assert_eq!(
        reask.asked(),
        &Asked::Seat {
            question: Some("q3".into()),
            round: 1,
            participant: "panelist-1".into(),
            step: None,
        }
    );
    let sample = CallId::parse("q12-best-4").unwrap();
    assert_eq!(sample.question(), Some("q12"));
    assert_eq!(CallId::parse("r2-judge").unwrap().question(), None);
    let attempt = CallId::parse("r1-panelist-1-attempt-own").unwrap();
    assert!(attempt.is_attempt());
    assert_eq!(attempt.asked_call(), CallId::seat(1, "panelist-1"));
    assert_eq!(
        CallId::parse("r4-sre-accept").unwrap().step(),
        Some(Step::Accept)
    );
}

#[test]
fn a_string_no_call_id_formats_to_is_none() {
    for text in [
        "",
        "judge",
        "r1",
        "rx-judge",
        "r01-judge",
        "r300-judge",
        "q3-best-x",
    ] {
        assert_eq!(CallId::parse(text), None, "{text}");
    }
    assert!(serde_json::from_str::<CallId>("\"judge\"").is_err());
}
