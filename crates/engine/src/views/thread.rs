//! A Consult's follow-ups as one conversation (DESIGN.md, "Around sessions"): the turns of a
//! thread as the session page shows them under the first decision, what the council is told of
//! the earlier turns when a new one is asked (their decisions, never their debates, within a token
//! budget), and the new turn itself: the same council, depth and options as the latest turn. A
//! thread can also continue with one member alone: one call to a panelist of the latest turn,
//! with the same context, whose prose is that member's answer and not a council decision.
use super::costs::session_cost_line;
use super::depth::depth_chip;
use super::follow_up::earlier_decision;
use super::session::state_words;
use super::verdict::{decision, Decision};
use crate::participants::Participant;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::follow_up::{EarlierTurn, FollowUpOf};
use crate::record::Session;
use crate::tokens::estimate_tokens;
use crate::{consult::prompts::member_alone, harness::prompt::Prompt};

/// The most tokens the turns before the last one may take in a prompt: the latest decision is
/// always told whole; older turns are told newest first until this is spent.
pub const THREAD_CONTEXT_TOKENS: u64 = 1_500;

/// What a new turn after `turns` (the thread in order, first turn first) carries: the latest
/// turn's question and decision, and each earlier decided turn's question and one-line decision,
/// as many as fit in [`THREAD_CONTEXT_TOKENS`] (the rest counted as left out). None until the
/// latest turn has a decision.
pub fn turn_context(turns: &[Session]) -> Option<FollowUpOf> {
    let (latest, earlier) = turns.split_last()?;
    let mut context = earlier_decision(latest)?;
    if let Some(first) = earlier.first() {
        context.thread = first.id.clone();
    }
    let decided: Vec<EarlierTurn> = earlier
        .iter()
        .filter_map(earlier_decision)
        .map(|turn| EarlierTurn {
            question: turn.question,
            answer: turn.answer,
        })
        .collect();
    let mut spent = 0;
    let kept = decided
        .iter()
        .rev()
        .take_while(|turn| {
            spent += estimate_tokens(&turn.question) + estimate_tokens(&turn.answer);
            spent <= THREAD_CONTEXT_TOKENS
        })
        .count();
    context.left_out = decided.len() - kept;
    context.before = decided[context.left_out..].to_vec();
    Some(context)
}

/// The next turn of the thread `turns`, asking `question`: a consult on the latest turn's council,
/// depth and options, carrying [`turn_context`]. None when the latest turn is not a decided consult
/// or the question is empty.
pub fn next_turn(turns: &[Session], id: String, question: &str, now_ms: u64) -> Option<Session> {
    let question = question.trim();
    if question.is_empty() {
        return None;
    }
    let follows = turn_context(turns)?;
    let config = turns.last()?.body_of::<ConsultBody>()?.config.clone();
    let mut session = Session::new_consult(id, question.to_string(), config, now_ms);
    session.consult_mut().follows = Some(follows);
    Some(session)
}

/// One turn as the thread shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadTurn {
    pub id: String,
    /// "Turn 2".
    pub heading: String,
    pub question: String,
    /// "Adaptive", "Full"…
    pub depth: &'static str,
    /// The turn's cost line ("$0.02 …", "Demo · no cost").
    pub cost: String,
    pub decision: Option<Decision>,
    /// Before a decision: where the turn is ("running", "failed"…).
    pub state: String,
}

/// The thread's turns in order, as the page shows them.
pub fn thread_turns(turns: &[Session]) -> Vec<ThreadTurn> {
    turns
        .iter()
        .enumerate()
        .filter_map(|(index, session)| {
            let config = &session.body_of::<ConsultBody>()?.config;
            Some(ThreadTurn {
                id: session.id.clone(),
                heading: format!("Turn {}", index + 1),
                question: session.subject.trim().to_string(),
                depth: depth_chip(config.depth, config.stop_after_round),
                cost: session_cost_line(session),
                decision: decision(session),
                state: state_words(&session.state),
            })
        })
        .collect()
}

/// A panelist the thread can continue with alone: its participant id and how the page names it.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberChoice {
    pub id: String,
    pub label: String,
}

/// The members a thread can continue with alone: the latest turn's panelists (the judge weighs a
/// debate, it has no view of its own to give), once that turn has a decision.
pub fn members_to_ask(turns: &[Session]) -> Vec<MemberChoice> {
    let Some(latest) = turns.last().filter(|_| turn_context(turns).is_some()) else {
        return Vec::new();
    };
    latest
        .body_of::<ConsultBody>()
        .map(|body| {
            body.config
                .panelists
                .iter()
                .map(|p| MemberChoice {
                    id: p.id.clone(),
                    label: p.label.clone(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// One member alone, asked `question` after the thread `turns`: that panelist (its model and
/// persona) and the one prompt it gets, carrying the thread's context as a council turn would.
/// None before a decision, for a seat that is not a panelist of the latest turn, or an empty
/// question.
pub fn ask_one_member(
    turns: &[Session],
    member_id: &str,
    question: &str,
) -> Option<(Participant, Prompt)> {
    let question = question.trim();
    if question.is_empty() {
        return None;
    }
    let context = turn_context(turns)?;
    let panelist = turns
        .last()?
        .body_of::<ConsultBody>()?
        .config
        .panelists
        .iter()
        .find(|p| p.id == member_id)?
        .clone();
    let prompt = member_alone(question, &panelist, &context);
    Some((panelist, prompt))
}

/// A member's reply as its answer: the prose, trimmed; Err when there is none to show.
pub fn member_answer(reply: &str) -> Result<String, String> {
    let text = reply.trim();
    if text.split_whitespace().count() < 2 {
        return Err("The member gave no answer: ask again, or ask the council.".to_string());
    }
    Ok(text.to_string())
}
