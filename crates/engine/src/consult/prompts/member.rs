//! Continuing a thread with one member alone: one call to that panelist's model, in
//! its own persona, with the thread's context (the earlier questions and the council's decisions,
//! as a follow-up's rounds 1 and 4 have it), its own earlier answers in the thread, and the new
//! question. It answers in prose: its reply is that member's view, never a council decision, so no
//! shape is asked for.
use super::{earlier_decision, panelist_opening, panelist_system};
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::record::consult::follow_up::{EarlierTurn, FollowUpOf};
use crate::record::consult::member_turn::MemberTurn;

pub fn member_alone(
    question: &str,
    panelist: &Participant,
    thread: &FollowUpOf,
    member: &MemberTurn,
) -> Prompt {
    // Asked again, the question is the council's own: the member answers it afresh.
    let asked = if member.asked_again {
        "You alone are asked this question again, not the council: answer it afresh from your own \
         view"
    } else {
        "You alone are asked this, not the council: answer from your own view"
    };
    Prompt::new(
        panelist_system(panelist),
        format!(
            "{}{}{}{asked} in a few plain sentences of prose (no JSON), and say where you differ \
             from the council's decision.",
            panelist_opening(question),
            earlier_decision(Some(thread)),
            own_answers(&member.own_earlier),
        ),
    )
}

/// The member's own earlier answers, as a paragraph of their own; empty when it has none.
fn own_answers(own_earlier: &[EarlierTurn]) -> String {
    if own_earlier.is_empty() {
        return String::new();
    }
    let mut text = "Your own earlier answers in this conversation:\n".to_string();
    for turn in own_earlier {
        text.push_str(&format!(
            "Asked: {}\nYou answered: {}\n",
            turn.question.trim(),
            turn.answer.trim()
        ));
    }
    text.push('\n');
    text
}

/// A member's reply as its answer: the prose, trimmed; Err when there is none to show.
pub fn member_answer(reply: &str) -> Result<String, String> {
    let text = reply.trim();
    if text.split_whitespace().count() < 2 {
        return Err("The member gave no answer: ask again, or ask the council.".to_string());
    }
    Ok(text.to_string())
}
