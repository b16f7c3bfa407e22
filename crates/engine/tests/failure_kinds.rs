//! A call failure's kind is typed and serialised as the label it always was; a label this version
//! does not know still loads, and writes back unchanged.
use consilium_engine::harness::io::CallFailure;
use consilium_providers::FailureKind;

const LABELS: [&str; 14] = [
    "auth",
    "unknown_model",
    "rate_limited",
    "overloaded",
    "server",
    "bad_request",
    "structured_output_refused",
    "web_page",
    "timeout",
    "network",
    "malformed",
    "incomplete",
    "cancelled",
    "config",
];

#[test]
fn every_known_label_is_a_kind_of_its_own_and_serialises_as_itself() {
    for label in LABELS {
        let kind = FailureKind::from_label(label);
        assert!(!matches!(kind, FailureKind::Other(_)), "{label} is known");
        assert_eq!(kind.label(), label);
        let json = format!(r#"{{"kind":"{label}","message":"m"}}"#);
        let failure: CallFailure = serde_json::from_str(&json).unwrap();
        assert_eq!(failure.kind, kind);
        assert_eq!(serde_json::to_string(&failure).unwrap(), json);
    }
    assert!(CallFailure::cancelled().is_cancelled());
    assert_eq!(CallFailure::cancelled().kind.label(), "cancelled");
}

#[test]
fn an_unknown_kind_still_loads_and_writes_back_unchanged() {
    let json = r#"{"kind":"quota_exhausted","message":"Out of credit."}"#;
    let failure: CallFailure = serde_json::from_str(json).unwrap();
    assert_eq!(failure.kind, FailureKind::Other("quota_exhausted".into()));
    assert!(!failure.is_cancelled());
    assert_eq!(serde_json::to_string(&failure).unwrap(), json);
}
