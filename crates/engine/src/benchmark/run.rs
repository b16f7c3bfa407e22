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
//! **Web search** (the council's `search_web`): the consultations search as a Consult does (round
//! 1 and the cross-examination), and so does every sample; a seat that cannot search answers
//! without it (`benchmark::search`).
//!
//! **Resume**: an arm with an outcome is never asked again; a sample with a stored result is never
//! asked again; a question whose consultation stopped midway resumes it through Consult's resume.
//! **Budget**: the benchmark's budget covers every arm. Each consultation runs with what is left
//! of it as its own budget, and every sample is reserved against the benchmark's ledger before its
//! call (the harness's check); a call that does not fit fails the benchmark with the reason, and
//! a resume with a larger budget continues it.
use std::cell::RefCell;

use futures::future::{join_all, LocalBoxFuture};

use super::arms::{best_single_arm, council_arms, sample_spend};
use super::call_log::LoggedCalls;
use super::stored::stored_benchmark_problems;
use crate::foundation::ids::{ParticipantId, SessionId};
use crate::foundation::participants::Participant;
use crate::harness::events::{Event, EventSink};
use crate::harness::io::{Clock, DynModelCaller, ModelCaller};
use crate::harness::prompt::Prompt;
use crate::harness::protocol::state_of;
use crate::record::benchmark::body::{Arm, BenchmarkBody, QuestionResult, Sample};
use crate::record::benchmark::config::{BestSingle, BEST_SINGLE_ID};
use crate::record::benchmark::outcomes_apart::{question_calls, QuestionUpdate};
use crate::record::benchmark::question::Question;
use crate::record::benchmark::state::BenchmarkState;
use crate::record::consult::artifacts::IndependentArtifact;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::depth::Depth;
use crate::record::consult::state::ConsultState;
use crate::record::state::StateMachine;
use crate::record::{self, CallId, CallStatus, CostSummary, ProtocolBody, Session};
use crate::text::reply_parse::ParsedReply;
use crate::{
    harness::asking::Answer, harness::asking::CallPlan, harness::protocol::Protocol,
    harness::run::Run, harness::run::Stop,
};

/// The Benchmark, as the harness knows it.
pub struct Benchmark;

impl Protocol for Benchmark {
    const KIND: record::Protocol = record::Protocol::Benchmark;
    type State = BenchmarkState;
    type Body = BenchmarkBody;

    /// The samples' prompts quote their question only; the consultations in the body are not
    /// read (they are many, and their own runs check their own replies).
    /// A step changes one question: the shell is handed that question (its result and calls),
    /// not the whole session, so each question costs it the same however long the run.
    fn part_update(session: &Session, question_id: &str) -> Option<Event> {
        QuestionUpdate::of(session, question_id)
            .map(|update| Event::QuestionUpdated(Box::new(update)))
    }

    /// A question's samples quote that question only: not every question's text for each call,
    /// which grew each call's check with the run's length.
    fn quoted_material_of_part(session: &Session, question_id: &str) -> Vec<String> {
        BenchmarkBody::of(&session.body)
            .and_then(|body| body.questions.iter().find(|q| q.id == question_id))
            .map(|q| vec![q.text.clone()])
            .unwrap_or_default()
    }

    fn quoted_material(session: &Session) -> Vec<String> {
        BenchmarkBody::of(&session.body)
            .map(|body| body.questions.iter().map(|q| q.text.clone()).collect())
            .unwrap_or_default()
    }
}

type BenchmarkRun<'a> = Run<'a, Benchmark>;

/// What the benchmark needs of the Consult protocol. The protocols never import each other (see
/// `tests/layers.rs`), so the layer above hands Consult in: `benchmark_council::ConsultCouncil`.
pub trait Council {
    /// The calls one consultation makes when every reply is usable: k, the best single model's
    /// samples per question (Consult's estimate counts 2n+3 for n panelists).
    fn planned_calls(&self, config: &ConsultConfig) -> u32;

    /// A new consultation of `question`, in state idle.
    fn new_session(
        &self,
        id: SessionId,
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

    /// Awaited before each step of a question (its council, or its samples): the browser's runs
    /// wait there until the record so far is written and give the page a turn, so a reload loses
    /// at most the step under way. Nothing to wait for natively.
    fn before_step(&self) -> LocalBoxFuture<'_, ()> {
        Box::pin(async {})
    }
}

/// Runs a fresh benchmark, or resumes a stopped one, until it is Complete, Failed or Aborted.
/// A complete session, one that is not a benchmark, or one whose stored record is invalid
/// (`stored`) is returned as it is.
pub async fn run_benchmark(
    session: Session,
    council: &dyn Council,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if state_of::<Benchmark>(&session) == Some(BenchmarkState::Complete) {
        return session;
    }
    if BenchmarkBody::of(&session.body).is_some_and(|b| !stored_benchmark_problems(b).is_empty()) {
        return session;
    }
    let run = match Run::<Benchmark>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    let outcome = benchmark(&run, council)
        .await
        .map(|()| BenchmarkState::Complete);
    run.finish(outcome)
}

/// Every question's council, then (once the best single model is known) every question's
/// samples. With a model the user chose, both steps of a question run one after the other.
async fn benchmark(run: &BenchmarkRun<'_>, council: &dyn Council) -> Result<(), Stop> {
    start(run, council)?;
    let questions = run.body(|b| b.questions.clone());
    for question in &questions {
        run_question(run, council, question).await?;
    }
    if run.body(|b| b.best_single.is_none()) {
        let best = run.body(choose_best_single);
        set_best_single(run, best);
        for question in &questions {
            run_question(run, council, question).await?;
        }
    }
    Ok(())
}

/// A fresh benchmark starts running; a stopped one resumes. Then k and, when the user chose it,
/// the best single model are fixed in the record.
fn start(run: &BenchmarkRun<'_>, council: &dyn Council) -> Result<(), Stop> {
    run.announce();
    if run.state() == BenchmarkState::Idle {
        run.enter(BenchmarkState::Running)?;
    } else {
        run.resume_at(BenchmarkState::Running)?;
    }
    run.config.validate().map_err(Stop::Failed)?;
    if run.body(|b| b.k.is_none()) {
        let k = council.planned_calls(&consult_config(run));
        run.update_body(|b| b.k = Some(k));
    }
    if run.body(|b| b.best_single.is_none()) {
        if let BestSingle::Model { participant } = &run.config.best_single {
            set_best_single(run, (**participant).clone());
        }
    }
    Ok(())
}

/// The council's settings for every question: the user's, with `final_answer` asked for, at
/// Full depth: the Vote and Adaptive arms are read from its first rounds (`arms`).
fn consult_config(run: &BenchmarkRun<'_>) -> ConsultConfig {
    let mut config = run.config.council.clone();
    config.final_answer = true;
    config.depth = Depth::Full;
    config
}

/// The best single model, under its own id (its samples' calls are told apart from the
/// panelists'), added to the session's participants so its calls are named.
fn set_best_single(run: &BenchmarkRun<'_>, model: Participant) {
    let best = Participant {
        id: BEST_SINGLE_ID.into(),
        label: format!("Best single model · {}", model.model),
        ..model
    };
    run.update(|session| {
        session.participants.retain(|p| p.id != BEST_SINGLE_ID);
        session.participants.push(best.clone());
        if let Some(body) = BenchmarkBody::of_mut(&mut session.body) {
            body.best_single = Some(best);
        }
    });
}

/// `BestSingle::Auto`: the panelist with the best solo accuracy over the questions answered;
/// ties (and a panel with no answer at all) go to the first in panel order.
pub fn choose_best_single(body: &BenchmarkBody) -> Participant {
    let accuracy = |id: &ParticipantId| {
        let arm = Arm::Solo {
            participant_id: id.clone(),
        };
        let graded: Vec<bool> = body
            .results
            .iter()
            .filter_map(|r| r.outcome(&arm)?.correct)
            .collect();
        if graded.is_empty() {
            return -1.0;
        }
        graded.iter().filter(|&&c| c).count() as f64 / graded.len() as f64
    };
    let panel = &body.config.council.panelists;
    let mut best = &panel[0];
    let mut best_accuracy = accuracy(&best.id);
    for panelist in &panel[1..] {
        let candidate = accuracy(&panelist.id);
        if candidate > best_accuracy {
            best = panelist;
            best_accuracy = candidate;
        }
    }
    best.clone()
}

/// The question's steps that have no outcome yet: its council, then its samples once the best
/// single model is known.
async fn run_question(
    run: &BenchmarkRun<'_>,
    council: &dyn Council,
    question: &Question,
) -> Result<(), Stop> {
    let has = |arm: Arm| {
        run.body(|b| {
            b.result(&question.id)
                .and_then(|r| r.outcome(&arm))
                .is_some()
        })
    };
    if !has(Arm::Council) {
        council.before_step().await;
        in_question(run, question, council_step(run, council, question)).await?;
    }
    if run.body(|b| b.best_single.is_some()) && !has(Arm::BestSingle) {
        council.before_step().await;
        in_question(run, question, samples_step(run, council, question)).await?;
    }
    Ok(())
}

/// A step's updates change its question only: the shell is handed that question
/// (`Benchmark::part_update`; the whole session while the question has no result yet).
async fn in_question(
    run: &BenchmarkRun<'_>,
    question: &Question,
    step: impl std::future::Future<Output = Result<(), Stop>>,
) -> Result<(), Stop> {
    run.set_part(Some(question.id.clone()));
    let done = step.await;
    run.set_part(None);
    done
}

/// The question's result, begun if it was not.
fn result_mut<'b>(body: &'b mut BenchmarkBody, question_id: &str) -> &'b mut QuestionResult {
    let at = match body
        .results
        .iter()
        .rposition(|r| r.question_id == question_id)
    {
        Some(at) => at,
        None => {
            body.results.push(QuestionResult::new(question_id));
            body.results.len() - 1
        }
    };
    &mut body.results[at]
}

/// The question's consultation, fresh or resumed, with what is left of the budget as its own;
/// then its arms (solo, vote, council) from its record.
async fn council_step(
    run: &BenchmarkRun<'_>,
    council: &dyn Council,
    question: &Question,
) -> Result<(), Stop> {
    let started = run.clock().now_ms();
    let stored = run.body(|b| b.result(&question.id).and_then(|r| r.consult.clone()));
    let resumed = stored.is_some();
    let mut consult = match stored {
        Some(consult) => *consult,
        None => {
            let id = run.read(|s| SessionId::new(format!("{}-{}", s.id, question.id)));
            council.new_session(id, question.text.clone(), consult_config(run), started)
        }
    };
    let left = run.ledger().left_usd();
    if left.is_some_and(|left| left <= 0.0) {
        return Err(Stop::OverBudget(budget_spent(run)));
    }
    let spent_before = consult.cost.spent_usd;
    if let Some(body) = ConsultBody::of_mut(&mut consult.body) {
        // Its own spend so far plus what is left of the benchmark's (a budget must be above $0,
        // and a free council fits any).
        body.config.budget_usd = left.map(|left| (spent_before + left).max(f64::MIN_POSITIVE));
    }
    let sink = QuestionSink::new(run, &question.id, &consult);
    sink.store(consult.clone());
    // A step under way when the run stopped: the calls it logged are not asked again.
    let logged = resumed.then(|| LoggedCalls::of(run.caller, &consult));
    let caller: &dyn DynModelCaller = match &logged {
        Some(logged) => logged,
        None => run.caller,
    };
    let ended = council.run(consult, caller, run.clock(), &sink).await;
    sink.store(ended.clone());
    let elapsed = run.clock().now_ms().saturating_sub(started);
    let state = ConsultState::parse(&ended.state);
    let refused = ended
        .calls
        .last()
        .filter(|c| c.status == CallStatus::SkippedBudget);
    match (state, refused) {
        (Some(ConsultState::Failed), Some(refused)) => {
            add_elapsed(run, &question.id, elapsed);
            Err(Stop::OverBudget(
                refused.error.clone().unwrap_or_else(|| budget_spent(run)),
            ))
        }
        (Some(ConsultState::Aborted), _) => {
            add_elapsed(run, &question.id, elapsed);
            Err(Stop::Aborted)
        }
        (Some(ConsultState::Complete | ConsultState::Failed), _) => {
            let (arms, facts) = council_arms(question, &ended);
            run.update_body(|body| {
                let result = result_mut(body, &question.id);
                result.arms.retain(|o| matches!(o.arm, Arm::BestSingle));
                result.arms.extend(arms);
                result.facts = facts;
                result.elapsed_ms += elapsed;
            });
            Ok(())
        }
        _ => Err(Stop::Failed(format!(
            "The consultation of question {} could not run: {}",
            question.id,
            ended
                .failure
                .clone()
                .unwrap_or_else(|| format!("it is {}.", ended.state))
        ))),
    }
}

/// Why the benchmark stopped when nothing is left of its budget.
fn budget_spent(run: &BenchmarkRun<'_>) -> String {
    let budget = run.ledger().summary().budget_usd.unwrap_or(0.0);
    format!(
        "The budget of {} is spent. Raise it to resume the benchmark where it stopped.",
        crate::foundation::money::format_usd(budget)
    )
}

fn add_elapsed(run: &BenchmarkRun<'_>, question_id: &str, elapsed: u64) {
    run.update_body(|body| result_mut(body, question_id).elapsed_ms += elapsed);
}

/// The best single model's samples of the question that are not stored yet, all at once (the
/// caller bounds them per provider); each is stored as soon as it ends, so a resumed benchmark
/// never asks a stored one again. A cancelled or unaffordable sample is not stored: it is asked
/// on resume.
async fn samples_step(
    run: &BenchmarkRun<'_>,
    council: &dyn Council,
    question: &Question,
) -> Result<(), Stop> {
    let started = run.clock().now_ms();
    let k = run.body(|b| b.k).unwrap_or(0);
    let Some(best) = run.body(|b| b.best_single.clone()) else {
        return Ok(());
    };
    let config = consult_config(run);
    let (prompt, schema) = council.independent_prompt(&question.text, &best, &config);
    let stored: Vec<u32> = run.body(|b| {
        b.result(&question.id)
            .map(|r| r.samples.iter().map(|s| s.index).collect())
            .unwrap_or_default()
    });
    let parse = |_: &CallPlan, text: &str| council.parse_independent(&best, text, &run.now());
    let asks = (1..=k).filter(|i| !stored.contains(i)).map(|index| {
        let call_id = CallId::best_single(&question.id, index);
        let plan = CallPlan {
            reply_key: None,
            staggered: false,
            call_id: call_id.clone(),
            round: 1,
            participant: &best,
            prompt: prompt.clone(),
            response_schema: schema.clone(),
            tokens_saved_via_filtering: 0,
            web_search: None,
        }
        // A sample answers round 1's prompt, so it searches as a panelist's round-1 answer does.
        .searching(config.search_web);
        let parse = &parse;
        async move {
            let (final_answer, error) = match run.ask(plan, parse).await {
                Answer::Valid(answer) => (answer.final_answer, None),
                Answer::Failed(reason) => (None, Some(reason)),
                Answer::Cancelled => return Err(Stop::Aborted),
                Answer::OverBudget(reason) => return Err(Stop::OverBudget(reason)),
            };
            // Its calls are among the question's, the tail of the session's: read those only,
            // not every earlier question's (which made each sample's cost grow with the run).
            let (cost_usd, tokens, calls) =
                run.read(|s| sample_spend(question_calls(&s.calls, &question.id), &call_id));
            let sample = Sample {
                index,
                final_answer,
                cost_usd,
                tokens,
                calls,
                error,
            };
            run.update_body(|body| {
                let result = result_mut(body, &question.id);
                result.samples.retain(|s| s.index != index);
                result.samples.push(sample);
            });
            Ok(())
        }
    });
    let outcomes = join_all(asks).await;
    let elapsed = run.clock().now_ms().saturating_sub(started);
    if let Some(stop) = first_stop(outcomes) {
        add_elapsed(run, &question.id, elapsed);
        return Err(stop);
    }
    run.update_body(|body| {
        let result = result_mut(body, &question.id);
        result.samples.sort_by_key(|s| s.index);
        let arm = best_single_arm(question, &result.samples);
        result.arms.retain(|o| o.arm != Arm::BestSingle);
        result.arms.push(arm);
        result.elapsed_ms += elapsed;
    });
    Ok(())
}

/// A cancel wins over a budget refusal: the user stopped the run.
fn first_stop(outcomes: Vec<Result<(), Stop>>) -> Option<Stop> {
    let mut stops: Vec<Stop> = outcomes.into_iter().filter_map(Result::err).collect();
    let aborted = stops.iter().position(|s| *s == Stop::Aborted);
    match aborted {
        Some(at) => Some(stops.swap_remove(at)),
        None => stops.into_iter().next(),
    }
}

/// A question's consultation, as the benchmark follows it: its calls shown live under ids of
/// their own (`<question id>/<call id>`), and its record stored in the question's result, with its
/// spend added to the benchmark's, whenever a call, a round or its state changed.
struct QuestionSink<'r, 'a> {
    run: &'r BenchmarkRun<'a>,
    question_id: String,
    /// (calls, state, last complete round) of the record last stored.
    stored: RefCell<(usize, String, u8)>,
    /// Its cost when last added to the benchmark's.
    absorbed: RefCell<CostSummary>,
}

impl<'r, 'a> QuestionSink<'r, 'a> {
    fn new(run: &'r BenchmarkRun<'a>, question_id: &str, consult: &Session) -> Self {
        Self {
            run,
            question_id: question_id.to_string(),
            stored: RefCell::new((usize::MAX, String::new(), 0)),
            absorbed: RefCell::new(consult.cost.clone()),
        }
    }

    fn store(&self, consult: Session) {
        let round = ConsultBody::of(&consult.body).map_or(0, |b| b.last_complete_round());
        let key = (consult.calls.len(), consult.state.clone(), round);
        if *self.stored.borrow() == key {
            return;
        }
        *self.stored.borrow_mut() = key;
        let before = self.absorbed.replace(consult.cost.clone());
        let cost = {
            let mut ledger = self.run.ledger();
            ledger.absorb(&before, &consult.cost);
            ledger.summary().clone()
        };
        self.run.update(|session| {
            session.cost = cost.clone();
            if let Some(body) = BenchmarkBody::of_mut(&mut session.body) {
                result_mut(body, &self.question_id).consult = Some(Box::new(consult));
            }
        });
        self.run.emit(Event::CostUpdated {
            spent_usd: cost.spent_usd,
            unpriced_calls: cost.unpriced_calls,
            budget_usd: cost.budget_usd,
        });
    }

    fn call_id(&self, call_id: CallId) -> CallId {
        call_id.in_question(&self.question_id)
    }
}

impl EventSink for QuestionSink<'_, '_> {
    fn emit(&self, event: Event) {
        let forwarded = match event {
            Event::CallStarted {
                call_id,
                round_number,
                participant_id,
            } => Event::CallStarted {
                call_id: self.call_id(call_id),
                round_number,
                participant_id,
            },
            Event::CallDelta {
                call_id,
                text,
                restart,
            } => Event::CallDelta {
                call_id: self.call_id(call_id),
                text,
                restart,
            },
            Event::CallNote { call_id, note } => Event::CallNote {
                call_id: self.call_id(call_id),
                note,
            },
            Event::CallFinished {
                call_id,
                participant_id,
                ok,
                error,
                answered_by,
            } => Event::CallFinished {
                call_id: self.call_id(call_id),
                participant_id,
                ok,
                error,
                answered_by,
            },
            Event::SessionUpdated(consult) => {
                self.store(*consult);
                return;
            }
            // Its start, states, rounds and end are the question's, not the benchmark's.
            _ => return,
        };
        self.run.emit(forwarded);
    }
}
