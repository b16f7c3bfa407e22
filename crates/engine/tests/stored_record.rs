//! A stored session is validated again when opened or resumed: a hand-edited invalid record says
//! what is wrong and does not resume; nothing in it is deleted.
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    harness::events::Event, record::consult::state::ConsultState, record::Session,
};
use consilium_engine::{
    resume::invalid_record_notice, resume::record_problems, resume::resume_offer,
};

type Edit = Box<dyn Fn(&mut Session)>;

const V1_COMPLETE: &str = include_str!("fixtures/v1/consult_complete.json");
const V1_INTERRUPTED: &str = include_str!("fixtures/v1/consult_interrupted.json");

fn complete() -> Session {
    run(demo_session(), &ScriptedCaller::over_demo()).0
}

/// The demo run as saved after round 3, with `edit` applied: an interrupted session to resume.
fn saved_after_round_three(edit: impl Fn(&mut Session)) -> Session {
    let (_, sink) = run(demo_session(), &ScriptedCaller::over_demo());
    let mut saved = sink
        .events()
        .into_iter()
        .filter_map(|event| match event {
            Event::SessionUpdated(session) => Some(*session),
            _ => None,
        })
        .find(|s| s.consult().round3.is_some())
        .unwrap();
    edit(&mut saved);
    saved
}

#[test]
fn sound_records_have_no_problems_including_those_stored_by_earlier_versions() {
    assert_eq!(record_problems(&complete()), Vec::<String>::new());
    for stored in [V1_COMPLETE, V1_INTERRUPTED] {
        let session = Session::from_json_text(stored).unwrap();
        assert_eq!(record_problems(&session), Vec::<String>::new());
    }
    assert_eq!(invalid_record_notice(&complete()), None);
}

#[test]
fn each_hand_edit_the_run_would_have_refused_is_named() {
    let cases: Vec<(&str, Edit)> = vec![
        (
            "Round 1 answer of panelist-2: position is a placeholder",
            Box::new(|s| s.consult_mut().round1[1].position = "...".into()),
        ),
        (
            "Round 2 synthesis names \"panelist-9\", who is not on the panel.",
            Box::new(|s| {
                s.consult_mut().round2.as_mut().unwrap().consensus_points[0].supporting_agents[0] =
                    "panelist-9".into()
            }),
        ),
        (
            "Round 3 cross-examination names \"mallory\", who is not on the panel.",
            Box::new(|s| {
                s.consult_mut().round3.as_mut().unwrap().challenges[0].challenger = "mallory".into()
            }),
        ),
        (
            "Round 4 verdict: evidence must have at least 1 item",
            Box::new(|s| s.consult_mut().round4.as_mut().unwrap().evidence.clear()),
        ),
        (
            "The stored confidence (99%) is not the one its record gives (78%).",
            Box::new(|s| {
                s.consult_mut()
                    .confidence_check
                    .as_mut()
                    .unwrap()
                    .computed_confidence = 0.99
            }),
        ),
        (
            "Round 3 is stored without round 2.",
            Box::new(|s| s.consult_mut().round2 = None),
        ),
    ];
    for (expected, edit) in cases {
        let mut session = complete();
        edit(&mut session);
        let problems = record_problems(&session);
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "{expected}: {problems:?}"
        );
        let notice = invalid_record_notice(&session).unwrap();
        assert!(
            notice.starts_with("This session's record is invalid: "),
            "{notice}"
        );
    }
}

#[test]
fn an_invalid_stored_session_is_not_resumed_and_keeps_everything() {
    let sound = saved_after_round_three(|_| {});
    assert!(resume_offer(&sound, false, false).is_some());

    let edited = saved_after_round_three(|s| {
        s.consult_mut().round3.as_mut().unwrap().rebuttals[0].agent = "panelist-7".into()
    });
    assert!(edited.is_running(), "it was interrupted mid-run");
    assert_eq!(resume_offer(&edited, false, false), None);

    let caller = ScriptedCaller::over_demo();
    let (after, sink) = run(edited.clone(), &caller);
    assert!(caller.call_ids().is_empty(), "no call is made");
    assert!(sink.events().is_empty());
    assert_eq!(after, edited, "nothing is changed or deleted");
    assert_ne!(after.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn a_review_naming_someone_off_the_committee_is_invalid_and_not_resumed() {
    use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
    use consilium_engine::review::run_review;
    use consilium_engine::testing::{FixedClock, RecordingSink};

    let demo = || ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)));
    let sink = RecordingSink::default();
    let session = Session::new_review(
        "r-test".into(),
        DEMO_DIFF.into(),
        demo_review_config(),
        NOW_MS,
    );
    futures::executor::block_on(run_review(session, &demo(), &FixedClock(NOW_MS), &sink));
    // The review as saved after its first round, then edited by hand.
    let mut saved = sink
        .events()
        .into_iter()
        .filter_map(|event| match event {
            Event::SessionUpdated(session) => Some(*session),
            _ => None,
        })
        .find(|s| match &s.body {
            consilium_engine::record::Body::Review(body) => body.rounds.len() == 1,
            _ => false,
        })
        .unwrap();
    assert_eq!(record_problems(&saved), Vec::<String>::new());
    assert!(resume_offer(&saved, false, false).is_some());
    if let consilium_engine::record::Body::Review(body) = &mut saved.body {
        body.rounds[0].opinions[0].member_id = "intruder".into();
    }
    assert_eq!(
        record_problems(&saved),
        ["Round 1 names \"intruder\", who is not on the committee."]
    );
    assert_eq!(resume_offer(&saved, false, false), None);
    let caller = demo();
    let after = futures::executor::block_on(run_review(
        saved.clone(),
        &caller,
        &FixedClock(NOW_MS),
        &RecordingSink::default(),
    ));
    assert!(caller.call_ids().is_empty());
    assert_eq!(after, saved);
}
