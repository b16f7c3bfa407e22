//! The Consult protocol as the benchmark's council (`benchmark::Council`). The protocols never
//! import each other, so this layer above both joins them; the app and the tests hand
//! `ConsultCouncil` to `run_benchmark`.
use futures::future::LocalBoxFuture;

use crate::benchmark::questions::arithmetic_questions;
use crate::benchmark::run::Council;
use crate::consult::demo::demo_config;
use crate::consult::estimate::estimate_cost;
use crate::consult::prompts;
use crate::foundation::ids::SessionId;
use crate::foundation::participants::Participant;
use crate::harness::events::EventSink;
use crate::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, Clock, DynModelCaller, FirstTextTimes,
    HedgeDeadline, ModelCaller,
};
use crate::harness::prompt::Prompt;
use crate::record::benchmark::config::{BenchmarkConfig, BestSingle, Generator, QuestionSource};
use crate::record::consult::artifacts::final_answer::require_final_answer;
use crate::record::consult::artifacts::{
    independent_schema_with, ArtifactEnvelope, IndependentArtifact, INDEPENDENT,
};
use crate::record::consult::config::ConsultConfig;
use crate::record::Session;
use crate::text::reply_parse::{parse_reply, ParsedReply};

/// Consult, handed to the benchmark.
pub struct ConsultCouncil;

impl Council for ConsultCouncil {
    fn planned_calls(&self, config: &ConsultConfig) -> u32 {
        estimate_cost("", config).calls
    }

    fn new_session(
        &self,
        id: SessionId,
        question: String,
        config: ConsultConfig,
        now_ms: u64,
    ) -> Session {
        Session::new_consult(id, question, config, now_ms)
    }

    fn run<'a>(
        &'a self,
        session: Session,
        caller: &'a dyn DynModelCaller,
        clock: &'a dyn Clock,
        sink: &'a dyn EventSink,
    ) -> LocalBoxFuture<'a, Session> {
        Box::pin(async move {
            crate::consult::run_consult(
                session,
                &DynCaller(caller),
                &DynClock(clock),
                &DynSink(sink),
            )
            .await
        })
    }

    fn independent_prompt(
        &self,
        question: &str,
        participant: &Participant,
        config: &ConsultConfig,
    ) -> (Prompt, Option<(String, serde_json::Value)>) {
        let prompt = prompts::independent(
            question,
            participant,
            // A sample searching without the schema is told the shape in the prompt.
            config.structured_output && !participant.searches_without_schema(config.search_web),
            config.final_answer,
            None,
        )
        // Each sample is asked once: no later call reads its prompt.
        .one_off();
        let schema = config.structured_output.then(|| {
            (
                "independent_answer".to_string(),
                independent_schema_with(config.final_answer),
            )
        });
        (prompt, schema)
    }

    fn parse_independent(
        &self,
        participant: &Participant,
        text: &str,
        now: &str,
    ) -> Result<ParsedReply<IndependentArtifact>, String> {
        let mut fields = ArtifactEnvelope::new(INDEPENDENT, now.to_string()).to_fields();
        // The engine, not the model, says whose answer this is.
        fields.insert("agent_id".into(), participant.id.as_str().into());
        parse_reply(text, fields, |answer: &IndependentArtifact| {
            answer.validate()?;
            require_final_answer(&answer.final_answer)
        })
        .map_err(|e| e.to_string())
    }
}

/// Consult with a wait before each step of a question (`Council::before_step`): the browser
/// writes the record so far there and gives the page a turn; a test counts the waits.
pub struct PacedConsultCouncil<W>(pub W);

impl<W: Fn() -> LocalBoxFuture<'static, ()>> Council for PacedConsultCouncil<W> {
    fn planned_calls(&self, config: &ConsultConfig) -> u32 {
        ConsultCouncil.planned_calls(config)
    }

    fn new_session(
        &self,
        id: SessionId,
        question: String,
        config: ConsultConfig,
        now_ms: u64,
    ) -> Session {
        ConsultCouncil.new_session(id, question, config, now_ms)
    }

    fn run<'a>(
        &'a self,
        session: Session,
        caller: &'a dyn DynModelCaller,
        clock: &'a dyn Clock,
        sink: &'a dyn EventSink,
    ) -> LocalBoxFuture<'a, Session> {
        ConsultCouncil.run(session, caller, clock, sink)
    }

    fn independent_prompt(
        &self,
        question: &str,
        participant: &Participant,
        config: &ConsultConfig,
    ) -> (Prompt, Option<(String, serde_json::Value)>) {
        ConsultCouncil.independent_prompt(question, participant, config)
    }

    fn parse_independent(
        &self,
        participant: &Participant,
        text: &str,
        now: &str,
    ) -> Result<ParsedReply<IndependentArtifact>, String> {
        ConsultCouncil.parse_independent(participant, text, now)
    }

    fn before_step(&self) -> LocalBoxFuture<'_, ()> {
        (self.0)()
    }
}

/// A `&dyn DynModelCaller` as a `ModelCaller`, for `run_consult`'s generic entry point.
struct DynCaller<'a>(&'a dyn DynModelCaller);

impl ModelCaller for DynCaller<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        self.0.call(request, progress).await
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        self.0.hedge_deadline()
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        self.0.first_text_times()
    }
}

struct DynClock<'a>(&'a dyn Clock);

impl Clock for DynClock<'_> {
    fn now_ms(&self) -> u64 {
        self.0.now_ms()
    }

    fn sleep_ms(&self, ms: u64) -> crate::harness::io::Sleep<'_> {
        self.0.sleep_ms(ms)
    }
}

struct DynSink<'a>(&'a dyn EventSink);

impl EventSink for DynSink<'_> {
    fn emit(&self, event: crate::harness::events::Event) {
        self.0.emit(event)
    }
}

/// Questions in the demo benchmark.
pub const DEMO_QUESTIONS: usize = 10;

/// A demo benchmark: the demo council on 10 arithmetic questions (seed 1), scripted replies.
pub fn demo_benchmark(id: SessionId, now_ms: u64) -> Session {
    let mut council = demo_config();
    council.final_answer = true;
    let seed = 1;
    let config = BenchmarkConfig {
        source: QuestionSource::Generated {
            generator: Generator::Arithmetic,
            count: DEMO_QUESTIONS as u32,
            seed,
        },
        council,
        best_single: BestSingle::Auto,
        budget_usd: None,
        parallel_per_provider: crate::record::benchmark::config::DEFAULT_PARALLEL_PER_PROVIDER,
        seed,
    };
    Session::new_benchmark(
        id,
        config,
        arithmetic_questions(DEMO_QUESTIONS, seed),
        now_ms,
    )
}
