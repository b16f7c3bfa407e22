//! Running a benchmark in the browser: the engine's runner (`consilium_engine::run_benchmark`) with
//! Consult as its council, at most `parallel_per_provider` requests in flight per provider
//! (`LimitedCaller`), the record saved as it goes (every update the engine hands over, coalesced
//! by storage, and written before each question's next step), and its progress as a signal.
//! One run at a time, as every protocol (`run`): cancel (the run stepper's) and resume are the
//! shared ones.
use consilium_engine::benchmark::limit::LimitedCaller;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark_council::PacedConsultCouncil;
use consilium_engine::record::benchmark::config::DEFAULT_PARALLEL_PER_PROVIDER;
use consilium_engine::{run_benchmark, Session};
use futures::future::LocalBoxFuture;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;

use super::clock::BrowserClock;
use super::live::LiveRun;
use super::run::start_run;
use crate::settings::Settings;

/// Starts (or resumes) `session`, a benchmark, in the background. `live.benchmark_progress`
/// follows it: done and total questions, elapsed time, and the estimate of time and cost left (see
/// `consilium_engine::benchmark::progress`), updated after every saved change; `live.session`
/// holds the record as it grows, as for every protocol. `Err` as `start_run`'s (another run is
/// active here, the session runs in another tab, its record is invalid), or not a benchmark.
pub fn start_benchmark(session: Session, settings: Settings, live: LiveRun) -> Result<(), String> {
    if session.benchmark().is_none() {
        return Err("This session is not a benchmark.".to_string());
    }
    live.benchmark_progress.set(progress(&session, 0));
    start_run(session, settings, live)
}

/// The engine's benchmark run, in the browser: Consult as the council (after a yield to the page,
/// so a long benchmark never holds the main thread from one question to the next), with at most
/// the record's `parallel_per_provider` requests in flight per provider.
pub(super) async fn run_in_browser(
    session: Session,
    caller: &super::caller::BrowserCaller,
    sink: &super::signals::SignalSink,
) -> Session {
    let per_provider = session
        .benchmark()
        .map_or(DEFAULT_PARALLEL_PER_PROVIDER, |b| {
            b.config.parallel_per_provider
        });
    let limited = LimitedCaller::new(caller, per_provider);
    run_benchmark(
        session,
        &PacedConsultCouncil(between_steps),
        &limited,
        &BrowserClock,
        sink,
    )
    .await
}

/// The browser's wait before each step of a question: the steps before it are on disk before it
/// asks anything (a reload then repeats at most the step under way, never a finished one), and
/// the page gets a turn.
fn between_steps() -> LocalBoxFuture<'static, ()> {
    Box::pin(async {
        crate::storage::written().await;
        TimeoutFuture::new(0).await;
    })
}
