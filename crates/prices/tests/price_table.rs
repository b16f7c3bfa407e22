//! The price table: default prices, names in other releases, edits, storage.
use consilium_prices::{Price, PriceTable};

fn price(input: f64, output: f64) -> Price {
    Price::new(input, output)
}

/// A price's input and output rates (its cache rates are `tests/cache_prices.rs`'s).
fn rates(price: Option<Price>) -> Option<(f64, f64)> {
    price.map(|p| (p.input_per_million, p.output_per_million))
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
        assert_eq!(
            rates(table.price_for(model)),
            rates(Some(expected)),
            "{model}"
        );
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
fn cost_from_tokens() {
    assert!((price(2.5, 10.0).cost_usd(1_000_000, 500_000) - 7.5).abs() < 1e-12);
    assert!((price(0.15, 0.60).cost_usd(1200, 300) - 0.00036).abs() < 1e-12);
    assert_eq!(price(5.0, 25.0).cost_usd(0, 0), 0.0);
}

#[test]
fn a_price_the_user_typed_wins_over_a_model_list() {
    let mut table = PriceTable::with_defaults();
    table.set("vendor/mine", price(1.0, 2.0));
    let listed = vec![
        ("vendor/mine".to_string(), price(10.0, 30.0)),
        ("vendor/other".to_string(), price(0.5, 1.5)),
    ];
    assert!(table.take_listed(&listed), "the other model's price is new");
    assert_eq!(table.price_for("vendor/mine"), Some(price(1.0, 2.0)));
    assert_eq!(table.price_for("vendor/other"), Some(price(0.5, 1.5)));
    // The same list again changes nothing.
    assert!(!table.take_listed(&listed));
    // A list's price is not the user's: a later list replaces it.
    assert!(table.take_listed(&[("vendor/other".to_string(), price(0.6, 1.6))]));
    assert_eq!(table.price_for("vendor/other"), Some(price(0.6, 1.6)));
    // A default price is replaced by the list too.
    assert!(table.take_listed(&[("gpt-4o".to_string(), price(3.0, 12.0))]));
    assert_eq!(table.price_for("gpt-4o"), Some(price(3.0, 12.0)));

    // Stored and read back, the user's price is still theirs.
    let text = serde_json::to_string(&table).unwrap();
    let mut back: PriceTable = serde_json::from_str(&text).unwrap();
    assert_eq!(back, table);
    assert!(!back.take_listed(&[("vendor/mine".to_string(), price(10.0, 30.0))]));
    assert_eq!(back.price_for("vendor/mine"), Some(price(1.0, 2.0)));

    // Removed by the user, the model takes the list's price again.
    back.remove("vendor/mine");
    assert!(back.take_listed(&[("vendor/mine".to_string(), price(10.0, 30.0))]));
    assert_eq!(back.price_for("vendor/mine"), Some(price(10.0, 30.0)));
}

#[test]
fn a_table_stored_as_prices_alone_reads_with_none_typed() {
    let stored = r#"{"vendor/mine": {"input_per_million": 1.0, "output_per_million": 2.0}}"#;
    let mut table: PriceTable = serde_json::from_str(stored).unwrap();
    assert_eq!(table.price_for("vendor/mine"), Some(price(1.0, 2.0)));
    assert!(table.take_listed(&[("vendor/mine".to_string(), price(10.0, 30.0))]));
    assert_eq!(table.price_for("vendor/mine"), Some(price(10.0, 30.0)));
}
