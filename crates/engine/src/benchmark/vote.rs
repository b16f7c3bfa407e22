//! The majority vote of several answers to one question: the round-1 vote of the panel, and the
//! best single model's k samples.
use super::grading::{is_correct, same_answer, vote_key};
use crate::record::benchmark::question::Question;

/// The answer most of `answers` agree with, agreement being the grader's (`grading::same_answer`:
/// "1,234" and "1234" are one vote, and so are 3.14 and 3.1416 when the tolerance is 0.01);
/// `None` when no answer has anything gradable in it.
///
/// Each answer's votes are the answers the grader takes for the same; with a tolerance that is
/// not a partition (2.0, 2.01, 2.02 at 0.01), the answer with the most such answers wins.
///
/// **Ties** go to the answer that comes first in `answers`' order, which callers fix
/// independently of timing: the panel's order for the round-1 vote, the sample index for the best
/// single model's samples. The winner is returned as it was written.
pub fn majority<'a>(
    question: &Question,
    answers: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let gradable: Vec<&str> = answers
        .into_iter()
        .filter(|answer| vote_key(question, answer).is_some())
        .collect();
    let votes = |answer: &str| {
        gradable
            .iter()
            .filter(|other| same_answer(question, answer, other))
            .count()
    };
    // Reversed so that `max_by_key`, which keeps the last of equals, keeps the first answer.
    gradable
        .iter()
        .rev()
        .max_by_key(|answer| votes(answer))
        .map(|answer| answer.to_string())
}

/// The vote of `answers` and whether it is right, as every voting arm grades it: with no answer
/// at all the arm gave none (`None`); with answers but none gradable the vote is wrong.
pub fn graded_majority<'a>(
    question: &Question,
    answers: impl IntoIterator<Item = &'a str>,
) -> (Option<String>, Option<bool>) {
    let answers: Vec<&str> = answers.into_iter().collect();
    if answers.is_empty() {
        return (None, None);
    }
    let vote = majority(question, answers);
    let correct = vote.as_deref().is_some_and(|v| is_correct(question, v));
    (vote, Some(correct))
}
