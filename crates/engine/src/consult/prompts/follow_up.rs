//! A follow-up's context: the earlier question and its decision, put before the prompt of the
//! rounds that answer the question (round 1, every panelist; round 4, the judge). Token-lean: the
//! question, the one-line answer and the recommendation, never the earlier debate.
use super::Prompt;
use crate::record::consult::follow_up::FollowUpOf;

/// `prompt` with the earlier decision before it; unchanged when the consult follows none.
pub fn with_earlier_decision(mut prompt: Prompt, earlier: Option<&FollowUpOf>) -> Prompt {
    if let Some(earlier) = earlier {
        prompt.user = format!("{}\n\n{}", context(earlier), prompt.user);
    }
    prompt
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
