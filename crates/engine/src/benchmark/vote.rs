//! The majority vote of several answers to one question: the round-1 vote of the panel, and the
//! best single model's k samples.
use super::grading::vote_key;
use crate::record::benchmark::question::Question;

/// The answer most of `answers` agree on, compared by `grading::vote_key` (so "1,234" and "1234"
/// are one vote); `None` when no answer has anything gradable in it.
///
/// **Ties** go to the answer whose first vote comes first in `answers`' order, which callers fix
/// independently of timing: the panel's order for the round-1 vote, the sample index for the best
/// single model's samples. The winner is returned as that first vote wrote it.
pub fn majority<'a>(
    question: &Question,
    answers: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    // (key, first answer with it, votes), in order of first appearance.
    let mut tally: Vec<(String, &str, usize)> = Vec::new();
    for answer in answers {
        let Some(key) = vote_key(question, answer) else {
            continue;
        };
        match tally.iter_mut().find(|(k, _, _)| *k == key) {
            Some(entry) => entry.2 += 1,
            None => tally.push((key, answer, 1)),
        }
    }
    let most = tally.iter().map(|(_, _, votes)| *votes).max()?;
    tally
        .into_iter()
        .find(|(_, _, votes)| *votes == most)
        .map(|(_, answer, _)| answer.to_string())
}
