//! Retry schedule and the price table.
use consilium_providers::{
    cost_usd, estimate_tokens, Price, PriceTable, ProviderError, RetryPolicy, Usage,
};

fn server() -> ProviderError {
    ProviderError::Server {
        status: 500,
        detail: String::new(),
    }
}

fn rate_limited(secs: Option<f64>) -> ProviderError {
    ProviderError::RateLimited {
        retry_after_secs: secs,
        detail: String::new(),
    }
}

#[test]
fn default_policy() {
    assert_eq!(
        RetryPolicy::default(),
        RetryPolicy {
            max_attempts: 3,
            base_delay_ms: 500,
            max_delay_ms: 8000
        }
    );
}

#[test]
fn exponential_schedule_with_the_top_of_the_jitter_range() {
    let policy = RetryPolicy {
        max_attempts: 10,
        base_delay_ms: 500,
        max_delay_ms: 8000,
    };
    let almost_one = 1.0 - f64::EPSILON;
    let schedule: Vec<Option<u64>> = (1..=10)
        .map(|attempt| policy.delay_ms(attempt, &server(), almost_one))
        .collect();
    assert_eq!(
        schedule,
        [
            Some(500),
            Some(1000),
            Some(2000),
            Some(4000),
            Some(8000),
            Some(8000),
            Some(8000),
            Some(8000),
            Some(8000),
            None
        ]
    );
}

#[test]
fn full_jitter_stays_within_its_bounds() {
    let policy = RetryPolicy {
        max_attempts: 6,
        base_delay_ms: 500,
        max_delay_ms: 8000,
    };
    for attempt in 1..6 {
        let ceiling = (500u64 << (attempt - 1)).min(8000);
        let mut previous = 0;
        for step in 0..100 {
            let jitter = step as f64 / 100.0;
            let delay = policy.delay_ms(attempt, &server(), jitter).unwrap();
            assert!(
                (125..=ceiling).contains(&delay),
                "attempt {attempt} jitter {jitter}: {delay}"
            );
            assert!(delay >= previous, "more jitter never waits less");
            previous = delay;
        }
        // The floor (a quarter of the base) keeps a retry from landing at once.
        assert_eq!(policy.delay_ms(attempt, &server(), 0.0), Some(125));
        assert_eq!(
            policy.delay_ms(attempt, &server(), 0.5),
            Some((ceiling / 2).max(125))
        );
    }
}

#[test]
fn out_of_range_jitter_is_clamped() {
    let policy = RetryPolicy::default();
    assert_eq!(policy.delay_ms(1, &server(), -3.0), Some(125));
    assert_eq!(policy.delay_ms(1, &server(), 7.0), Some(500));
}

#[test]
fn attempts_are_bounded() {
    let policy = RetryPolicy::default();
    assert!(policy.delay_ms(1, &server(), 0.5).is_some());
    assert!(policy.delay_ms(2, &server(), 0.5).is_some());
    assert_eq!(
        policy.delay_ms(3, &server(), 0.5),
        None,
        "three attempts in all"
    );
    assert_eq!(
        policy.delay_ms(0, &server(), 0.5),
        Some(250),
        "attempt 0 is read as the first"
    );
}

#[test]
fn non_retryable_errors_are_never_retried() {
    let policy = RetryPolicy {
        max_attempts: 10,
        ..RetryPolicy::default()
    };
    let final_ = [
        ProviderError::Auth {
            status: 401,
            detail: String::new(),
        },
        ProviderError::UnknownModel {
            status: 404,
            detail: String::new(),
        },
        ProviderError::BadRequest {
            status: 400,
            detail: String::new(),
        },
        ProviderError::Malformed {
            detail: String::new(),
        },
        ProviderError::Cancelled,
    ];
    for error in final_ {
        assert_eq!(policy.delay_ms(1, &error, 0.5), None, "{error:?}");
    }
    let retried = [
        rate_limited(None),
        ProviderError::Overloaded {
            status: 529,
            detail: String::new(),
        },
        server(),
        ProviderError::Network {
            detail: String::new(),
        },
        ProviderError::Timeout { after_ms: 1 },
        ProviderError::Incomplete {
            partial_text: String::new(),
        },
    ];
    for error in retried {
        assert!(policy.delay_ms(1, &error, 0.5).is_some(), "{error:?}");
    }
}

#[test]
fn retry_after_is_a_minimum_and_a_long_one_gives_up() {
    let policy = RetryPolicy::default();
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(20.0)), 0.9),
        Some(20_000)
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(0.1)), 0.9),
        Some(450),
        "the backoff wins when longer"
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(1.0004)), 0.0),
        Some(1001),
        "rounded up"
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(60.0)), 0.5),
        Some(60_000)
    );
    assert_eq!(policy.delay_ms(1, &rate_limited(Some(61.0)), 0.5), None);
    assert_eq!(
        policy.delay_ms(3, &rate_limited(Some(1.0)), 0.5),
        None,
        "attempts still bound it"
    );
}

fn price(input: f64, output: f64) -> Price {
    Price {
        input_per_million: input,
        output_per_million: output,
    }
}

#[test]
fn default_prices_for_common_models() {
    let table = PriceTable::with_defaults();
    let cases = [
        ("gpt-4o", price(2.5, 10.0)),
        ("gpt-4o-mini", price(0.15, 0.60)),
        ("gpt-4.1", price(2.0, 8.0)),
        ("gpt-4.1-mini", price(0.40, 1.60)),
        ("gpt-4.1-nano", price(0.10, 0.40)),
        ("o3", price(2.0, 8.0)),
        ("o4-mini", price(1.10, 4.40)),
        ("gpt-5", price(1.25, 10.0)),
        ("gpt-5-mini", price(0.25, 2.0)),
        ("claude-opus-4", price(15.0, 75.0)),
        ("claude-sonnet-4", price(3.0, 15.0)),
        ("claude-3-5-haiku", price(0.80, 4.0)),
        ("claude-haiku-4-5", price(1.0, 5.0)),
        ("gemini-2.5-pro", price(1.25, 10.0)),
        ("gemini-2.5-flash", price(0.30, 2.50)),
        ("gemini-2.0-flash", price(0.10, 0.40)),
        ("deepseek-chat", price(0.28, 0.42)),
        ("mistral-large-latest", price(0.50, 1.50)),
        ("llama-3.3-70b-versatile", price(0.59, 0.79)),
    ];
    for (model, expected) in cases {
        assert_eq!(table.price_for(model), Some(expected), "{model}");
    }
}

#[test]
fn dated_and_versioned_names_find_their_model_but_other_models_do_not() {
    let table = PriceTable::with_defaults();
    let same = [
        ("gpt-4o-2024-08-06", "gpt-4o"),
        ("gpt-4o-mini-2024-07-18", "gpt-4o-mini"),
        ("gpt-4.1-2025-04-14", "gpt-4.1"),
        ("o3-2025-04-16", "o3"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("claude-sonnet-4-20250514", "claude-sonnet-4"),
        ("claude-opus-4-1-20250805", "claude-opus-4-1"),
        ("claude-opus-4-5-20251101", "claude-opus-4-5"),
        ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
        ("claude-haiku-4-5@20251001", "claude-haiku-4-5"),
        ("gemini-2.0-flash-001", "gemini-2.0-flash"),
        ("gemini-2.5-flash-preview-09-2025", "gemini-2.5-flash"),
        ("gemini-3-pro-preview", "gemini-3-pro"),
        ("openai/gpt-4o-mini", "gpt-4o-mini"),
        ("anthropic/claude-sonnet-4", "claude-sonnet-4"),
    ];
    for (model, listed) in same {
        assert_eq!(
            table.price_for(model),
            table.price_for(listed),
            "{model} is {listed}"
        );
        assert!(table.price_for(model).is_some(), "{model}");
    }
    // Opus 4.5 costs a third of Opus 4: a shared prefix must not decide the price.
    assert_ne!(
        table.price_for("claude-opus-4-5-20251101"),
        table.price_for("claude-opus-4")
    );
    assert_ne!(table.price_for("gpt-4o-mini"), table.price_for("gpt-4o"));
    assert_ne!(
        table.price_for("gemini-2.5-flash-lite"),
        table.price_for("gemini-2.5-flash")
    );
}

#[test]
fn unknown_models_have_no_price() {
    let table = PriceTable::with_defaults();
    for model in [
        "llama3.2:latest",
        "gpt-4o-realtime-preview",
        "gpt-4",
        "o3-pro",
        "claude-2",
        "gemini-2.5",
        "",
        "my-model",
    ] {
        assert_eq!(table.price_for(model), None, "{model}");
    }
}

#[test]
fn the_table_can_be_edited_and_listed() {
    let mut table = PriceTable::default();
    assert!(table.entries().is_empty());
    table.set("qwen3:8b", price(0.0, 0.0));
    table.set(" my-model ", price(1.0, 2.0));
    table.set("gpt-4o", price(2.5, 10.0));
    assert_eq!(table.price_for("my-model"), Some(price(1.0, 2.0)));
    // A local model priced at zero is a known zero, not unknown.
    assert_eq!(table.price_for("qwen3:8b"), Some(price(0.0, 0.0)));
    table.set("my-model", price(3.0, 4.0));
    assert_eq!(table.price_for("my-model"), Some(price(3.0, 4.0)));
    let ids: Vec<String> = table.entries().into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids, ["gpt-4o", "my-model", "qwen3:8b"], "sorted");
    table.remove("my-model");
    assert_eq!(table.price_for("my-model"), None);
    assert_eq!(table.entries().len(), 2);
}

#[test]
fn the_table_is_stored_as_json_and_read_back() {
    let table = PriceTable::with_defaults();
    let text = serde_json::to_string(&table).unwrap();
    assert!(text.contains("\"gpt-4o\""));
    assert_eq!(serde_json::from_str::<PriceTable>(&text).unwrap(), table);
}

#[test]
fn cost_from_usage() {
    let usage = Usage {
        input_tokens: 1_000_000,
        output_tokens: 500_000,
    };
    assert!((cost_usd(&usage, &price(2.5, 10.0)) - 7.5).abs() < 1e-12);
    let small = Usage {
        input_tokens: 1200,
        output_tokens: 300,
    };
    assert!((cost_usd(&small, &price(0.15, 0.60)) - 0.00036).abs() < 1e-12);
    assert_eq!(cost_usd(&Usage::default(), &price(5.0, 25.0)), 0.0);
}

#[test]
fn token_estimate_of_english_letters_is_a_quarter_of_the_characters_rounded_up() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abc"), 1);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("🌍🌍🌍🌍🌍"), 5, "characters, not bytes");
}
