//! The depth benchmark's runs and counts, shared by the example's `main.rs` and the
//! hand-count test (`tests/depth_by_need.rs`): real consults at each depth, driven by the engine's
//! own `run_consult`, against a scripted panel of known accuracy and agreement
//! (`KnownAccuracyCaller::with_agreement`). Everything is counted from the stored records.
use std::collections::HashSet;

use consilium_engine::benchmark::grading::is_correct;
use consilium_engine::benchmark_council::testing::{Agreement, KnownAccuracyCaller};
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::record::benchmark::body::Arm;
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, Generator, QuestionSource,
};
use consilium_engine::record::benchmark::question::Question;
use consilium_engine::record::consult::depth::{agreed_final_answer, Depth};
use consilium_engine::testing::FixedClock;
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, consult::demo::demo_config,
    consult::run_consult, foundation::participants::Participant, harness::events::Event,
    harness::events::EventSink, record::consult::config::ConsultConfig, record::CallStatus,
    record::Session,
};

/// Events are not counted here (a benchmark's events hold its growing record: keeping them all
/// would take memory quadratic in the questions).
struct Ignore;

impl EventSink for Ignore {
    fn emit(&self, _event: Event) {}
}
use futures::executor::block_on;

pub const NOW_MS: u64 = 1_700_000_000_000;
/// The panel's models and their accuracy on a question the panel does not agree on.
pub const PANEL: [(&str, f64); 3] = [("model-a", 0.8), ("model-b", 0.7), ("model-c", 0.6)];
/// An answer the whole panel gives is right this often.
pub const RIGHT_WHEN_AGREED: f64 = 0.9;
/// The judge's verdict takes the majority of the round-1 answers it is shown and turns a wrong one
/// right this often (debate fixing an error; iMAD reports 5-19%) ...
pub const JUDGE_FIXES: f64 = 0.15;
/// ... and a right one wrong this often.
pub const JUDGE_BREAKS: f64 = 0.05;
pub const SEED: u64 = 29;

/// One question's consult at one depth, as its record tells it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QuestionCount {
    pub correct: bool,
    pub calls: u64,
    /// The prompt tokens each call reported (the scripted usage: the engine's `estimate_tokens`
    /// of the system prompt and the prompt actually sent).
    pub prompt_tokens: u64,
    /// Waves of calls one after another: a round's panel, or a judge's call of a round.
    pub sequential_calls: u64,
    /// Decided before round 4 (an early decision).
    pub early: bool,
    /// Every panelist gave the same round-1 answer.
    pub panel_agreed: bool,
}

/// A depth's totals over a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DepthCount {
    pub questions: u64,
    pub correct: u64,
    pub calls: u64,
    pub prompt_tokens: u64,
    pub sequential_calls: u64,
    pub early: u64,
    pub panel_agreed: u64,
}

impl DepthCount {
    pub fn add(&mut self, q: &QuestionCount) {
        self.questions += 1;
        self.correct += u64::from(q.correct);
        self.calls += q.calls;
        self.prompt_tokens += q.prompt_tokens;
        self.sequential_calls += q.sequential_calls;
        self.early += u64::from(q.early);
        self.panel_agreed += u64::from(q.panel_agreed);
    }

    pub fn per_question(&self, total: u64) -> f64 {
        total as f64 / self.questions.max(1) as f64
    }
}

fn seat(id: &str, model: &str) -> Participant {
    Participant {
        context_tokens: None,
        web_search: None,
        sees_images: None,
        id: id.into(),
        label: format!("{id} · {model}"),
        provider_id: "scripted".into(),
        provider_label: "Scripted".into(),
        model: model.into(),
        persona: None,
        price: None,
        backup: None,
    }
}

/// The council as the Benchmark asks it (checkable final answers), at `depth`.
pub fn council(depth: Depth) -> ConsultConfig {
    let mut config = demo_config();
    config.demo = false;
    config.panelists = PANEL
        .iter()
        .enumerate()
        .map(|(i, (model, _))| seat(&format!("panelist-{}", i + 1), model))
        .collect();
    config.judge = seat("judge", "judge-model");
    config.final_answer = true;
    config.depth = depth;
    config
}

/// The scripted panel that agrees on a share `agreement_rate` of the questions.
pub fn panel_caller(questions: &[Question], agreement_rate: f64) -> KnownAccuracyCaller {
    let mut caller = KnownAccuracyCaller::new(questions, &PANEL, SEED).with_agreement(Agreement {
        panel: PANEL.iter().map(|(m, _)| m.to_string()).collect(),
        rate: agreement_rate,
        right_when_agreed: RIGHT_WHEN_AGREED,
    });
    caller.flip_wrong_to_right = JUDGE_FIXES;
    caller.flip_right_to_wrong = JUDGE_BREAKS;
    caller
}

/// Runs one consult of `question` at `depth` to its end. The session id is the question's at
/// every depth, so every depth shows each reader its peers in the same order: a consult that
/// Adaptive escalates asks exactly what Full asks, and the depths are compared question by question.
pub fn consult(question: &Question, depth: Depth, caller: &KnownAccuracyCaller) -> Session {
    let session = Session::new_consult(
        question.id.as_str().into(),
        question.text.clone(),
        council(depth),
        NOW_MS,
    );
    block_on(run_consult(session, caller, &FixedClock(NOW_MS), &Ignore))
}

/// One question's counts, read from its consult's record.
pub fn count(question: &Question, consult: &Session) -> QuestionCount {
    let body = consult.consult();
    let made: Vec<_> = consult
        .calls
        .iter()
        .filter(|r| r.status != CallStatus::SkippedBudget)
        .collect();
    let waves: HashSet<(u8, bool)> = made
        .iter()
        .map(|r| (r.round, r.call_id.contains("-judge")))
        .collect();
    let decision = body.decision();
    let panel: Vec<ParticipantId> = body.config.panelists.iter().map(|p| p.id.clone()).collect();
    QuestionCount {
        correct: decision
            .as_ref()
            .and_then(|d| d.verdict.final_answer.as_deref())
            .is_some_and(|answer| is_correct(question, answer)),
        calls: made.len() as u64,
        prompt_tokens: made.iter().map(|r| r.input_tokens.unwrap_or(0)).sum(),
        sequential_calls: waves.len() as u64,
        early: decision.is_some_and(|d| d.decided_by.is_early()),
        panel_agreed: agreed_final_answer(&body.round1, &panel).is_some(),
    }
}

/// Every question at `depth` on the panel agreeing at `agreement_rate`.
pub fn run_depth(questions: &[Question], depth: Depth, agreement_rate: f64) -> DepthCount {
    let caller = panel_caller(questions, agreement_rate);
    let mut total = DepthCount::default();
    for question in questions {
        let ended = consult(question, depth, &caller);
        assert_eq!(
            ended.state, "complete",
            "{}: {:?}",
            question.id, ended.failure
        );
        total.add(&count(question, &ended));
    }
    total
}

/// The arm a depth is graded as in the Benchmark: Full is its council.
pub fn benchmark_arm(depth: Depth) -> Arm {
    match depth {
        Depth::Full => Arm::Council,
        depth => Arm::Depth { depth },
    }
}

/// The Benchmark's own grading of the same panel: one Full council per question, Vote and
/// Adaptive read from its record (`benchmark::depth_arms`), each question's outcomes in question
/// order. Its tokens are input plus output: only calls, waves and right answers compare.
pub fn benchmark_outcomes(
    questions: &[Question],
    agreement_rate: f64,
) -> Vec<Vec<(Depth, QuestionCount)>> {
    let caller = panel_caller(questions, agreement_rate);
    let config = BenchmarkConfig {
        source: QuestionSource::Generated {
            generator: Generator::Arithmetic,
            count: questions.len() as u32,
            seed: 7,
        },
        council: council(Depth::Full),
        best_single: BestSingle::Auto,
        budget_usd: None,
        parallel_per_provider: 4,
        seed: 7,
    };
    let session = Session::new_benchmark("depth".into(), config, questions.to_vec(), NOW_MS);
    let ended = block_on(run_benchmark(
        session,
        &ConsultCouncil,
        &caller,
        &FixedClock(NOW_MS),
        &Ignore,
    ));
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    let body = ended.benchmark().expect("a benchmark");
    questions
        .iter()
        .map(|question| {
            let result = body.result(&question.id).expect("every question graded");
            Depth::ALL
                .iter()
                .map(|&depth| {
                    let arm = result.outcome(&benchmark_arm(depth)).expect("every arm");
                    let count = QuestionCount {
                        correct: arm.correct == Some(true),
                        calls: u64::from(arm.calls),
                        sequential_calls: u64::from(arm.sequential_calls),
                        ..QuestionCount::default()
                    };
                    (depth, count)
                })
                .collect()
        })
        .collect()
}
