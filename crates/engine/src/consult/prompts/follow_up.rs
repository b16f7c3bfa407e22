//! A follow-up's context: the earlier question and its decision, in the prompts of the rounds
//! that answer the question (round 1, every panelist; round 4, the judge), after the opening the
//! seat's other calls share (so they can be served from the provider's cache). Token-lean: the
//! question, the one-line answer and the recommendation, never the earlier debate. A turn of a
//! longer thread also lists the turns before, each question with its one-line decision, and says
//! that only decisions are shown and how many older turns were left out.
use crate::record::consult::follow_up::FollowUpOf;

/// The earlier decision as a paragraph of its own (ending in a blank line); empty when the consult
/// follows none.
pub fn earlier_decision(earlier: Option<&FollowUpOf>) -> String {
    earlier.map_or_else(String::new, |earlier| format!("{}\n\n", context(earlier)))
}

fn context(earlier: &FollowUpOf) -> String {
    let mut text = if earlier.before.is_empty() && earlier.left_out == 0 {
        "This question follows up an earlier decision of this council.\n".to_string()
    } else {
        thread_turns(earlier)
    };
    text.push_str(&format!(
        "Earlier question:\n{}\nIts decision: {}",
        earlier.question.trim(),
        earlier.answer.trim()
    ));
    if !earlier.recommendation.trim().is_empty() {
        text.push_str(&format!(
            "\nIts recommendation: {}",
            earlier.recommendation.trim()
        ));
    }
    text
}

/// The opening of a thread's context: what is shown, then the turns before the last, oldest first.
fn thread_turns(earlier: &FollowUpOf) -> String {
    let mut text = "This question continues a conversation with this council. You are shown each \
                    earlier question and the council's decision, not the debates behind them."
        .to_string();
    if earlier.left_out > 0 {
        let turns = if earlier.left_out == 1 {
            "turn"
        } else {
            "turns"
        };
        text.push_str(&format!(
            " The {} oldest {turns} are left out to keep within the token budget.",
            earlier.left_out
        ));
    }
    text.push('\n');
    for turn in &earlier.before {
        text.push_str(&format!(
            "Earlier question:\n{}\nIts decision: {}\n",
            turn.question.trim(),
            turn.answer.trim()
        ));
    }
    text
}
