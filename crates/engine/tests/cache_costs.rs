//! Cached prompt tokens in the ledger: priced at the cache rates, recorded per call and in the
//! session's totals, shown as "cached: N tokens · saved $X"; records and summaries stored before
//! any of this still read.
use crate::common;

use common::*;
use consilium_engine::consult::demo::demo_reply;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::views::costs::{
    cache_note, cost_line, participant_costs, price_entry_with_cache, session_cache_note,
};
use consilium_engine::{
    foundation::participants::Price, harness::io::CallReply, harness::ledger::CostLedger,
    record::CallRecord, record::CostSummary,
};

/// Claude Sonnet's rates: $3 in, $15 out, reads $0.30, 5-minute writes $3.75.
const SONNET: Price = Price::new(3.0, 15.0).with_cache_rates(0.30, 3.75);

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn cached_reply(input: u64, output: u64, read: u64, written: u64) -> CallReply {
    CallReply {
        text: "ok".into(),
        input_tokens: Some(input),
        output_tokens: Some(output),
        cached_input_tokens: read,
        cache_write_tokens: written,
        ..CallReply::default()
    }
}

#[test]
fn the_ledger_prices_cache_reads_and_writes_at_their_rates() {
    let mut ledger = CostLedger::new(CostSummary::default());
    // 10,000 prompt tokens: 8,000 read, 1,000 written, 1,000 plain; 500 output.
    // 1,000 x $3 + 8,000 x $0.30 + 1,000 x $3.75 + 500 x $15 = 3,000 + 2,400 + 3,750 + 7,500
    // = 16,650 per million = $0.01665 (without the cache: 10,000 x 3 + 7,500 = $0.0375).
    let cost = ledger.charge(Some(SONNET), &cached_reply(10_000, 500, 8_000, 1_000), 0);
    assert!(close(cost.unwrap(), 0.01665), "{cost:?}");
    let summary = ledger.summary();
    assert!(close(summary.spent_usd, 0.01665));
    assert_eq!(summary.input_tokens, 10_000);
    assert_eq!(summary.cached_input_tokens, 8_000);
    assert_eq!(summary.cache_write_tokens, 1_000);
    // Saved: 8,000 x (3 - 0.30) = 21,600, less the write premium 1,000 x 0.75 = 750: $0.02085
    // (= $0.0375 - $0.01665).
    assert!(close(summary.cache_saved_usd, 0.02085), "{summary:?}");
}

#[test]
fn a_cost_the_provider_reported_is_taken_as_is_and_the_saving_still_counted() {
    let mut ledger = CostLedger::new(CostSummary::default());
    // OpenRouter's own figure for 3,000 prompt tokens (1,500 read, 1,000 written), 200 output.
    let reply = CallReply {
        cost_usd: Some(0.0087),
        ..cached_reply(3_000, 200, 1_500, 1_000)
    };
    assert_eq!(ledger.charge(Some(SONNET), &reply, 0), Some(0.0087));
    // Saved at the table's rates: 1,500 x 2.70 - 1,000 x 0.75 = 4,050 - 750 = $0.0033.
    assert!(close(ledger.summary().cache_saved_usd, 0.0033));
    assert_eq!(ledger.summary().cached_input_tokens, 1_500);
}

#[test]
fn without_cache_rates_cached_tokens_cost_the_input_rate_and_save_nothing() {
    let mut ledger = CostLedger::new(CostSummary::default());
    // 2,000 prompt tokens of which 1,500 cached, at $1 in / $2 out and no known cache rate:
    // 2,000 x 1 + 100 x 2 = $0.0022, as if nothing were cached.
    let cost = ledger.charge(
        Some(Price::new(1.0, 2.0)),
        &cached_reply(2_000, 100, 1_500, 0),
        0,
    );
    assert!(close(cost.unwrap(), 0.0022));
    assert_eq!(ledger.summary().cache_saved_usd, 0.0);
    assert_eq!(ledger.summary().cached_input_tokens, 1_500);
    // Unpriced: the tokens still count, the cost stays unknown.
    assert_eq!(ledger.charge(None, &cached_reply(500, 10, 400, 0), 0), None);
    assert_eq!(ledger.summary().cached_input_tokens, 1_900);
    assert_eq!(ledger.summary().unpriced_calls, 1);
}

#[test]
fn a_run_of_its_own_brings_its_cache_figures_to_the_parent_ledger() {
    let mut parent = CostLedger::new(CostSummary::default());
    let before = CostSummary::default();
    let mut child = CostLedger::new(before.clone());
    child.charge(Some(SONNET), &cached_reply(10_000, 500, 8_000, 1_000), 0);
    parent.absorb(&before, child.summary());
    assert_eq!(parent.summary().cached_input_tokens, 8_000);
    assert_eq!(parent.summary().cache_write_tokens, 1_000);
    assert!(close(parent.summary().cache_saved_usd, 0.02085));
}

#[test]
fn a_consult_records_cached_tokens_per_call_and_in_its_totals() {
    // Every call: a 2,000-token prompt of which 1,500 were read from the cache, 100 out.
    let caller = ScriptedCaller::new(|request| {
        Ok(CallReply {
            input_tokens: Some(2_000),
            output_tokens: Some(100),
            cached_input_tokens: 1_500,
            ..demo_reply(request)
        })
    });
    let (session, _) = run(session_with(priced_config(SONNET, None)), &caller);
    let calls = session.calls.len() as u64;
    assert!(calls >= 9, "a full consult");
    for call in &session.calls {
        assert_eq!(call.cached_input_tokens, 1_500, "{}", call.call_id);
        // 500 x 3 + 1,500 x 0.30 + 100 x 15 = 1,500 + 450 + 1,500 = $0.00345 a call; the cache
        // saved 1,500 x 2.70 = $0.00405.
        assert!(close(call.cost_usd.unwrap(), 0.00345), "{}", call.call_id);
        assert!(close(call.cache_saved_usd.unwrap(), 0.00405));
    }
    assert_eq!(session.cost.cached_input_tokens, 1_500 * calls);
    assert!(close(session.cost.spent_usd, 0.00345 * calls as f64));
    assert!((session.cost.cache_saved_usd - 0.00405 * calls as f64).abs() < 1e-9);

    // The cost line and the participants' table say it.
    let line = cost_line(&session.cost);
    let saved = 0.00405 * calls as f64;
    assert!(
        line.contains(&format!(
            " · cached: {} tokens · saved ${saved:.2}",
            thousands(1_500 * calls)
        )),
        "{line}"
    );
    let rows = participant_costs(&session);
    let panelist = &rows[0];
    let own = session
        .calls
        .iter()
        .filter(|c| c.participant_id == panelist.participant_id)
        .count() as u64;
    assert_eq!(panelist.cached_input_tokens, 1_500 * own);
    assert_eq!(
        panelist.cache_note.as_deref(),
        cache_note(1_500 * own, 0, Some(0.00405 * own as f64)).as_deref()
    );
    assert!(panelist
        .cache_note
        .as_deref()
        .unwrap()
        .starts_with("cached: "));
}

#[test]
fn the_cache_note_says_what_was_read_or_written_and_what_it_saved() {
    assert_eq!(cache_note(0, 0, None), None);
    assert_eq!(
        cache_note(12_345, 0, Some(0.0021)).as_deref(),
        Some("cached: 12,345 tokens · saved $0.0021")
    );
    // Only written (Anthropic's first call of a seat): the premium is what it cost.
    assert_eq!(
        cache_note(0, 4_096, Some(-0.001)).as_deref(),
        Some("cache writes: 4,096 tokens · cost $0.0010 more")
    );
    // Unknown price: the tokens alone.
    assert_eq!(
        cache_note(1_920, 0, None).as_deref(),
        Some("cached: 1,920 tokens")
    );
    // A session with no cached tokens keeps its cost line as it was.
    let plain = CostSummary {
        spent_usd: 0.0036,
        budget_usd: Some(2.5),
        ..CostSummary::default()
    };
    assert_eq!(cost_line(&plain), "Spent $0.0036 of a $2.50 budget");
    assert_eq!(session_cache_note(&plain), None);
}

#[test]
fn records_and_summaries_stored_before_cache_counts_still_read() {
    let record: CallRecord = serde_json::from_str(
        r#"{"call_id":"r1-panelist-1","round":1,"participant_id":"panelist-1","status":"ok",
            "prompt_chars":400,"input_tokens":100,"output_tokens":50,"cost_usd":0.001,
            "reply_text":"{}","error":null,"started_at":"","finished_at":""}"#,
    )
    .unwrap();
    assert_eq!(record.cached_input_tokens, 0);
    assert_eq!(record.cache_write_tokens, 0);
    assert_eq!(record.cache_saved_usd, None);
    // Stored again without the new fields.
    let text = serde_json::to_string(&record).unwrap();
    assert!(!text.contains("cache"), "{text}");

    let cost: CostSummary = serde_json::from_str(
        r#"{"spent_usd":0.5,"unpriced_calls":0,"input_tokens":10,"output_tokens":5,"budget_usd":null}"#,
    )
    .unwrap();
    assert_eq!(cost.cached_input_tokens, 0);
    assert_eq!(cost.cache_saved_usd, 0.0);
    assert!(!serde_json::to_string(&cost).unwrap().contains("cache"));

    let reply: CallReply = serde_json::from_str(
        r#"{"text":"hi","input_tokens":3,"output_tokens":1,"cost_usd":null,"model":null}"#,
    )
    .unwrap();
    assert_eq!(reply.cached_input_tokens, 0);
}

#[test]
fn a_typed_price_may_carry_cache_rates_or_leave_them_to_the_input_rate() {
    assert_eq!(
        price_entry_with_cache("claude-x", "3", "15", "0.3", "3.75"),
        Ok((
            "claude-x".to_string(),
            Price::new(3.0, 15.0).with_cache_rates(0.3, 3.75)
        ))
    );
    assert_eq!(
        price_entry_with_cache(" my-model ", "1", "2", "", " "),
        Ok(("my-model".to_string(), Price::new(1.0, 2.0)))
    );
    assert!(price_entry_with_cache("m", "1", "2", "-1", "").is_err());
    assert!(price_entry_with_cache("m", "1", "2", "", "lots").is_err());
    assert!(price_entry_with_cache("", "1", "2", "", "").is_err());
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
