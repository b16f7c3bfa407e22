//! The demo benchmark (no key, no server) through the real runner with the demo's scripted
//! callers: every arm answers every question, graded in code, and the results have something to
//! show (before the benchmark's own script, every arm went unanswered: Consult's demo script has no
//! `final_answer`).
use consilium_engine::benchmark::outcomes::summarise_body;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark_council::view::results::progress_view;
use consilium_engine::benchmark_council::{demo_benchmark, PacedConsultCouncil, DEMO_QUESTIONS};
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, demo::DemoCaller,
};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;

const NOW_MS: u64 = 1_700_000_000_000;

fn run_demo() -> consilium_engine::record::Session {
    block_on(run_benchmark(
        demo_benchmark("demo-bench".into(), NOW_MS),
        &ConsultCouncil,
        &DemoCaller,
        &FixedClock(NOW_MS),
        &RecordingSink::default(),
    ))
}

#[test]
fn the_demo_benchmark_answers_every_question_in_every_arm() {
    let session = run_demo();
    assert_eq!(session.state, "complete");
    let summary = summarise_body(session.benchmark().unwrap());
    let arms: Vec<_> = std::iter::once(&summary.council)
        .chain(&summary.arms)
        .collect();
    assert_eq!(
        arms.len(),
        8,
        "council, 3 solo, vote, best single, Vote and Adaptive depth"
    );
    for arm in &arms {
        assert_eq!(
            (arm.answered, arm.unanswered),
            (DEMO_QUESTIONS as u64, 0),
            "{}",
            arm.label
        );
    }
    // The script's accuracies (0.45 to 0.7, a debate that mostly fixes) give neither 0 nor 10 right.
    for arm in &arms {
        assert!(
            arm.correct > 0 && arm.correct < DEMO_QUESTIONS as u64,
            "{}: {} right",
            arm.label,
            arm.correct
        );
    }
    assert_eq!(summary.calibration.forecasts, DEMO_QUESTIONS as u64);
    assert!(!summary.headline.contains("yet"), "{}", summary.headline);
}

#[test]
fn the_demo_benchmark_progress_speaks_of_time_not_cost() {
    let session = run_demo();
    let progress = progress(&session, 0).unwrap();
    assert_eq!((progress.unpriced_calls, progress.cost_left_usd), (0, None));
    assert_eq!(progress_view(&progress).note, None);
}

#[test]
fn the_demo_benchmark_is_the_same_on_every_run() {
    let first = run_demo();
    let second = run_demo();
    assert_eq!(
        first.benchmark().unwrap().results,
        second.benchmark().unwrap().results
    );
}

#[test]
fn the_runner_waits_before_every_step_of_every_question_and_not_for_finished_ones() {
    let waits = std::cell::Cell::new(0);
    let council = PacedConsultCouncil(|| -> LocalBoxFuture<'static, ()> {
        waits.set(waits.get() + 1);
        Box::pin(async {})
    });
    let sink = RecordingSink::default();
    let done = block_on(run_benchmark(
        demo_benchmark("demo-bench".into(), NOW_MS),
        &council,
        &DemoCaller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    // Auto best single: every question's council, then every question's samples.
    assert_eq!(waits.get(), 2 * DEMO_QUESTIONS as u32);
    let mut stopped = done.clone();
    stopped.state = "aborted".into();
    waits.set(0);
    block_on(run_benchmark(
        stopped,
        &council,
        &DemoCaller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    assert_eq!(
        waits.get(),
        0,
        "a resume with every step stored asks for no wait"
    );
}

/// The demo's advice and "Keep this council" are marked as the demo's, so the page
/// shows what they would do and never saves the scripted council into the user's settings.
#[test]
fn the_demo_benchmarks_advice_is_marked_as_the_demos() {
    use consilium_engine::benchmark_council::view::results::{
        arms_results, benchmark_body_results,
    };
    let session = run_demo();
    let body = session.benchmark().unwrap();
    assert!(arms_results(body).demo);
    if let Some(keep) = benchmark_body_results(body)
        .council_choice
        .and_then(|choice| choice.keep)
    {
        assert!(keep.demo);
    }
}
