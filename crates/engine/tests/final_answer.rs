//! `final_answer`: asked in round 1 and the verdict only when the consult says so (the
//! Benchmark's consults); an ordinary consult's prompts, schemas and record have no word of it.
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, harness::io::CallRequest, record::consult::state::ConsultState,
};
use serde_json::json;

fn request<'a>(requests: &'a [CallRequest], call_id: &str) -> &'a CallRequest {
    requests.iter().find(|r| r.call_id == call_id).unwrap()
}

fn schema_fields(request: &CallRequest) -> Vec<String> {
    let (_, schema) = request.response_schema.as_ref().expect("a schema");
    schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect()
}

fn answer_with_final(position: &str, final_answer: serde_json::Value) -> String {
    json!({
        "position": position,
        "key_points": [format!("{position}: the main reason")],
        "rationale": "Because it follows from the key point.",
        "final_answer": final_answer,
        "confidence": 80
    })
    .to_string()
}

#[test]
fn an_ordinary_consult_asks_for_no_final_answer_and_stores_none() {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    for request in caller.requests() {
        assert!(
            !request.prompt.contains("final_answer"),
            "{}",
            request.call_id
        );
        assert!(
            !request.prompt.contains("Final answer"),
            "{}",
            request.call_id
        );
        if let Some((_, schema)) = &request.response_schema {
            assert!(
                !schema.to_string().contains("final_answer"),
                "{}",
                request.call_id
            );
        }
    }
    let json = serde_json::to_string(&session).unwrap();
    assert!(!json.contains("final_answer"));
    assert_eq!(
        schema_fields(request(&caller.requests(), "r1-panelist-1")),
        ["position", "key_points", "rationale", "confidence"]
    );
}

#[test]
fn a_consult_asked_for_final_answers_asks_round_1_and_the_verdict_and_stores_them() {
    let mut config = demo_config();
    config.final_answer = true;
    let verdict = {
        let mut verdict: serde_json::Value =
            serde_json::from_str(&common::verdict(0.8, json!([]))).unwrap();
        verdict["final_answer"] = json!("42");
        verdict.to_string()
    };
    let caller = ScriptedCaller::over_demo()
        // A number, as a model without a schema writes it, reads as text.
        .reply("r1-panelist-1", answer_with_final("Forty-two", json!(42)))
        .reply("r1-panelist-2", answer_with_final("Forty-two", json!("42")))
        .reply("r1-panelist-3", answer_with_final("Forty-one", json!("41")))
        .reply("r4-judge", verdict);
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(
        session.consult_state(),
        Some(ConsultState::Complete),
        "{:?}",
        session.failure
    );
    let requests = caller.requests();
    let r1 = request(&requests, "r1-panelist-1");
    assert!(r1.prompt.contains("final answer alone in final_answer"));
    assert_eq!(
        schema_fields(r1),
        [
            "position",
            "key_points",
            "rationale",
            "final_answer",
            "confidence"
        ]
    );
    let r4 = request(&requests, "r4-judge");
    assert!(r4
        .prompt
        .contains("- final_answer: the council's answer alone"));
    assert_eq!(
        schema_fields(r4),
        [
            "recommendation",
            "final_answer",
            "confidence",
            "evidence",
            "dissent"
        ]
    );
    // Later rounds read each answer's final answer; only round 1 and the verdict are asked for one.
    assert!(request(&requests, "r2-judge")
        .prompt
        .contains("Final answer: 42"));
    assert!(!request(&requests, "r2-judge")
        .prompt
        .contains("final_answer"));
    assert!(
        !schema_fields(request(&requests, "r3-panelist-1")).contains(&"final_answer".to_string())
    );
    let body = session.consult();
    let finals: Vec<_> = body.round1.iter().map(|a| a.final_answer.clone()).collect();
    assert_eq!(
        finals,
        [Some("42".into()), Some("42".into()), Some("41".into())]
    );
    assert_eq!(
        body.round4.as_ref().unwrap().final_answer.as_deref(),
        Some("42")
    );
    let json = serde_json::to_string(&session).unwrap();
    assert_eq!(
        consilium_engine::record::Session::from_json_text(&json).unwrap(),
        session
    );
}

#[test]
fn a_reply_without_the_final_answer_it_was_asked_for_is_asked_again() {
    let mut config = demo_config();
    config.final_answer = true;
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", answer("No final answer here", 0.8))
        .reply(
            "r1-panelist-1-reask",
            answer_with_final("Forty-two", json!("42")),
        )
        .reply("r1-panelist-2", answer_with_final("Forty-two", json!("42")))
        .reply("r1-panelist-3", answer_with_final("Forty-two", json!("42")));
    let (session, _) = run(session_with(config), &caller);
    let first = call(&session, "r1-panelist-1");
    assert!(
        first
            .error
            .as_deref()
            .unwrap_or("")
            .contains("final_answer"),
        "{:?}",
        first.error
    );
    assert_eq!(
        session.consult().round1[0].final_answer.as_deref(),
        Some("42")
    );
}

/// A comma is a thousands separator only in groups of three; a decimal comma ("1,5")
/// is not the number 15.
#[test]
fn a_decimal_comma_is_not_a_thousands_separator() {
    use consilium_engine::record::consult::depth::same_final_answer;
    assert!(!same_final_answer("1,5", "15"));
    assert!(!same_final_answer("12,50", "1250"));
    assert!(
        !same_final_answer("1,5", "1.5"),
        "ambiguous: kept as written"
    );
    assert!(same_final_answer("1,5", "1,5."));
    assert!(same_final_answer("1,500", "1500"));
    assert!(same_final_answer("-12,000.5", "-12000.5"));
    assert!(same_final_answer("1,234,567", "1234567"));
    assert!(!same_final_answer("1,23,456", "123456"));
}
