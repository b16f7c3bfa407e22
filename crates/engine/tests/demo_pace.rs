//! The demo streams at a pace a user can follow (on virtual time, so these tests take
//! milliseconds), and "Skip to the decision" streams the rest at once.
use consilium_engine::testing::{run_virtual, RecordingSink, VirtualClock};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, consult::demo::demo_config,
    consult::run_consult, demo::BENCHMARK_DEMO_SPEEDUP, harness::events::Event, harness::io::Clock,
    prioritize::run_prioritize, review::run_review,
};
use consilium_engine::{demo::PacedDemoCaller, record::Session};
use consilium_engine::{prioritize::demo as p, review::demo as r};

const START: u64 = 1_000_000;

/// Runs the demo of `protocol` on virtual time; the session, its events and how long it took.
fn paced(protocol: &str, skip_after_ms: Option<u64>) -> (Session, RecordingSink, u64) {
    let clock = VirtualClock::starting_at(START);
    let skipped = || skip_after_ms.is_some_and(|after| clock.now_ms() >= START + after);
    let caller = PacedDemoCaller {
        clock: &clock,
        skipped: &skipped,
        speedup: 1,
    };
    let sink = RecordingSink::default();
    let session = match protocol {
        "consult" => {
            let s = Session::new_consult("c".into(), "Q?".into(), demo_config(), START);
            run_virtual(&clock, run_consult(s, &caller, &clock, &sink))
        }
        "review" => {
            let s = Session::new_review(
                "r".into(),
                r::DEMO_DIFF.into(),
                r::demo_review_config(),
                START,
            );
            run_virtual(&clock, run_review(s, &caller, &clock, &sink))
        }
        _ => {
            let config = p::demo_prioritize_config();
            let s = Session::new_prioritize("p".into(), p::demo_backlog(), config, START);
            run_virtual(&clock, run_prioritize(s, &caller, &clock, &sink))
        }
    };
    (session, sink, clock.now_ms() - START)
}

#[test]
fn each_demo_takes_long_enough_to_follow_and_not_much_longer() {
    let (consult, _, consult_ms) = paced("consult", None);
    let (review, _, review_ms) = paced("review", None);
    let (prioritize, _, prioritize_ms) = paced("prioritize", None);
    assert!(
        (10_000..=15_000).contains(&consult_ms),
        "Consult took {consult_ms} ms"
    );
    assert!(
        (6_000..=10_000).contains(&review_ms),
        "Review took {review_ms} ms"
    );
    assert!(
        (8_000..=13_000).contains(&prioritize_ms),
        "Prioritize took {prioritize_ms} ms"
    );
    for session in [consult, review, prioritize] {
        assert!(!session.is_running(), "{}", session.state);
        assert_eq!(session.failure, None);
    }
}

#[test]
fn each_reply_streams_in_many_pieces_that_add_up_to_it() {
    let (session, sink, _) = paced("consult", None);
    for call in &session.calls {
        let pieces: Vec<String> = sink
            .events()
            .into_iter()
            .filter_map(|event| match event {
                Event::CallDelta { call_id, text, .. } if call_id == call.call_id => Some(text),
                _ => None,
            })
            .collect();
        assert!(
            pieces.len() >= 20,
            "{}: {} pieces",
            call.call_id,
            pieces.len()
        );
        assert_eq!(Some(pieces.concat()), call.reply_text, "{}", call.call_id);
    }
}

#[test]
fn skipping_streams_the_rest_at_once_with_the_same_decision() {
    let (skipped_at_once, _, at_once_ms) = paced("consult", Some(0));
    assert_eq!(at_once_ms, 0);
    let (skipped_midway, _, midway_ms) = paced("consult", Some(3_000));
    assert!((3_000..3_100).contains(&midway_ms), "{midway_ms} ms");
    let (watched, _, _) = paced("consult", None);
    for session in [skipped_at_once, skipped_midway] {
        assert_eq!(session.state, watched.state);
        // The same replies (records are in the order calls finished, which pacing may change).
        let replies = |s: &Session| {
            let mut replies: Vec<_> = s
                .calls
                .iter()
                .map(|c| (c.call_id.clone(), c.reply_text.clone()))
                .collect();
            replies.sort();
            replies
        };
        assert!(replies(&session) == replies(&watched), "the replies differ");
    }
    let (_, _, review_ms) = paced("review", Some(0));
    let (_, _, prioritize_ms) = paced("prioritize", Some(0));
    assert_eq!((review_ms, prioritize_ms), (0, 0));
}

/// The demo benchmark on virtual time at `speedup`: the session and how long it took.
fn paced_benchmark(speedup: u64) -> (Session, u64) {
    let clock = VirtualClock::starting_at(START);
    let skipped = || false;
    let caller = PacedDemoCaller {
        clock: &clock,
        skipped: &skipped,
        speedup,
    };
    let sink = RecordingSink::default();
    let session = consilium_engine::benchmark_council::demo_benchmark("b".into(), START);
    let session = run_virtual(
        &clock,
        run_benchmark(session, &ConsultCouncil, &caller, &clock, &sink),
    );
    (session, clock.now_ms() - START)
}

#[test]
fn the_demo_benchmark_finishes_in_well_under_two_minutes_with_its_progress_visible() {
    // At a consultation's pace its 10 consultations and their samples take a minute and a half
    // of waits alone (93 s), more in a browser, whose timers fire late.
    let (_, consult_pace_ms) = paced_benchmark(1);
    assert!(consult_pace_ms > 60_000, "{consult_pace_ms} ms");
    let (session, ms) = paced_benchmark(BENCHMARK_DEMO_SPEEDUP);
    assert!(
        (8_000..=40_000).contains(&ms),
        "the demo benchmark took {ms} ms"
    );
    assert_eq!(session.state, "complete");
    assert_eq!(session.failure, None);
    let body = session.benchmark().expect("a benchmark");
    assert_eq!(body.questions_done(), body.questions.len());
}
