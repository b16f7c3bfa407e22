//! The JSON of each protocol's finished demo session is byte-identical to a fixture written before
//! the record's serde impls were hand-written (bundle cuts), and it parses back to the same session
//! through every entry point (`from_json`, `from_str`, `from_value`).
//! Regenerate (only on purpose): `UPDATE_SERDE_FIXTURES=1 cargo test -p consilium-engine --test engine serde_identity::`.
use crate::common;

use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::record::Session;
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use futures::executor::block_on;

const NOW: u64 = common::NOW_MS;

fn consult() -> Session {
    common::run(common::demo_session(), &ScriptedCaller::over_demo()).0
}

fn review() -> Session {
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)));
    let session = Session::new_review("r-test".into(), DEMO_DIFF.into(), demo_review_config(), NOW);
    block_on(consilium_engine::review::run_review(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn prioritize() -> Session {
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)));
    let session = Session::new_prioritize(
        "p-test".into(),
        demo_backlog(),
        demo_prioritize_config(),
        NOW,
    );
    block_on(consilium_engine::prioritize::run_prioritize(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn check(name: &str, session: Session) {
    let path = format!(
        "{}/tests/fixtures/serde_identity/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let json = serde_json::to_string_pretty(&session).unwrap();
    if std::env::var_os("UPDATE_SERDE_FIXTURES").is_some() {
        std::fs::write(&path, &json).unwrap();
    }
    let fixture = std::fs::read_to_string(&path).unwrap();
    assert!(json == fixture, "{name}: the record's JSON changed");
    let compact = serde_json::to_string(&session).unwrap();
    let value: serde_json::Value = serde_json::from_str(&fixture).unwrap();
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        compact,
        "{name}: compact form"
    );
    assert_eq!(
        Session::from_json(value.clone()).unwrap(),
        session,
        "{name}: from_json"
    );
    assert_eq!(
        serde_json::from_value::<Session>(value).unwrap(),
        session,
        "{name}: from_value"
    );
    assert_eq!(
        serde_json::from_str::<Session>(&fixture).unwrap(),
        session,
        "{name}: from_str"
    );
}

#[test]
fn each_protocols_demo_record_keeps_its_exact_json() {
    check("consult", consult());
    check("review", review());
    check("prioritize", prioritize());
}
