//! A stored review checked again when it is opened or resumed, as `consult::stored` does for a
//! consultation: whoever a round names must sit on the committee, confidences are fractions, and
//! rounds are numbered in order.
use crate::record::review::body::ReviewBody;

/// Every problem found, as a sentence each; empty when the record is sound.
pub fn stored_review_problems(body: &ReviewBody) -> Vec<String> {
    let members: Vec<&str> = body.config.members.iter().map(|m| m.id.as_str()).collect();
    let mut problems = Vec::new();
    for (index, round) in body.rounds.iter().enumerate() {
        let expected = index + 1;
        if usize::from(round.number) != expected {
            problems.push(format!(
                "Round {expected} is numbered {} in the record.",
                round.number
            ));
        }
        let named = round.opinions.iter().map(|o| o.member_id.as_str()).chain(
            round
                .compromise
                .iter()
                .flat_map(|c| c.answers.iter().map(|a| a.member_id.as_str())),
        );
        for id in named {
            if !members.contains(&id) {
                problems.push(format!(
                    "Round {} names \"{id}\", who is not on the committee.",
                    round.number
                ));
            }
        }
        for opinion in &round.opinions {
            if let Some(confidence) = opinion.confidence {
                if !(0.0..=1.0).contains(&confidence) {
                    problems.push(format!(
                        "Round {}: the confidence of {} must be from 0 to 1 (got {confidence}).",
                        round.number, opinion.member_id
                    ));
                }
            }
        }
    }
    problems
}
