//! Runs: the one driver that runs the engine in the browser, exactly one run at a time in this
//! tab, and one per session across tabs (`platform::run_lock`). It performs the calls the engine
//! asks for, turns the engine's protocol-neutral events into signals the live view renders
//! (streamed text included), and persists every session update. One job per file:
//! - `start`: every way a run starts (launch, resume, amend, a demo): the checks, the consent,
//!   and the run's wasm part with Retry;
//! - `live`: what the live view shows (the run's state);
//! - `run`: starting and cancelling the engine's run;
//! - `arrival`: where the page goes when a run ends (the decision, or the "Decision ready" chip);
//! - `benchmark`: a benchmark's run (its council, the per-provider limit, progress);
//! - `clock`: the browser's clock and the cancellable waits;
//! - `signals`: engine events -> signals;
//! - `caller`: the model caller (key lookup, send, follow the retry policy's actions);
//! - `stream_text`: a streaming call's text;
//! - `worker`: the run's side of a dedicated worker (`public/run-worker.js`).
pub mod arrival;
mod benchmark;
mod caller;
mod clock;
mod live;
mod run;
mod running_record;
mod signals;
pub mod start;
pub mod stream_text;
pub mod worker;

pub use caller::chat_request;
pub use clock::BrowserClock;
pub use live::{LiveCall, LiveRun, LiveStatus};
pub use run::{cancel_run, start_run, RunHow, ALREADY_RUNNING, RUNNING_ELSEWHERE};
