//! A benchmark's cost before it starts: the expected cost beside the most it may cost, each named
//! (`views::benchmark_cost`), and the expected cost refined from the run's own spend as it goes.
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark_council::view::cost::{
    benchmark_consent, benchmark_cost, benchmark_cost_and_consent, cost_line,
    describe_benchmark_cost, refined_total_usd, BenchmarkCost, TYPICAL_REPLY_TOKENS,
};
use consilium_engine::foundation::participants::Price;
use consilium_engine::record::benchmark::config::BestSingle;

use crate::common;

use common::benchmark::{benchmark, body, caller_for, run, seat};

fn cost_of(session: &consilium_engine::record::Session) -> BenchmarkCost {
    let body = body(session);
    benchmark_cost(&body.questions, &body.config)
}

#[test]
fn the_expected_cost_is_well_below_the_bound_and_the_scripted_run_spends_near_it() {
    let session = benchmark(8, BestSingle::Auto, None, Some(Price::new(1.0, 4.0)));
    let cost = cost_of(&session);
    let (expected, at_most) = (cost.expected_usd.unwrap(), cost.at_most_usd.unwrap());
    assert!(expected > 0.0);
    // Replies of a typical length, not the full limit, and samples at a round-1 call's size.
    assert!(at_most > 2.0 * expected, "{expected} vs {at_most}");
    let (ended, _) = run(session.clone(), &caller_for(&session));
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let spent = ended.cost.spent_usd;
    // The scripted replies are short (a tenth of the typical length), so the run spends less than
    // expected: within 4x of it (the bound is ~9x what it spent).
    assert!(spent <= expected, "spent {spent}, expected {expected}");
    assert!(
        expected < 4.0 * spent,
        "spent {spent}, expected {expected}, at most {at_most}"
    );
}

#[test]
fn the_expected_cost_grows_with_the_questions_and_counts_the_chosen_model_s_price() {
    let price = Some(Price::new(1.0, 4.0));
    let four = cost_of(&benchmark(4, BestSingle::Auto, None, price));
    let eight = cost_of(&benchmark(8, BestSingle::Auto, None, price));
    let ratio = eight.expected_usd.unwrap() / four.expected_usd.unwrap();
    assert!((1.8..2.2).contains(&ratio), "{ratio}");

    // A free best single model: its samples cost nothing, so only the councils are expected.
    let free = BestSingle::Model {
        participant: Box::new(seat("panelist-1", "model-a", Some(Price::new(0.0, 0.0)))),
    };
    let dear = BestSingle::Model {
        participant: Box::new(seat("panelist-1", "model-a", Some(Price::new(10.0, 40.0)))),
    };
    let free = cost_of(&benchmark(4, free, None, price))
        .expected_usd
        .unwrap();
    let dear = cost_of(&benchmark(4, dear, None, price))
        .expected_usd
        .unwrap();
    let auto = four.expected_usd.unwrap();
    assert!(free < auto && auto < dear, "{free} {auto} {dear}");
}

#[test]
fn a_reply_limit_below_the_typical_length_makes_the_two_figures_meet_for_the_council() {
    let mut session = benchmark(3, BestSingle::Auto, None, Some(Price::new(1.0, 4.0)));
    if let consilium_engine::record::Body::Benchmark(body) = &mut session.body {
        body.config.council.max_tokens = TYPICAL_REPLY_TOKENS / 2;
    }
    let cost = cost_of(&session);
    // The bound counts the samples at a debate call's size: the expected cost is still below it.
    assert!(cost.expected_usd.unwrap() <= cost.at_most_usd.unwrap());
}

#[test]
fn the_dialog_says_which_figure_is_which() {
    let cost = BenchmarkCost {
        expected_usd: Some(0.55),
        at_most_usd: Some(4.7),
        calls: 3400,
        search: None,
    };
    assert_eq!(cost_line(&cost), "about $0.55 expected · at most $4.70");
    let text = describe_benchmark_cost(&cost);
    assert!(
        text.starts_with("3,400 calls: about $0.55 expected · at most $4.70."),
        "{text}"
    );
    assert!(
        text.contains("typical length") && text.contains("full length"),
        "{text}"
    );
    let unpriced = BenchmarkCost {
        expected_usd: None,
        at_most_usd: None,
        calls: 10,
        search: None,
    };
    assert_eq!(cost_line(&unpriced), "price unknown");
}

#[test]
fn as_the_run_goes_the_expected_total_follows_its_own_spend() {
    let session = benchmark(4, BestSingle::Auto, None, Some(Price::new(1.0, 4.0)));
    let before = cost_of(&session).expected_usd;
    let fresh = progress(&session, 0).unwrap();
    assert_eq!(refined_total_usd(&fresh, before), before);
    let (ended, sink) = run(session.clone(), &caller_for(&session));
    // Halfway (every council done, no sample yet): spent plus the pace's cost left.
    let halfway = sink
        .saved_sessions()
        .into_iter()
        .find(|s| progress(s, 0).unwrap().steps_done == 4)
        .unwrap();
    let p = progress(&halfway, 0).unwrap();
    let refined = refined_total_usd(&p, before).unwrap();
    assert!(
        (refined - 2.0 * p.spent_usd).abs() < 1e-9,
        "{refined} {}",
        p.spent_usd
    );
    let end = progress(&ended, 0).unwrap();
    assert!((refined_total_usd(&end, before).unwrap() - ended.cost.spent_usd).abs() < 1e-9);
}

#[test]
fn the_consent_reason_gives_the_expected_cost_and_the_bound() {
    let session = benchmark(8, BestSingle::Auto, None, Some(Price::new(1.0, 4.0)));
    let body = body(&session);
    let cost = cost_of(&session);
    let request = benchmark_consent(&body.questions, &body.config, 0.10).expect("above $0.10");
    let expected = format!(
        "This run is expected to cost about ${:.2} and may cost at most ${:.2} (every reply at its full length), above your $0.10 threshold.",
        cost.expected_usd.unwrap(),
        cost.at_most_usd.unwrap()
    );
    assert_eq!(request.reasons[0], expected);
    assert_eq!(
        benchmark_consent(&body.questions, &body.config, 100.0),
        None
    );
}

/// The form asks for both at once (one pass over the questions per figure): the same figures and
/// the same consent as asked for apart, above and below the threshold, priced or not.
#[test]
fn the_cost_and_consent_at_once_are_those_asked_for_apart() {
    for price in [Some(Price::new(1.0, 4.0)), None] {
        let session = benchmark(8, BestSingle::Auto, None, price);
        let body = body(&session);
        for threshold in [0.10, 100.0] {
            let (cost, consent) =
                benchmark_cost_and_consent(&body.questions, &body.config, threshold);
            assert_eq!(cost, benchmark_cost(&body.questions, &body.config));
            assert_eq!(
                consent,
                benchmark_consent(&body.questions, &body.config, threshold)
            );
        }
    }
    let priced = benchmark(8, BestSingle::Auto, None, Some(Price::new(1.0, 4.0)));
    let body = body(&priced);
    assert!(
        benchmark_cost_and_consent(&body.questions, &body.config, 0.10)
            .1
            .is_some()
    );
}
