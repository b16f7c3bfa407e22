//! The Consilium council engine: every protocol, on one run harness and one session record.
//! No browser dependency and no I/O: the shell supplies calls, time and an event sink (see
//! `harness::io`), so every protocol runs natively and deterministically under `cargo test`.
//!
//! The modules stand in one-way layers, bottom to top; a module imports only from its own layer
//! (never in a cycle) or lower ones, and `tests/layers.rs` fails on any other import:
//! - L0 foundation, leaves that know nothing of sessions: `timestamp`, `money`, `tokens`,
//!   `validation`, `participants`, `markdown_text`, `rich_text`, `reply_parse`, `shuffle`.
//! - L1 `record`: the session record every protocol shares (envelope, call records, costs, reading
//!   records of earlier schema versions) and each protocol's stored data (`record::consult`,
//!   `record::review`, `record::prioritize`: bodies, artifacts, configs, state enums, and the
//!   `StateMachine` rule they follow).
//! - L2 `harness`: the run harness (asking, re-ask, budget, ledger, events, running a state
//!   machine, what every demo script shares).
//! - L3 the protocols, behaviour only, which never import each other: `consult`, `review` (seed
//!   002), `prioritize` (seed 003). Their stored data is the record's
//!   (`record::consult::artifacts`), reached by that one path.
//! - L4 on top: `demo` (the demo caller over every protocol's script), `views` (view models the app
//!   and the exports share), `library`, `html_report`, `testing`.
//!
//! Every public item has one path, the module that defines it (`record::Session`): nothing is
//! re-exported from a public module, and the crate root only lists modules. A module re-exports
//! only from its private submodules (`consult::prompts`), which keeps a facade, not a second path.
pub mod benchmark;
pub mod benchmark_council;
pub mod benchmark_demo;
pub mod consult;
pub mod counted;
pub mod csv_text;
pub mod demo;
pub mod harness;
pub mod html_report;
pub mod library;
pub mod markdown_text;
pub mod money;
pub mod partial_reply;
pub mod participants;
pub mod prioritize;
pub mod record;
pub mod reply_parse;
pub mod review;
pub mod rich_text;
pub mod shuffle;
pub mod testing;
pub mod timestamp;
pub mod tokens;
pub mod validation;
pub mod views;
