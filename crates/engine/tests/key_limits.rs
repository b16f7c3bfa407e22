//! Spend before it happens: a run's worst case set against a provider key's remaining limit.
use crate::common;

use common::*;
use consilium_engine::{
    consult::demo::DEMO_QUESTION, consult::estimate::estimate_cost, foundation::participants::Price,
};
use consilium_engine::{
    key_limit::check_key_limits, key_limit::worst_case_usd, key_limit::KeyLimit,
    key_limit::KeyLimitCheck,
};

const PRICE: Price = Price {
    input_per_million: 3.0,
    output_per_million: 15.0,
    cache_read_per_million: None,
    cache_write_per_million: None,
};

fn limit_of(provider_id: &str, remaining_usd: f64) -> KeyLimit {
    KeyLimit {
        provider_id: provider_id.into(),
        provider_name: "OpenRouter".into(),
        key_label: "Consilium".into(),
        limit_usd: 1.0,
        remaining_usd,
    }
}

#[test]
fn the_worst_case_is_the_priced_estimate_never_above_the_budget() {
    let config = priced_config(PRICE, None);
    let estimate = estimate_cost(DEMO_QUESTION, &config).usd.unwrap();
    assert!(estimate > 0.01);
    assert_eq!(worst_case_usd(&session_with(config)), Some(estimate));
    let capped = session_with(priced_config(PRICE, Some(0.01)));
    assert_eq!(worst_case_usd(&capped), Some(0.01));
}

#[test]
fn an_unpriced_run_without_a_budget_has_no_known_worst_case() {
    let mut config = priced_config(PRICE, None);
    config.panelists.iter_mut().for_each(|p| p.price = None);
    config.judge.price = None;
    assert_eq!(worst_case_usd(&session_with(config)), None);
}

#[test]
fn a_run_is_stopped_only_by_the_limit_of_a_key_it_uses() {
    let session = session_with(priced_config(PRICE, Some(0.01)));
    let used = session.participants[0].provider_id.clone();
    assert!(matches!(
        check_key_limits(&session, &[limit_of(used.as_str(), 0.005)]),
        KeyLimitCheck::Exceeds(reason) if reason.starts_with("Stopped before the first call: this run may cost up to $0.01, more than the $0.0050 left")
    ));
    assert_eq!(
        check_key_limits(&session, &[limit_of("another-provider", 0.005)]),
        KeyLimitCheck::Within(Vec::new()),
        "a key the run does not use"
    );
    assert!(matches!(
        check_key_limits(&session, &[limit_of(used.as_str(), 0.75)]),
        KeyLimitCheck::Within(lines) if lines == ["At worst this run costs $0.01; the OpenRouter key “Consilium” then has $0.74 of its $1.00 limit left."]
    ));
}
