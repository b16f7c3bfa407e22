//! The Consilium council engine: every protocol, on one run harness and one session record.
//! No browser dependency and no I/O: the shell supplies calls, time and an event sink (see
//! `harness::io`), so every protocol runs natively and deterministically under `cargo test`.
//!
//! The modules stand in one-way layers, bottom to top: foundation leaves, the session record, the
//! run harness, the view models every protocol shares (knowing none), the protocols (behaviour
//! only, never importing each other), each protocol's own views and reports in its folder, and on
//! top what knows every protocol (the Benchmark-on-Consult bridge, the demo, the library, the
//! whole export). The table is `LAYERS` in `tests/layers.rs`, which fails on an import that
//! points up, joins two protocols or closes a cycle, between rooms or between top-level modules;
//! read it there rather than here, where it could drift.
//!
//! Every public item has one path, the module that defines it (`record::Session`): nothing is
//! re-exported from a public module, and the crate root only lists modules. A module re-exports
//! only from its private submodules (`consult::prompts`), which keeps a facade, not a second path.
pub mod benchmark;
pub mod benchmark_council;
pub mod consult;
pub mod demo;
pub mod foundation;
pub mod harness;
pub mod html_report;
pub mod key_limit;
pub mod library;
pub mod material;
pub mod prioritize;
pub mod record;
pub mod resume;
pub mod review;
pub mod sync;
pub mod testing;
pub mod text;
pub mod track_record;
pub mod views;
