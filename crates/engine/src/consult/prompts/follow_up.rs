//! A follow-up's context: the earlier question and its decision, in the prompts of the rounds
//! that answer the question (round 1, every panelist; round 4, the judge), after the opening the
//! seat's other calls share (so they can be served from the provider's cache). Token-lean: the
//! question, the one-line answer and the recommendation, never the earlier debate.
use crate::record::consult::follow_up::FollowUpOf;

/// The earlier decision as a paragraph of its own (ending in a blank line); empty when the consult
/// follows none.
pub fn earlier_decision(earlier: Option<&FollowUpOf>) -> String {
    earlier.map_or_else(String::new, |earlier| format!("{}\n\n", context(earlier)))
}

fn context(earlier: &FollowUpOf) -> String {
    let mut text = format!(
        "This question follows up an earlier decision of this council.\nEarlier question:\n{}\n\
         Its decision: {}",
        earlier.question.trim(),
        earlier.answer.trim()
    );
    if !earlier.recommendation.trim().is_empty() {
        text.push_str(&format!(
            "\nIts recommendation: {}",
            earlier.recommendation.trim()
        ));
    }
    text
}
