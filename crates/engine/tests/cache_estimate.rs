//! The pre-run estimate counts on the providers' prompt caches only where they cache by themselves:
//! a seat's opening on its later calls at the cache-read price, and says so.
use crate::common;

use common::priced_config;
use consilium_engine::views::costs::describe_estimate;
use consilium_engine::{
    consult::estimate::estimate_cost, foundation::participants::Price,
    record::consult::config::ConsultConfig,
};

/// A question long enough that the seats' openings pass every provider's minimum (Gemini 3's
/// 4,096 tokens).
fn long_question() -> String {
    question_of(400)
}

fn question_of(lines: usize) -> String {
    "Here is the incident log we must decide on, line by line. ".repeat(lines)
}

fn council_on(model: &str, structured_output: bool) -> ConsultConfig {
    let price = Price::new(2.0, 8.0).with_cache_rates(0.2, 2.5);
    let mut config = priced_config(price, None);
    config.structured_output = structured_output;
    for seat in config.panelists.iter_mut().chain([&mut config.judge]) {
        seat.model = model.to_string();
    }
    config
}

#[test]
fn openai_gemini_and_deepseek_seats_are_estimated_with_their_cached_openings() {
    for model in [
        "gpt-5-mini",
        "gemini-2.5-flash",
        "deepseek-chat",
        "openai/gpt-5-mini",
    ] {
        let cached = estimate_cost(&long_question(), &council_on(model, false));
        let uncached = estimate_cost(&long_question(), &council_on("claude-sonnet-4-5", false));
        assert!(cached.cached_input_tokens > 0, "{model}");
        assert!(cached.cached_input_tokens < cached.input_tokens);
        // The same calls and tokens; only the price of the cached part differs.
        assert_eq!(cached.input_tokens, uncached.input_tokens, "{model}");
        assert!(cached.usd.unwrap() < uncached.usd.unwrap(), "{model}");
        assert!(
            describe_estimate(&cached).contains("prompt caches"),
            "{model}"
        );
    }
}

#[test]
fn nothing_is_counted_on_where_no_later_call_can_read_the_cache() {
    let question = long_question();
    // Anthropic caches only what a call marks; a local server may not cache at all.
    for model in [
        "claude-sonnet-4-5",
        "llama3.2",
        "anthropic/claude-sonnet-4-5",
    ] {
        let estimate = estimate_cost(&question, &council_on(model, false));
        assert_eq!(estimate.cached_input_tokens, 0, "{model}");
        assert!(!describe_estimate(&estimate).contains("cache"), "{model}");
    }
    // Structured output: each round's schema comes before the prompt, so nothing is shared.
    let structured = estimate_cost(&question, &council_on("gpt-5-mini", true));
    assert_eq!(structured.cached_input_tokens, 0);
    // A short question: the panelists' openings (system prompt and question) stay under the
    // providers' minimum; the verdict's opens with every round-1 answer, at most a full reply each.
    let short_config = council_on("gpt-5-mini", false);
    let short = estimate_cost("Rust or Go?", &short_config);
    let answers = short_config.panelists.len() as u64 * u64::from(short_config.max_tokens);
    assert!(short.cached_input_tokens > answers);
    assert!(
        short.cached_input_tokens < answers + 200,
        "the verdict's opening alone"
    );
    // Round 1 alone: no later call of any seat.
    let mut config = council_on("gpt-5-mini", false);
    config.stop_after_round = 1;
    assert_eq!(estimate_cost(&question, &config).cached_input_tokens, 0);
}

/// Google documents implicit caching from Gemini 2.5 on, with a minimum of its own per
/// model (more than OpenAI's 1,024 tokens): 2.0 is never counted on, and a prefix between the
/// minimums is counted only where it reaches the model's own.
#[test]
fn gemini_caches_by_itself_from_2_5_and_at_its_own_minimum() {
    for model in [
        "gemini-2.0-flash",
        "google/gemini-2.0-flash-001",
        "gemini-1.5-pro",
    ] {
        let estimate = estimate_cost(&long_question(), &council_on(model, false));
        assert_eq!(estimate.cached_input_tokens, 0, "{model}");
    }
    // About 1,500 tokens of question: past OpenAI's minimum, short of Gemini 2.5's.
    let middling = question_of(120);
    let on = |model: &str| {
        let mut config = council_on(model, false);
        // Round 1 feeds round 3 alone: the panelists' openings are the question's size.
        config.stop_after_round = 3;
        estimate_cost(&middling, &config).cached_input_tokens
    };
    assert!(on("gpt-5-mini") > 0);
    assert_eq!(on("gemini-2.5-pro"), 0);
    assert_eq!(on("gemini-3-pro-preview"), 0);
    // About 3,000 tokens: past Gemini 2.5's minimum, short of Gemini 3's.
    let longer = question_of(240);
    let on = |model: &str| {
        let mut config = council_on(model, false);
        config.stop_after_round = 3;
        estimate_cost(&longer, &config).cached_input_tokens
    };
    assert!(on("gemini-2.5-pro") > 0);
    assert!(on("google/gemini-2.5-flash") > 0);
    assert_eq!(on("gemini-3-pro-preview"), 0);
}

/// Anthropic bills a marked prefix at 1.25x the input price when it stores it, so
/// the estimate counts each marked opening as written; a key's limit is set against the worst
/// case, which counts on no cache read; and the ledger's reservation includes the write.
#[test]
fn the_write_premium_is_estimated_and_reserved_and_the_worst_case_reads_nothing() {
    use consilium_engine::harness::ledger::CostLedger;
    use consilium_engine::record::CostSummary;
    let claude = council_on("claude-sonnet-4-5", false);
    let estimate = estimate_cost(&long_question(), &claude);
    let price = claude.judge.price.unwrap();
    let plain = price.cost_usd(estimate.input_tokens, estimate.output_tokens);
    assert!(estimate.usd.unwrap() > plain * 1.01, "the writes cost more");
    assert_eq!(estimate.worst_case_usd, estimate.usd);

    // OpenAI writes at its input price: its worst case is every token at the input price.
    let no_premium = Price::new(2.0, 8.0).with_cache_rates(0.2, 2.0);
    let mut config = council_on("gpt-5-mini", false);
    for seat in config.panelists.iter_mut().chain([&mut config.judge]) {
        seat.price = Some(no_premium);
    }
    let openai = estimate_cost(&long_question(), &config);
    assert!(openai.usd.unwrap() < openai.worst_case_usd.unwrap());
    let plain = no_premium.cost_usd(openai.input_tokens, openai.output_tokens);
    assert!((openai.worst_case_usd.unwrap() - plain).abs() < 1e-9);

    // A call of 1M input tokens (0.5M of them marked) and no reply: $2.00 at the input price,
    // $2.25 when the marked half is written at 2.5/M.
    let summary = CostSummary {
        budget_usd: Some(2.1),
        ..CostSummary::default()
    };
    let mut ledger = CostLedger::new(summary);
    assert!(ledger.reserve("a", Some(price), 1_000_000, 0, 0).is_ok());
    let mut ledger = CostLedger::new(CostSummary {
        budget_usd: Some(2.1),
        ..CostSummary::default()
    });
    assert!(ledger
        .reserve("a", Some(price), 1_000_000, 500_000, 0)
        .is_err());
}
