//! The time a run took: the union of its calls' times, so parallel calls count once
//! and the pause between a cancel and a resume is not counted; in words a reader takes in at once.
use crate::common;

use common::*;
use consilium_engine::foundation::timestamp::rfc3339_utc;
use consilium_engine::record::Session;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::views::run_time::{duration_words, run_time_line, run_time_ms};

const T0: u64 = 1_790_000_000_000;

fn with_calls(spans: &[(u64, u64)]) -> Session {
    let (mut session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let template = session.calls[0].clone();
    session.calls = spans
        .iter()
        .map(|&(start, end)| {
            let mut call = template.clone();
            call.started_at = rfc3339_utc(T0 + start);
            call.finished_at = rfc3339_utc(T0 + end);
            call
        })
        .collect();
    session
}

#[test]
fn parallel_calls_count_once_and_a_pause_not_at_all() {
    // Round 1: three calls at once (0-4 s, 0-6 s, 1-5 s); round 2 right after (6-9 s).
    let session = with_calls(&[(0, 4_000), (0, 6_000), (1_000, 5_000), (6_000, 9_000)]);
    assert_eq!(run_time_ms(&session), Some(9_000));
    // Cancelled after 9 s, resumed a day later for 3 s: 12 s, not a day.
    let session = with_calls(&[(0, 9_000), (86_400_000, 86_403_000)]);
    assert_eq!(run_time_ms(&session), Some(12_000));
    assert_eq!(run_time_line(&session).as_deref(), Some("took 12 s"));
    // In the order the calls finished, not started: the same.
    let session = with_calls(&[(2_000, 3_000), (0, 10_000)]);
    assert_eq!(run_time_ms(&session), Some(10_000));
}

#[test]
fn no_call_no_time() {
    let session = demo_session();
    assert!(session.calls.is_empty());
    assert_eq!(run_time_line(&session), None);
    let mut unreadable = with_calls(&[(0, 1_000)]);
    unreadable.calls[0].started_at = String::new();
    assert_eq!(run_time_ms(&unreadable), None);
}

#[test]
fn durations_read_at_a_glance() {
    assert_eq!(duration_words(300), "under 1 s");
    assert_eq!(duration_words(8_400), "8 s");
    assert_eq!(duration_words(60_000), "1 min");
    assert_eq!(duration_words(72_000), "1 min 12 s");
    assert_eq!(duration_words(3_600_000), "1 h");
    assert_eq!(duration_words(3_780_000), "1 h 3 min");
}

#[test]
fn the_session_history_and_exports_say_it() {
    use consilium_engine::consult::report::markdown::consult_markdown;
    use consilium_engine::html_report::session_html;
    use consilium_engine::library::summary::SessionSummary;
    let session = with_calls(&[(0, 4_000), (0, 6_000), (6_000, 72_000)]);
    assert_eq!(SessionSummary::of(&session).run_ms, Some(72_000));
    assert!(consult_markdown(&session).contains("Run time: 1 min 12 s"));
    let html = session_html(&session);
    let meta = &html[html.find("<p class=\"meta\">").unwrap()..];
    assert!(
        meta[..meta.find("</p>").unwrap()].contains(" · took 1 min 12 s"),
        "{meta}"
    );
}
