//! Cache-read and cache-write rates: the defaults, what a call costs with them, and price tables
//! stored before they existed.
use consilium_prices::{CacheTokens, Price, PriceTable};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn default_cache_rates_follow_each_providers_published_prices() {
    let table = PriceTable::with_defaults();
    let rates = |model: &str| {
        let price = table.price_for(model).unwrap();
        (price.cache_read_per_million, price.cache_write_per_million)
    };
    // Anthropic: reads 0.1x, 5-minute writes 1.25x.
    assert_eq!(
        rates("claude-sonnet-4-5-20250929"),
        (Some(0.30), Some(3.75))
    );
    assert_eq!(rates("claude-opus-4-5"), (Some(0.50), Some(6.25)));
    assert_eq!(rates("claude-haiku-4-5"), (Some(0.10), Some(1.25)));
    // OpenAI: GPT-5 reads 0.1x, GPT-4.1 0.25x, GPT-4o 0.5x; no write premium.
    assert_eq!(rates("gpt-5-mini"), (Some(0.025), Some(0.25)));
    assert_eq!(rates("gpt-4.1-2025-04-14"), (Some(0.50), Some(2.0)));
    assert_eq!(rates("openai/gpt-4o-mini"), (Some(0.075), Some(0.15)));
    // Gemini 2.5 reads 0.1x, no write charge.
    assert_eq!(rates("gemini-2.5-flash"), (Some(0.03), Some(0.30)));
    // Unknown: cached tokens at the input rate.
    assert_eq!(rates("mistral-large-latest"), (None, None));
    let mistral = table.price_for("mistral-large-latest").unwrap();
    assert_eq!(mistral.cache_read_rate(), mistral.input_per_million);
    assert_eq!(mistral.cache_write_rate(), mistral.input_per_million);
}

#[test]
fn a_call_with_cached_tokens_costs_each_part_at_its_rate() {
    let sonnet = Price::new(3.0, 15.0).with_cache_rates(0.30, 3.75);
    // 10,000 prompt tokens: 8,000 read, 1,000 written, 1,000 plain; 500 output.
    // 1,000 x 3 + 8,000 x 0.30 + 1,000 x 3.75 + 500 x 15 = 3,000 + 2,400 + 3,750 + 7,500
    // = 16,650 per million = $0.01665.
    let cache = CacheTokens {
        read: 8_000,
        written: 1_000,
    };
    assert!(close(
        sonnet.cost_with_cache_usd(10_000, 500, cache),
        0.01665
    ));
    // Saved against 9,000 at $3: reads save 8,000 x 2.70 = 21,600, the write costs
    // 1,000 x 0.75 = 750 more: 20,850 per million = $0.02085.
    assert!(close(sonnet.cache_saving_usd(cache), 0.02085));
    // The same without cache counts is the plain cost.
    assert!(close(
        sonnet.cost_with_cache_usd(10_000, 500, CacheTokens::default()),
        sonnet.cost_usd(10_000, 500)
    ));
}

#[test]
fn a_call_that_only_wrote_to_the_cache_saved_less_than_nothing() {
    let haiku = Price::new(1.0, 5.0).with_cache_rates(0.10, 1.25);
    let cache = CacheTokens {
        read: 0,
        written: 4_000,
    };
    // 4,000 x (1 - 1.25) = -1,000 per million.
    assert!(close(haiku.cache_saving_usd(cache), -0.001));
}

#[test]
fn unknown_cache_rates_charge_cached_tokens_at_the_input_rate() {
    let price = Price::new(2.0, 8.0);
    let cache = CacheTokens {
        read: 5_000,
        written: 0,
    };
    assert!(close(
        price.cost_with_cache_usd(6_000, 100, cache),
        price.cost_usd(6_000, 100)
    ));
    assert_eq!(price.cache_saving_usd(cache), 0.0);
}

#[test]
fn a_price_stored_without_cache_rates_still_reads() {
    let price: Price =
        serde_json::from_str(r#"{"input_per_million":2.5,"output_per_million":10.0}"#).unwrap();
    assert_eq!(price, Price::new(2.5, 10.0));
    // And is stored as before.
    assert_eq!(
        serde_json::to_string(&price).unwrap(),
        r#"{"input_per_million":2.5,"output_per_million":10.0}"#
    );
}

#[test]
fn a_table_stored_before_cache_rates_gets_the_defaults_where_the_user_kept_the_price() {
    let stored = r#"{
        "gpt-4o": {"input_per_million": 2.5, "output_per_million": 10.0},
        "claude-sonnet-4-5": {"input_per_million": 2.0, "output_per_million": 15.0},
        "my-model": {"input_per_million": 1.0, "output_per_million": 2.0}
    }"#;
    let table: PriceTable = serde_json::from_str(stored).unwrap();
    // The default price, kept: the default cache rates.
    assert_eq!(
        table.price_for("gpt-4o"),
        Some(Price::new(2.5, 10.0).with_cache_rates(1.25, 2.5))
    );
    // A price the user changed: no cache rates are guessed.
    assert_eq!(
        table.price_for("claude-sonnet-4-5"),
        Some(Price::new(2.0, 15.0))
    );
    assert_eq!(table.price_for("my-model"), Some(Price::new(1.0, 2.0)));
    // Rates the user set are kept as set.
    let mut edited = PriceTable::default();
    edited.set("gpt-4o", Price::new(2.5, 10.0).with_cache_rates(2.0, 2.5));
    let text = serde_json::to_string(&edited).unwrap();
    let back: PriceTable = serde_json::from_str(&text).unwrap();
    assert_eq!(back, edited);
}
