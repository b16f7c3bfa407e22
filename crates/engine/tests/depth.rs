//! Depth by need: Vote, Adaptive's stop rule, early decisions in the verdict's shape,
//! "Cross-examine anyway", and records without a depth read as Full.
use crate::common;

use common::*;
use consilium_engine::consult::{can_cross_examine_anyway, cross_examine_anyway};
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::consult::early_decision::DecidedBy;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, harness::io::CallFailure, record::consult::artifacts::Severity,
    record::consult::config::ConsultConfig, record::consult::state::ConsultState, record::Session,
};
use futures::executor::block_on;
use serde_json::json;

fn config_at(depth: Depth) -> ConsultConfig {
    ConsultConfig {
        depth,
        ..demo_config()
    }
}

fn everyone() -> serde_json::Value {
    json!(["panelist-1", "panelist-2", "panelist-3"])
}

fn round_calls(caller: &ScriptedCaller) -> Vec<String> {
    let mut ids = caller.call_ids();
    ids.sort();
    ids
}

fn network_failure() -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: "The provider could not be reached.".into(),
    }
}

fn state(session: &Session) -> ConsultState {
    session.consult_state().unwrap()
}

#[test]
fn adaptive_stops_after_the_synthesis_when_everyone_agrees() {
    let caller = unanimous_caller(0.86);
    let (session, _) = run(session_with(config_at(Depth::Adaptive)), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert_eq!(
        round_calls(&caller),
        [
            "r1-panelist-1",
            "r1-panelist-2",
            "r1-panelist-3",
            "r2-judge"
        ]
    );
    let body = session.consult();
    assert!(body.round3.is_none() && body.round4.is_none());
    let decision = body.decision().expect("decided early");
    assert_eq!(decision.decided_by, DecidedBy::AgreedAfterSynthesis);
    assert_eq!(decision.verdict.recommendation, "Adopt Rust");
    // Rounds 3 and 4 of Full: three cross-examinations and the verdict.
    assert_eq!(decision.calls_saved, 4);
    assert_eq!(
        decision.how_reached(),
        "The panel agreed after the synthesis: no cross-examination needed · 4 calls saved"
    );
    // Strong agreement (no tension, everyone at least 70% sure): the verdict's 90% floor.
    let check = decision.confidence_check.unwrap();
    assert!(check.agreement_gaps.is_empty());
    assert!((check.computed_confidence - 0.9).abs() < 1e-9);
    assert!(can_cross_examine_anyway(&session));
}

#[test]
fn one_tension_means_the_council_cross_examines() {
    let caller = unanimous_caller(0.86).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Adopt Rust", "supporting_agents": everyone(), "confidence": 0.9}]),
            json!([{"topic": "Pace", "viewpoints": [
                {"agent": "panelist-1", "viewpoint": "Now"},
                {"agent": "panelist-3", "viewpoint": "After a pilot"}]}]),
        ),
    );
    let (session, _) = run(session_with(config_at(Depth::Adaptive)), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert!(caller.call_ids().contains(&"r4-judge".to_string()));
    let body = session.consult();
    assert!(body.early_decision.is_none());
    assert_eq!(body.decision().unwrap().decided_by, DecidedBy::Verdict);
}

#[test]
fn an_absent_panelist_means_the_council_cross_examines() {
    let caller = unanimous_caller(0.86)
        .fail("r1-panelist-3", network_failure())
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-2"], "confidence": 0.9}]),
                json!([]),
            ),
        );
    let (session, _) = run(session_with(config_at(Depth::Adaptive)), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert!(session.consult().round4.is_some());
    assert!(session.consult().early_decision.is_none());
}

#[test]
fn a_free_text_answer_means_the_council_cross_examines() {
    let caller = unanimous_caller(0.86)
        .reply(
            "r1-panelist-3",
            "I would adopt Rust for the parsing core, after a pilot of a few weeks.",
        )
        .reply(
            "r1-panelist-3-reask",
            "As I said, adopt Rust for the parsing core after a pilot.",
        );
    let (session, _) = run(session_with(config_at(Depth::Adaptive)), &caller);
    assert!(session.consult().round1.iter().any(|a| a.free_text));
    assert_eq!(
        session.consult().decision().unwrap().decided_by,
        DecidedBy::Verdict
    );
}

#[test]
fn a_failed_synthesis_is_never_a_decision_and_the_resumed_run_continues() {
    let caller = unanimous_caller(0.86).fail("r2-judge", network_failure());
    let (session, _) = run(session_with(config_at(Depth::Adaptive)), &caller);
    assert_eq!(state(&session), ConsultState::Failed);
    assert!(session.consult().decision().is_none());
    // Resumed with a judge that answers: the stop rule is computed then, from the record.
    let caller = unanimous_caller(0.86);
    let (session, _) = run(session, &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert_eq!(caller.call_ids(), ["r2-judge"]);
    assert_eq!(
        session.consult().decision().unwrap().decided_by,
        DecidedBy::AgreedAfterSynthesis
    );
}

#[test]
fn full_depth_runs_every_round_even_when_everyone_agrees() {
    let caller = unanimous_caller(0.86);
    let (session, _) = run(session_with(config_at(Depth::Full)), &caller);
    assert!(caller.call_ids().contains(&"r4-judge".to_string()));
    assert_eq!(
        session.consult().decision().unwrap().decided_by,
        DecidedBy::Verdict
    );
}

#[test]
fn vote_on_a_split_panel_says_it_is_split() {
    let caller = unanimous_caller(0.86).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Measure first", "supporting_agents": ["panelist-1"], "confidence": 0.7}]),
            json!([{"topic": "Language", "viewpoints": [
                {"agent": "panelist-1", "viewpoint": "Rust"},
                {"agent": "panelist-2", "viewpoint": "Go"},
                {"agent": "panelist-3", "viewpoint": "Stay on Python"}]}]),
        ),
    );
    let (session, _) = run(session_with(config_at(Depth::Vote)), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert_eq!(caller.call_ids().len(), 4, "rounds 1 and 2 only");
    let decision = session.consult().decision().unwrap();
    assert_eq!(decision.decided_by, DecidedBy::SplitVote);
    assert!(decision
        .verdict
        .recommendation
        .starts_with("The panel is split on Language"));
    assert!(!decision.verdict.recommendation.contains("Measure first"));
    assert_eq!(decision.verdict.dissent.len(), 3);
    assert!(decision
        .verdict
        .dissent
        .iter()
        .all(|d| d.severity == Severity::High));
    assert!(decision.confidence_check.unwrap().computed_confidence < 0.70);
    // A split vote decided nothing and saved nothing it could claim.
    let how = decision.how_reached();
    assert!(
        !how.contains("saved") && !how.starts_with("Decided"),
        "{how}"
    );
    // It reads as no decision, on the page and in the lists.
    let view = consilium_engine::consult::view::verdict::decision(&session).unwrap();
    assert_eq!(
        consilium_engine::consult::view::verdict::confidence_chip(&view),
        "no decision · the panel is split"
    );
    let summary = consilium_engine::library::summary::SessionSummary::of(&session);
    let recent = consilium_engine::library::recent::recent_sessions(&[summary], None, 0, 1);
    assert_eq!(recent[0].chip, "No decision");
}

#[test]
fn vote_with_a_majority_decides_its_point_and_names_the_minority() {
    let caller = unanimous_caller(0.86).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-2"], "confidence": 0.8}]),
            json!([]),
        ),
    );
    let (session, _) = run(session_with(config_at(Depth::Vote)), &caller);
    let decision = session.consult().decision().unwrap();
    assert_eq!(decision.decided_by, DecidedBy::Vote);
    assert_eq!(decision.verdict.recommendation, "Adopt Rust");
    let dissenters: Vec<&str> = decision
        .verdict
        .dissent
        .iter()
        .map(|d| d.agent.as_str())
        .collect();
    assert_eq!(dissenters, ["panelist-3"]);
    // No judge was asked, so no number is said to be the judge's.
    let shown = consilium_engine::consult::view::verdict::decision(&session).unwrap();
    let meter = shown.meter.as_ref().unwrap();
    assert!(!meter.text.contains("judge"), "{}", meter.text);
    assert!(
        meter.text.contains("the synthesis said 80%"),
        "{}",
        meter.text
    );
    let why = consilium_engine::consult::view::verdict::confidence_why(&shown);
    assert!(
        why.iter()
            .all(|l| !l.term.contains("Judge") && !l.value.contains("judge's")),
        "{why:?}"
    );
    let markdown = consilium_engine::consult::report::markdown::consult_markdown(&session);
    assert!(!markdown.contains("the judge said"), "{markdown}");
    // Not everyone supports the point: no floor, and medium dissent caps at 90%.
    let check = decision.confidence_check.unwrap();
    assert!(!check.agreement_gaps.is_empty());
    assert!(check.computed_confidence <= 0.8 + 1e-9);
}

#[test]
fn cross_examine_anyway_resumes_at_round_three_and_asks_nothing_again() {
    let (early, _) = run(
        session_with(config_at(Depth::Adaptive)),
        &unanimous_caller(0.86),
    );
    let caller = unanimous_caller(0.86);
    let sink = RecordingSink::default();
    let session = block_on(cross_examine_anyway(
        early,
        &caller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    assert_eq!(
        round_calls(&caller),
        [
            "r3-panelist-1",
            "r3-panelist-2",
            "r3-panelist-3",
            "r4-judge"
        ]
    );
    assert_eq!(state(&session), ConsultState::Complete);
    let body = session.consult();
    assert!(body.cross_examined_anyway);
    assert!(body.early_decision.is_none());
    assert_eq!(body.decision().unwrap().decided_by, DecidedBy::Verdict);
    assert!(!can_cross_examine_anyway(&session));
    // The round-1 and round-2 calls are the record's, made once.
    let r2 = session
        .calls
        .iter()
        .filter(|c| c.call_id == "r2-judge")
        .count();
    assert_eq!(r2, 1);
}

#[test]
fn cross_examine_anyway_leaves_any_other_consult_as_it_is() {
    let (full, _) = run(
        session_with(config_at(Depth::Full)),
        &unanimous_caller(0.86),
    );
    let caller = unanimous_caller(0.86);
    let sink = RecordingSink::default();
    let after = block_on(cross_examine_anyway(
        full.clone(),
        &caller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    assert_eq!(after, full);
    assert!(caller.call_ids().is_empty());
}

#[test]
fn checkable_answers_that_all_agree_need_no_synthesis() {
    let answer_with = |final_answer: &str, confidence: f64| {
        json!({
            "position": format!("It is {final_answer}."),
            "key_points": ["Counted twice"],
            "rationale": "Added the numbers.",
            "final_answer": final_answer,
            "confidence": confidence
        })
        .to_string()
    };
    let caller = unanimous_caller(0.86)
        .reply("r1-panelist-1", answer_with("1,234", 0.9))
        .reply("r1-panelist-2", answer_with("1234", 0.8))
        .reply("r1-panelist-3", answer_with("1234.", 0.7));
    let config = ConsultConfig {
        final_answer: true,
        ..config_at(Depth::Adaptive)
    };
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert_eq!(caller.call_ids().len(), 3, "round 1 only");
    let decision = session.consult().decision().unwrap();
    assert_eq!(decision.decided_by, DecidedBy::AgreedAnswers);
    assert_eq!(decision.verdict.final_answer.as_deref(), Some("1,234"));
    assert_eq!(decision.calls_saved, 5);
    assert!(!can_cross_examine_anyway(&session));
}

#[test]
fn a_record_without_a_depth_reads_as_full_and_full_is_not_stored() {
    let config = demo_config();
    assert_eq!(config.depth, Depth::Full);
    let stored = serde_json::to_value(&config).unwrap();
    assert!(stored.get("depth").is_none());
    let read: ConsultConfig = serde_json::from_value(stored).unwrap();
    assert_eq!(read.depth, Depth::Full);
    let adaptive = serde_json::to_value(config_at(Depth::Adaptive)).unwrap();
    assert_eq!(adaptive["depth"], "adaptive");
    assert_eq!(Depth::FOR_NEW_COUNCILS, Depth::Adaptive);
}

#[test]
fn the_state_machine_ends_after_the_synthesis_only_for_a_reason_and_reopens_only_to_cross_examine()
{
    use consilium_engine::record::consult::state::SynthesisEnd;
    use consilium_engine::{record::consult::state::TransitionError, record::state::StateMachine};
    use ConsultState::*;
    assert_eq!(
        Synthesis.transition(Complete),
        Err(TransitionError {
            from: Synthesis,
            to: Complete
        })
    );
    for why in [
        SynthesisEnd::StopRuleHeld,
        SynthesisEnd::Vote,
        SynthesisEnd::StoppedByUser,
    ] {
        assert_eq!(Synthesis.end_after_synthesis(why), Ok(Complete));
        assert!(CrossExam.end_after_synthesis(why).is_err());
    }
    assert!(Complete.transition(CrossExam).is_err());
    assert_eq!(Complete.cross_examine_anyway(), Ok(CrossExam));
    for from in [Synthesis, Verdict, Failed, Aborted] {
        assert!(from.cross_examine_anyway().is_err(), "{from}");
    }
}

#[test]
fn an_adaptive_consult_stopped_by_the_user_after_round_two_still_completes() {
    let caller = unanimous_caller(0.86).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1"], "confidence": 0.9}]),
            json!([]),
        ),
    );
    let config = ConsultConfig {
        stop_after_round: 2,
        ..config_at(Depth::Adaptive)
    };
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(state(&session), ConsultState::Complete);
    assert!(session.consult().decision().is_none());
}

/// The vote counts distinct supporters who answered round 1, not the judge's raw list.
#[test]
fn a_vote_counts_each_supporter_once_and_only_those_who_answered() {
    let named_twice = unanimous_caller(0.86).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-1"], "confidence": 0.8}]),
            json!([]),
        ),
    );
    let (session, _) = run(session_with(config_at(Depth::Vote)), &named_twice);
    let decision = session.consult().decision().unwrap();
    assert_eq!(decision.decided_by, DecidedBy::SplitVote);

    let absent_supporter = unanimous_caller(0.86)
        .fail("r1-panelist-3", network_failure())
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-3"], "confidence": 0.8}]),
                json!([]),
            ),
        );
    let (session, _) = run(session_with(config_at(Depth::Vote)), &absent_supporter);
    let decision = session.consult().decision().unwrap();
    assert_eq!(decision.decided_by, DecidedBy::SplitVote);
}
