//! A session's state read typed (`Session::status`), from the name the record stores.
use crate::common;

use common::*;
use consilium_engine::record::consult::state::ConsultState;
use consilium_engine::record::state::StateMachine;
use consilium_engine::record::SessionStatus;
use consilium_engine::testing::ScriptedCaller;

#[test]
fn the_status_is_the_stored_state_of_the_sessions_protocol() {
    let fresh = demo_session();
    assert_eq!(fresh.status(), SessionStatus::Consult(ConsultState::Idle));
    assert!(!fresh.is_finished());

    let (done, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(
        done.status(),
        SessionStatus::Consult(ConsultState::Complete)
    );
    assert_eq!(
        done.state,
        ConsultState::Complete.as_str(),
        "stored by name"
    );
    assert!(done.is_finished());
}

#[test]
fn a_state_its_protocol_does_not_know_is_unknown_and_finished() {
    let mut edited = demo_session();
    edited.state = "pondering".into();
    assert_eq!(edited.status(), SessionStatus::Unknown);
    assert!(edited.is_finished(), "nothing can run it");
}
