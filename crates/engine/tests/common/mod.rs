//! Helpers shared by the test binaries; each binary uses a subset.
#![allow(dead_code)]

pub mod benchmark;

use consilium_engine::harness::io::CallRequest;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, consult::run_consult,
    foundation::participants::Price, record::consult::config::ConsultConfig, record::CallRecord,
    record::CallStatus, record::Session,
};
use futures::executor::block_on;
use serde_json::{json, Value};

pub const NOW_MS: u64 = 1_700_000_000_000;

pub fn demo_session() -> Session {
    session_with(demo_config())
}

pub fn session_with(config: ConsultConfig) -> Session {
    Session::new_consult("c-test".into(), DEMO_QUESTION.to_string(), config, NOW_MS)
}

/// `config` with a contract of `clauses` numbered lines attached as `contract.txt`.
pub fn attach_contract(config: &mut ConsultConfig, clauses: usize) {
    let text: String = (1..=clauses)
        .map(|n| format!("Clause {n}: the supplier keeps the data in the EU.\n"))
        .collect();
    attach(
        &mut config.material,
        source_from_bytes("contract.txt", "", text.as_bytes()).unwrap(),
    )
    .unwrap();
}

/// Every request a consult on `config` sent, run to its end on the demo's replies.
pub fn recorded(config: ConsultConfig) -> Vec<CallRequest> {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    caller.requests()
}

/// Runs the session to its end with a fixed clock; returns it and the events.
pub fn run(session: Session, caller: &ScriptedCaller) -> (Session, RecordingSink) {
    let sink = RecordingSink::default();
    let finished = block_on(run_consult(session, caller, &FixedClock(NOW_MS), &sink));
    (finished, sink)
}

pub fn call<'a>(session: &'a Session, call_id: &str) -> &'a CallRecord {
    session
        .calls
        .iter()
        .find(|c| c.call_id == call_id)
        .unwrap_or_else(|| panic!("no call {call_id} in {:?}", call_ids(session)))
}

pub fn call_ids(session: &Session) -> Vec<String> {
    session.calls.iter().map(|c| c.call_id.clone()).collect()
}

pub fn statuses(session: &Session) -> Vec<(String, CallStatus)> {
    session
        .calls
        .iter()
        .map(|c| (c.call_id.clone(), c.status))
        .collect()
}

/// The demo council with every seat priced.
pub fn priced_config(price: Price, budget_usd: Option<f64>) -> ConsultConfig {
    let mut config = demo_config();
    config
        .panelists
        .iter_mut()
        .for_each(|p| p.price = Some(price));
    config.judge.price = Some(price);
    config.budget_usd = budget_usd;
    config
}

pub fn answer(position: &str, confidence: f64) -> String {
    json!({
        "position": position,
        "key_points": [format!("{position}: the main reason")],
        "rationale": "Because it follows from the key point.",
        "confidence": confidence
    })
    .to_string()
}

pub fn synthesis(consensus: Value, tensions: Value) -> String {
    json!({
        "consensus_points": consensus,
        "tensions": tensions,
        "priority_order": ["Delivery risk", "Performance"]
    })
    .to_string()
}

pub fn panelist_reply_without_challenges(defense: &str) -> String {
    json!({ "challenges": [], "defense": defense }).to_string()
}

pub fn cross_exam_record(challenges: Value, rebuttals: Value, unresolved: Value) -> String {
    json!({ "challenges": challenges, "rebuttals": rebuttals, "unresolved": unresolved })
        .to_string()
}

pub fn verdict(confidence: f64, dissent: Value) -> String {
    json!({
        "recommendation": "Adopt Rust for the ingestion service, starting with a pilot.",
        "confidence": confidence,
        "evidence": ["Parsing is CPU-bound"],
        "dissent": dissent
    })
    .to_string()
}

/// A council that agrees in every round: confident answers, no tensions, no challenges.
pub fn unanimous_caller(verdict_confidence: f64) -> ScriptedCaller {
    let defense = "I endorse the consensus because the data shows parsing dominates.";
    ScriptedCaller::over_demo()
        .reply("r1-panelist-1", answer("Adopt Rust", 0.9))
        .reply("r1-panelist-2", answer("Adopt Rust", 0.8))
        .reply("r1-panelist-3", answer("Adopt Rust", 0.75))
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-2", "panelist-3"], "confidence": 0.9}]),
                json!([]),
            ),
        )
        .reply("r3-panelist-1", panelist_reply_without_challenges(defense))
        .reply("r3-panelist-2", panelist_reply_without_challenges(defense))
        .reply("r3-panelist-3", panelist_reply_without_challenges(defense))
        .reply(
            "r3-judge",
            cross_exam_record(
                json!([]),
                json!([{"agent": "panelist-1", "rebuttal": defense}]),
                json!([]),
            ),
        )
        .reply("r4-judge", verdict(verdict_confidence, json!([])))
}
