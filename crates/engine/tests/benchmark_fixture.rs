//! The finished benchmark the e2e specs import to show the results view without a run
//! (`tests/e2e/fixtures/benchmark-results.json`): a demo-council benchmark of 40 arithmetic
//! questions whose arms' outcomes are drawn from fixed accuracies with a fixed seed. The test fails
//! when the record format moves away from the fixture; `UPDATE_FIXTURES=1` rewrites it.
use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::record::benchmark::body::{Arm, ArmOutcome, CouncilFacts, QuestionResult};
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, Generator, QuestionSource,
};
use consilium_engine::record::Session;
use consilium_stats::SplitMix64;

const QUESTIONS: usize = 40;
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/e2e/fixtures/benchmark-results.json"
);

fn outcome(arm: Arm, correct: bool, cost_usd: f64, tokens: u64, calls: u32) -> ArmOutcome {
    ArmOutcome {
        arm,
        final_answer: Some(if correct { "right" } else { "slip" }.to_string()),
        correct: Some(correct),
        cost_usd: Some(cost_usd),
        tokens,
        calls,
        // Not recorded in this fixture (as in a run made before it was counted).
        sequential_calls: 0,
        errors: Vec::new(),
    }
}

fn fixture() -> Session {
    let mut council = consilium_engine::consult::demo::demo_config();
    council.demo = false;
    council.final_answer = true;
    for (panelist, model) in
        council
            .panelists
            .iter_mut()
            .zip(["llama3.2:3b", "qwen2.5:7b", "gemma3:12b"])
    {
        panelist.model = model.to_string();
    }
    let config = BenchmarkConfig {
        source: QuestionSource::Generated {
            generator: Generator::Arithmetic,
            count: QUESTIONS as u32,
            seed: 5,
        },
        council,
        best_single: BestSingle::Auto,
        budget_usd: None,
        parallel_per_provider: 4,
        seed: 5,
    };
    let panel: Vec<ParticipantId> = config
        .council
        .panelists
        .iter()
        .map(|p| p.id.clone())
        .collect();
    let questions = arithmetic_questions(QUESTIONS, 5);
    let mut session = Session::new_benchmark(
        "bench-fixture".into(),
        config,
        questions.clone(),
        1_790_000_000_000,
    );
    let mut rng = SplitMix64::new(42);
    let mut draw = |p: f64| rng.below(1000) < (p * 1000.0) as u64;
    let Some(consilium_engine::record::Body::Benchmark(body)) = Some(&mut session.body) else {
        unreachable!()
    };
    body.k = Some(9);
    body.best_single = Some(body.config.council.panelists[2].clone());
    let accuracies = [0.55, 0.65, 0.8];
    for question in &questions {
        let mut result = QuestionResult::new(&question.id);
        let solo: Vec<bool> = accuracies.iter().map(|&p| draw(p)).collect();
        for (id, &right) in panel.iter().zip(&solo) {
            result.arms.push(outcome(
                Arm::Solo {
                    participant_id: id.clone(),
                },
                right,
                0.0004,
                900,
                1,
            ));
        }
        let majority = solo.iter().filter(|&&r| r).count() >= 2;
        result
            .arms
            .push(outcome(Arm::Vote, majority, 0.0012, 2700, 3));
        let council = if majority { draw(0.95) } else { draw(0.6) };
        result
            .arms
            .push(outcome(Arm::Council, council, 0.0041, 9800, 9));
        let best = draw(0.9);
        result
            .arms
            .push(outcome(Arm::BestSingle, best, 0.0036, 8100, 9));
        let unanimous = solo.iter().all(|&r| r) || solo.iter().all(|&r| !r);
        result.facts = CouncilFacts {
            round1_majority: Some(if majority { "right" } else { "slip" }.into()),
            round1_majority_correct: Some(majority),
            verdict_answer: Some(if council { "right" } else { "slip" }.into()),
            confidence: Some(if unanimous { 0.88 } else { 0.62 }),
        };
        result.elapsed_ms = 1200;
        body.results.push(result);
    }
    session.state = "complete".into();
    session.cost.spent_usd = 0.0093 * QUESTIONS as f64;
    session.updated_at = session.created_at.clone();
    session
}

#[test]
fn the_results_fixture_matches_the_record_format() {
    let json = serde_json::to_string_pretty(&fixture()).expect("serialises") + "\n";
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(FIXTURE, &json).expect("writes the fixture");
    }
    let stored =
        std::fs::read_to_string(FIXTURE).expect("the fixture exists (UPDATE_FIXTURES=1 writes it)");
    assert_eq!(
        stored, json,
        "the record format moved: UPDATE_FIXTURES=1 rewrites the fixture"
    );
    let back: Session = serde_json::from_str(&stored).expect("reads back");
    assert_eq!(back.benchmark().map(|b| b.results.len()), Some(QUESTIONS));
}
