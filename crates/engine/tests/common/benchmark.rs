//! A scripted benchmark: three panelists of known accuracy (0.9, 0.6, 0.3) and a judge, on
//! generated arithmetic, run natively.
use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::benchmark_council::testing::KnownAccuracyCaller;
use consilium_engine::record::benchmark::body::BenchmarkBody;
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, Generator, QuestionSource,
};
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, consult::demo::demo_config,
    foundation::participants::Participant, foundation::participants::Price,
    record::consult::config::ConsultConfig, record::Session,
};
use futures::executor::block_on;

pub const NOW_MS: u64 = 1_700_000_000_000;
pub const MODELS: [&str; 3] = ["model-a", "model-b", "model-c"];

pub fn seat(id: &str, model: &str, price: Option<Price>) -> Participant {
    Participant {
        context_tokens: None,
        sees_images: None,
        id: id.into(),
        label: format!("{id} · {model}"),
        provider_id: "scripted".into(),
        provider_label: "Scripted".into(),
        model: model.into(),
        persona: None,
        price,
        backup: None,
    }
}

pub fn council(price: Option<Price>) -> ConsultConfig {
    let mut config = demo_config();
    config.demo = false;
    config.panelists = MODELS
        .iter()
        .enumerate()
        .map(|(i, model)| seat(&format!("panelist-{}", i + 1), model, price))
        .collect();
    config.judge = seat("judge", "judge-model", price);
    config
}

pub fn benchmark(
    count: usize,
    best_single: BestSingle,
    budget_usd: Option<f64>,
    price: Option<Price>,
) -> Session {
    let seed = 7;
    let config = BenchmarkConfig {
        source: QuestionSource::Generated {
            generator: Generator::Arithmetic,
            count: count as u32,
            seed,
        },
        council: council(price),
        best_single,
        budget_usd,
        parallel_per_provider: 4,
        seed,
    };
    Session::new_benchmark(
        "bench-1".into(),
        config,
        arithmetic_questions(count, seed),
        NOW_MS,
    )
}

pub fn caller_for(session: &Session) -> KnownAccuracyCaller {
    let body = session.benchmark().unwrap();
    KnownAccuracyCaller::new(
        &body.questions,
        &[
            ("model-a", 0.9),
            ("model-b", 0.6),
            ("model-c", 0.3),
            ("judge-model", 0.5),
        ],
        11,
    )
}

pub fn run(session: Session, caller: &KnownAccuracyCaller) -> (Session, RecordingSink) {
    let sink = RecordingSink::default();
    let ended = block_on(run_benchmark(
        session,
        &ConsultCouncil,
        caller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    (ended, sink)
}

pub fn body(session: &Session) -> &BenchmarkBody {
    session.benchmark().expect("a benchmark")
}
