//! One schema for every call of a consult that carries material, with structured output on: the
//! same name and bytes on every call, each round's reply read from its own key, a reply under
//! the wrong key refused and asked again as any unusable reply; without material each round
//! sends its own schema as before.
use crate::common;

use common::{attach_contract, call, recorded, run, session_with};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::material::MATERIAL_SYSTEM;
use consilium_engine::consult::reply_envelope::{envelope_schema, ENVELOPE_NAME};
use consilium_engine::harness::io::CallRequest;
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::record::consult::reply_keys::{INDEPENDENT_KEY, SYNTHESIS_KEY, VERDICT_KEY};
use consilium_engine::record::CallStatus;
use consilium_engine::testing::ScriptedCaller;
use serde_json::{json, Value};

fn config_with_material() -> ConsultConfig {
    let mut config = demo_config();
    attach_contract(&mut config, 120);
    assert!(config.structured_output);
    config
}

#[test]
fn every_call_of_a_consult_with_material_sends_the_same_schema_bytes() {
    let config = config_with_material();
    let requests = recorded(config.clone());
    assert_eq!(requests.len(), 9);
    let first = requests[0].response_schema.clone().expect("a schema");
    assert_eq!(first.0, ENVELOPE_NAME);
    assert_eq!(first.1, envelope_schema(&config));
    for request in &requests {
        let (name, schema) = request.response_schema.as_ref().expect("a schema");
        assert_eq!(name, &first.0, "{}", request.call_id);
        assert_eq!(
            schema.to_string(),
            first.1.to_string(),
            "{}",
            request.call_id
        );
    }
}

#[test]
fn the_envelope_holds_every_rounds_reply_under_its_key_each_nullable() {
    let schema = envelope_schema(&config_with_material());
    let keys = [
        "independent_answer",
        "synthesis",
        "cross_exam_reply",
        "cross_exam_judgment",
        "verdict",
    ];
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(schema["required"], json!(keys));
    for key in keys {
        let any_of = schema["properties"][key]["anyOf"].as_array().expect(key);
        assert_eq!(any_of.len(), 2, "{key}");
        assert_eq!(any_of[0]["type"], "object", "{key}");
        assert_eq!(any_of[1], json!({ "type": "null" }), "{key}");
    }
}

#[test]
fn each_call_is_told_its_key_after_the_material_and_its_reply_is_read_from_it() {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(config_with_material()), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let expected = [
        ("r1-panelist-1", "independent_answer"),
        ("r2-judge", "synthesis"),
        ("r3-panelist-2", "cross_exam_reply"),
        ("r3-judge", "cross_exam_judgment"),
        ("r4-judge", "verdict"),
    ];
    let requests = caller.requests();
    for (call_id, key) in expected {
        let request = requests.iter().find(|r| r.call_id == call_id).unwrap();
        let told = format!("put your reply under \"{key}\" and set every other key to null.");
        assert!(request.prompt.ends_with(&told), "{call_id}");
        let material_end = request.prompt.find("=== end of material ===").unwrap();
        assert!(request.prompt.find(&told).unwrap() > material_end);
        assert_eq!(call(&session, call_id).status, CallStatus::Ok, "{call_id}");
    }
    let body = session.body_of::<ConsultBody>().unwrap();
    assert_eq!(body.round1.len(), 3);
    assert!(body.round2.is_some() && body.round3.is_some() && body.round4.is_some());
}

/// A round's object as a reply filling `key` of the envelope, every other key null.
fn under(key: &str, reply: Value) -> String {
    let mut envelope = serde_json::Map::new();
    for name in [
        "independent_answer",
        "synthesis",
        "cross_exam_reply",
        "cross_exam_judgment",
        "verdict",
    ] {
        let value = if name == key {
            reply.clone()
        } else {
            Value::Null
        };
        envelope.insert(name.to_string(), value);
    }
    Value::Object(envelope).to_string()
}

fn demo_text(call_id: &str, round: u8, participant: &str) -> Value {
    let request = CallRequest {
        call_id: call_id.into(),
        round,
        participant_id: participant.into(),
        target: consilium_engine::harness::io::CallTarget {
            provider_id: "demo".into(),
            provider_label: "Demo".into(),
            model: "scripted".into(),
            price: None,
            label: "x".into(),
        },
        system: String::new(),
        prompt: String::new(),
        max_tokens: 100,
        temperature: 0.7,
        response_schema: None,
        prompt_cache_key: None,
        cache_prefix_len: 0,
        images: Vec::new(),
        web_search: None,
    };
    let text = consilium_engine::consult::demo::demo_reply(&request).text;
    let start = text.find('{').unwrap();
    serde_json::Deserializer::from_str(&text[start..])
        .into_iter::<Value>()
        .next()
        .unwrap()
        .unwrap()
}

#[test]
fn a_reply_under_the_wrong_key_is_asked_again_as_any_unusable_reply() {
    let synthesis = demo_text("r2-judge", 2, "judge");
    let caller = ScriptedCaller::over_demo().reply("r2-judge", under(VERDICT_KEY, synthesis));
    let (session, _) = run(session_with(config_with_material()), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let first = call(&session, "r2-judge");
    assert_eq!(first.status, CallStatus::Failed);
    let error = first.error.as_deref().unwrap();
    assert!(
        error.contains("fills \"verdict\", not \"synthesis\""),
        "{error}"
    );
    assert_eq!(call(&session, "r2-judge-reask").status, CallStatus::Ok);
    let reask = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge-reask")
        .unwrap();
    assert!(reask.prompt.contains("put the reply under \"synthesis\""));
}

#[test]
fn a_reply_filling_no_key_twice_fails_the_call_as_any_unusable_reply() {
    let nothing = under(INDEPENDENT_KEY, Value::Null);
    let caller = ScriptedCaller::over_demo()
        .reply("r2-judge", nothing.clone())
        .reply("r2-judge-reask", nothing);
    let (session, _) = run(session_with(config_with_material()), &caller);
    assert_eq!(session.state, "failed");
    let failure = session.failure.unwrap();
    assert!(
        failure.contains("could not be used, even when asked again"),
        "{failure}"
    );
    assert!(
        failure.contains(&format!("no object under \"{SYNTHESIS_KEY}\"")),
        "{failure}"
    );
}

#[test]
fn a_panelists_reply_under_its_key_is_its_answer() {
    let answer = demo_text("r1-panelist-1", 1, "panelist-1");
    let caller =
        ScriptedCaller::over_demo().reply("r1-panelist-1", under(INDEPENDENT_KEY, answer.clone()));
    let (session, _) = run(session_with(config_with_material()), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let body = session.body_of::<ConsultBody>().unwrap();
    let stored = body
        .round1
        .iter()
        .find(|a| a.agent_id == "panelist-1")
        .unwrap();
    assert_eq!(stored.position, answer["position"].as_str().unwrap());
}

#[test]
fn without_material_each_round_sends_its_own_schema_as_before() {
    let requests = recorded(demo_config());
    let names: Vec<(&str, &str)> = requests
        .iter()
        .map(|r| {
            (
                r.call_id.as_str(),
                r.response_schema.as_ref().unwrap().0.as_str(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("r1-panelist-1", "independent_answer"),
            ("r1-panelist-2", "independent_answer"),
            ("r1-panelist-3", "independent_answer"),
            ("r2-judge", "synthesis"),
            ("r3-panelist-1", "cross_exam_reply"),
            ("r3-panelist-2", "cross_exam_reply"),
            ("r3-panelist-3", "cross_exam_reply"),
            ("r3-judge", "cross_exam_judgment"),
            ("r4-judge", "verdict"),
        ]
    );
    assert!(requests
        .iter()
        .all(|r| !r.prompt.contains("set every other key to null")));
}

#[test]
fn with_structured_output_off_no_call_sends_a_schema() {
    let mut config = config_with_material();
    config.structured_output = false;
    let requests = recorded(config);
    assert!(requests.iter().all(|r| r.response_schema.is_none()));
    assert!(requests
        .iter()
        .all(|r| !r.prompt.contains("set every other key to null")));
}

#[test]
fn every_call_of_each_model_opens_with_the_same_schema_system_and_material() {
    let mut config = config_with_material();
    config.panelists[2].model = "other-model".into();
    let requests = recorded(config);
    let opening = |r: &CallRequest| {
        let end = r.prompt.find("=== end of material ===\n\n").unwrap() + 25;
        format!(
            "{}{}{}",
            serde_json::to_string(&r.response_schema).unwrap(),
            r.system,
            &r.prompt[..end]
        )
    };
    for model in ["scripted", "other-model"] {
        let calls: Vec<&CallRequest> = requests
            .iter()
            .filter(|r| r.target.model == model)
            .collect();
        assert!(calls.len() >= 2, "{model}");
        for call in &calls {
            assert_eq!(call.system, MATERIAL_SYSTEM);
            assert_eq!(opening(call), opening(calls[0]), "{}", call.call_id);
        }
    }
}
