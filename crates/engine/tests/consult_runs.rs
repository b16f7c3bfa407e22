//! Whole consultations that reach a verdict: the demo council, strong agreement, dissent, and a
//! cross-examination without challenges.
use crate::common;

use common::*;
use consilium_engine::testing::{CallLog, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, harness::events::Event, record::consult::artifacts::Severity,
    record::consult::state::ConsultState, record::CallStatus,
};
use serde_json::json;

#[test]
fn the_demo_council_completes_all_four_rounds_with_valid_artifacts() {
    let caller = ScriptedCaller::over_demo();
    let (session, sink) = run(demo_session(), &caller);

    assert_eq!(
        session.consult_state(),
        Some(ConsultState::Complete),
        "{:?}",
        session.failure
    );
    assert_eq!(session.failure, None);
    assert_eq!(
        caller.call_ids(),
        [
            "r1-panelist-1",
            "r1-panelist-2",
            "r1-panelist-3",
            "r2-judge",
            "r3-panelist-1",
            "r3-panelist-2",
            "r3-panelist-3",
            "r3-judge",
            "r4-judge"
        ]
    );
    assert!(session.calls.iter().all(|c| c.status == CallStatus::Ok));
    assert_eq!(session.consult().round1.len(), 3);
    for answer in &session.consult().round1 {
        answer.validate().unwrap();
        assert_eq!(answer.envelope.created_at, "2023-11-14T22:13:20.000Z");
    }
    session
        .consult()
        .round2
        .as_ref()
        .unwrap()
        .validate()
        .unwrap();
    session
        .consult()
        .round3
        .as_ref()
        .unwrap()
        .validate()
        .unwrap();
    let verdict = session.consult().round4.as_ref().unwrap();
    verdict.validate().unwrap();
    assert!(
        !verdict.dissent.is_empty(),
        "the demo verdict shows some dissent"
    );
    assert!(verdict.dissent.iter().all(|d| d.severity != Severity::High));

    let check = session.consult().confidence_check.as_ref().unwrap();
    assert_eq!(check.judge_confidence, 0.78);
    assert_eq!(check.computed_confidence, 0.78);
    assert!(!check.adjusted);
    assert!(check.added_dissent.is_empty());

    // The fenced, percentage-confidence reply of the second panelist was read and the repair noted.
    assert_eq!(session.consult().round1[1].confidence, 0.6);
    assert_eq!(
        call(&session, "r1-panelist-2").parse_notes,
        [r#"confidence "60%" read as 0.6."#]
    );

    let stats = session.consult().token_efficiency_stats.as_ref().unwrap();
    assert!(stats.tokens_saved_via_filtering > 0);
    assert_eq!(stats.filtered_rounds, [3, 4]);
    assert!(
        !stats.tokens_used_includes_estimates,
        "the demo reports usage"
    );
    assert_eq!(session.cost.unpriced_calls, 9);
    assert_eq!(session.cost.spent_usd, 0.0);

    let names = sink.names();
    assert_eq!(names.first(), Some(&"consultation:started"));
    assert_eq!(names.last(), Some(&"consultation:completed"));
    let artifact_rounds: Vec<u8> = sink
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::RoundArtifact { round_number } => Some(*round_number),
            _ => None,
        })
        .collect();
    assert_eq!(artifact_rounds, [1, 2, 3, 4]);
}

#[test]
fn the_demo_is_deterministic() {
    let (first, first_events) = run(demo_session(), &ScriptedCaller::over_demo());
    let (second, second_events) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(first, second);
    assert_eq!(first_events.events(), second_events.events());
}

#[test]
fn a_stored_session_survives_a_json_round_trip() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let json = serde_json::to_string(&session).unwrap();
    let restored: consilium_engine::record::Session = serde_json::from_str(&json).unwrap();
    assert_eq!(restored, session);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["state"], "complete");
    assert_eq!(value["body"]["round2"]["artifact_type"], "synthesis");
    assert_eq!(value["body"]["round4"]["dissent"][0]["severity"], "medium");
    assert_eq!(value["calls"][0]["status"], "ok");
}

#[test]
fn strong_agreement_gives_at_least_ninety_percent_and_no_dissent() {
    let (session, _) = run(demo_session(), &unanimous_caller(0.8));
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let check = session.consult().confidence_check.clone().unwrap();
    assert_eq!(check.judge_confidence, 0.8);
    assert!(check.computed_confidence >= 0.9, "{check:?}");
    assert!(check.adjusted);
    assert!(check.rule.contains("strong agreement"), "{}", check.rule);
    assert!(session.consult().round4.clone().unwrap().dissent.is_empty());
    assert!(check.added_dissent.is_empty());
}

#[test]
fn no_dissent_without_strong_agreement_gives_at_least_eighty_five_percent() {
    // A panelist below 70% confidence means the agreement is not strong.
    let caller = unanimous_caller(0.6).reply("r1-panelist-3", answer("Adopt Rust", 0.5));
    let (session, _) = run(demo_session(), &caller);
    let check = session.consult().confidence_check.clone().unwrap();
    assert_eq!(check.computed_confidence, 0.85);
    assert_eq!(check.rule, "No dissent: at least 85%.");
}

#[test]
fn high_severity_dissent_gives_below_seventy_percent_and_names_the_minority() {
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r2-judge",
            synthesis(
                json!([
                    {"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-3"], "confidence": 0.8},
                    {"point": "Train the team", "supporting_agents": ["panelist-1", "panelist-2", "panelist-3"], "confidence": 0.6}
                ]),
                json!([{"topic": "Rust or Go", "viewpoints": [
                    {"agent": "panelist-1", "viewpoint": "Rust for its latency"},
                    {"agent": "panelist-2", "viewpoint": "Go ships sooner"}
                ]}]),
            ),
        )
        // The judge finds the second challenge (panelist-2's, on the ramp-up) unanswered.
        .reply("r3-judge", json!({"unresolved": [2], "duplicate_challenges": []}).to_string())
        .reply(
            "r4-judge",
            verdict(
                0.82,
                json!([{"agent": "panelist-3", "concern": "Hiring will be slow", "severity": "high"}]),
            ),
        );
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let check = session.consult().confidence_check.clone().unwrap();
    assert!(check.computed_confidence < 0.70, "{check:?}");
    assert_eq!(check.judge_confidence, 0.82);
    assert!(check.adjusted);

    // panelist-2 is outside the strongest consensus point and the judge did not name it.
    let minority = check
        .added_dissent
        .iter()
        .find(|d| d.agent == "panelist-2")
        .unwrap();
    assert_eq!(minority.concern, "Rust or Go: Go ships sooner");
    assert_eq!(minority.severity, Severity::Medium);
    // The cross-examination left one point unresolved; the verdict's judge did not mention it.
    let unresolved = &session.consult().round3.as_ref().unwrap().unresolved[0];
    assert!(check
        .added_dissent
        .iter()
        .any(|d| &d.concern == unresolved && d.severity == Severity::High));
    // The stored verdict keeps what the judge said.
    assert_eq!(session.consult().round4.as_ref().unwrap().dissent.len(), 1);
    assert_eq!(session.consult().round4.as_ref().unwrap().confidence, 0.82);
}

#[test]
fn no_challenges_leave_nothing_unresolved_and_the_verdict_proceeds() {
    let (session, _) = run(demo_session(), &unanimous_caller(0.9));
    let cross_exam = session.consult().round3.as_ref().unwrap();
    assert!(cross_exam.challenges.is_empty());
    assert!(cross_exam.unresolved.is_empty());
    assert!(session.consult().round4.is_some());
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn panelists_are_asked_concurrently_in_rounds_one_and_three() {
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    let log = caller.log();
    let started = |id: &str| CallLog::Started(id.to_string());
    assert_eq!(
        log[..3],
        [
            started("r1-panelist-1"),
            started("r1-panelist-2"),
            started("r1-panelist-3")
        ],
        "every round 1 call starts before any finishes"
    );
    let r3_start = log
        .iter()
        .position(|e| *e == started("r3-panelist-1"))
        .unwrap();
    assert_eq!(
        log[r3_start..r3_start + 3],
        [
            started("r3-panelist-1"),
            started("r3-panelist-2"),
            started("r3-panelist-3")
        ]
    );
}

#[test]
fn stopping_after_round_one_gives_independent_answers_only() {
    let mut session = demo_session();
    session.consult_mut().config.stop_after_round = 1;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session, &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(session.consult().round1.len(), 3);
    assert!(session.consult().round2.is_none());
    assert_eq!(caller.call_ids().len(), 3);
    assert_eq!(
        session
            .consult()
            .token_efficiency_stats
            .clone()
            .unwrap()
            .filtered_rounds,
        Vec::<u8>::new()
    );
}

#[test]
fn requests_carry_the_schema_and_output_limit_unless_structured_output_is_off() {
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    let requests = caller.requests();
    let names: Vec<&str> = requests
        .iter()
        .map(|r| r.response_schema.as_ref().unwrap().0.as_str())
        .collect();
    assert_eq!(names[0], "independent_answer");
    assert_eq!(names[3], "synthesis");
    assert_eq!(names[4], "cross_exam_reply");
    assert_eq!(names[7], "cross_exam_judgment");
    assert_eq!(names[8], "verdict");
    assert!(requests.iter().all(|r| r.max_tokens == 1024));

    let mut session = demo_session();
    session.consult_mut().config.structured_output = false;
    let caller = ScriptedCaller::over_demo();
    run(session, &caller);
    assert!(caller
        .requests()
        .iter()
        .all(|r| r.response_schema.is_none()));
}

#[test]
fn personas_go_into_the_system_prompt() {
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    let skeptic = &caller.requests()[1];
    assert_eq!(skeptic.participant_id, "panelist-2");
    assert!(skeptic.system.contains("Your perspective: Skeptic."));
    assert!(skeptic.prompt.contains("Should our team adopt Rust"));
}

#[test]
fn artifacts_in_prompts_keep_their_fields_in_order() {
    let caller = ScriptedCaller::over_demo();
    // Real names, so the answer is found by its id (anonymous peers: see tests/peer_labels.rs).
    let mut config = demo_config();
    config.anonymous_peers = false;
    let (session, _) = run(session_with(config), &caller);
    let synthesis = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge")
        .unwrap();
    // Each answer reads as the panelist wrote it: position, key points, rationale, confidence.
    let answer = &session.consult().round1[0];
    let rendered = format!(
        "panelist-1: {}\nKey points:\n- {}\n- {}\n- {}\nRationale: {}\nConfidence: 80%",
        answer.position,
        answer.key_points[0],
        answer.key_points[1],
        answer.key_points[2],
        answer.rationale
    );
    assert!(synthesis.prompt.contains(&rendered), "{}", synthesis.prompt);
    // The envelope is the engine's bookkeeping, not the model's reading.
    for envelope_field in [
        "artifact_type",
        "schema_version",
        "round_number",
        "created_at",
    ] {
        assert!(!synthesis.prompt.contains(envelope_field));
    }
}

#[test]
fn a_judge_claiming_no_dissent_over_an_unresolved_point_gets_it_on_record_whatever_its_confidence()
{
    // Round 3 leaves panelist-2's challenge unresolved; this judge says nobody disagrees, at 95%.
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r3-judge",
            json!({"unresolved": [2], "duplicate_challenges": []}).to_string(),
        )
        .reply("r4-judge", verdict(0.95, json!([])));
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let body = session.consult();
    let unresolved = body.round3.as_ref().unwrap().unresolved[0].clone();
    let check = body.confidence_check.clone().unwrap();
    // The unresolved point is the challenge as recorded, so its challenger is known.
    let expected = consilium_engine::record::consult::artifacts::Dissent {
        agent: "panelist-2".into(),
        concern: unresolved,
        severity: Severity::High,
        covers: vec![],
    };
    assert_eq!(check.added_dissent, std::slice::from_ref(&expected));
    assert_eq!(check.reconciled_dissent, [expected]);
    assert_eq!(check.computed_confidence, 0.69, "{}", check.rule);
    // The judge's own list stays as given; the record shows both.
    assert!(body.round4.as_ref().unwrap().dissent.is_empty());
    let on_record = consilium_engine::consult::dissent::dissent_on_record(body);
    assert_eq!(on_record.len(), 1);
    assert!(on_record[0].added_by_engine);
}

#[test]
fn each_round_keeps_the_phrase_the_e2e_fixtures_match_on() {
    // tests/e2e/fixtures/aimock/consult.json picks each reply by these phrases.
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    for (call_id, phrase) in [
        ("r1-panelist-1", "Answer on your own"),
        ("r2-judge", "Synthesise them."),
        ("r3-panelist-1", "Cross-examine it."),
        ("r3-judge", "Judge the cross-examination."),
        ("r4-judge", "Now decide."),
    ] {
        let request = caller
            .requests()
            .into_iter()
            .find(|r| r.call_id == call_id)
            .unwrap();
        assert!(request.prompt.contains(phrase), "{call_id}: {phrase}");
    }
}
