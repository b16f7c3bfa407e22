//! The state machine's transitions and the events' names.
use crate::common;

use common::*;
use consilium_engine::record::CallId;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    harness::events::Event, harness::io::CallFailure, record::consult::state::ConsultState,
    record::consult::state::TransitionError, record::state::StateMachine, record::Protocol,
};
use ConsultState::*;

const ALL: &[ConsultState] = <ConsultState as StateMachine>::ALL;

#[test]
fn the_happy_path_is_a_chain_of_valid_transitions() {
    let path = [
        Idle,
        Estimating,
        AwaitingConsent,
        Independent,
        Synthesis,
        CrossExam,
        Verdict,
        Complete,
    ];
    for step in path.windows(2) {
        assert_eq!(step[0].transition(step[1]), Ok(step[1]));
    }
}

#[test]
fn every_round_can_be_the_last_one() {
    for round_state in [Independent, CrossExam, Verdict] {
        assert_eq!(round_state.transition(Complete), Ok(Complete));
    }
    // Ending with the synthesis needs a reason (Vote, a stop rule that held, the user's stop):
    // see tests/depth.rs.
    assert!(Synthesis.transition(Complete).is_err());
}

#[test]
fn aborted_and_failed_are_reachable_from_every_running_state_only() {
    for &from in ALL {
        for to in [Aborted, Failed] {
            assert_eq!(
                from.transition(to).is_ok(),
                from.is_running(),
                "{from} -> {to}"
            );
        }
    }
    let running: Vec<ConsultState> = ALL.iter().copied().filter(|s| s.is_running()).collect();
    assert_eq!(
        running,
        [
            Estimating,
            AwaitingConsent,
            Independent,
            Synthesis,
            CrossExam,
            Verdict
        ]
    );
}

#[test]
fn an_invalid_transition_is_an_error_not_a_no_op() {
    for (from, to) in [
        (Idle, Independent),
        (Idle, Complete),
        (AwaitingConsent, Synthesis),
        (Verdict, Synthesis),
        (Complete, Failed),
        (Aborted, Independent),
        (Synthesis, Synthesis),
        (Estimating, Complete),
    ] {
        assert_eq!(from.transition(to), Err(TransitionError { from, to }));
    }
    assert_eq!(
        Idle.transition(Independent).unwrap_err().to_string(),
        "A consultation cannot go from idle to independent."
    );
}

#[test]
fn resume_re_enters_a_resume_point_from_a_stopped_state() {
    for from in [Independent, CrossExam, Aborted, Failed, Estimating] {
        assert_eq!(from.resume(Synthesis), Ok(Synthesis));
        assert_eq!(from.resume(AwaitingConsent), Ok(AwaitingConsent));
    }
    assert!(
        Idle.resume(Independent).is_err(),
        "a fresh session starts normally"
    );
    assert!(Complete.resume(Verdict).is_err());
    assert!(Failed.resume(Complete).is_err());
    assert!(Failed.resume(Idle).is_err());
}

#[test]
fn states_serialise_in_snake_case_and_know_their_round() {
    assert_eq!(
        serde_json::to_value(AwaitingConsent).unwrap(),
        "awaiting_consent"
    );
    assert_eq!(serde_json::to_value(CrossExam).unwrap(), "cross_exam");
    for &state in ALL {
        assert_eq!(serde_json::to_value(state).unwrap(), state.as_str());
    }
    let rounds: Vec<Option<u8>> = ALL.iter().map(|s| s.round()).collect();
    assert_eq!(
        rounds,
        [
            None,
            None,
            None,
            Some(1),
            Some(2),
            Some(3),
            Some(4),
            None,
            None,
            None
        ]
    );
    assert_eq!(ConsultState::for_round(3), Some(CrossExam));
    assert_eq!(ConsultState::for_round(5), None);
}

#[test]
fn a_fresh_run_walks_through_estimating_and_consent() {
    let (_, sink) = run(demo_session(), &ScriptedCaller::over_demo());
    let changes: Vec<(ConsultState, ConsultState)> = sink
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::StateChanged { from, to } => Some((
                ConsultState::parse(from).unwrap(),
                ConsultState::parse(to).unwrap(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        changes,
        [
            (Idle, Estimating),
            (Estimating, AwaitingConsent),
            (AwaitingConsent, Independent),
            (Independent, Synthesis),
            (Synthesis, CrossExam),
            (CrossExam, Verdict),
            (Verdict, Complete)
        ]
    );
}

#[test]
fn every_event_has_its_consultation_name() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let named = [
        (
            Event::Started {
                session_id: "c".into(),
                protocol: Protocol::Consult,
            },
            "consultation:started",
        ),
        (
            Event::StateChanged {
                from: Idle.as_str().into(),
                to: Estimating.as_str().into(),
            },
            "consultation:state_changed",
        ),
        (
            Event::RoundStarted { round_number: 1 },
            "consultation:round_started",
        ),
        (
            Event::CallStarted {
                call_id: CallId::seat(1, "p"),
                round_number: 1,
                participant_id: "p".into(),
            },
            "consultation:call_started",
        ),
        (
            Event::CallFinished {
                call_id: CallId::seat(1, "p"),
                participant_id: "p".into(),
                ok: true,
                error: None,
                answered_by: None,
            },
            "consultation:call_finished",
        ),
        (
            Event::RoundArtifact { round_number: 1 },
            "consultation:round_artifact",
        ),
        (
            Event::CostUpdated {
                spent_usd: 0.0,
                unpriced_calls: 0,
                budget_usd: None,
            },
            "consultation:cost_updated",
        ),
        (Event::Completed, "consultation:completed"),
        (Event::Failed { reason: "r".into() }, "consultation:failed"),
        (Event::Aborted, "consultation:aborted"),
        (
            Event::SessionUpdated(Box::new(session)),
            "consultation:session_updated",
        ),
    ];
    for (event, name) in named {
        assert_eq!(event.name(Protocol::Consult), name);
    }
}

#[test]
fn a_run_emits_its_events_in_order_and_a_session_update_after_every_change() {
    let (session, sink) = run(demo_session(), &ScriptedCaller::over_demo());
    let names = sink.names();
    assert_eq!(
        names[..6],
        [
            "consultation:started",
            "consultation:session_updated",
            "consultation:state_changed",
            "consultation:session_updated",
            "consultation:state_changed",
            "consultation:session_updated",
        ]
    );
    // Each call: started, finished, cost updated, then the session with its record.
    let first_finish = names
        .iter()
        .position(|n| *n == "consultation:call_finished")
        .unwrap();
    assert_eq!(
        names[first_finish..first_finish + 3],
        [
            "consultation:call_finished",
            "consultation:cost_updated",
            "consultation:session_updated"
        ]
    );
    let artifacts = names
        .iter()
        .filter(|n| **n == "consultation:round_artifact")
        .count();
    let updates = names
        .iter()
        .filter(|n| **n == "consultation:session_updated")
        .count();
    let state_changes = names
        .iter()
        .filter(|n| **n == "consultation:state_changed")
        .count();
    assert_eq!(updates, session.calls.len() + artifacts + state_changes);
    match sink.events().iter().rev().find_map(|e| match e {
        Event::SessionUpdated(s) => Some(s.clone()),
        _ => None,
    }) {
        Some(last) => assert_eq!(*last, session, "the last update is the final session"),
        None => panic!("no session update"),
    }
}

#[test]
fn failed_and_aborted_runs_end_with_their_events() {
    let (_, failed) = run(
        demo_session(),
        &ScriptedCaller::over_demo().fail(
            "r2-judge",
            CallFailure {
                kind: "auth".into(),
                message: "Bad key.".into(),
            },
        ),
    );
    assert_eq!(failed.names().last(), Some(&"consultation:failed"));
    let (_, aborted) = run(
        demo_session(),
        &ScriptedCaller::over_demo().fail("r1-panelist-1", CallFailure::cancelled()),
    );
    assert_eq!(aborted.names().last(), Some(&"consultation:aborted"));
}

#[test]
fn streamed_text_reaches_the_shell_as_deltas_of_its_call() {
    let (session, sink) = run(demo_session(), &ScriptedCaller::over_demo());
    let deltas: Vec<(String, String)> = sink
        .events()
        .into_iter()
        .filter_map(|e| match e {
            Event::CallDelta { call_id, text, .. } => Some((call_id.to_string(), text)),
            _ => None,
        })
        .collect();
    assert_eq!(deltas.len(), session.calls.len());
    for (call_id, text) in deltas {
        let record = session.calls.iter().find(|c| c.call_id == call_id).unwrap();
        assert_eq!(record.reply_text.as_deref(), Some(text.as_str()));
    }
    assert!(sink.names().contains(&"consultation:call_delta"));
}
