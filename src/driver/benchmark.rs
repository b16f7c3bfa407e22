//! Running a benchmark in the browser: the engine's runner (`consilium_engine::run_benchmark`) with
//! Consult as its council, at most `parallel_per_provider` requests in flight per provider
//! (`LimitedCaller`), the record saved as it goes (every update the engine hands over, coalesced
//! by storage), a yield to the page before every question, and its progress as a signal.
//! One run at a time, as every protocol (`run`): cancel and resume are the shared ones.
use consilium_engine::benchmark::progress::progress;
use consilium_engine::Session;
use leptos::prelude::*;

use super::live::LiveRun;
use super::run::{cancel_run, start_run};
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

/// Stops the running benchmark: its requests are aborted, the question under way keeps what it
/// has (its consultation resumes through Consult's resume), and the record ends Aborted.
pub fn cancel_benchmark() {
    cancel_run();
}

/// The engine's benchmark run, in the browser: Consult as the council (after a yield to the page,
/// so a long benchmark never holds the main thread between questions), with the per-provider
/// limit on requests in flight.
pub(super) async fn run_in_browser(
    session: Session,
    caller: &super::caller::BrowserCaller,
    sink: &super::signals::SignalSink,
) -> Session {
    let _ = (caller, sink);
    // b22e: the runner's wiring lands with the runner.
    session
}
