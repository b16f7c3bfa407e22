use consilium_stats::SplitMix64;

use crate::record::benchmark::question::{Grader, Question};

/// `count` expressions of the form `a+b*c+d-e*f` with two-digit operands, the arithmetic task of Du
/// et al. 2023 ("Improving Factuality and Reasoning in Language Models through Multiagent Debate"),
/// each with its exact value. Multiplication binds tighter, as the models are told.
pub fn arithmetic_questions(count: usize, seed: u64) -> Vec<Question> {
    let mut rng = SplitMix64::new(seed);
    (1..=count)
        .map(|index| {
            let [a, b, c, d, e, f] = [0; 6].map(|_| rng.between(10, 99) as i64);
            let value = a + b * c + d - e * f;
            Question {
                id: format!("q{index}"),
                text: format!(
                    "What is the result of {a}+{b}*{c}+{d}-{e}*{f}? \
                     Follow the usual order of operations. Give the final answer as a number."
                ),
                answer: value.to_string(),
                grader: Grader::Numeric { tolerance: 0.0 },
            }
        })
        .collect()
}
