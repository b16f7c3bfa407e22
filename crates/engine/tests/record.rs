//! The shared session record: its JSON shape, and records stored by earlier versions, which open
//! after an upgrade (fixtures written by the build of 2026-11-22, before the shared record).
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::report::markdown::consult_markdown, record::consult::state::ConsultState,
    record::CallStatus, record::Protocol, record::RecordError, record::Session,
};
use serde_json::{json, Value};

const V1_COMPLETE: &str = include_str!("fixtures/v1/consult_complete.json");
const V1_INTERRUPTED: &str = include_str!("fixtures/v1/consult_interrupted.json");

#[test]
fn a_complete_consult_stored_before_the_shared_record_opens_with_everything_in_it() {
    let old: Value = serde_json::from_str(V1_COMPLETE).unwrap();
    let session = Session::from_json_text(V1_COMPLETE).expect("migrates");
    assert_eq!(session.schema_version, "2.0");
    assert_eq!(session.protocol(), Protocol::Consult);
    assert_eq!(session.id, "c-v1-fixture");
    assert_eq!(session.subject, old["question"]);
    assert_eq!(
        session.title,
        "Should our team adopt Rust for the new ingestion service?"
    );
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert!(session.demo, "the demo flag moves to the envelope");
    let ids: Vec<&str> = session.participants.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["panelist-1", "panelist-2", "panelist-3", "judge"]);
    assert!(session.participants[0].price.is_some());
    assert_eq!(session.calls.len(), old["calls"].as_array().unwrap().len());
    assert!(session.calls.iter().all(|c| c.status == CallStatus::Ok));
    assert_eq!(
        session.cost.spent_usd,
        old["cost"]["spent_usd"].as_f64().unwrap()
    );
    let body = session.consult();
    assert_eq!(body.round1.len(), 3);
    assert_eq!(
        serde_json::to_value(&body.round4).unwrap(),
        old["round4"],
        "the verdict is carried over untouched"
    );
    assert_eq!(serde_json::to_value(&body.config).unwrap(), old["config"]);
    assert!(body.confidence_check.is_some());
    assert!(body.token_efficiency_stats.is_some());
    // It reads and exports as any session does, and saves in the current shape.
    assert!(consult_markdown(&session).contains("## Verdict"));
    let saved = serde_json::to_value(&session).unwrap();
    assert_eq!(Session::from_json(saved).unwrap(), session);
}

#[test]
fn an_interrupted_consult_stored_before_the_shared_record_resumes_from_its_last_round() {
    let session = Session::from_json_text(V1_INTERRUPTED).expect("migrates");
    assert_eq!(session.consult_state(), Some(ConsultState::CrossExam));
    assert!(session.is_running());
    assert_eq!(session.consult().last_complete_round(), 2);
    let caller = ScriptedCaller::over_demo();
    let (resumed, _) = run(session.clone(), &caller);
    assert_eq!(caller.call_ids()[0], "r3-panelist-1");
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert_eq!(resumed.calls[..session.calls.len()], session.calls[..]);
}

#[test]
fn records_that_cannot_be_opened_say_why() {
    assert_eq!(
        Session::from_json(json!([1, 2])),
        Err(RecordError::NotAnObject)
    );
    let newer = Session::from_json(json!({"schema_version": "3.0"})).unwrap_err();
    assert_eq!(newer, RecordError::NewerVersion("3.0".into()));
    assert!(newer.to_string().contains("newer version of Consilium"));
    assert_eq!(
        Session::from_json(json!({"schema_version": "0.7"})),
        Err(RecordError::UnknownVersion("0.7".into()))
    );
    let mut old: Value = serde_json::from_str(V1_COMPLETE).unwrap();
    old.as_object_mut().unwrap().remove("config");
    assert_eq!(
        Session::from_json(old),
        Err(RecordError::Invalid("the field config is missing.".into()))
    );
    let mut current = serde_json::to_value(demo_session()).unwrap();
    current["protocol"] = "astrology".into();
    assert!(matches!(
        Session::from_json(current),
        Err(RecordError::Invalid(_))
    ));
}

#[test]
fn the_envelope_holds_what_every_protocol_shares_and_the_body_the_rest() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let value = serde_json::to_value(&session).unwrap();
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "body",
            "calls",
            "cost",
            "created_at",
            "demo",
            "failure",
            "id",
            "participants",
            "protocol",
            "schema_version",
            "state",
            "subject",
            "title",
            "updated_at"
        ]
    );
    assert_eq!(value["protocol"], "consult");
    assert_eq!(value["state"], "complete");
    assert!(value["body"]["round4"].is_object());
}

#[test]
fn what_the_shell_did_to_get_a_reply_stays_on_its_call_record() {
    let note = "The server refused structured output (HTTP 500). It was sent again without \
                structured output, and this reply was read from plain text.";
    let caller = ScriptedCaller::new(move |request| {
        let mut reply = consilium_engine::consult::demo::demo_reply(request);
        if request.call_id == "r1-panelist-2" {
            reply.notes.push(note.to_string());
        }
        Ok(reply)
    });
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(call(&session, "r1-panelist-2").notes, [note]);
    assert!(call(&session, "r1-panelist-1").notes.is_empty());

    // Kept through the stored JSON; absent from the JSON of a call without notes.
    let json = serde_json::to_value(&session).unwrap();
    let calls = json["calls"].as_array().unwrap();
    let by_id = |id: &str| calls.iter().find(|c| c["call_id"] == id).unwrap();
    assert_eq!(by_id("r1-panelist-2")["notes"], json!([note]));
    assert!(by_id("r1-panelist-1").get("notes").is_none());
    let back = Session::from_json(json).unwrap();
    assert_eq!(call(&back, "r1-panelist-2").notes, [note]);

    // The session page lists it, with who and which round.
    let listed = consilium_engine::views::session::call_notes(&back);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].call_id, "r1-panelist-2");
    assert_eq!(listed[0].round, 1);
    assert_eq!(listed[0].label, back.label_of("panelist-2"));
    assert_eq!(listed[0].notes, [note]);
}
