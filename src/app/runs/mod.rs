//! Runs, the page's side: what the live view shows of the one run of this tab (`live`), the
//! commands that start and stop it, and the run driver's reports turned into signals. The driver
//! itself (the engine's run, the model caller, the saves, the run lock) is `crate::run`, with no
//! Leptos in it; the page reaches it only through `RunCommand`s and hears `RunReport`s. One job per
//! file:
//! - `start`: every way a run starts (launch, resume, amend, a demo): the checks, the consent,
//!   and the run's wasm part with Retry;
//! - `live`: what the live view shows (the run's state);
//! - `run`: the commands to the driver (start, cancel, skip the demo's pace), the keys read once;
//! - `signals`: the driver's reports -> signals (streamed text included);
//! - `arrival`: where the page goes when a run ends (the decision, or the "Decision ready" chip);
//! - `stream_text`: a streaming call's text;
//! - `to_worker`: the way to the driver: its dedicated worker, or the page where none starts;
//! - `worker`: the worker's side (`public/run-worker.js`): commands in, the driver's reports out.
pub mod arrival;
mod live;
mod run;
mod signals;
pub mod start;
pub mod stream_text;
mod to_worker;
pub mod worker;

pub use live::{LiveCall, LiveRun, LiveStatus};
pub use run::start_run;
