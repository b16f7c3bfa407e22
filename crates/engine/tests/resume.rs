//! Resuming a stored session: it continues from its first incomplete round.
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    harness::events::Event, harness::io::CallFailure, record::consult::state::ConsultState,
    record::state::StateMachine, record::CallStatus, record::Session,
};

/// The snapshots the shell would have persisted during a demo run.
fn saved_snapshots() -> Vec<Session> {
    let (_, sink) = run(demo_session(), &ScriptedCaller::over_demo());
    sink.events()
        .into_iter()
        .filter_map(|event| match event {
            Event::SessionUpdated(session) => Some(*session),
            _ => None,
        })
        .collect()
}

#[test]
fn a_session_saved_after_round_two_runs_only_rounds_three_and_four() {
    let saved = saved_snapshots()
        .into_iter()
        .find(|s| {
            s.consult().round2.is_some() && s.consult_state() == Some(ConsultState::Synthesis)
        })
        .unwrap();
    assert_eq!(saved.consult().last_complete_round(), 2);
    assert!(saved.is_running());

    let caller = ScriptedCaller::over_demo();
    let (resumed, sink) = run(saved.clone(), &caller);
    assert_eq!(
        caller.call_ids(),
        [
            "r3-panelist-1",
            "r3-panelist-2",
            "r3-panelist-3",
            "r3-judge",
            "r4-judge"
        ]
    );
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert_eq!(resumed.consult().round1, saved.consult().round1);
    assert_eq!(resumed.consult().round2, saved.consult().round2);
    assert!(resumed.consult().round4.is_some());
    assert_eq!(resumed.calls.len(), 9);
    assert!(sink.events().contains(&Event::StateChanged {
        from: ConsultState::Synthesis.as_str().into(),
        to: ConsultState::Synthesis.as_str().into()
    }));
}

#[test]
fn a_session_interrupted_mid_round_restarts_that_round_and_keeps_the_old_records() {
    let saved = saved_snapshots()
        .into_iter()
        .find(|s| {
            s.consult_state() == Some(ConsultState::CrossExam)
                && s.calls.iter().any(|c| c.round == 3)
        })
        .unwrap();
    assert_eq!(saved.consult().last_complete_round(), 2);
    let caller = ScriptedCaller::over_demo();
    let (resumed, _) = run(saved.clone(), &caller);
    assert_eq!(
        caller.call_ids()[0],
        "r3-panelist-1",
        "round 3 restarts from scratch"
    );
    assert_eq!(resumed.calls[..saved.calls.len()], saved.calls[..]);
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn a_session_saved_before_round_one_completed_restarts_round_one() {
    let saved = saved_snapshots()
        .into_iter()
        .find(|s| s.consult_state() == Some(ConsultState::Independent) && !s.calls.is_empty())
        .unwrap();
    let caller = ScriptedCaller::over_demo();
    let (resumed, sink) = run(saved, &caller);
    assert_eq!(caller.call_ids().len(), 9);
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert!(sink.events().contains(&Event::StateChanged {
        from: ConsultState::Independent.as_str().into(),
        to: ConsultState::AwaitingConsent.as_str().into()
    }));
}

#[test]
fn a_failed_session_can_be_resumed_and_its_failure_is_cleared() {
    let broken = ScriptedCaller::over_demo().fail(
        "r4-judge",
        CallFailure {
            kind: "rate_limited".into(),
            message: "Too many requests.".into(),
        },
    );
    let (failed, _) = run(demo_session(), &broken);
    assert_eq!(failed.consult_state(), Some(ConsultState::Failed));
    assert!(!failed.is_running());

    let caller = ScriptedCaller::over_demo();
    let (resumed, _) = run(failed, &caller);
    assert_eq!(caller.call_ids(), ["r4-judge"]);
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert_eq!(resumed.failure, None);
    let verdict_calls: Vec<CallStatus> = resumed
        .calls
        .iter()
        .filter(|c| c.call_id == "r4-judge")
        .map(|c| c.status)
        .collect();
    assert_eq!(verdict_calls, [CallStatus::Failed, CallStatus::Ok]);
}

#[test]
fn an_aborted_session_can_be_resumed() {
    let cancelling = ScriptedCaller::over_demo().fail("r3-judge", CallFailure::cancelled());
    let (aborted, _) = run(demo_session(), &cancelling);
    assert_eq!(aborted.consult_state(), Some(ConsultState::Aborted));
    let caller = ScriptedCaller::over_demo();
    let (resumed, _) = run(aborted, &caller);
    assert_eq!(caller.call_ids()[0], "r3-panelist-1");
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn a_complete_session_is_returned_unchanged() {
    let (complete, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let caller = ScriptedCaller::over_demo();
    let (again, sink) = run(complete.clone(), &caller);
    assert_eq!(again, complete);
    assert!(caller.requests().is_empty());
    assert!(sink.events().is_empty());
}
