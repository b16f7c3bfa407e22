//! The typed ids are plain strings on the wire and in storage: each serialises as the string it
//! holds, and a session stored before they were types still loads, its ids read as they were.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::record::Session;

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
