//! A searching consult's sources: the link rule in the evidence and the
//! confidence floor, the search fees in the estimate and the consent, the Sources view model
//! (deduplicated, who found and cited each page, "not from this search"), and the Markdown and
//! HTML exports and the share link carrying them.
use crate::common;

use common::{answer, cross_exam_record, panelist_reply_without_challenges, run, session_with};
use common::{synthesis, unanimous_caller};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::estimate::estimate_cost;
use consilium_engine::consult::evidence::{standing_on, Grounds, Standing};
use consilium_engine::consult::view::web_sources::{web_sources, WebSources};
use consilium_engine::foundation::participants::SeatSearch;
use consilium_engine::html_report::session_html;
use consilium_engine::library::share::{read_shared, share_payload};
use consilium_engine::record::consult::artifacts::Evidence;
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::consult::confidence::{AgreementGap, ConfidenceCheck};
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::record::Session;
use consilium_engine::testing::{text_reply, ScriptedCaller};
use consilium_engine::views::consent::needs_consent;
use consilium_engine::views::costs::{cost_line, describe_calls};
use consilium_providers::{SearchFee, SearchReport, SearchResult, SearchUnit, UrlCitation};
use serde_json::json;

const RELEASE: &str = "https://blog.rust-lang.org/2025/12/11/Rust-1.92.0/";
const BENCH: &str = "https://example.org/bench?a=1&b=2";
const INVENTED: &str = "https://made.up/rust-halves-cost";

/// Panelist 1's search: two results, the release post cited with the text it rests on.
fn search_one() -> SearchReport {
    SearchReport {
        queries: vec!["rust 1.92 release".into()],
        results: vec![
            SearchResult {
                url: RELEASE.into(),
                title: "Announcing Rust 1.92.0".into(),
                snippet: Some("The Rust team is happy to announce 1.92.0".into()),
                page_age: Some("December 11, 2025".into()),
            },
            SearchResult {
                url: BENCH.into(),
                title: "<b>Bench</b> results".into(),
                snippet: Some("an uncited snippet".into()),
                page_age: None,
            },
        ],
        citations: vec![UrlCitation {
            url: RELEASE.into(),
            title: "Announcing Rust 1.92.0".into(),
            cited_text: Some("Rust 1.92.0 stabilises never-type lints".into()),
            start: None,
            end: None,
        }],
        searches: 1,
        errors: Vec::new(),
    }
}

/// Panelist 2's search: the same release post (written differently), and a search error.
fn search_two() -> SearchReport {
    SearchReport {
        queries: vec!["rust release december 2025".into()],
        results: vec![SearchResult {
            url: "http://www.blog.rust-lang.org/2025/12/11/Rust-1.92.0".into(),
            title: String::new(),
            snippet: None,
            page_age: None,
        }],
        citations: Vec::new(),
        searches: 1,
        errors: vec!["max_uses_exceeded".into()],
    }
}

/// Panelists 1 and 2 search (a cent a search), panelist 3 is a local server without search.
fn searching_council() -> ConsultConfig {
    let mut config = demo_config();
    config.search_web = true;
    let fee = SearchFee {
        usd_per_unit: 0.01,
        unit: SearchUnit::Search,
    };
    for panelist in &mut config.panelists[..2] {
        panelist.web_search = Some(SeatSearch {
            with_schema: true,
            fee: Some(fee),
        });
    }
    config.panelists[2].web_search = None;
    for (index, panelist) in config.panelists.iter_mut().enumerate() {
        panelist.label = format!("Panelist {}", index + 1);
    }
    config.judge.label = "Judge".into();
    config
}

fn searched(text: String, search: SearchReport) -> consilium_engine::harness::io::CallReply {
    let mut reply = text_reply(text);
    reply.search = Some(search);
    reply
}

/// A unanimous council whose panelist 2 names a page its search never returned, and whose
/// verdict's evidence is `evidence`.
fn caller(evidence: serde_json::Value) -> ScriptedCaller {
    let defense = "I endorse the consensus because the data shows parsing dominates.";
    let two = json!({
        "position": "Adopt Rust",
        "key_points": [format!("Rust halves the hosting cost ({INVENTED})")],
        "rationale": format!("See {RELEASE} for the release."),
        "confidence": 0.8
    })
    .to_string();
    unanimous_caller(0.8)
        .reply_with("r1-panelist-1", searched(answer("Adopt Rust", 0.9), search_one()))
        .reply_with("r1-panelist-2", searched(two, search_two()))
        .reply_with(
            "r3-panelist-1",
            searched(panelist_reply_without_challenges(defense), SearchReport::default()),
        )
        .reply(
            "r3-judge",
            cross_exam_record(
                json!([]),
                json!([{"agent": "panelist-1", "rebuttal": defense},
                       {"agent": "panelist-2", "rebuttal": defense},
                       {"agent": "panelist-3", "rebuttal": defense}]),
                json!([]),
            ),
        )
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-2", "panelist-3"], "confidence": 0.9}]),
                json!([]),
            ),
        )
        .reply(
            "r4-judge",
            json!({
                "recommendation": "Adopt Rust for the ingestion service, starting with a pilot.",
                "confidence": 0.8,
                "evidence": evidence,
                "dissent": []
            })
            .to_string(),
        )
}

fn consulted(evidence: serde_json::Value) -> Session {
    let (session, _) = run(session_with(searching_council()), &caller(evidence));
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
}

fn check_of(session: &Session) -> ConfidenceCheck {
    session
        .body_of::<ConsultBody>()
        .unwrap()
        .confidence_check
        .clone()
        .unwrap()
}

fn sources(session: &Session) -> WebSources {
    web_sources(session).expect("a searching consult has sources")
}

#[test]
fn an_entry_resting_only_on_links_no_search_returned_is_not_evidence() {
    let searches = [search_one()];
    let grounds = Grounds {
        material: &[],
        searches: Some(&searches),
    };
    let entry = |point: &str| Evidence::new(point);
    assert_eq!(
        standing_on(&entry(&format!("Costs fall ({INVENTED})")), grounds),
        Standing::NotReturned
    );
    assert!(!Standing::NotReturned.counts());
    assert_eq!(
        standing_on(&entry(&format!("Shipped ({RELEASE}, {INVENTED})")), grounds),
        Standing::Found,
        "one returned link holds it up"
    );
    assert_eq!(
        standing_on(&entry("No link at all"), grounds),
        Standing::Uncited
    );
    // A council that did not search: links are the judge's reasoning, as before.
    let unsearched = Grounds {
        material: &[],
        searches: None,
    };
    assert_eq!(
        standing_on(&entry(&format!("Costs fall ({INVENTED})")), unsearched),
        Standing::Uncited
    );
}

#[test]
fn evidence_on_an_invented_link_refuses_the_floor_and_a_returned_one_earns_it() {
    let held = consulted(json!([format!(
        "Rust 1.92 shipped in December ({RELEASE})"
    )]));
    let check = check_of(&held);
    assert!(check.agreement_gaps.is_empty(), "{}", check.rule);
    assert_eq!(check.computed_confidence, 0.9, "{}", check.rule);

    let invented = consulted(json!([
        format!("Rust 1.92 shipped in December ({RELEASE})"),
        format!("Rust halves the hosting cost ({INVENTED})")
    ]));
    let check = check_of(&invented);
    assert_eq!(
        check.agreement_gaps,
        [AgreementGap::LinksNotReturned { entries: vec![2] }]
    );
    assert_eq!(check.computed_confidence, 0.8, "the judge's number stands");
    assert!(
        check
            .rule
            .contains("evidence 2 rests only on links no search of the council returned"),
        "{}",
        check.rule
    );
    assert_eq!(sources(&invented).not_evidence, [2]);
    // The decision card strikes that entry itself, saying why, and only that one.
    let card = consilium_engine::consult::view::verdict::decision(&invented).unwrap();
    assert_eq!(
        card.evidence_flags,
        [
            None,
            Some(consilium_engine::consult::view::web_sources::LINKS_NOT_EVIDENCE)
        ]
    );

    // The same verdict in a council that did not search earns its floor, as before.
    let mut config = searching_council();
    config.search_web = false;
    let caller = caller(json!([format!(
        "Rust halves the hosting cost ({INVENTED})"
    )]));
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(check_of(&session).computed_confidence, 0.9);
    let card = consilium_engine::consult::view::verdict::decision(&session).unwrap();
    assert_eq!(
        card.evidence_flags,
        [None],
        "not held to links it did not search for"
    );
}

#[test]
fn sources_are_deduplicated_with_who_found_and_who_cited_each() {
    let session = consulted(json!([format!("Shipped ({RELEASE})")]));
    let web = sources(&session);
    let urls: Vec<&str> = web.sources.iter().map(|s| s.url.as_str()).collect();
    assert_eq!(urls, [RELEASE, BENCH, INVENTED], "one row per page");
    let release = &web.sources[0];
    assert!(release.returned);
    assert_eq!(release.title, "Announcing Rust 1.92.0");
    assert_eq!(release.found_by, ["Panelist 1", "Panelist 2"]);
    let cited: Vec<&str> = release.cited_by.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(cited, ["Panelist 1", "Panelist 2", "Judge"]);
    assert_eq!(
        release.who(),
        "found by Panelist 1, Panelist 2; cited by Panelist 1, Panelist 2, Judge"
    );
    assert_eq!(
        release.snippet.as_deref(),
        Some("Rust 1.92.0 stabilises never-type lints"),
        "the cited text before the result's snippet"
    );
    assert_eq!(release.page_age.as_deref(), Some("December 11, 2025"));
    assert_eq!(release.mark(), None);

    let bench = &web.sources[1];
    assert!(bench.returned && bench.cited_by.is_empty());
    assert_eq!(bench.who(), "found by Panelist 1");

    let invented = &web.sources[2];
    assert!(!invented.returned);
    assert_eq!(invented.mark(), Some("not from this search"));
    assert_eq!(invented.who(), "cited by Panelist 2");
    assert_eq!(invented.title, "made.up/rust-halves-cost");

    assert_eq!(web.without_search, ["Panelist 3"]);
    assert_eq!(web.queries, 2);
    assert!(
        web.notes.iter().any(|n| n
            == "Panelist 2, round 1: the model wanted more searches than the call allows (max uses reached)"),
        "{:?}",
        web.notes
    );
    assert!(
        web.notes
            .iter()
            .any(|n| n == "Panelist 1, round 3: the search found nothing"),
        "{:?}",
        web.notes
    );
    assert!(web.not_evidence.is_empty());

    // A consult that did not search has no Sources.
    let (plain, _) = run(session_with(demo_config()), &unanimous_caller(0.8));
    assert!(web_sources(&plain).is_none());
}

#[test]
fn only_http_links_open() {
    let mut session = consulted(json!(["Parsing is CPU-bound"]));
    session.calls[0].search = Some(SearchReport {
        results: vec![SearchResult {
            url: "javascript:alert(1)".into(),
            title: "x".into(),
            ..SearchResult::default()
        }],
        ..SearchReport::default()
    });
    let web = sources(&session);
    let script = web
        .sources
        .iter()
        .find(|s| s.url.starts_with("javascript"))
        .unwrap();
    assert_eq!(script.href, None);
    assert!(web
        .sources
        .iter()
        .filter(|s| s.url.starts_with("http"))
        .all(|s| s.href.is_some()));
    let html = session_html(&session);
    assert!(!html.contains("href=\"javascript"), "never a link");
}

#[test]
fn the_exports_carry_the_sources_escaped_and_marked() {
    let session = consulted(json!([format!("Shipped ({RELEASE})")]));
    let markdown = consilium_engine::consult::report::markdown::consult_markdown(&session);
    assert!(markdown.contains("## Sources from the web"), "{markdown}");
    assert!(markdown.contains(&format!("**Announcing Rust 1.92.0** {RELEASE}")));
    assert!(markdown.contains("> Rust 1.92.0 stabilises never-type lints"));
    assert!(markdown.contains(&format!(
        "{INVENTED} · **not from this search** · cited by Panelist 2"
    )));
    assert!(
        markdown.contains("&lt;b&gt;Bench&lt;/b&gt; results"),
        "titles escaped"
    );
    assert!(markdown.contains("Answered without search (no search at their provider): Panelist 3."));

    let html = session_html(&session);
    assert_eq!(
        html.matches("<h2>Sources from the web</h2>").count(),
        1,
        "said once"
    );
    assert!(html.contains(&format!(
        "<a href=\"{RELEASE}\" rel=\"noopener noreferrer nofollow\">Announcing Rust 1.92.0</a>"
    )));
    assert!(
        html.contains("href=\"https://example.org/bench?a=1&amp;b=2\""),
        "escaped"
    );
    assert!(html.contains("&lt;b&gt;Bench&lt;/b&gt; results"));
    assert!(!html.contains("<b>Bench"));
    assert!(html.contains("<strong class=\"mark\">not from this search</strong>"));
    assert!(
        !html.contains(&format!("href=\"{INVENTED}")),
        "an invented page is not linked"
    );
    assert!(html.contains("<blockquote>Rust 1.92.0 stabilises never-type lints</blockquote>"));
}

#[test]
fn a_share_link_carries_names_urls_and_cited_snippets_only() {
    let session = consulted(json!([format!("Shipped ({RELEASE})")]));
    let payload = share_payload(&session);
    assert!(payload.contains("Rust 1.92.0 stabilises never-type lints"));
    assert!(
        !payload.contains("an uncited snippet"),
        "an uncited result's snippet stays home"
    );
    let shared = read_shared(&payload).unwrap();
    let (before, after) = (sources(&session), sources(&shared));
    let rows = |web: &WebSources| {
        web.sources
            .iter()
            .map(|s| (s.url.clone(), s.title.clone(), s.returned, s.who()))
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&after), rows(&before));
    assert_eq!(after.sources[0].snippet, before.sources[0].snippet);
    assert_eq!(after.sources[1].snippet, None);
}

#[test]
fn the_estimate_and_the_consent_say_the_search_fees() {
    let config = searching_council();
    let estimate = estimate_cost("Which?", &config);
    let search = estimate.search.clone().expect("a searching council");
    // Two searching seats in rounds 1 and 3, each call up to 5 searches at a cent.
    assert_eq!(search.calls, 4);
    assert!((search.usd - 0.20).abs() < 1e-9, "{}", search.usd);
    assert_eq!(
        search.fees,
        ["Panelist 1, Panelist 2: $10 per 1,000 searches, up to 5 a call"]
    );
    assert!(
        (estimate.usd.unwrap() - 0.20).abs() < 1e-9,
        "the demo's seats are unpriced"
    );
    let words = describe_calls(&estimate);
    assert!(
        words.contains("Web search: 4 searching calls, up to $0.20 in search fees (Panelist 1, Panelist 2: $10 per 1,000 searches, up to 5 a call), included above."),
        "{words}"
    );
    let consent = needs_consent(&estimate, 0.10).expect("above the threshold with the fees");
    assert!(
        consent.reasons[0].contains("$0.20"),
        "{:?}",
        consent.reasons
    );

    // Vote never cross-examines: round 1 only.
    let mut vote = searching_council();
    vote.depth = consilium_engine::record::consult::depth::Depth::Vote;
    assert_eq!(estimate_cost("Which?", &vote).search.unwrap().calls, 2);
    // Off, or no seat that can search: no fees.
    let mut off = searching_council();
    off.search_web = false;
    assert_eq!(estimate_cost("Which?", &off).search, None);
    assert!(!describe_calls(&estimate_cost("Which?", &off)).contains("Web search"));
}

#[test]
fn the_cost_line_shows_the_search_fees() {
    let session = consulted(json!(["Parsing is CPU-bound"]));
    assert!(session.cost.search_usd > 0.0);
    let line = cost_line(&session.cost);
    assert!(
        line.starts_with("Spent $0.02 · of that, web search fees $0.02;"),
        "{line}"
    );
}

/// An early decision (Vote after the synthesis) is held to links as a verdict is: its evidence
/// resting only on a link no search returned is struck on the card and earns no floor.
#[test]
fn an_early_decision_is_held_to_links_as_a_verdict_is() {
    use consilium_engine::record::consult::depth::Depth;
    let vote_on = |point: String| {
        let mut config = searching_council();
        config.depth = Depth::Vote;
        let caller = caller(json!([])).reply(
            "r2-judge",
            synthesis(
                json!([{"point": point, "supporting_agents": ["panelist-1", "panelist-2", "panelist-3"], "confidence": 0.9}]),
                json!([]),
            ),
        );
        let (session, _) = run(session_with(config), &caller);
        assert_eq!(session.state, "complete", "{:?}", session.failure);
        session
    };
    let invented = vote_on(format!(
        "Adopt Rust: it halves the hosting cost ({INVENTED})"
    ));
    let early_check = |session: &Session| {
        let body = session.body_of::<ConsultBody>().unwrap();
        body.decision().unwrap().confidence_check.unwrap().clone()
    };
    let check = early_check(&invented);
    assert_eq!(
        check.agreement_gaps,
        [AgreementGap::LinksNotReturned { entries: vec![1] }],
        "{}",
        check.rule
    );
    let card = consilium_engine::consult::view::verdict::decision(&invented).unwrap();
    assert_eq!(
        card.evidence_flags,
        [Some(
            consilium_engine::consult::view::web_sources::LINKS_NOT_EVIDENCE
        )]
    );
    // A link its search returned holds the same decision up.
    let returned = vote_on(format!("Adopt Rust: 1.92 shipped in December ({RELEASE})"));
    assert!(early_check(&returned).agreement_gaps.is_empty());
    let card = consilium_engine::consult::view::verdict::decision(&returned).unwrap();
    assert_eq!(card.evidence_flags, [None]);
}
