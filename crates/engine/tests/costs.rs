//! The cost estimate, the ledger and the token-efficiency arithmetic.
use crate::common;

use common::*;
use consilium_engine::foundation::money::format_usd;
use consilium_engine::record::consult::efficiency::FILTERING_METHOD;
use consilium_engine::testing::{text_reply, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, consult::estimate::estimate_cost,
    foundation::participants::Price, foundation::tokens::estimate_tokens, harness::io::CallReply,
    harness::ledger::CostLedger, record::consult::efficiency::TokenEfficiencyStats,
    record::CallRecord, record::CallStatus, record::CostSummary,
};

#[test]
fn english_letters_are_estimated_four_to_a_token_rounded_up() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(
        estimate_tokens("éééé"),
        4,
        "characters, not bytes; one token each outside ASCII"
    );
}

#[test]
fn the_estimate_counts_the_calls_of_the_rounds_that_will_run() {
    let mut config = demo_config();
    let mut counts = Vec::new();
    for stop in 1..=4 {
        config.stop_after_round = stop;
        counts.push(estimate_cost(DEMO_QUESTION, &config).calls);
    }
    assert_eq!(counts, [3, 4, 8, 9]);
    config.panelists.truncate(2);
    assert_eq!(estimate_cost(DEMO_QUESTION, &config).calls, 7);
    let estimate = estimate_cost(DEMO_QUESTION, &config);
    assert_eq!(estimate.output_tokens, 7 * 1024);
}

#[test]
fn the_estimate_counts_what_the_depth_may_ask_and_adaptive_says_what_agreement_saves() {
    use consilium_engine::record::consult::depth::Depth;
    use consilium_engine::views::costs::describe_calls;
    let mut config = demo_config();
    config.depth = Depth::Vote;
    let vote = estimate_cost(DEMO_QUESTION, &config);
    assert_eq!(
        (vote.calls, vote.calls_if_agreed),
        (4, None),
        "answers and the synthesis"
    );
    config.depth = Depth::Adaptive;
    let adaptive = estimate_cost(DEMO_QUESTION, &config);
    assert_eq!((adaptive.calls, adaptive.calls_if_agreed), (9, Some(4)));
    assert!(describe_calls(&adaptive).starts_with("9 calls (4 if the panel agrees), about "));
    // Counts of thousands carry their separators (a material's tokens, a benchmark's calls).
    let large = consilium_engine::harness::estimate::CostEstimate {
        calls: 1_300,
        calls_if_agreed: Some(1_040),
        input_tokens: 2_345_678,
        output_tokens: 12_000,
        ..adaptive.clone()
    };
    assert!(
        describe_calls(&large).starts_with(
            "1,300 calls (1,040 if the panel agrees), about 2,345,678 input and 12,000 output tokens"
        ),
        "{}",
        describe_calls(&large)
    );
    config.stop_after_round = 1;
    let answers_only = estimate_cost(DEMO_QUESTION, &config);
    assert_eq!(
        (answers_only.calls, answers_only.calls_if_agreed),
        (3, None)
    );
    config.depth = Depth::Full;
    config.stop_after_round = 4;
    assert_eq!(estimate_cost(DEMO_QUESTION, &config).calls_if_agreed, None);
}

#[test]
fn round_one_is_estimated_from_the_prompts_actually_sent() {
    let mut config = demo_config();
    config.stop_after_round = 1;
    let caller = ScriptedCaller::over_demo();
    run(session_with(config.clone()), &caller);
    let sent: u64 = caller
        .requests()
        .iter()
        .map(|r| estimate_tokens(&r.system) + estimate_tokens(&r.prompt))
        .sum();
    assert_eq!(estimate_cost(DEMO_QUESTION, &config).input_tokens, sent);
}

#[test]
fn the_estimate_is_an_upper_bound_of_what_a_full_run_sends() {
    let estimate = estimate_cost(DEMO_QUESTION, &demo_config());
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    let sent: u64 = caller
        .requests()
        .iter()
        .map(|r| estimate_tokens(&format!("{}{}", r.system, r.prompt)))
        .sum();
    assert!(
        estimate.input_tokens >= sent,
        "{} < {sent}",
        estimate.input_tokens
    );
}

#[test]
fn verbose_mode_costs_more() {
    let mut config = priced_config(Price::new(3.0, 15.0), None);
    let filtered = estimate_cost(DEMO_QUESTION, &config);
    config.verbose = true;
    let verbose = estimate_cost(DEMO_QUESTION, &config);
    assert!(verbose.verbose && !filtered.verbose);
    assert!(verbose.input_tokens > filtered.input_tokens);
    assert!(verbose.usd.unwrap() > filtered.usd.unwrap());
}

#[test]
fn the_estimate_prices_each_call_and_lists_unpriced_participants() {
    let price = Price::new(2.0, 10.0);
    let config = priced_config(price, None);
    let estimate = estimate_cost(DEMO_QUESTION, &config);
    let expected = price.cost_usd(estimate.input_tokens, estimate.output_tokens);
    assert!((estimate.usd.unwrap() - expected).abs() < 1e-12);
    assert!(estimate.unpriced_participants.is_empty());

    let mut mixed = config.clone();
    mixed.judge.price = None;
    let estimate = estimate_cost(DEMO_QUESTION, &mixed);
    assert_eq!(estimate.unpriced_participants, ["Demo judge"]);
    assert!(estimate.usd.unwrap() < expected, "only the priced part");

    let unpriced = estimate_cost(DEMO_QUESTION, &demo_config());
    assert_eq!(unpriced.usd, None, "unknown, never $0");
    assert_eq!(unpriced.unpriced_participants.len(), 4);
}

#[test]
fn the_ledger_reserves_worst_cases_and_charges_what_replies_cost() {
    let price = Price::new(1_000_000.0, 0.0); // $1 per input token
    let mut ledger = CostLedger::new(CostSummary {
        budget_usd: Some(10.0),
        ..Default::default()
    });
    let first = ledger.reserve("a", Some(price), 6, 0, 100).unwrap();
    let refused = ledger.reserve("b", Some(price), 5, 0, 100).unwrap_err();
    assert_eq!(
        refused,
        "The budget of $10.00 would be exceeded: b could cost up to $5.00, and $6.00 is already spent or committed."
    );
    // Provider-reported cost wins; usage x price otherwise.
    let reported = CallReply {
        cost_usd: Some(0.5),
        ..text_reply("ok")
    };
    assert_eq!(ledger.settle(first, Some(price), &reported, 6), Some(0.5));
    let second = ledger.reserve("b", Some(price), 5, 0, 100).unwrap();
    let usage = CallReply {
        input_tokens: Some(3),
        output_tokens: Some(9),
        ..text_reply("ok")
    };
    assert_eq!(ledger.settle(second, Some(price), &usage, 5), Some(3.0));
    assert_eq!(ledger.summary().spent_usd, 3.5);
    assert_eq!(ledger.summary().input_tokens, 6 + 3);
    assert_eq!(ledger.summary().output_tokens, 1 + 9);

    // Unpriced: never limited, never $0.
    let unpriced = ledger.reserve("c", None, 1_000_000, 0, 100).unwrap();
    assert_eq!(ledger.settle(unpriced, None, &text_reply("hi"), 10), None);
    assert_eq!(ledger.summary().unpriced_calls, 1);
    assert_eq!(ledger.summary().spent_usd, 3.5);

    let released = ledger.reserve("d", Some(price), 6, 0, 0).unwrap();
    ledger.release(released);
    assert!(
        ledger.reserve("e", Some(price), 6, 0, 0).is_ok(),
        "a released reservation frees the budget"
    );
}

#[test]
fn money_is_formatted_so_small_costs_stay_visible() {
    assert_eq!(format_usd(2.5), "$2.50");
    assert_eq!(format_usd(0.0042), "$0.0042");
}

fn record(
    call_id: &str,
    round: u8,
    reply: Option<&str>,
    usage: Option<(u64, u64)>,
    saved: u64,
) -> CallRecord {
    CallRecord {
        substituted: None,
        search: None,
        call_id: call_id.into(),
        round,
        participant_id: "judge".into(),
        status: if reply.is_some() {
            CallStatus::Ok
        } else {
            CallStatus::Failed
        },
        prompt_chars: 400,
        input_tokens: usage.map(|u| u.0),
        output_tokens: usage.map(|u| u.1),
        cached_input_tokens: 0,
        cache_write_tokens: 0,
        cache_saved_usd: None,
        cost_usd: None,
        reply_text: reply.map(str::to_string),
        error: None,
        started_at: String::new(),
        finished_at: String::new(),
        model: None,
        parse_notes: Vec::new(),
        notes: Vec::new(),
        tokens_saved_via_filtering: saved,
    }
}

#[test]
fn efficiency_is_saved_over_used_plus_saved() {
    let stats = TokenEfficiencyStats::new(12450, 3200, vec![3, 4]);
    assert!((stats.efficiency_percentage - 3200.0 / 15650.0 * 100.0).abs() < 1e-9);
    assert!((stats.efficiency_percentage - 20.4).abs() < 0.05);
    assert_eq!(stats.filtering_method, FILTERING_METHOD);
    assert_eq!(
        TokenEfficiencyStats::new(0, 0, vec![]).efficiency_percentage,
        0.0
    );
}

#[test]
fn efficiency_comes_from_reported_usage_and_says_when_it_estimated() {
    let reported = [
        record("r1-panelist-1", 1, Some("{}"), Some((100, 50)), 0),
        record("r3-panelist-1", 3, Some("{}"), Some((200, 50)), 30),
        record("r4-judge", 4, Some("{}"), Some((300, 100)), 70),
    ];
    let stats = TokenEfficiencyStats::from_calls(&reported, false);
    assert_eq!(stats.tokens_used, 800);
    assert_eq!(stats.tokens_saved_via_filtering, 100);
    assert!((stats.efficiency_percentage - 100.0 / 900.0 * 100.0).abs() < 1e-9);
    assert_eq!(stats.filtered_rounds, [3, 4]);
    assert!(!stats.tokens_used_includes_estimates);

    // Unreported usage falls back to the estimate (400 prompt chars = 100 tokens; "abcdefgh" = 2);
    // a call without a reply counts for neither side.
    let mixed = [
        record("r3-panelist-1", 3, Some("abcdefgh"), None, 10),
        record("r3-panelist-2", 3, None, None, 99),
    ];
    let stats = TokenEfficiencyStats::from_calls(&mixed, false);
    assert_eq!(stats.tokens_used, 102);
    assert_eq!(stats.tokens_saved_via_filtering, 10);
    assert!(stats.tokens_used_includes_estimates);
    assert_eq!(stats.filtered_rounds, [3]);
    assert!(TokenEfficiencyStats::from_calls(&mixed, true)
        .filtered_rounds
        .is_empty());
}

#[test]
fn a_run_counts_the_usage_its_providers_report() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let stats = session.consult().token_efficiency_stats.clone().unwrap();
    let reported: u64 = session
        .calls
        .iter()
        .map(|c| c.input_tokens.unwrap() + c.output_tokens.unwrap())
        .sum();
    assert_eq!(stats.tokens_used, reported);
    assert_eq!(
        session.cost.input_tokens + session.cost.output_tokens,
        reported
    );
}

#[test]
fn a_model_picker_shows_its_price_per_million_tokens_or_says_it_is_unknown() {
    use consilium_engine::views::costs::price_per_million;
    assert_eq!(
        price_per_million(Some(&Price::new(2.5, 10.0))),
        "$2.50 in · $10.00 out per million tokens"
    );
    // A cheap model keeps the digits that tell it apart.
    assert_eq!(
        price_per_million(Some(&Price::new(0.075, 0.3))),
        "$0.075 in · $0.30 out per million tokens"
    );
    assert_eq!(price_per_million(Some(&Price::new(0.0, 0.0))), "free");
    assert_eq!(price_per_million(None), "price unknown");
}
