//! Drafts: one per protocol's form and one per thread's composer, cleared by the run
//! asked from that box; blanks and very large texts are not kept.
use crate::common;

use common::*;
use consilium_engine::consult::view::follow_up::earlier_decision;
use consilium_engine::record::consult::follow_up::FollowUpOf;
use consilium_engine::record::Protocol;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::views::draft::{
    asked_draft_key, draft_key, draft_to_keep, follow_up_draft_key, MAX_DRAFT_BYTES,
};

#[test]
fn each_protocol_and_each_thread_has_a_draft_of_its_own() {
    let keys = [
        draft_key(Protocol::Consult),
        draft_key(Protocol::Review),
        draft_key(Protocol::Prioritize),
        follow_up_draft_key("s-1"),
        follow_up_draft_key("s-2"),
    ];
    for (i, a) in keys.iter().enumerate() {
        assert!(a.starts_with("consilium.draft."), "{a}");
        for b in &keys[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn a_run_clears_the_draft_it_was_asked_from() {
    let (first, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(asked_draft_key(&first), Some(draft_key(Protocol::Consult)));
    // A follow-up clears its thread's composer, not the new-session form.
    let mut second = demo_session();
    second.consult_mut().follows = earlier_decision(&first);
    assert_eq!(
        asked_draft_key(&second),
        Some(follow_up_draft_key(first.id.as_str()))
    );
    // A third turn, following the second, belongs to the first turn's thread: the same composer.
    let mut third = demo_session();
    third.consult_mut().follows = Some(FollowUpOf {
        session_id: "c-second".into(),
        thread: first.id.clone(),
        ..FollowUpOf::default()
    });
    assert_eq!(
        asked_draft_key(&third),
        Some(follow_up_draft_key(first.id.as_str()))
    );
}

#[test]
fn blanks_and_oversized_texts_are_not_kept() {
    assert_eq!(draft_to_keep("  \n\t"), None);
    assert_eq!(draft_to_keep("Should we?"), Some("Should we?"));
    let large = "x".repeat(MAX_DRAFT_BYTES + 1);
    assert_eq!(draft_to_keep(&large), None);
    let fits = "x".repeat(MAX_DRAFT_BYTES);
    assert_eq!(draft_to_keep(&fits).map(str::len), Some(MAX_DRAFT_BYTES));
}

#[test]
fn the_composer_keeps_the_draft_its_next_turn_clears() {
    use consilium_engine::consult::view::thread::{composer_draft_key, next_turn};
    let (first, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let key = composer_draft_key(std::slice::from_ref(&first)).expect("a decided turn");
    let second = next_turn(std::slice::from_ref(&first), "c-2".into(), "And then?", 1).unwrap();
    assert_eq!(asked_draft_key(&second), Some(key.clone()));
    let (second, _) = run(second, &ScriptedCaller::over_demo());
    let turns = [first.clone(), second];
    assert_eq!(composer_draft_key(&turns), Some(key.clone()));
    let third = next_turn(&turns, "c-3".into(), "And after?", 2).unwrap();
    assert_eq!(asked_draft_key(&third), Some(key));
    // A thread not yet decided has no composer.
    assert_eq!(composer_draft_key(&[demo_session()]), None);
}
