//! How the results of a stored benchmark cost with its length: times the views the page recomputes
//! during a run, at 50, 200 and 1,000 questions. Ignored: a measurement, not a check. Run with
//! `cargo test --release -p consilium-engine --test benchmark_timing -- --ignored --nocapture`.
mod common;

use std::time::Instant;

use common::benchmark::{benchmark, body, caller_for, NOW_MS};
use consilium_engine::harness::events::{Event, EventSink};
use consilium_engine::testing::FixedClock;
use consilium_engine::{benchmark::run::run_benchmark, benchmark_council::ConsultCouncil};
use futures::executor::block_on;

/// Drops every event: a recording sink would hold a copy of the session per event.
struct Drop_;
impl EventSink for Drop_ {
    fn emit(&self, _: Event) {}
}

use consilium_engine::benchmark::council_choice::council_choice_of;
use consilium_engine::benchmark::outcomes::summarise_body;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::tally::RunningTally;
use consilium_engine::benchmark_council::view::cost::{benchmark_consent, benchmark_cost};
use consilium_engine::benchmark_council::view::results::benchmark_body_results;
use consilium_engine::library::search::searchable_text;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::config::BestSingle;
use consilium_engine::record::benchmark::outcomes_apart::{
    changed_questions, split_questions, stored_record,
};
use consilium_engine::resume::{invalid_record_notice, resume_offer};
use consilium_engine::views::costs::{participant_costs, session_cost_line};
use consilium_engine::views::failure::failure_report;
use consilium_engine::views::live::stepper;
use consilium_engine::views::session::{call_notes, failed_calls};

fn time<T>(what: &str, questions: usize, f: impl Fn() -> T) -> f64 {
    let reps = 3;
    let start = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / reps as f64;
    println!("{questions:>5} questions  {what:<24} {ms:>10.2} ms");
    ms
}

#[test]
#[ignore]
fn results_cost_by_length() {
    for count in std::env::var("BENCH_LENGTHS")
        .unwrap_or("50,200".into())
        .split(',')
        .map(|n| n.parse::<usize>().unwrap())
    {
        let session = benchmark(count, BestSingle::Auto, None, None);
        let caller = caller_for(&session);
        let start = Instant::now();
        let ended = block_on(run_benchmark(
            session,
            &ConsultCouncil,
            &caller,
            &FixedClock(NOW_MS),
            &Drop_,
        ));
        println!(
            "{count:>5} questions  run (native)             {:>10.2} ms",
            start.elapsed().as_secs_f64() * 1000.0
        );
        // BENCH_RUN_ONLY: the run alone, e.g. to count its instructions with `perf stat`, which
        // a loaded machine does not change as it changes the time.
        if std::env::var_os("BENCH_RUN_ONLY").is_some() {
            continue;
        }
        let b = body(&ended);
        time("benchmark_body_results", count, || {
            benchmark_body_results(b)
        });
        time("summarise_body", count, || summarise_body(b));
        time("council_choice_of", count, || council_choice_of(b));
        time("progress", count, || progress(&ended, 0));
        time("library summary", count, || SessionSummary::of(&ended));
        time("session clone", count, || ended.clone());
        time("session eq", count, || ended == ended.clone());
        // What the end of a run does besides the results (the page's last task).
        let copy = ended.clone();
        time("session eq only", count, || ended == copy);
        time("stored_record", count, || stored_record(&ended));
        time("stored_record + split", count, || {
            let mut record = stored_record(&ended);
            split_questions(&mut record);
            record
        });
        time("changed_questions none", count, || {
            changed_questions(None, &ended)
        });
        let written: Vec<_> = changed_questions(None, &ended)
            .into_iter()
            .map(|(_, q)| q)
            .collect();
        time("changed_questions all", count, || {
            changed_questions(Some(&written), &ended)
        });
        time("questions json", count, || {
            serde_json::to_string(&written).unwrap().len()
        });
        time("searchable_text", count, || {
            let mut record = stored_record(&ended);
            split_questions(&mut record);
            searchable_text(&stored_record(&ended))
        });
        time("failure_report", count, || failure_report(&ended));
        time("invalid_record_notice", count, || {
            invalid_record_notice(&ended)
        });
        time("call_notes", count, || call_notes(&ended));
        time("failed_calls", count, || failed_calls(&ended));
        time("participant_costs", count, || participant_costs(&ended));
        time("session_cost_line", count, || session_cost_line(&ended));
        time("resume_offer", count, || resume_offer(&ended, false, false));
        time("stepper", count, || stepper(&ended, 1));
        time("running tally", count, || RunningTally::of(b));
        // The start: the consent's estimate over every question, before the run.
        time("benchmark_cost", count, || {
            benchmark_cost(&b.questions, &b.config)
        });
        time("benchmark_consent", count, || {
            benchmark_consent(&b.questions, &b.config, 1.0)
        });
    }
}
