//! Consultations that meet unusable replies, transport failures, a cancel or the budget.
use crate::common;

use common::*;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    foundation::participants::Price, harness::events::Event, harness::io::CallFailure,
    record::consult::state::ConsultState, record::CallStatus,
};

fn network_failure() -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: "The provider could not be reached.".into(),
    }
}

#[test]
fn an_unreadable_reply_is_asked_again_with_the_error_and_then_succeeds() {
    let caller = ScriptedCaller::over_demo().reply("r1-panelist-1", "I think we should, yes.");
    let (session, _) = run(demo_session(), &caller);

    let first = call(&session, "r1-panelist-1");
    assert_eq!(first.status, CallStatus::Failed);
    assert_eq!(first.reply_text.as_deref(), Some("I think we should, yes."));
    assert_eq!(
        first.error.as_deref(),
        Some("The reply contains no JSON object.")
    );
    let reask = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r1-panelist-1-reask")
        .unwrap();
    assert!(reask
        .prompt
        .contains("Your previous reply could not be used: The reply contains no JSON object."));
    assert_eq!(call(&session, "r1-panelist-1-reask").status, CallStatus::Ok);
    assert_eq!(session.consult().round1.len(), 3);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn an_invalid_reply_is_asked_again_with_the_field_named() {
    let no_key_points =
        r#"{"position": "Yes", "key_points": [], "rationale": "r", "confidence": 0.7}"#;
    let caller = ScriptedCaller::over_demo().reply("r1-panelist-2", no_key_points);
    let (session, _) = run(demo_session(), &caller);
    let error = call(&session, "r1-panelist-2").error.clone().unwrap();
    assert!(
        error.contains("key_points must have at least 1 item (got 0)."),
        "{error}"
    );
    assert_eq!(call(&session, "r1-panelist-2-reask").status, CallStatus::Ok);
}

#[test]
fn a_panelist_unusable_twice_is_recorded_and_the_council_continues_with_two() {
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-3", "no idea")
        .reply("r1-panelist-3-reask", "{\"position\": ");
    let (session, _) = run(demo_session(), &caller);

    assert_eq!(call(&session, "r1-panelist-3").status, CallStatus::Failed);
    let second = call(&session, "r1-panelist-3-reask");
    assert_eq!(second.status, CallStatus::Failed);
    assert!(second.error.as_ref().unwrap().contains("cut off"));
    let agents: Vec<&str> = session
        .consult()
        .round1
        .iter()
        .map(|a| a.agent_id.as_str())
        .collect();
    assert_eq!(agents, ["panelist-1", "panelist-2"]);
    // The panelist without an answer does not cross-examine, and nobody counts it as agreeing.
    let r3_calls: Vec<String> = caller
        .call_ids()
        .into_iter()
        .filter(|id| id.starts_with("r3-"))
        .collect();
    assert_eq!(r3_calls, ["r3-panelist-1", "r3-panelist-2", "r3-judge"]);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn a_judge_unusable_twice_fails_the_session() {
    let caller = ScriptedCaller::over_demo()
        .reply("r2-judge", "[1, 2, 3]")
        .reply("r2-judge-reask", "still not it");
    let (session, sink) = run(demo_session(), &caller);

    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    let reason = session.failure.clone().unwrap();
    assert!(
        reason.starts_with("The judge's synthesis (round 2) failed:"),
        "{reason}"
    );
    assert!(reason.contains("even when asked again"), "{reason}");
    assert!(session.consult().round2.is_none());
    assert!(!caller.call_ids().iter().any(|id| id.starts_with("r3-")));
    assert!(matches!(sink.events().last(), Some(Event::Failed { reason: r }) if *r == reason));
}

#[test]
fn round_one_fails_with_fewer_than_two_usable_answers_naming_each_failure() {
    let caller = ScriptedCaller::over_demo()
        .fail("r1-panelist-1", network_failure())
        .reply("r1-panelist-2", "nope")
        .reply("r1-panelist-2-reask", "nope again");
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    let reason = session.failure.clone().unwrap();
    assert!(
        reason.starts_with("Round 1 needs at least 2 usable answers and got 1."),
        "{reason}"
    );
    assert!(
        reason.contains("Demo panelist 1 · Pragmatic engineer: The provider could not be reached.")
    );
    // The server answered: the message names the model.
    assert!(
        reason.contains(
            "Demo panelist 2 · Skeptic: scripted answered in prose, not the JSON this step needs, \
             even when asked again."
        ),
        "{reason}"
    );
    assert!(
        session.consult().round1.is_empty(),
        "an incomplete round stores no artifact"
    );
}

#[test]
fn a_transport_failure_is_recorded_without_a_reask() {
    let caller = ScriptedCaller::over_demo().fail("r1-panelist-2", network_failure());
    let (session, _) = run(demo_session(), &caller);
    let failed = call(&session, "r1-panelist-2");
    assert_eq!(failed.status, CallStatus::Failed);
    assert_eq!(
        failed.error.as_deref(),
        Some("The provider could not be reached.")
    );
    assert_eq!(failed.reply_text, None);
    assert!(!caller
        .call_ids()
        .contains(&"r1-panelist-2-reask".to_string()));
    assert_eq!(session.consult().round1.len(), 2);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn a_judge_transport_failure_fails_the_session() {
    let caller = ScriptedCaller::over_demo().fail("r4-judge", network_failure());
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert_eq!(
        session.failure.as_deref(),
        Some("The judge's verdict (round 4) failed: The provider could not be reached.")
    );
    assert!(
        session.consult().round3.is_some(),
        "completed rounds are kept"
    );
}

#[test]
fn a_cancelled_call_aborts_the_session() {
    let caller = ScriptedCaller::over_demo().fail("r2-judge", CallFailure::cancelled());
    let (session, sink) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Aborted));
    assert_eq!(session.failure, None);
    assert_eq!(call(&session, "r2-judge").status, CallStatus::Cancelled);
    assert_eq!(
        caller.call_ids().len(),
        4,
        "nothing is called after the cancel"
    );
    assert_eq!(sink.events().last(), Some(&Event::Aborted));
}

#[test]
fn a_cancel_during_a_parallel_round_aborts_after_the_round_settles() {
    let caller = ScriptedCaller::over_demo().fail("r1-panelist-2", CallFailure::cancelled());
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Aborted));
    assert!(session.consult().round1.is_empty());
    assert_eq!(session.calls.len(), 3, "every call made is recorded");
}

/// Output at $1,000 per million tokens: a 1024-token reply may cost $1.024.
const OUTPUT_ONLY: Price = Price::new(0.0, 1000.0);

#[test]
fn a_call_that_could_exceed_the_budget_is_not_made_and_the_session_fails() {
    // Round 1 reserves $1.024 per panelist: the second no longer fits in $2.
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(priced_config(OUTPUT_ONLY, Some(2.0))), &caller);

    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(caller.requests().is_empty(), "no call of the round is made");
    assert_eq!(
        statuses(&session),
        [("r1-panelist-2".to_string(), CallStatus::SkippedBudget)]
    );
    assert_eq!(
        session.failure.as_deref(),
        Some(
            "The budget of $2.00 would be exceeded: r1-panelist-2 could cost up to $1.02, and \
             $1.02 is already spent or committed."
        )
    );
    assert_eq!(session.cost.spent_usd, 0.0);
}

#[test]
fn a_run_stops_before_its_spend_could_pass_the_budget() {
    let budget = 4.0;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(
        session_with(priced_config(OUTPUT_ONLY, Some(budget))),
        &caller,
    );

    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session
        .failure
        .as_ref()
        .unwrap()
        .starts_with("The budget of $4.00 would be exceeded"));
    let skipped: Vec<&str> = session
        .calls
        .iter()
        .filter(|c| c.status == CallStatus::SkippedBudget)
        .map(|c| c.call_id.as_str())
        .collect();
    assert_eq!(skipped.len(), 1);
    assert!(
        !caller.call_ids().iter().any(|id| id == skipped[0]),
        "the skipped call was not made"
    );
    assert!(session.cost.spent_usd > 0.0);
    assert!(session.cost.spent_usd <= budget);
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!((recorded - session.cost.spent_usd).abs() < 1e-9);
}

#[test]
fn a_generous_budget_lets_the_run_complete_within_it() {
    let (session, _) = run(
        session_with(priced_config(OUTPUT_ONLY, Some(20.0))),
        &ScriptedCaller::over_demo(),
    );
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert!(session.cost.spent_usd <= 20.0);
    assert_eq!(session.cost.unpriced_calls, 0);
    assert!(session.calls.iter().all(|c| c.cost_usd.is_some()));
}

#[test]
fn the_budget_cannot_limit_unpriced_participants_and_their_cost_stays_unknown() {
    let mut session = demo_session();
    session.consult_mut().config.budget_usd = Some(0.01);
    let (session, _) = run(session, &ScriptedCaller::over_demo());
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(session.cost.unpriced_calls, 9);
    assert_eq!(session.cost.spent_usd, 0.0);
    assert!(session.calls.iter().all(|c| c.cost_usd.is_none()));
}

#[test]
fn an_invalid_council_fails_before_any_call() {
    let mut session = demo_session();
    session.consult_mut().config.panelists.clear();
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session, &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert_eq!(
        session.failure.as_deref(),
        Some("A council needs one model alone or 2 to 5 panelists; this one has 0.")
    );
    assert!(caller.requests().is_empty());
}

#[test]
fn round_three_continues_while_at_least_one_panelist_replies() {
    let caller = ScriptedCaller::over_demo()
        .fail("r3-panelist-1", network_failure())
        .reply("r3-panelist-3", "I agree.")
        .reply("r3-panelist-3-reask", "I still agree.");
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(call(&session, "r3-panelist-1").status, CallStatus::Failed);
    assert_eq!(
        call(&session, "r3-panelist-3-reask").status,
        CallStatus::Failed
    );
    let merge = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r3-judge")
        .unwrap();
    // The demo's defenses: panelist-2's reply is merged, panelist-1's (failed) is not.
    assert!(merge
        .prompt
        .contains("My position holds because the delivery date is fixed"));
    assert!(!merge
        .prompt
        .contains("A time-boxed pilot bounds the ramp-up risk"));
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn round_three_fails_when_no_panelist_replies() {
    let caller = ScriptedCaller::over_demo()
        .fail("r3-panelist-1", network_failure())
        .fail("r3-panelist-2", network_failure())
        .fail("r3-panelist-3", network_failure());
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session
        .failure
        .unwrap()
        .starts_with("Round 3 got no usable cross-examination reply."));
    assert!(!caller.call_ids().contains(&"r3-judge".to_string()));
}

#[test]
fn a_reply_that_restates_the_prompts_instructions_is_asked_again_then_recorded_as_failed() {
    // The field names and descriptions of the round-1 prompt, copied back.
    let copied = serde_json::json!({
        "position": "position",
        "key_points": ["the key points behind it"],
        "rationale": "your rationale",
        "confidence": 50
    })
    .to_string();
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", copied.clone())
        .reply("r1-panelist-1-reask", copied);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let first = call(&session, "r1-panelist-1");
    assert_eq!(first.status, CallStatus::Failed);
    assert!(
        first
            .error
            .as_deref()
            .unwrap()
            .contains("position restates the prompt's own instructions"),
        "{:?}",
        first.error
    );
    assert_eq!(
        call(&session, "r1-panelist-1-reask").status,
        CallStatus::Failed
    );
    let positions: Vec<&str> = session
        .consult()
        .round1
        .iter()
        .map(|a| a.position.as_str())
        .collect();
    assert_eq!(
        positions.len(),
        2,
        "panelist 1 is absent, not a placeholder"
    );
    assert!(positions.iter().all(|p| *p != "position"));
}

#[test]
fn an_artifact_naming_someone_off_the_panel_is_asked_again() {
    let outsider = synthesis(
        serde_json::json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-9"], "confidence": 0.9}]),
        serde_json::json!([]),
    );
    let caller = ScriptedCaller::over_demo().reply("r2-judge", outsider);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let refused = call(&session, "r2-judge");
    assert_eq!(refused.status, CallStatus::Failed);
    assert!(refused
        .error
        .as_deref()
        .unwrap()
        .contains("\"panelist-9\", who is not on the panel"));
    assert_eq!(call(&session, "r2-judge-reask").status, CallStatus::Ok);
    let verdict_outsider = verdict(
        0.8,
        serde_json::json!([{"agent": "the-cfo", "concern": "Cost", "severity": "low"}]),
    );
    let caller = ScriptedCaller::over_demo()
        .reply("r4-judge", verdict_outsider.clone())
        .reply("r4-judge-reask", verdict_outsider);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session.consult().round4.is_none(), "never stored");
}

#[test]
fn a_panelist_whose_answer_failed_is_absent_not_agreeing() {
    // A unanimous council, except that panelist 3 never answers: no strong-agreement floor.
    let caller = unanimous_caller(0.86).fail(
        "r1-panelist-3",
        CallFailure {
            kind: "network".into(),
            message: "Unreachable.".into(),
        },
    );
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let check = session.consult().confidence_check.clone().unwrap();
    assert_eq!(check.absent_panelists, ["panelist-3"]);
    assert!(
        (check.computed_confidence - 0.86).abs() < 1e-9,
        "{}",
        check.rule
    );
    assert!(check.rule.contains("Absent"));
    let (everyone, _) = run(demo_session(), &unanimous_caller(0.86));
    let check = everyone.consult().confidence_check.clone().unwrap();
    assert!(
        check.computed_confidence >= 0.9,
        "with everyone, strong agreement lifts it"
    );
}

/// A tiny model's junk is no decision: numbers or ids alone are not a
/// recommendation, evidence, a position or a concern; asked again and still junk, the step fails
/// instead of showing "1" as the council's decision.
#[test]
fn numbers_or_ids_alone_fail_the_junk_check() {
    use consilium_engine::foundation::validation::is_numbers_or_ids;
    for junk in [
        "1",
        "1, 2, 3, 4, 5, 6",
        "1 2 3 ... op-1 100%",
        "U1 T2",
        "#4.",
        "panelist-2",
    ] {
        assert!(is_numbers_or_ids(junk), "{junk}");
    }
    for words in [
        "Adopt Rust",
        "391 is the answer",
        "Use op-1 first",
        "Yes",
        "A",
    ] {
        assert!(!is_numbers_or_ids(words), "{words}");
    }
    let junk = serde_json::json!({
        "recommendation": "1",
        "confidence": 0.9,
        "evidence": ["1, 2, 3, 4, 5, 6"],
        "dissent": []
    })
    .to_string();
    let caller = unanimous_caller(0.9)
        .reply("r4-judge", &junk)
        .reply("r4-judge-reask", &junk);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.state, "failed", "{:?}", session.consult().round4);
    assert!(session.consult().decision().is_none());
}

/// The user's banner says why a reply could not be used, never the instruction the
/// re-ask gave the model ("use only these names: …", in the labels that model saw).
#[test]
fn the_banner_never_carries_the_model_facing_re_ask() {
    let stranger = synthesis(
        serde_json::json!([{"point": "Adopt Rust", "supporting_agents": ["y"], "confidence": 0.8}]),
        serde_json::json!([]),
    );
    let caller = unanimous_caller(0.9)
        .reply("r2-judge", &stranger)
        .reply("r2-judge-reask", &stranger);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.state, "failed");
    let failure = session.failure.clone().unwrap_or_default();
    assert!(failure.contains("who is not on the panel"), "{failure}");
    assert!(!failure.contains("use only these names"), "{failure}");
    // The model was told, in the re-ask.
    let reask = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge-reask")
        .unwrap();
    assert!(reask.prompt.contains("use only these names"));
}
