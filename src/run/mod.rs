//! The run driver, between `settings` and `app`, free of the view layer (`tests/layers.rs` fails
//! on a path into `app` or `ui`, or on the view framework's crate named here, and the saves it
//! reaches spawn on the browser's own task queue), so the same driver can run on the page
//! or in a worker. The page sends it commands and follows its reports, both serialisable
//! (`messages`); it runs the engine, performs the calls the engine asks for with the keys handed
//! in at the start, and saves every session update. One job per file:
//! - `messages`: the commands (start, cancel, skip the demo's pace) and the reports (the engine's
//!   events, a benchmark's progress and results, saved, a save refused, finished, refused);
//! - `batch`: the reports gathered to cross to the page in one message (from a worker);
//! - `keys`: the keys of one run, with a redacting `Debug`;
//! - `driver`: the one entry (`handle`), the active run, the run lock, which protocol runs;
//! - `sink`: the engine's events -> reports, the saves and a benchmark's progress;
//! - `saves`: the run's saves and their outcome;
//! - `running_record`: a running benchmark's record as its saves write it;
//! - `benchmark`: a benchmark's run (its council, the per-provider limit);
//! - `benchmark_results`: a running benchmark's results, computed here for the page to draw;
//! - `caller`: the model caller (send, follow the retry policy's actions, the demo's pace);
//! - `clock`: the browser's clock and the cancellable waits.
pub mod batch;
mod benchmark;
mod benchmark_results;
pub mod caller;
pub mod clock;
pub mod driver;
pub mod keys;
pub mod messages;
mod running_record;
mod saves;
mod sink;
