//! The round-1 vote and the best single model's majority count as one vote the answers the
//! question's grader takes for the same: with a numeric tolerance, 3.14 and
//! 3.1416 agree.
use consilium_engine::benchmark::arms::best_single_arm;
use consilium_engine::benchmark::grading::is_correct;
use consilium_engine::benchmark::vote::majority;
use consilium_engine::record::benchmark::body::Sample;
use consilium_engine::{
    record::benchmark::question::Grader, record::benchmark::question::Question,
};

fn pi_question() -> Question {
    Question {
        id: "pi".into(),
        text: "What is pi to two decimals?".into(),
        answer: "3.14159".into(),
        grader: Grader::Numeric { tolerance: 0.01 },
    }
}

#[test]
fn the_vote_groups_answers_the_grader_counts_as_one() {
    // |3.14 - 3.1416| = 0.0016 <= 0.01: one answer, two votes, against 2.72's one. The majority
    // is right (|3.14 - 3.14159| = 0.00159), so a right verdict after it is no debate flip.
    let question = pi_question();
    let winner = majority(&question, ["2.72", "3.14", "3.1416"]).unwrap();
    assert!(is_correct(&question, &winner), "{winner}");
}

#[test]
fn the_best_of_k_majority_groups_answers_with_the_grader() {
    let sample = |index: u32, answer: &str| Sample {
        index,
        final_answer: Some(answer.into()),
        cost_usd: Some(0.0),
        tokens: 10,
        calls: 1,
        error: None,
    };
    let samples = [sample(1, "2.72"), sample(2, "3.14"), sample(3, "3.1416")];
    assert_eq!(
        best_single_arm(&pi_question(), &samples).correct,
        Some(true)
    );
}
