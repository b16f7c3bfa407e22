//! The typed ids are plain strings on the wire and in storage: each serialises as the string it
//! holds, and a session stored before they were types still loads, its ids read as they were.
use consilium_engine::foundation::ids::{ParticipantId, ProviderId, SessionId};
use consilium_engine::record::Session;
use serde_json::Value;

const V1_COMPLETE: &str = include_str!("fixtures/v1/consult_complete.json");
const CONSULT: &str = include_str!("fixtures/serde_identity/consult.json");

#[test]
fn a_provider_id_is_a_plain_string() {
    let id = ProviderId::new("p-or");
    assert_eq!(serde_json::to_string(&id).unwrap(), r#""p-or""#);
    assert_eq!(serde_json::from_str::<ProviderId>(r#""p-or""#).unwrap(), id);
    assert_eq!(id.to_string(), "p-or");
    assert_eq!(id.as_str(), "p-or");
    assert_eq!(id, "p-or");
}

#[test]
fn stored_sessions_keep_their_provider_ids() {
    for stored in [V1_COMPLETE, CONSULT] {
        let session = Session::from_json_text(stored).expect("a stored session loads");
        assert!(!session.participants.is_empty());
        for seat in &session.participants {
            assert_eq!(seat.provider_id, "demo");
            let json = serde_json::to_value(seat).unwrap();
            assert_eq!(json["provider_id"], "demo", "written back as a string");
        }
    }
}

#[test]
fn a_participant_id_is_a_plain_string() {
    let id = ParticipantId::new("panelist-2");
    assert_eq!(serde_json::to_string(&id).unwrap(), r#""panelist-2""#);
    assert_eq!(
        serde_json::from_str::<ParticipantId>(r#""panelist-2""#).unwrap(),
        id
    );
    assert_eq!(id.to_string(), "panelist-2");
    assert_eq!(
        format!("{id}"),
        "panelist-2",
        "Display names the seat, never the type"
    );
    assert_eq!(id, "panelist-2");
    let ids = vec![id, ParticipantId::from("judge")];
    assert_eq!(
        serde_json::to_string(&ids).unwrap(),
        r#"["panelist-2","judge"]"#
    );
}

#[test]
fn a_session_id_is_a_plain_string() {
    let id = SessionId::new("c-abc");
    assert_eq!(serde_json::to_string(&id).unwrap(), r#""c-abc""#);
    assert_eq!(serde_json::from_str::<SessionId>(r#""c-abc""#).unwrap(), id);
    assert_eq!(format!("#/session/{id}"), "#/session/c-abc");
    assert_eq!(id, "c-abc");
    // A map keyed by session id is looked up with the plain string.
    let by_id = std::collections::HashMap::from([(id.clone(), 1)]);
    assert_eq!(by_id.get("c-abc"), Some(&1));
}

/// The strings at `pointer` in each element of the array at `array` (an empty list when absent).
fn strings_at(json: &Value, array: &str, pointer: &str) -> Vec<String> {
    json.pointer(array)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.pointer(pointer)?.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn stored_sessions_keep_their_session_and_participant_ids() {
    for (stored, id) in [(V1_COMPLETE, "c-v1-fixture"), (CONSULT, "c-test")] {
        let session = Session::from_json_text(stored).expect("a stored session loads");
        assert_eq!(session.id, id);
        let seats: Vec<&str> = session.participants.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(seats, ["panelist-1", "panelist-2", "panelist-3", "judge"]);
        let body = session.consult();
        let answers: Vec<&str> = body.round1.iter().map(|a| a.agent_id.as_str()).collect();
        assert_eq!(answers, ["panelist-1", "panelist-2", "panelist-3"]);
        let supporters = &body.round2.as_ref().unwrap().consensus_points[2].supporting_agents;
        assert_eq!(supporters, &["panelist-1", "panelist-3"]);
        assert!(session
            .calls
            .iter()
            .all(|c| session.participant(&c.participant_id).is_some()));

        // Written back, every id is the string it was read as.
        let json = serde_json::to_value(&session).unwrap();
        assert_eq!(json["id"], id);
        assert_eq!(
            strings_at(&json, "/participants", "/id"),
            ["panelist-1", "panelist-2", "panelist-3", "judge"]
        );
        assert_eq!(
            strings_at(&json, "/calls", "/participant_id"),
            session
                .calls
                .iter()
                .map(|c| c.participant_id.to_string())
                .collect::<Vec<_>>()
        );
        assert_eq!(
            strings_at(&json, "/body/round1", "/agent_id"),
            ["panelist-1", "panelist-2", "panelist-3"]
        );
        assert_eq!(
            json.pointer("/body/round2/consensus_points/2/supporting_agents"),
            Some(&serde_json::json!(["panelist-1", "panelist-3"]))
        );
        let check = &json["body"]["confidence_check"];
        assert!(check["absent_panelists"].as_array().unwrap().is_empty());
        let reread = Session::from_json(json).expect("written back, it loads again");
        assert_eq!(reread, session);
    }
}
