//! A stored benchmark checked before it runs or resumes (an imported or hand-edited record): what
//! is wrong with it, as sentences; empty when it is sound.
use crate::record::benchmark::body::BenchmarkBody;

pub fn stored_benchmark_problems(body: &BenchmarkBody) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(problem) = body.config.validate() {
        problems.push(problem);
    }
    if body.questions.is_empty() {
        problems.push("The benchmark has no question.".to_string());
    }
    let mut ids: Vec<&str> = body.questions.iter().map(|q| q.id.as_str()).collect();
    consilium_order::sort(&mut ids);
    if let Some(pair) = ids.windows(2).find(|pair| pair[0] == pair[1]) {
        problems.push(format!("Two questions share the id \"{}\".", pair[0]));
    }
    for result in &body.results {
        if !body.questions.iter().any(|q| q.id == result.question_id) {
            problems.push(format!(
                "A result is for the question \"{}\", which the benchmark does not have.",
                result.question_id
            ));
        }
    }
    if body.k == Some(0) {
        problems.push("The best single model's samples per question (k) is 0.".to_string());
    }
    problems
}
