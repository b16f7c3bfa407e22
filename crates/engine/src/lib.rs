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
//!   002), `prioritize` (seed 003). Each re-exports its stored data's modules from the record, so
//!   `consult::artifacts` and `review::body` keep their paths.
//! - L4 on top: `demo` (the demo caller over every protocol's script), `views` (view models the app
//!   and the exports share), `library`, `html_report`, `testing`.
//!
//! Inside the engine, paths name modules (`crate::record::Session`), never the re-exports below at
//! the crate root, so the check sees every layer crossed.
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

pub use benchmark::{run_benchmark, Benchmark, Council};
pub use benchmark_council::ConsultCouncil;
pub use consult::artifacts::{
    ArtifactEnvelope, Challenge, ConsensusPoint, CrossExamArtifact, CrossExamReply, Dissent,
    IndependentArtifact, PanelistChallenge, Rebuttal, Severity, SynthesisArtifact, Tension,
    VerdictArtifact, Viewpoint,
};
pub use consult::confidence::{check_confidence, ConfidenceCheck};
pub use consult::config::ConsultConfig;
pub use consult::demo::{demo_config, DEMO_QUESTION};
pub use consult::efficiency::TokenEfficiencyStats;
pub use consult::estimate::{estimate_cost, CostEstimate};
pub use consult::filter_limits::{
    CrossExamLimits, FilterLimits, LimitField, Round4Limits, SynthesisLimits,
};
pub use consult::filtering::{
    filter_cross_exam, filter_synthesis, severity_score, substantiveness_score,
};
pub use consult::report::consult_markdown;
pub use consult::state::{ConsultState, TransitionError};
pub use consult::{run_consult, Consult, ConsultBody, VERBOSE_NOTICE};
pub use demo::{DemoCaller, PacedDemoCaller, BENCHMARK_DEMO_SPEEDUP};
pub use harness::demo::DEMO_PROVIDER_ID;
pub use harness::events::{Event, EventSink};
pub use harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, CallTarget, Clock, DynModelCaller,
    FailureKind, FirstTextTimes, HedgeDeadline, ModelCaller, NoProgress, Sleep, TEMPERATURE,
};
pub use harness::ledger::{CostLedger, CostSummary};
pub use harness::{Protocol as ProtocolSpec, StateMachine};
pub use money::format_usd;
pub use participants::{builtin_personas, Backup, Participant, Persona, Price};
pub use prioritize::{run_prioritize, Prioritize};
pub use record::{Body, CallRecord, CallStatus, Protocol, RecordError, Session, Substitution};
pub use reply_parse::{extract_json, parse_reply, ParsedReply, ReplyError};
pub use review::{run_review, Review};
pub use tokens::{estimate_tokens, tokens_for_chars};
pub use validation::ValidationError;
