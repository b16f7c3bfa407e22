//! "Ask a follow-up": the record keeps which consult a follow-up follows and what of it
//! the council is told; rounds 1 and 4 carry the earlier question and decision (and nothing of the
//! earlier debate), rounds 2 and 3 do not; the library links both ways; the report names it. Also
//! the sidebar's list of recent sessions.
use crate::common;

use common::*;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::foundation::timestamp::rfc3339_utc;
use consilium_engine::library::share::share_payload;
use consilium_engine::record::consult::follow_up::FollowUpOf;
use consilium_engine::{
    consult::demo::demo_config, consult::report::markdown::consult_markdown,
    foundation::participants::Persona, foundation::participants::Price,
    harness::demo::DEMO_PROVIDER_ID, record::consult::config::ConsultConfig, record::Session,
};
use consilium_engine::{
    consult::view::follow_up::earlier_decision, consult::view::follow_up::follow_up_of_line,
    consult::view::follow_up::seats_of, consult::view::thread::next_turn, views::seats::Seat,
    views::seats::SeatCatalog, views::seats::SeatProvider,
};
use consilium_engine::{
    library::recent::follow_ups_of, library::recent::recent_sessions,
    library::recent::relative_time, library::recent::RECENT_LIMIT,
    library::summary::SessionSummary,
};
use serde_json::json;

const LONG_RECOMMENDATION: &str = "Move billing to a separate service next quarter, behind a \
    feature flag, with the ledger kept in the monolith until the migration is proven. Keep the \
    on-call rota unchanged until then.";

/// A finished consult, decided by `unanimous_caller` (recommendation: one short sentence).
fn finished_earlier() -> Session {
    let (session, _) = run(
        Session::new_consult(
            "c-earlier".into(),
            "Should we rewrite the ingestion service in Rust?".into(),
            demo_config(),
            NOW_MS,
        ),
        &unanimous_caller(0.9),
    );
    assert_eq!(session.state, "complete");
    session
}

fn follow_up(earlier: &Session) -> Session {
    let mut session = Session::new_consult(
        "c-later".into(),
        "How should the pilot be staffed?".into(),
        demo_config(),
        NOW_MS + 60_000,
    );
    session.consult_mut().follows = earlier_decision(earlier);
    session
}

#[test]
fn the_earlier_decision_is_its_question_and_one_line_and_a_long_recommendation_once() {
    let earlier = finished_earlier();
    let short = earlier_decision(&earlier).expect("a decided consult");
    assert_eq!(
        short,
        FollowUpOf {
            session_id: "c-earlier".into(),
            question: "Should we rewrite the ingestion service in Rust?".into(),
            answer: "Adopt Rust for the ingestion service, starting with a pilot".into(),
            // One short sentence: the one line says all of it, so it is not sent twice.
            recommendation: String::new(),
            ..FollowUpOf::default()
        }
    );

    let mut long = earlier.clone();
    long.consult_mut().round4.as_mut().unwrap().recommendation = LONG_RECOMMENDATION.into();
    let long = earlier_decision(&long).unwrap();
    assert_eq!(
        long.answer,
        "Move billing to a separate service next quarter"
    );
    assert_eq!(long.recommendation, LONG_RECOMMENDATION);

    // Nothing to follow before the verdict.
    assert_eq!(earlier_decision(&demo_session()), None);
    assert_eq!(
        follow_up_of_line(&short),
        "Follow-up of “Should we rewrite the ingestion service in Rust?”"
    );
}

#[test]
fn rounds_1_and_4_carry_the_earlier_question_and_decision_and_rounds_2_and_3_do_not() {
    let earlier = finished_earlier();
    let mut later = follow_up(&earlier);
    later.consult_mut().round4 = None;
    later.consult_mut().follows.as_mut().unwrap().recommendation = LONG_RECOMMENDATION.into();
    let caller = unanimous_caller(0.9);
    let (done, _) = run(later, &caller);
    assert_eq!(done.state, "complete");
    let requests = caller.requests();
    let rounds: std::collections::BTreeSet<u8> = requests.iter().map(|r| r.round).collect();
    assert_eq!(rounds, [1, 2, 3, 4].into());
    for request in &requests {
        let has_context = request
            .prompt
            .contains("Earlier question:\nShould we rewrite the ingestion service in Rust?");
        let told_decision = request.prompt.contains(
            "Its decision: Adopt Rust for the ingestion service, starting with a pilot\n\
             Its recommendation: Move billing",
        );
        let answers_the_question = matches!(request.round, 1 | 4);
        assert_eq!(has_context, answers_the_question, "{}", request.call_id);
        assert_eq!(told_decision, answers_the_question, "{}", request.call_id);
        // The question asked now comes first, once; the context follows the opening the seat's
        // other calls share (the question; the judge's also every round-1 answer), so that
        // opening stays the same bytes for the providers' caches.
        if answers_the_question {
            assert!(request
                .prompt
                .starts_with("Question:\nHow should the pilot be staffed?"));
            let context_at = request.prompt.find("This question follows up").unwrap();
            let opening = if request.round == 4 {
                request.prompt.find("Round 2, the synthesis:").unwrap()
            } else {
                request.prompt.find("Answer on your own").unwrap()
            };
            assert!(context_at < opening, "{}", request.call_id);
            assert!(
                !request.prompt[..context_at].contains("Earlier question"),
                "{}",
                request.call_id
            );
            assert_eq!(
                request
                    .prompt
                    .matches("How should the pilot be staffed?")
                    .count(),
                1
            );
            // Token-lean: the question, the one line and the recommendation, nothing more.
            let context = request.prompt[context_at..].split("\n\n").next().unwrap();
            assert_eq!(
                context,
                format!(
                    "This question follows up an earlier decision of this council.\n\
                     Earlier question:\nShould we rewrite the ingestion service in Rust?\n\
                     Its decision: Adopt Rust for the ingestion service, starting with a pilot\n\
                     Its recommendation: {LONG_RECOMMENDATION}"
                )
            );
        }
    }

    // A consult that follows nothing is asked as before.
    let caller = unanimous_caller(0.9);
    run(demo_session(), &caller);
    assert!(caller
        .requests()
        .iter()
        .all(|r| !r.prompt.contains("follows up") && !r.prompt.contains("Earlier question")));
}

#[test]
fn the_link_is_kept_in_the_record_and_an_older_record_reads_without_one() {
    let earlier = finished_earlier();
    let later = follow_up(&earlier);
    let json = serde_json::to_string(&later).unwrap();
    assert!(
        json.contains(r#""follows":{"session_id":"c-earlier""#),
        "{json}"
    );
    let back: Session = serde_json::from_str(&json).unwrap();
    assert_eq!(back, later);
    assert_eq!(
        back.consult().follows.as_ref().unwrap().session_id,
        "c-earlier"
    );

    // A record without the field (every record before it) reads with none, and writes none.
    let plain = serde_json::to_string(&earlier).unwrap();
    assert!(!plain.contains(r#""follows""#));
    let read: Session = serde_json::from_str(&plain).unwrap();
    assert_eq!(read.consult().follows, None);
}

#[test]
fn the_library_links_both_ways_and_the_report_names_the_earlier_consult() {
    let earlier = finished_earlier();
    let later = follow_up(&earlier);
    let mut again = follow_up(&earlier);
    again.id = "c-again".into();
    again.created_at = rfc3339_utc(NOW_MS + 120_000);
    let summaries: Vec<SessionSummary> =
        [&again, &earlier, &later].map(SessionSummary::of).to_vec();
    assert_eq!(summaries[2].follows.as_ref().unwrap(), "c-earlier");
    assert_eq!(summaries[1].follows, None);
    // Oldest first.
    assert_eq!(
        follow_ups_of(&summaries, "c-earlier"),
        vec![
            (
                SessionId::new("c-later"),
                "How should the pilot be staffed?".to_string()
            ),
            (
                SessionId::new("c-again"),
                "How should the pilot be staffed?".to_string()
            ),
        ]
    );
    assert!(follow_ups_of(&summaries, "c-later").is_empty());
    // A summary stored before the field reads with none.
    let old: SessionSummary = serde_json::from_value(json!({
        "id": "x", "title": "t", "protocol": "consult", "state": "complete",
        "updated_at": "2026-11-24T07:00:00.000Z", "demo": false
    }))
    .unwrap();
    assert_eq!(old.follows, None);

    let report = consult_markdown(&later);
    assert!(
        report.contains("**Follow-up of:** Should we rewrite the ingestion service in Rust? (session `c-earlier`), which decided: Adopt Rust for the ingestion service, starting with a pilot"),
        "{report}"
    );
    assert!(!consult_markdown(&earlier).contains("Follow-up of"));

    // A share link carries the link (the earlier question and decision, no key: a record has none).
    let shared: Session = serde_json::from_str(&share_payload(&later)).unwrap();
    assert_eq!(shared.consult().follows, later.consult().follows);
}

struct Catalog(Vec<&'static str>);

impl SeatCatalog for Catalog {
    fn providers(&self) -> Vec<SeatProvider> {
        self.0
            .iter()
            .map(|id| SeatProvider {
                id: id.to_string().into(),
                name: id.to_string(),
                default_model: "m".into(),
                models: Vec::new(),
                free: true,
                kind: None,
            })
            .collect()
    }
    fn price_for(&self, _: &str) -> Option<Price> {
        None
    }
    fn custom_personas(&self) -> Vec<Persona> {
        Vec::new()
    }
}

#[test]
fn a_follow_up_starts_with_the_earlier_council_when_its_providers_are_still_there() {
    let earlier = finished_earlier();
    // The demo's scripted seats are on no configured provider: the form fills its usual council.
    assert_eq!(seats_of(&earlier, &Catalog(vec!["local"])), None);
    let (panel, judge) = seats_of(&earlier, &Catalog(vec![DEMO_PROVIDER_ID])).unwrap();
    assert_eq!(panel.len(), 3);
    let first = &earlier.consult().config.panelists[0];
    assert_eq!(
        panel[0],
        Seat {
            provider_id: DEMO_PROVIDER_ID.into(),
            model: first.model.clone(),
            persona: first
                .persona
                .as_ref()
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            backup_provider_id: Default::default(),
            backup_model: String::new(),
        }
    );
    assert_eq!(judge.model, earlier.consult().config.judge.model);
}

#[test]
fn a_follow_up_inherits_the_depth_and_an_early_decision_is_its_earlier_decision() {
    use consilium_engine::record::consult::depth::Depth;
    let config = ConsultConfig {
        depth: Depth::Adaptive,
        ..demo_config()
    };
    let (earlier, _) = run(
        Session::new_consult("c-early".into(), "Rust?".into(), config, NOW_MS),
        &unanimous_caller(0.9),
    );
    assert!(earlier.consult().early_decision.is_some());
    let turn = next_turn(
        &[earlier.clone()],
        "c-next".into(),
        "And the tests?",
        NOW_MS,
    )
    .unwrap();
    assert_eq!(turn.consult().config.depth, Depth::Adaptive);
    let follows = turn.consult().follows.clone().unwrap();
    assert_eq!(follows.answer, "Adopt Rust");
    assert_eq!(Some(follows), earlier_decision(&earlier));
}

// ---- the sidebar's recent sessions ------------------------------------------------------------

const MINUTE: u64 = 60_000;

fn summary(
    id: &str,
    protocol: &str,
    state: &str,
    finished: bool,
    minutes_ago: u64,
    outcome: &str,
) -> SessionSummary {
    SessionSummary {
        id: id.into(),
        title: format!("Title {id}"),
        protocol: protocol.into(),
        state: state.into(),
        created_at: rfc3339_utc(NOW_MS - minutes_ago * MINUTE),
        updated_at: rfc3339_utc(NOW_MS - minutes_ago * MINUTE),
        demo: id == "demo",
        outcome: outcome.into(),
        finished,
        follows: None,
        thread: None,
        latest_turn: None,
        asked_member: None,
        run_ms: None,
        depth: None,
        decided_by: None,
        judged: None,
        judged_at: None,
    }
}

#[test]
fn recent_sessions_are_newest_first_with_a_plain_chip_and_a_relative_time() {
    let all = vec![
        summary(
            "old",
            "consult",
            "complete",
            true,
            3 * 24 * 60,
            "Adopt Rust",
        ),
        summary(
            "review",
            "review",
            "conclusion",
            true,
            2,
            "REQUEST_CHANGES: a hard-coded key",
        ),
        summary(
            "approved",
            "review",
            "conclusion",
            true,
            90,
            "APPROVED: fine",
        ),
        summary("running", "consult", "cross_exam", false, 0, ""),
        summary("left", "consult", "synthesis", false, 26 * 60, ""),
        summary("failed", "prioritize", "failed", true, 10 * 24 * 60, ""),
        summary("cancelled", "review", "aborted", true, 5, ""),
        summary("demo", "prioritize", "complete", true, 30, "Top: X."),
        summary("bench", "benchmark", "complete", true, 60, ""),
    ];
    let shown: Vec<(String, &str, &str, &str, String)> =
        recent_sessions(&all, Some("running"), NOW_MS, RECENT_LIMIT)
            .into_iter()
            .map(|e| (e.id.to_string(), e.protocol, e.chip, e.tone, e.when))
            .collect();
    let expected = [
        ("running", "Consult", "Running", "running", "just now"),
        (
            "review",
            "Review",
            "Changes requested",
            "failed",
            "2 min ago",
        ),
        ("cancelled", "Review", "Cancelled", "stopped", "5 min ago"),
        ("demo", "Prioritize", "Ranked", "done", "30 min ago"),
        ("bench", "Benchmark", "Measured", "done", "1 h ago"),
        ("approved", "Review", "Approved", "done", "1 h ago"),
        ("left", "Consult", "Unfinished", "stopped", "yesterday"),
        ("old", "Consult", "Decided", "done", "3 days ago"),
        ("failed", "Prioritize", "Failed", "failed", "2023-11-04"),
    ];
    assert_eq!(
        shown,
        expected
            .iter()
            .map(|(id, p, c, t, w)| (id.to_string(), *p, *c, *t, w.to_string()))
            .collect::<Vec<_>>()
    );
    // Not run in this tab: an unfinished session is not said to be running.
    let elsewhere = recent_sessions(&all, None, NOW_MS, 1);
    assert_eq!((elsewhere.len(), elsewhere[0].chip), (1, "Unfinished"));
    assert!(recent_sessions(&all, None, NOW_MS, 3)
        .iter()
        .all(|e| e.id != "old"));
}

#[test]
fn relative_times_read_as_people_say_them() {
    let at = |ms: u64| rfc3339_utc(ms);
    assert_eq!(relative_time(&at(NOW_MS - 59_999), NOW_MS), "just now");
    assert_eq!(relative_time(&at(NOW_MS - MINUTE), NOW_MS), "1 min ago");
    assert_eq!(
        relative_time(&at(NOW_MS - 59 * MINUTE), NOW_MS),
        "59 min ago"
    );
    assert_eq!(
        relative_time(&at(NOW_MS - 23 * 60 * MINUTE), NOW_MS),
        "23 h ago"
    );
    assert_eq!(
        relative_time(&at(NOW_MS - 24 * 60 * MINUTE), NOW_MS),
        "yesterday"
    );
    assert_eq!(
        relative_time(&at(NOW_MS - 6 * 24 * 60 * MINUTE), NOW_MS),
        "6 days ago"
    );
    assert_eq!(
        relative_time(&at(NOW_MS - 7 * 24 * 60 * MINUTE), NOW_MS),
        "2023-11-07"
    );
    // Ahead of the clock (another machine's), or unreadable.
    assert_eq!(relative_time(&at(NOW_MS + 5 * MINUTE), NOW_MS), "just now");
    assert_eq!(relative_time("yesterday-ish", NOW_MS), "yesterday-");
}
