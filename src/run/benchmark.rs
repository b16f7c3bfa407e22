//! Running a benchmark in the browser: the engine's runner (`consilium_engine::benchmark::run::run_benchmark`) with
//! Consult as its council, at most `parallel_per_provider` requests in flight per provider
//! (`LimitedCaller`), the record saved as it goes (every update the engine hands over, coalesced
//! by storage, and written before each question's next step), and its progress reported.
//! One run at a time, as every protocol (`driver`): cancel and resume are the shared ones.
use consilium_engine::benchmark::limit::LimitedCaller;
use consilium_engine::benchmark_council::PacedConsultCouncil;
use consilium_engine::record::benchmark::config::DEFAULT_PARALLEL_PER_PROVIDER;
use consilium_engine::{
    benchmark::run::run_benchmark, harness::events::EventSink, record::Session,
};
use futures::future::LocalBoxFuture;
use gloo_timers::future::TimeoutFuture;

use super::clock::BrowserClock;

/// The engine's benchmark run, in the browser: Consult as the council (after a yield to the page,
/// so a long benchmark never holds the main thread from one question to the next), with at most
/// the record's `parallel_per_provider` requests in flight per provider.
pub(super) async fn run_in_browser(
    session: Session,
    caller: &super::caller::BrowserCaller,
    sink: &impl EventSink,
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
        crate::platform::storage::written().await;
        TimeoutFuture::new(0).await;
    })
}
