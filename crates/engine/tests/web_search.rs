//! A council that searches the web: rounds 1 and 3 search where a seat can (without
//! the response schema where its provider cannot combine the two), the synthesis and the verdict
//! never do, each call's search is kept on its record, its fee is charged and budgeted, and every
//! link an answer cites is checked against what its search returned.
use crate::common;

use common::{call, run, session_with};
use consilium_engine::consult::demo::{demo_config, demo_reply};
use consilium_engine::foundation::participants::{seat_search, SeatSearch};
use consilium_engine::harness::io::CallRequest;
use consilium_engine::material::web::{check_links, rests_only_on_unreturned_links, urls_in};
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::testing::ScriptedCaller;
use consilium_providers::{
    ProviderKind, SearchFee, SearchReport, SearchResult, SearchUnit, UrlCitation,
};

const FOUND: &str = "https://blog.rust-lang.org/2025/12/11/Rust-1.92.0/";

fn report() -> SearchReport {
    SearchReport {
        queries: vec!["rust 1.92 release".into()],
        results: vec![SearchResult {
            url: FOUND.into(),
            title: "Announcing Rust 1.92.0".into(),
            snippet: None,
            page_age: Some("December 11, 2025".into()),
        }],
        citations: vec![UrlCitation {
            url: FOUND.into(),
            ..UrlCitation::default()
        }],
        searches: 1,
        errors: Vec::new(),
    }
}

/// Panelist 1 searches with the schema (a cent a search), panelist 2 only without it, panelist 3
/// cannot search (a local server).
fn searching_council() -> ConsultConfig {
    let mut config = demo_config();
    config.search_web = true;
    let cent_a_search = SearchFee {
        usd_per_unit: 0.01,
        unit: SearchUnit::Search,
    };
    config.panelists[0].web_search = Some(SeatSearch {
        with_schema: true,
        fee: Some(cent_a_search),
    });
    config.panelists[1].web_search = Some(SeatSearch {
        with_schema: false,
        fee: Some(cent_a_search),
    });
    config.panelists[2].web_search = None;
    config
}

/// The demo council's replies, each searching call's with the report above.
fn searching_caller() -> ScriptedCaller {
    ScriptedCaller::new(|request: &CallRequest| {
        let mut reply = demo_reply(request);
        if request.web_search.is_some() {
            reply.search = Some(report());
        }
        Ok(reply)
    })
}

fn request<'a>(requests: &'a [CallRequest], call_id: &str) -> &'a CallRequest {
    requests
        .iter()
        .find(|r| r.call_id == call_id)
        .unwrap_or_else(|| panic!("no call {call_id}"))
}

#[test]
fn rounds_one_and_three_search_where_a_seat_can_and_the_judge_never_does() {
    let caller = searching_caller();
    let (session, _) = run(session_with(searching_council()), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let requests = caller.requests();
    for round in [1, 3] {
        let with_schema = request(&requests, &format!("r{round}-panelist-1"));
        assert!(with_schema.web_search.is_some(), "round {round}");
        assert!(with_schema.response_schema.is_some(), "round {round}");
        let prose = request(&requests, &format!("r{round}-panelist-2"));
        assert!(prose.web_search.is_some(), "round {round}");
        assert!(
            prose.response_schema.is_none(),
            "round {round}: search without the schema"
        );
        // Without the schema, the prompt spells the JSON shape (as without structured output).
        let spelled = "Reply with one JSON object and nothing else";
        assert!(prose.prompt.contains(spelled), "round {round}");
        assert!(!with_schema.prompt.contains(spelled), "round {round}");
        let local = request(&requests, &format!("r{round}-panelist-3"));
        assert!(local.web_search.is_none(), "round {round}: cannot search");
        assert!(local.response_schema.is_some());
    }
    for judge in ["r2-judge", "r4-judge"] {
        assert!(request(&requests, judge).web_search.is_none(), "{judge}");
    }
    assert_eq!(call(&session, "r1-panelist-1").search, Some(report()));
    assert_eq!(call(&session, "r1-panelist-3").search, None);
}

#[test]
fn search_fees_are_charged_beside_the_tokens() {
    let caller = searching_caller();
    let (session, _) = run(session_with(searching_council()), &caller);
    // Four searching calls (two seats, rounds 1 and 3), one search each, a cent a search.
    assert!(
        (session.cost.search_usd - 0.04).abs() < 1e-9,
        "{}",
        session.cost.search_usd
    );
    assert!(session.cost.spent_usd >= session.cost.search_usd);

    let mut off = searching_council();
    off.search_web = false;
    let caller = searching_caller();
    let (session, _) = run(session_with(off), &caller);
    assert_eq!(session.cost.search_usd, 0.0, "the setting off: no search");
    assert!(caller.requests().iter().all(|r| r.web_search.is_none()));
}

#[test]
fn a_budget_too_small_for_the_search_stops_the_searching_call() {
    let mut config = searching_council();
    // A search may cost up to 5 cents (5 uses); the budget leaves less than that.
    config.budget_usd = Some(0.03);
    let caller = searching_caller();
    let (session, _) = run(session_with(config), &caller);
    let skipped = call(&session, "r1-panelist-1");
    let reason = skipped.error.as_deref().unwrap_or_default();
    assert!(reason.contains("web search could cost up to"), "{reason}");
}

#[test]
fn a_seat_searches_as_its_provider_allows() {
    assert_eq!(
        seat_search(ProviderKind::Anthropic, "claude-sonnet-4-5").map(|s| s.with_schema),
        Some(false)
    );
    assert_eq!(
        seat_search(ProviderKind::OpenRouter, "openai/gpt-4o").map(|s| s.with_schema),
        Some(true)
    );
    assert_eq!(seat_search(ProviderKind::OpenAiCompatible, "llama3"), None);
    assert!(seat_search(ProviderKind::Gemini, "gemini-2.5-flash")
        .and_then(|s| s.fee)
        .is_some());
}

#[test]
fn urls_are_read_from_prose_and_markdown_without_the_sentence_around_them() {
    let text = "See [the post](https://blog.rust-lang.org/2025/12/11/Rust-1.92.0/), and \
                https://en.wikipedia.org/wiki/Rust_(programming_language). Also \
                <http://example.com/a?b=1>; again https://blog.rust-lang.org/2025/12/11/Rust-1.92.0/.";
    assert_eq!(
        urls_in(text),
        [
            FOUND,
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
            "http://example.com/a?b=1",
        ]
    );
    assert!(urls_in("no link here, not even http:// alone").is_empty());
}

#[test]
fn a_link_no_search_returned_is_not_evidence() {
    let searches = [report()];
    let checks = check_links(
        &format!("Rust 1.92 shipped ({FOUND}); prices fell (https://made.up/page)."),
        searches.iter(),
    );
    assert_eq!(checks.len(), 2);
    assert!(checks[0].returned);
    assert_eq!(checks[0].title.as_deref(), Some("Announcing Rust 1.92.0"));
    assert!(!checks[1].returned, "an invented link");

    assert!(rests_only_on_unreturned_links(
        "Prices fell 20% (https://made.up/page).",
        searches.iter()
    ));
    assert!(!rests_only_on_unreturned_links(
        &format!("Shipped in December ({FOUND}, https://made.up/page)."),
        searches.iter()
    ));
    assert!(
        !rests_only_on_unreturned_links("No link at all.", searches.iter()),
        "an entry without links is judged on its words"
    );
    // Compared without scheme, www., fragment or trailing slash.
    assert!(!rests_only_on_unreturned_links(
        "http://www.blog.rust-lang.org/2025/12/11/Rust-1.92.0#top",
        searches.iter()
    ));
}

/// OpenRouter's web plugin bills each result it fetched ($4 per 1,000, up to the 5 a call asks
/// for) but lists only the pages the answer cites: a reply that cites none lists no search. The
/// call is charged at the most results it may fetch, and its record says so.
#[test]
fn an_openrouter_search_that_lists_nothing_is_charged_at_its_most_results_and_says_so() {
    let mut config = searching_council();
    let plugin = consilium_engine::foundation::participants::seat_search(
        ProviderKind::OpenRouter,
        "openai/gpt-4o-mini",
    );
    config.panelists[0].web_search = plugin;
    config.panelists[1].web_search = None;
    let caller = ScriptedCaller::new(|request: &CallRequest| Ok(demo_reply(request)));
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    // Rounds 1 and 3 searched, 5 results at $0.004 each.
    assert!(
        (session.cost.search_usd - 0.04).abs() < 1e-9,
        "{}",
        session.cost.search_usd
    );
    let record = call(&session, "r1-panelist-1");
    assert_eq!(record.search, None, "which pages it fetched is unknown");
    assert!(
        record.notes.iter().any(|n| n
            == "The web search ran, but the reply lists no page (the provider lists only the \
                pages an answer cites, and this one cites none): charged $0.02, the fee of the 5 \
                results it may fetch at most."),
        "{:?}",
        record.notes
    );
    // A seat that did not search has no such note.
    assert!(call(&session, "r1-panelist-3").notes.is_empty());
}
