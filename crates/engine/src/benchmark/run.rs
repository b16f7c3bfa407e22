//! Running a benchmark: every question through every arm, at matched cost, resumable, budgeted.
//!
//! Per question, in question order (one question at a time; the calls inside a question run in
//! parallel, bounded per provider by the caller, see `limit`):
//! 1. **The council**: a full Consult of the question (with `final_answer` asked for), run or
//!    resumed through Consult's own run (`Council::run`), stored in the question's result after
//!    every change. From it, with no extra call:
//!    - **each panelist alone**: that panelist's round-1 answer. Round 1 is independent (no
//!      panelist has seen another's answer), so it is exactly the answer the model gives alone;
//!      its cost is its round-1 call(s);
//!    - **the round-1 vote**: the majority of the panel's round-1 answers (`vote`), costing the
//!      panel's round-1 calls;
//!    - **the council**: the verdict's `final_answer`, costing every call of the consultation.
//! 2. **The best single model sampled k times**, k = the Consult protocol's call count for this
//!    council (`Council::planned_calls`, 2n+3 for n panelists), so its calls match the council's;
//!    the samples' majority vote is its answer. With `BestSingle::Auto` the model is the panelist
//!    with the best solo accuracy, known once every question's council is in: the samples then run
//!    after all the councils.
//!
//! **Resume**: an arm with an outcome is never asked again; a sample with a stored result is never
//! asked again; a question whose consultation stopped midway resumes it through Consult's resume.
//! **Budget**: the benchmark's budget covers every arm. Each consultation runs with what is left
//! of it as its own budget, and every sample is reserved against the benchmark's ledger before its
//! call (the harness's check); a call that does not fit fails the benchmark with the reason, and
//! a resume with a larger budget continues it.
use futures::future::LocalBoxFuture;

use crate::harness::events::EventSink;
use crate::harness::io::{Clock, DynModelCaller, ModelCaller};
use crate::harness::prompt::Prompt;
use crate::harness::{Protocol, Run};
use crate::participants::Participant;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::benchmark::state::BenchmarkState;
use crate::record::consult::artifacts::IndependentArtifact;
use crate::record::consult::config::ConsultConfig;
use crate::record::{self, Session};
use crate::reply_parse::ParsedReply;

/// The Benchmark, as the harness knows it.
pub struct Benchmark;

impl Protocol for Benchmark {
    const KIND: record::Protocol = record::Protocol::Benchmark;
    type State = BenchmarkState;
    type Body = BenchmarkBody;
}

#[allow(dead_code)]
pub(crate) type BenchmarkRun<'a> = Run<'a, Benchmark>;

/// What the benchmark needs of the Consult protocol. The protocols never import each other (see
/// `tests/layers.rs`), so the layer above hands Consult in: `benchmark_council::ConsultCouncil`.
pub trait Council {
    /// The calls one consultation makes when every reply is usable: k, the best single model's
    /// samples per question (Consult's estimate counts 2n+3 for n panelists).
    fn planned_calls(&self, config: &ConsultConfig) -> u32;

    /// A new consultation of `question`, in state idle.
    fn new_session(
        &self,
        id: String,
        question: String,
        config: ConsultConfig,
        now_ms: u64,
    ) -> Session;

    /// Runs a consultation, fresh or stopped, until it ends (Consult's own run and resume).
    fn run<'a>(
        &'a self,
        session: Session,
        caller: &'a dyn DynModelCaller,
        clock: &'a dyn Clock,
        sink: &'a dyn EventSink,
    ) -> LocalBoxFuture<'a, Session>;

    /// The round-1 prompt (and its schema when structured output is on) a panelist answers alone,
    /// which each of the best single model's samples answers too.
    fn independent_prompt(
        &self,
        question: &str,
        participant: &Participant,
        config: &ConsultConfig,
    ) -> (Prompt, Option<(String, serde_json::Value)>);

    /// Reads a round-1 reply (as Consult does, `final_answer` included).
    fn parse_independent(
        &self,
        participant: &Participant,
        text: &str,
        now: &str,
    ) -> Result<ParsedReply<IndependentArtifact>, String>;
}

/// Runs a fresh benchmark, or resumes a stopped one, until it is Complete, Failed or Aborted.
/// A complete session, or one that is not a benchmark, is returned as it is.
pub async fn run_benchmark(
    session: Session,
    council: &dyn Council,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    let _ = (session, council, caller, clock, sink);
    todo!("b22e: the runner")
}
