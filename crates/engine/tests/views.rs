//! View models the app and the exports share: costs per participant, the cost line, consent,
//! dissent by severity, threads, and when a stopped session can resume.
use crate::common;

use common::*;
use consilium_engine::consult::dissent::{dissent_on_record, severity_name};
use consilium_engine::consult::view::answers::challenge_threads;
use consilium_engine::resume::resume_offer;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::views::consent::{needs_consent, review_needs_consent};
use consilium_engine::views::costs::{
    cost_line, describe_calls, describe_estimate, participant_costs,
};
use consilium_engine::{
    consult::estimate::estimate_cost, foundation::participants::Price,
    harness::estimate::CostEstimate, harness::io::CallFailure, harness::io::CallReply,
    record::consult::artifacts::CrossExamArtifact, record::consult::artifacts::Severity,
    record::consult::state::ConsultState, record::CostSummary,
};
use serde_json::json;

#[test]
fn each_participant_shows_its_calls_tokens_and_cost_and_a_failed_one_no_negative_money() {
    let price = Price::new(1.0, 2.0);
    let caller = ScriptedCaller::over_demo()
        .fail(
            "r1-panelist-3",
            CallFailure {
                kind: "auth".into(),
                message: "Bad key.".into(),
            },
        )
        .reply_with(
            "r1-panelist-1",
            CallReply {
                text: answer("Adopt Rust", 0.9),
                input_tokens: Some(1000),
                output_tokens: Some(500),
                ..CallReply::default()
            },
        );
    let mut config = priced_config(price, None);
    config.judge.price = None;
    let (session, _) = run(session_with(config), &caller);
    let rows = participant_costs(&session);
    let ids: Vec<&str> = rows.iter().map(|r| r.participant_id.as_str()).collect();
    assert_eq!(ids, ["panelist-1", "panelist-2", "panelist-3", "judge"]);
    let own = |id: &'static str| session.calls.iter().filter(move |c| c.participant_id == id);
    let reported_input: u64 = own("panelist-1").filter_map(|c| c.input_tokens).sum();
    assert_eq!(rows[0].input_tokens, reported_input);
    assert!(
        rows[0].input_tokens >= 1000,
        "round 1's reported usage counts"
    );
    assert_eq!(rows[0].calls, own("panelist-1").count());
    assert!(rows[0].cost.starts_with('$'), "{}", rows[0].cost);
    assert_eq!(rows[2].calls, 1);
    assert_eq!(
        rows[2].cost, "no cost",
        "a call that failed was not charged"
    );
    assert_eq!(rows[3].cost, "price unknown");
    assert!(rows.iter().all(|r| !r.cost.contains('-')));
}

#[test]
fn the_cost_line_names_the_budget_and_the_unpriced_calls() {
    let cost = CostSummary {
        spent_usd: 0.0036,
        unpriced_calls: 2,
        budget_usd: Some(2.5),
        ..CostSummary::default()
    };
    assert_eq!(
        cost_line(&cost),
        "Spent $0.0036 of a $2.50 budget; 2 calls at unknown price, which the budget cannot \
         limit (set prices in Settings)"
    );
    assert_eq!(cost_line(&CostSummary::default()), "Spent $0.00");
}

#[test]
fn a_demo_says_it_costs_nothing_instead_of_unknown_prices() {
    let mut demo = consilium_engine::demo::demo_session(
        consilium_engine::record::Protocol::Consult,
        "demo-1".into(),
        0,
    );
    demo.cost.unpriced_calls = 9;
    assert_eq!(
        consilium_engine::views::costs::session_cost_line(&demo),
        "Demo · no cost"
    );
    demo.demo = false;
    assert!(consilium_engine::views::costs::session_cost_line(&demo)
        .contains("9 calls at unknown price"));
}

#[test]
fn consent_is_asked_above_the_threshold_and_whenever_a_participant_has_no_price() {
    let estimate = |usd, unpriced: &[&str]| CostEstimate {
        calls: 9,
        input_tokens: 1,
        output_tokens: 1,
        usd,
        worst_case_usd: usd,
        unpriced_participants: unpriced.iter().map(|s| s.to_string()).collect(),
        verbose: false,
        cached_input_tokens: 0,
        calls_if_agreed: None,
        search: None,
    };
    let above = needs_consent(&estimate(Some(0.6), &[]), 0.5).expect("above the threshold");
    assert_eq!(above.heading, "This run may cost more than your threshold");
    assert_eq!(
        above.reasons,
        ["The priced calls alone may cost about $0.60, above your $0.50 threshold."]
    );
    assert_eq!(needs_consent(&estimate(Some(0.5), &[]), 0.5), None);

    // Below the threshold, or with no price at all, an unpriced participant is still asked about.
    let unpriced = needs_consent(&estimate(None, &["Panelist 1", "Panelist 2", "Judge"]), 0.5)
        .expect("no price: the estimate cannot be trusted");
    assert_eq!(unpriced.heading, "The cost of this run cannot be trusted");
    assert_eq!(
        unpriced.reasons,
        ["3 participants have no price (Panelist 1, Panelist 2, Judge), so the estimate cannot be \
          trusted and the budget cannot limit them. Set prices in Settings, or run it knowing that."]
    );
    let one =
        needs_consent(&estimate(Some(0.01), &["Judge"]), 0.5).expect("the judge has no price");
    assert!(
        one.reasons[0].starts_with("1 participant has no price (Judge)"),
        "{one:?}"
    );
    let both = needs_consent(&estimate(Some(0.9), &["Judge"]), 0.5).unwrap();
    assert_eq!(both.heading, "This run may cost more than your threshold");
    assert_eq!(both.reasons.len(), 2);
    assert!(describe_estimate(&estimate(None, &[])).contains("price unknown"));
    // The consent dialog's estimate says calls and cost only: the reason is said once, above it.
    let unpriced = estimate(None, &["Judge"]);
    assert!(describe_estimate(&unpriced).contains("No price is known for Judge"));
    assert!(describe_calls(&unpriced).ends_with("at most: price unknown."));
}

#[test]
fn a_consult_config_with_an_unpriced_judge_is_asked_about_from_its_real_estimate() {
    let price = Price::new(0.01, 0.01);
    let mut config = priced_config(price, None);
    assert_eq!(
        needs_consent(&estimate_cost("Which?", &config), 100.0),
        None
    );
    config.judge.price = None;
    let request = needs_consent(&estimate_cost("Which?", &config), 100.0).expect("asked");
    assert!(
        request.reasons[0].starts_with(&format!(
            "1 participant has no price ({})",
            config.judge.label
        )),
        "{request:?}"
    );
}

#[test]
fn a_review_is_asked_about_whenever_a_member_has_no_price() {
    let price = Price::new(1.0, 1.0);
    let mut members = consilium_engine::review::demo::demo_review_config().members;
    for member in &mut members {
        member.price = Some(price);
    }
    assert_eq!(review_needs_consent(&members), None);
    members[0].price = None;
    members[1].price = None;
    let request = review_needs_consent(&members).expect("two members have no price");
    assert_eq!(request.heading, "The cost of this run cannot be trusted");
    assert!(
        request.reasons[0].starts_with(&format!(
            "2 participants have no price ({}, {}), so its cost cannot be trusted",
            members[0].label, members[1].label
        )),
        "{request:?}"
    );
}

#[test]
fn dissent_on_record_is_the_judges_and_the_engines_high_severity_first() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let mut body = session.consult().clone();
    let verdict = body.round4.as_mut().unwrap();
    verdict.dissent = serde_json::from_value(json!([
        {"agent": "panelist-1", "concern": "low one", "severity": "low"},
        {"agent": "panelist-2", "concern": "medium one", "severity": "medium"}
    ]))
    .unwrap();
    let check = body.confidence_check.as_mut().unwrap();
    check.added_dissent = serde_json::from_value(json!([
        {"agent": "panelist-3", "concern": "high one", "severity": "high"},
        {"agent": "panel", "concern": "another medium", "severity": "medium"}
    ]))
    .unwrap();
    let entries = dissent_on_record(&body);
    let order: Vec<(&str, bool)> = entries
        .iter()
        .map(|e| (e.dissent.concern.as_str(), e.added_by_engine))
        .collect();
    assert_eq!(
        order,
        [
            ("high one", true),
            ("medium one", false),
            ("another medium", true),
            ("low one", false)
        ]
    );
    assert_eq!(severity_name(Severity::High), "high");
}

#[test]
fn rebuttals_thread_under_the_challenges_to_their_author_and_the_rest_stay_visible() {
    let cross_exam: CrossExamArtifact = serde_json::from_value(json!({
        "artifact_type": "cross_exam", "schema_version": "1.0", "round_number": 3,
        "created_at": "2023-11-14T22:13:20.000Z",
        "challenges": [
            {"challenger": "panelist-2", "target_agent": "panelist-1", "challenge": "C1", "evidence": ["e"]},
            {"challenger": "panelist-3", "target_agent": "panelist-2", "challenge": "C2", "evidence": []}
        ],
        "rebuttals": [
            {"agent": "panelist-1", "rebuttal": "R1"},
            {"agent": "panelist-3", "rebuttal": "R3"}
        ],
        "unresolved": ["U"]
    }))
    .unwrap();
    let view = challenge_threads(&cross_exam);
    assert_eq!(view.threads.len(), 2);
    assert_eq!(view.threads[0].rebuttals[0].rebuttal, "R1");
    assert!(view.threads[1].rebuttals.is_empty());
    assert_eq!(view.unthreaded.len(), 1);
    assert_eq!(view.unthreaded[0].rebuttal, "R3");
    assert_eq!(view.unresolved, ["U"]);
}

#[test]
fn a_stopped_session_offers_to_resume_unless_it_runs_here_or_elsewhere() {
    let failed = run(
        demo_session(),
        &ScriptedCaller::over_demo().fail(
            "r2-judge",
            CallFailure {
                kind: "auth".into(),
                message: "Bad key.".into(),
            },
        ),
    )
    .0;
    assert_eq!(failed.consult_state(), Some(ConsultState::Failed));
    let offer = resume_offer(&failed, false, false).expect("a failed run can resume");
    assert_eq!(offer.from_round, 2);
    assert_eq!(offer.reason, "This session stopped before the end.");
    assert_eq!(resume_offer(&failed, true, false), None);
    assert_eq!(resume_offer(&failed, false, true), None);

    let mut interrupted = failed.clone();
    interrupted.state = "synthesis".into();
    assert_eq!(
        resume_offer(&interrupted, false, false).unwrap().reason,
        "This session was interrupted."
    );
    let (complete, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(resume_offer(&complete, false, false), None);
    let mut edited = complete;
    edited.state = "nonsense".into();
    assert_eq!(resume_offer(&edited, false, false), None);
}
