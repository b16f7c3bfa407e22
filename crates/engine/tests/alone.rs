//! A council of one model (the Benchmark's "Use <model> alone"): at any depth its
//! round-1 answer is the decision, with no synthesis and no judge call, in the verdict's shape.
use crate::common;

use common::*;
use consilium_engine::consult::can_cross_examine_anyway;
use consilium_engine::consult::dissent::{empty_dissent_note_of, ALONE_DISSENT_NOTE};
use consilium_engine::consult::stored::stored_consult_problems;
use consilium_engine::consult::view::verdict::{
    confidence_chip, confidence_why, decision as verdict_view,
};
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::consult::early_decision::DecidedBy;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, consult::estimate::estimate_cost, harness::io::CallFailure,
    record::consult::config::ConsultConfig, record::consult::state::ConsultState, record::Session,
};

fn alone_at(depth: Depth) -> ConsultConfig {
    let mut config = ConsultConfig {
        depth,
        ..demo_config()
    };
    config.panelists.truncate(1);
    config
}

#[test]
fn one_model_alone_is_a_single_answer_at_every_depth() {
    for depth in [Depth::Vote, Depth::Adaptive, Depth::Full] {
        let caller = ScriptedCaller::over_demo();
        let (session, _) = run(session_with(alone_at(depth)), &caller);
        assert_eq!(
            session.consult_state(),
            Some(ConsultState::Complete),
            "{depth:?}"
        );
        assert_eq!(
            caller.call_ids(),
            ["r1-panelist-1"],
            "{depth:?}: one call, no judge"
        );
        let body = session.consult();
        assert!(body.round2.is_none() && body.round3.is_none() && body.round4.is_none());
        let answer = &body.round1[0];
        let decision = body.decision().expect("the answer is the decision");
        assert_eq!(decision.decided_by, DecidedBy::Alone);
        assert_eq!(decision.verdict.recommendation, answer.position);
        assert!(decision.verdict.dissent.is_empty());
        // No panel, so no "No dissent on record." either: the card says why there is none.
        assert_eq!(
            empty_dissent_note_of(body).as_deref(),
            Some(ALONE_DISSENT_NOTE)
        );
        // The chip and "Why?" speak of a model alone, not of a band for "no dissent" or a judge.
        let shown = verdict_view(&session).expect("a decision to show");
        assert!(
            confidence_chip(&shown).ends_with(" · asked alone"),
            "{}",
            confidence_chip(&shown)
        );
        let why: Vec<&str> = confidence_why(&shown)
            .iter()
            .map(|l| l.term)
            .collect::<Vec<_>>();
        assert_eq!(why, ["Its own number", "Rule", "The engine"]);
        let evidence: Vec<&str> = decision
            .verdict
            .evidence
            .iter()
            .map(|e| e.point.as_str())
            .collect();
        assert_eq!(
            evidence,
            answer
                .key_points
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert_eq!(decision.calls_saved, 0);
        // Its own number stands: no panel agreed, so no floor lifts it.
        let check = decision.confidence_check.unwrap();
        assert_eq!(check.computed_confidence, answer.confidence);
        assert_eq!(decision.verdict.confidence, answer.confidence);
        assert!(!check.adjusted);
        // Nothing to cross-examine, and the stored record reads back sound.
        assert!(!can_cross_examine_anyway(&session));
        assert!(
            stored_consult_problems(body).is_empty(),
            "{:?}",
            stored_consult_problems(body)
        );
        let stored: Session =
            serde_json::from_str(&serde_json::to_string(&session).unwrap()).unwrap();
        assert_eq!(stored, session);
        assert_eq!(
            DecidedBy::Alone.sentence(),
            "Asked alone: its answer is the decision."
        );
    }
}

#[test]
fn the_answer_decides_even_when_the_run_stops_after_round_one() {
    let mut config = alone_at(Depth::Full);
    config.stop_after_round = 1;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(caller.call_ids(), ["r1-panelist-1"]);
    assert_eq!(
        session.consult().decision().map(|d| d.decided_by),
        Some(DecidedBy::Alone)
    );
}

#[test]
fn a_council_is_one_model_alone_or_two_to_five_panelists() {
    assert_eq!(alone_at(Depth::Adaptive).validate(), Ok(()));
    let mut none = demo_config();
    none.panelists.clear();
    let mut six = demo_config();
    while six.panelists.len() < 6 {
        let mut extra = six.panelists[0].clone();
        extra.id = format!("panelist-{}", six.panelists.len() + 1).into();
        six.panelists.push(extra);
    }
    for config in [none, six] {
        let refused = config.validate().unwrap_err();
        assert!(
            refused.starts_with("A council needs one model alone or 2 to 5 panelists"),
            "{refused}"
        );
    }
}

#[test]
fn the_estimate_counts_one_call_at_every_depth() {
    for depth in [Depth::Vote, Depth::Adaptive, Depth::Full] {
        let estimate = estimate_cost("Which database?", &alone_at(depth));
        assert_eq!(estimate.calls, 1, "{depth:?}");
        assert_eq!(estimate.calls_if_agreed, None, "{depth:?}");
        assert!(
            consilium_engine::views::costs::describe_calls(&estimate).starts_with("1 call, about"),
            "{depth:?}"
        );
    }
    // A council of three still plans its rounds.
    assert_eq!(estimate_cost("Which database?", &demo_config()).calls, 9);
}

#[test]
fn a_failed_answer_fails_the_consult_with_no_decision() {
    let caller = ScriptedCaller::over_demo().fail(
        "r1-panelist-1",
        CallFailure {
            kind: "network".into(),
            message: "Unreachable.".into(),
        },
    );
    let (session, _) = run(session_with(alone_at(Depth::Adaptive)), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session.consult().decision().is_none());
    let failure = session.failure.clone().unwrap_or_default();
    assert!(
        failure.contains("needs at least 1 usable answer and got 0"),
        "{failure}"
    );
}

#[test]
fn its_depth_reads_as_one_model_wherever_a_depth_is_shown() {
    use consilium_engine::consult::report::markdown::consult_markdown;
    use consilium_engine::library::summary::SessionSummary;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(alone_at(Depth::Adaptive)), &caller);
    assert_eq!(session.consult().config.depth_label(), "One model");
    assert_eq!(demo_config().depth_label(), demo_config().depth.label());
    let markdown = consult_markdown(&session);
    assert!(
        markdown.contains("Depth: One model · Asked alone: its answer is the decision."),
        "{markdown}"
    );
    let summary = SessionSummary::of(&session);
    assert_eq!(summary.depth_line().as_deref(), Some("One model"));
}

/// A thread's card of a one-model council reads "One model", not its stored depth;
/// and a model alone that answered in prose stated no number, so none is shown as its own.
#[test]
fn a_one_model_thread_card_and_a_prose_answer_say_what_happened() {
    use consilium_engine::consult::view::thread::thread_turns;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(alone_at(Depth::Adaptive)), &caller);
    let turns = thread_turns(std::slice::from_ref(&session));
    assert_eq!(turns[0].depth, "One model");

    let prose = "I would run a one-quarter pilot of the new checkout before any rollout.";
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", prose)
        .reply("r1-panelist-1-reask", prose);
    let (session, _) = run(session_with(alone_at(Depth::Adaptive)), &caller);
    assert!(session.consult().round1[0].free_text);
    let shown = verdict_view(&session).expect("a decision to show");
    let chip = confidence_chip(&shown);
    assert!(!chip.contains("0%"), "{chip}");
    assert_eq!(chip, "no stated confidence · asked alone");
    let meter = shown.meter.as_ref().unwrap();
    assert!(
        !meter.text.contains("the model's own number"),
        "{}",
        meter.text
    );
    let why = confidence_why(&shown);
    assert!(
        why.iter().all(|line| !line.value.starts_with("0%")),
        "{why:?}"
    );
}
