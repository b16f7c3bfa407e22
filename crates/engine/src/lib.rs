//! The Consilium council engine: protocols, artifacts, validation, filtering and the cost ledger.
//! No browser dependency and no I/O: the shell supplies calls, time and an event sink (see `io`), so
//! every protocol runs natively and deterministically under `cargo test`.
pub mod artifacts;
pub mod confidence;
pub mod config;
pub mod consult;
pub mod demo;
pub mod efficiency;
pub mod estimate;
pub mod events;
pub mod filter_limits;
pub mod filtering;
pub mod io;
pub mod ledger;
pub mod participants;
pub mod prompts;
pub mod reply_parse;
pub mod report;
pub mod session;
pub mod state;
pub mod testing;
pub mod timestamp;

pub use artifacts::{
    ArtifactEnvelope, Challenge, ConsensusPoint, CrossExamArtifact, CrossExamReply, Dissent,
    IndependentArtifact, PanelistChallenge, Rebuttal, Severity, SynthesisArtifact, Tension,
    ValidationError, VerdictArtifact, Viewpoint,
};
pub use confidence::{check_confidence, ConfidenceCheck};
pub use config::ConsultConfig;
pub use consult::{run_consult, VERBOSE_NOTICE};
pub use demo::{demo_config, DemoCaller, DEMO_QUESTION};
pub use efficiency::TokenEfficiencyStats;
pub use estimate::{estimate_cost, estimate_tokens, CostEstimate};
pub use events::{ConsultEvent, EventSink};
pub use filter_limits::{CrossExamLimits, FilterLimits, Round4Limits, SynthesisLimits};
pub use filtering::{filter_cross_exam, filter_synthesis, severity_score, substantiveness_score};
pub use io::{CallFailure, CallReply, CallRequest, Clock, ModelCaller};
pub use ledger::{CostLedger, CostSummary};
pub use participants::{builtin_personas, Participant, Persona, Price};
pub use reply_parse::{extract_json, parse_reply, ParsedReply, ReplyError};
pub use report::consult_markdown;
pub use session::{CallRecord, CallStatus, ConsultSession};
pub use state::{ConsultState, TransitionError};
