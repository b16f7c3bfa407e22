//! A new benchmark, and the Benchmark's view of a session record.
use crate::foundation::ids::SessionId;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::benchmark::config::{BenchmarkConfig, QuestionSource};
use crate::record::benchmark::question::Question;
use crate::record::{Body, ProtocolBody, Session};

impl Session {
    /// A new benchmark of `questions` (generated or imported, see `questions`), in state idle.
    /// Its participants are the council's seats; the subject names the question set.
    pub fn new_benchmark(
        id: SessionId,
        config: BenchmarkConfig,
        questions: Vec<Question>,
        now_ms: u64,
    ) -> Self {
        let participants = config.council.participants().cloned().collect();
        let mut subject = subject_of(&config.source, questions.len());
        // Named wherever the run shows (History, the page, every export): its answers searched.
        if config.council.search_web {
            subject = format!("{subject}, {}", crate::benchmark::search::WITH_WEB_SEARCH);
        }
        let demo = config.council.demo;
        let budget = config.budget_usd;
        let mut session = Session::new(
            id,
            subject,
            participants,
            Body::Benchmark(Box::new(BenchmarkBody {
                config,
                questions,
                k: None,
                best_single: None,
                results: Vec::new(),
                results_apart: None,
                questions_apart: false,
            })),
            demo,
            now_ms,
        );
        session.cost.budget_usd = budget;
        session
    }

    /// The Benchmark body, if this session is a benchmark.
    pub fn benchmark(&self) -> Option<&BenchmarkBody> {
        BenchmarkBody::of(&self.body)
    }
}

/// "Benchmark: 50 arithmetic questions (seed 7)", "Benchmark: 120 questions from exam.jsonl".
pub fn subject_of(source: &QuestionSource, count: usize) -> String {
    let plural = if count == 1 { "" } else { "s" };
    let shown = crate::foundation::counted::thousands(count as u64);
    match source {
        QuestionSource::Generated {
            generator, seed, ..
        } => {
            let kind = match generator {
                crate::record::benchmark::config::Generator::Arithmetic => "arithmetic",
                crate::record::benchmark::config::Generator::WordProblems => "word-problem",
            };
            format!("Benchmark: {shown} {kind} question{plural} (seed {seed})")
        }
        QuestionSource::File { name } => {
            format!("Benchmark: {shown} question{plural} from {name}")
        }
    }
}
