//! The one driver that runs the engine in the browser: exactly one run at a time in this tab, and
//! one per session across tabs (see `run_lock`). It performs the calls the engine asks for, turns
//! the engine's protocol-neutral events into signals the live view renders (streamed text
//! included), and persists every session update. One job per file:
//! - `live`: what the live view shows (the app's run state), kept in step with storage;
//! - `run`: starting and cancelling a run;
//! - `benchmark`: a benchmark's run (its council, the per-provider limit, progress);
//! - `clock`: the browser's clock and the cancellable waits;
//! - `signals`: engine events -> signals;
//! - `caller`: the model caller (key lookup, send, follow the retry policy's actions);
//! - `connection`: "Test connection", built as a run's calls are;
//! - `check`: the provider check before a run and each provider's health.
mod benchmark;
mod caller;
mod check;
mod clock;
mod connection;
mod live;
mod run;
mod signals;

pub use benchmark::start_benchmark;
pub use caller::chat_request;
pub use check::{check_provider, HealthBook};
pub use clock::BrowserClock;
pub use connection::{connection_request, test_connection};
pub use live::{LiveCall, LiveRun, LiveStatus};
pub use run::{cancel_run, start_run, ALREADY_RUNNING, RUNNING_ELSEWHERE};
