//! "Did it hold?": the user's judgment of a finished decision on the record.
use crate::common;

use common::*;
use consilium_engine::consult::cross_examine_anyway;
use consilium_engine::harness::io::CallFailure;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::consult::state::ConsultState;
use consilium_engine::record::outcome::{carried_over, judged, Outcome, Verdict, NOTE_MAX_CHARS};
use consilium_engine::record::Session;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use futures::executor::block_on;

/// 2027-01-12T09:00:00Z
const JUDGED_MS: u64 = 1_799_744_400_000;
const DAY_MS: u64 = 86_400_000;

#[test]
fn a_record_without_an_outcome_reads_as_not_judged_and_keeps_its_bytes() {
    let old = include_str!("fixtures/serde_identity/consult.json");
    assert!(!old.contains("\"outcome\""));
    let session = Session::from_json_text(old).unwrap();
    assert_eq!(session.outcome, None);
    let again = serde_json::to_string(&session).unwrap();
    assert!(!again.contains("\"outcome\""));

    // A record of schema 1.0 too.
    let v1 = Session::from_json_text(include_str!("fixtures/v1/consult_complete.json")).unwrap();
    assert_eq!(v1.outcome, None);
}

#[test]
fn judging_stamps_the_injected_time_and_trims_the_note() {
    let outcome = judged(
        None,
        Verdict::Right,
        "  We shipped it; it held.  ",
        JUDGED_MS,
    );
    assert_eq!(outcome.verdict(), Verdict::Right);
    assert_eq!(outcome.note, "We shipped it; it held.");
    assert_eq!(outcome.judged_at, "2027-01-12T09:00:00.000Z");
    assert_eq!(outcome.judged_on(), "2027-01-12");
    assert_eq!(outcome.line(), "Outcome: right, judged 2027-01-12");
    assert!(outcome.history.is_empty());

    let long = "x".repeat(NOTE_MAX_CHARS + 10);
    assert_eq!(
        judged(None, Verdict::Wrong, &long, JUDGED_MS)
            .note
            .chars()
            .count(),
        NOTE_MAX_CHARS
    );
}

#[test]
fn judging_again_keeps_the_earlier_judgment_in_the_history() {
    let first = judged(None, Verdict::TooEarly, "", JUDGED_MS);
    let second = judged(
        Some(&first),
        Verdict::Partly,
        "half of it",
        JUDGED_MS + 30 * DAY_MS,
    );
    let third = judged(Some(&second), Verdict::Wrong, "", JUDGED_MS + 90 * DAY_MS);
    assert_eq!(third.verdict(), Verdict::Wrong);
    assert_eq!(third.judged_on(), "2027-04-12");
    let earlier: Vec<(Verdict, &str)> = third
        .history
        .iter()
        .map(|j| (j.verdict, j.note.as_str()))
        .collect();
    assert_eq!(
        earlier,
        [(Verdict::TooEarly, ""), (Verdict::Partly, "half of it")]
    );
    // The same choice again (a second click) adds nothing.
    assert_eq!(
        judged(Some(&third), Verdict::Wrong, " ", JUDGED_MS + 91 * DAY_MS),
        third
    );
}

#[test]
fn an_outcome_round_trips_through_the_record_json() {
    let mut session = demo_session();
    let first = judged(None, Verdict::TooEarly, "", JUDGED_MS);
    session.outcome = Some(judged(
        Some(&first),
        Verdict::Right,
        "It held.",
        JUDGED_MS + DAY_MS,
    ));
    let json = serde_json::to_value(&session).unwrap();
    assert_eq!(json["outcome"]["verdict"], "right");
    assert_eq!(json["outcome"]["note"], "It held.");
    assert_eq!(json["outcome"]["history"][0]["verdict"], "too_early");
    let back = Session::from_json(json).unwrap();
    assert_eq!(back.outcome, session.outcome);
}

#[test]
fn every_verdict_has_its_name_and_score() {
    for verdict in Verdict::ALL {
        assert_eq!(Verdict::parse(verdict.as_str()), Some(verdict));
    }
    assert_eq!(Verdict::Partly.score(), Some(0.5));
    assert_eq!(Verdict::TooEarly.score(), None);
    assert_eq!(Verdict::parse("maybe"), None);
}

fn judged_now(verdict: Verdict) -> Option<Outcome> {
    Some(judged(None, verdict, "mine", JUDGED_MS))
}

#[test]
fn the_users_outcome_survives_a_resumed_run() {
    // Judged "too early" while the consult had failed at its verdict; resumed, the run's saves
    // keep it (it is the user's, not the run's).
    let broken = ScriptedCaller::over_demo().fail(
        "r4-judge",
        CallFailure {
            kind: "rate_limited".into(),
            message: "Too many requests.".into(),
        },
    );
    let (mut failed, _) = run(demo_session(), &broken);
    failed.outcome = judged_now(Verdict::TooEarly);
    let (resumed, sink) = run(failed.clone(), &ScriptedCaller::over_demo());
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert_eq!(resumed.outcome, failed.outcome);
    for event in sink.events() {
        if let consilium_engine::harness::events::Event::SessionUpdated(saved) = event {
            assert_eq!(saved.outcome, failed.outcome, "a save dropped the outcome");
        }
    }
}

#[test]
fn the_users_outcome_survives_cross_examine_anyway() {
    let config = consilium_engine::record::consult::config::ConsultConfig {
        depth: Depth::Adaptive,
        ..consilium_engine::consult::demo::demo_config()
    };
    let (mut early, _) = run(session_with(config), &unanimous_caller(0.86));
    early.outcome = judged_now(Verdict::Partly);
    let session = block_on(cross_examine_anyway(
        early.clone(),
        &unanimous_caller(0.86),
        &FixedClock(NOW_MS),
        &RecordingSink::default(),
    ));
    assert!(session.consult().round4.is_some());
    assert_eq!(session.outcome, early.outcome);
}

#[test]
fn a_save_keeps_the_later_of_the_stored_and_the_runs_outcome() {
    let stored = judged(None, Verdict::Right, "", JUDGED_MS + DAY_MS);
    let run_copy = judged(None, Verdict::TooEarly, "", JUDGED_MS);
    assert_eq!(
        carried_over(Some(&stored), Some(&run_copy)),
        Some(stored.clone())
    );
    assert_eq!(carried_over(None, Some(&run_copy)), Some(run_copy.clone()));
    assert_eq!(carried_over(Some(&stored), None), Some(stored.clone()));
    let rejudged = judged(Some(&run_copy), Verdict::Wrong, "", JUDGED_MS + 2 * DAY_MS);
    assert_eq!(carried_over(Some(&stored), Some(&rejudged)), Some(rejudged));
    assert_eq!(carried_over(None, None), None);
}

mod travels {
    use super::*;
    use consilium_engine::html_report::{report_markdown, session_html};
    use consilium_engine::library::filter::{FilterControl, HistoryFilter};
    use consilium_engine::library::search::searchable_text;
    use consilium_engine::library::share::{
        read_shared, share_payload, share_payload_with, thread_share_payload,
        thread_share_payload_with, OutcomeNotes,
    };
    use consilium_engine::library::summary::SessionSummary;
    use consilium_engine::library::transfer::{export_all, parse_import};

    fn judged_demo() -> Session {
        let (mut session, _) = run(demo_session(), &ScriptedCaller::over_demo());
        let first = judged(
            None,
            Verdict::TooEarly,
            "wait for Q2",
            JUDGED_MS - 30 * DAY_MS,
        );
        session.outcome = Some(judged(
            Some(&first),
            Verdict::Right,
            "Shipped in March; it held.",
            JUDGED_MS,
        ));
        session
    }

    #[test]
    fn the_history_filter_awaiting_an_outcome_admits_finished_unjudged_decisions() {
        let judged_one = judged_demo();
        let mut too_early = judged_demo();
        too_early.outcome = judged_now(Verdict::TooEarly);
        let mut unjudged = judged_demo();
        unjudged.outcome = None;
        let running = demo_session();
        let mut filter = HistoryFilter::default();
        filter.choose(FilterControl::State, "awaiting");
        let admitted: Vec<bool> = [&judged_one, &too_early, &unjudged, &running]
            .into_iter()
            .map(|s| filter.admits(&SessionSummary::of(s), NOW_MS))
            .collect();
        assert_eq!(admitted, [false, true, true, false]);
        assert!(FilterControl::State
            .choices()
            .contains(&("awaiting", "Awaiting an outcome")));
        assert_eq!(SessionSummary::of(&judged_one).judged, Some(Verdict::Right));
    }

    #[test]
    fn the_json_export_carries_the_outcome_and_its_history_back_in() {
        let session = judged_demo();
        let text = export_all(std::slice::from_ref(&session), "2027-01-12T10:00:00Z");
        let incoming = parse_import(&text).unwrap();
        assert!(incoming.refused.is_empty(), "{:?}", incoming.refused);
        assert_eq!(incoming.sessions[0].outcome, session.outcome);
    }

    #[test]
    fn a_share_link_carries_the_outcome_and_its_date_but_no_note() {
        let session = judged_demo();
        let payload = share_payload(&session);
        assert!(!payload.contains("Shipped in March"));
        assert!(!payload.contains("wait for Q2"));
        let shared = read_shared(&payload).unwrap();
        let outcome = shared.outcome.unwrap();
        assert_eq!(outcome.verdict(), Verdict::Right);
        assert_eq!(outcome.judged_on(), "2027-01-12");
        assert_eq!(outcome.note, "");
        assert_eq!(outcome.history[0].verdict, Verdict::TooEarly);
    }

    #[test]
    fn a_share_link_carries_the_notes_only_when_the_user_ticks_them() {
        let session = judged_demo();
        let kept = share_payload_with(&session, OutcomeNotes::Kept);
        let shared = read_shared(&kept).unwrap();
        assert_eq!(shared.outcome, session.outcome);
        assert!(kept.contains("Shipped in March"));
        assert_eq!(
            share_payload_with(&session, OutcomeNotes::Left),
            share_payload(&session)
        );
        // A thread's link: every turn's notes, as ticked.
        let turns = [session.clone(), session.clone()];
        assert!(thread_share_payload_with(&turns, OutcomeNotes::Kept).contains("Shipped in March"));
        assert!(!thread_share_payload(&turns).contains("Shipped in March"));
    }

    #[test]
    fn the_html_report_says_the_outcome_at_the_top_once() {
        let html = session_html(&judged_demo());
        assert_eq!(
            html.matches("Outcome: right, judged 2027-01-12").count(),
            1,
            "{html}"
        );
        let header = &html[..html.find("<main>").unwrap()];
        assert!(header.contains("<p class=\"outcome\">Outcome: right, judged 2027-01-12 · Shipped in March; it held.</p>"));
        let unjudged = session_html(&run(demo_session(), &ScriptedCaller::over_demo()).0);
        assert!(!unjudged.contains("Outcome:"));
    }

    #[test]
    fn the_markdown_report_ends_with_the_outcome_and_earlier_judgments() {
        let markdown = report_markdown(&judged_demo());
        assert!(
            markdown.ends_with(
                "## Outcome\n\nOutcome: right, judged 2027-01-12.\n\nNote: Shipped in March; it \
                 held.\n\nEarlier judgments:\n\n- too early to tell, judged 2026-12-13: wait for \
                 Q2\n"
            ),
            "{markdown}"
        );
    }

    #[test]
    fn search_finds_the_outcome_and_its_note() {
        let text = searchable_text(&judged_demo());
        assert!(text.contains("Shipped in March; it held."));
        assert!(text.lines().any(|line| line == "right"));
    }
}
