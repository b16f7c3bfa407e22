//! A Consult's follow-ups as one conversation (docs/design.md, "Views", its "Around sessions"): the
//! turns of a thread as the session page shows them under the first decision, what the council is
//! told of the earlier turns when a new one is asked (their decisions, never their debates, within
//! a token budget), and the new turn itself: the same council, depth and options as the latest
//! council turn. A thread can also continue with one member alone (`member_turn`): one call to a
//! panelist of the latest council turn, with the same context and its own earlier answers, whose
//! prose is that member's answer and not a council decision. Such turns are skipped where a council
//! turn is looked for (the context, the council of the next turn).
use crate::consult::view::depth::depth_chip;
use crate::consult::view::follow_up::earlier_decision;
use crate::consult::view::verdict::{decision, Decision};
use crate::foundation::ids::{ParticipantId, SessionId};
use crate::foundation::participants::{model_label, Participant};
use crate::foundation::tokens::estimate_tokens;
use crate::material::attach::thread_material;
use crate::material::seats::{cut, Cut};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::follow_up::{EarlierTurn, EditOf, FollowUpOf};
use crate::record::consult::member_turn::MemberTurn;
use crate::record::sources::Source;
use crate::record::Session;
use crate::views::costs::session_cost_line;
use crate::views::session::state_words;

/// The most tokens the turns before the last one may take in a prompt: the latest decision is
/// always told whole; older turns are told newest first until this is spent.
pub const THREAD_CONTEXT_TOKENS: u64 = 1_500;

/// What a new turn after `turns` (the thread in order, first turn first) carries: the latest
/// turn's question and decision, and each earlier decided turn's question and one-line decision,
/// as many as fit in [`THREAD_CONTEXT_TOKENS`] (the rest counted as left out). None until the
/// latest turn has a decision.
pub fn turn_context(turns: &[Session]) -> Option<FollowUpOf> {
    let council = council_turns(turns);
    let (latest, earlier) = council.split_last()?;
    let mut context = earlier_decision(latest)?;
    let root = thread_root_of(turns)?;
    if root != context.session_id {
        context.thread = root;
    }
    let decided: Vec<EarlierTurn> = earlier
        .iter()
        .filter_map(|turn| earlier_decision(turn))
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

/// The thread's first turn as the records name it: any follow-up's own root, so a
/// thread whose first turn was deleted stays one thread and is not split at the next follow-up;
/// the first stored turn's id only when no turn follows another.
fn thread_root_of(turns: &[Session]) -> Option<SessionId> {
    turns
        .iter()
        .find_map(|turn| turn.body_of::<ConsultBody>()?.thread_root().cloned())
        .or_else(|| turns.first().map(|turn| turn.id.clone()))
}

/// The turns of a thread the council answered, in order: every turn but those asked of one member.
fn council_turns(turns: &[Session]) -> Vec<&Session> {
    turns.iter().filter(|turn| !is_member_turn(turn)).collect()
}

/// Whether `session` is a turn asked of one member alone.
pub fn is_member_turn(session: &Session) -> bool {
    session
        .body_of::<ConsultBody>()
        .is_some_and(|body| body.member_turn.is_some())
}

/// The latest turn the council answered.
fn latest_council_turn(turns: &[Session]) -> Option<&Session> {
    turns.iter().rev().find(|turn| !is_member_turn(turn))
}

/// The next turn of the thread `turns`, asking `question`: a consult on the latest council turn's
/// council, depth and options, carrying [`turn_context`]. None when that turn is not a decided
/// consult or the question is empty.
pub fn next_turn(turns: &[Session], id: SessionId, question: &str, now_ms: u64) -> Option<Session> {
    let question = question.trim();
    if question.is_empty() {
        return None;
    }
    let follows = turn_context(turns)?;
    let mut config = latest_council_turn(turns)?
        .body_of::<ConsultBody>()?
        .config
        .clone();
    config.material = material_of_thread(turns);
    let mut session = Session::new_consult(id, question.to_string(), config, now_ms);
    session.consult_mut().follows = Some(follows);
    Some(session)
}

/// The material a thread's next turn reads without it being attached again (docs/design.md,
/// "Material: what the council reads"): every source of every turn, council or one member's, in the
/// order the turns added them, each once (by content hash) under the id it was first given, so a
/// later turn's citations name the same sources as the earlier turns' did.
pub fn material_of_thread(turns: &[Session]) -> Vec<Source> {
    turns
        .iter()
        .filter_map(|turn| turn.body_of::<ConsultBody>())
        .fold(Vec::new(), |material, body| {
            thread_material(&material, body.config.material.clone())
        })
}

/// The seats a thread's next turn would ask, to name before the start each that cannot take the
/// material (an image it cannot see, material beyond its context window): the latest council
/// turn's panelists and its judge when that council goes past round 1, or the member
/// `member_id` alone; with the room each call keeps for its reply (`max_tokens`). None before a
/// decided council turn.
pub fn next_turn_seats(
    turns: &[Session],
    member_id: Option<&str>,
) -> Option<(Vec<Participant>, u32)> {
    turn_context(turns)?;
    let config = &latest_council_turn(turns)?.body_of::<ConsultBody>()?.config;
    let seats = match member_id {
        Some(id) => config
            .panelists
            .iter()
            .filter(|p| p.id == id)
            .cloned()
            .collect(),
        None => {
            let judge = (config.stop_after_round > 1).then(|| config.judge.clone());
            config.panelists.iter().cloned().chain(judge).collect()
        }
    };
    Some((seats, config.max_tokens))
}

/// A new turn's own attachments added to the thread's material it carries (`next_turn`,
/// `member_turn`): numbered after it, a source the thread already has not carried twice. Every
/// call of the turn then carries all of it.
pub fn add_turn_material(turn: &mut Session, new: Vec<Source>) {
    let config = &mut turn.consult_mut().config;
    config.material = thread_material(&config.material, new);
}

/// A follow-up's material cut as the user chose in the composer (`material::seats::cut_offer`
/// on the turn's whole material, the thread's and its own): this turn reads none of the cut
/// locations. A source cut keeps its id and its hash, as one stored with its cited passages only
/// does (`Source::cited_only`): it is the thread's same source read in part, so the next turn
/// carries it whole again (and offers the cut again if it still does not fit). Returns each cut,
/// said.
pub fn cut_turn_material(turn: &mut Session, cuts: &[Cut]) -> Vec<String> {
    let config = &mut turn.consult_mut().config;
    let (mut kept, said) = cut(&config.material, cuts);
    for source in &mut kept {
        if let Some(whole) = config.material.iter().find(|s| s.id == source.id) {
            source.hash.clone_from(&whole.hash);
        }
    }
    config.material = kept;
    said
}

/// The turn that asks turn `edited_id` of the thread `turns` again with `question` (its question
/// edited, "Edit the question"): a new last turn, on the edited turn's council, depth, options and
/// material, told what the council was told then (the decisions of the turns before it, never
/// that turn's own decision, which the edit means to replace), and saying which turn it asks again
/// and how that turn was worded. The earlier turn stays as it was. None for a turn asked of one
/// member, a turn not in `turns`, an empty question or one not changed.
pub fn edited_turn(
    turns: &[Session],
    edited_id: &str,
    id: SessionId,
    question: &str,
    now_ms: u64,
) -> Option<Session> {
    let question = question.trim();
    let index = turns.iter().position(|turn| turn.id == edited_id)?;
    let edited = &turns[index];
    let body = edited.body_of::<ConsultBody>()?;
    if question.is_empty() || question == edited.subject.trim() || body.member_turn.is_some() {
        return None;
    }
    let thread = thread_root_of(turns)?;
    let mut session = Session::new_consult(id, question.to_string(), body.config.clone(), now_ms);
    let consult = session.consult_mut();
    consult.follows = turn_context(&turns[..index]).map(|mut context| {
        context.thread.clone_from(&thread);
        context
    });
    consult.edit_of = Some(EditOf {
        turn_id: edited.id.clone(),
        question: edited.subject.trim().to_string(),
        thread,
    });
    Some(session)
}

/// A turn that asks an earlier one again, edited, as its entry says it: "Turn 1 asked again,
/// edited", and how that turn was worded.
#[derive(Clone, Debug, PartialEq)]
pub struct EditedFrom {
    pub line: String,
    pub was: String,
}

/// What an edited turn says of the turn it asks again; None for any other turn.
pub fn edited_from(turns: &[Session], session: &Session) -> Option<EditedFrom> {
    let edit = session.body_of::<ConsultBody>()?.edit_of.as_ref()?;
    let line = match turns.iter().position(|turn| turn.id == edit.turn_id) {
        Some(index) => format!("Turn {} asked again, edited", index + 1),
        None => "An earlier turn asked again, edited".to_string(),
    };
    Some(EditedFrom {
        line,
        was: edit.question.clone(),
    })
}

/// One turn as the thread shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadTurn {
    pub id: SessionId,
    /// "Turn 2".
    pub heading: String,
    pub question: String,
    /// "Adaptive", "Full"…
    pub depth: &'static str,
    /// The turn's cost line ("$0.02 …", "Demo · no cost").
    pub cost: String,
    pub decision: Option<Decision>,
    /// A turn asked of one member alone: its answer (never a decision).
    pub member: Option<MemberAnswer>,
    /// Before a decision or an answer: where the turn is ("running", "failed"…).
    pub state: String,
    /// A turn that asks an earlier one again with its question edited.
    pub edited: Option<EditedFrom>,
    /// Whether its question can be edited and asked again (a council turn with a decision).
    pub editable: bool,
}

/// A member's answer as its card shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberAnswer {
    /// "Panelist 2 · Skeptic answered" (before the answer: "Panelist 2 · Skeptic").
    pub heading: String,
    /// Who it is, in words: "Panelist 2 · Skeptic".
    pub name: String,
    /// "OpenAI · gpt-4o" ("Demo (scripted)" in the demo): the model that answered.
    pub model: String,
    /// The member's prose; None until it answered.
    pub answer: Option<String>,
}

/// The member's answer of a turn asked of one member alone; None for a council turn.
pub fn member_answer_of(session: &Session) -> Option<MemberAnswer> {
    let body = session.body_of::<ConsultBody>()?;
    let member = body.member_turn.as_ref()?;
    let panelist = body.config.panelists.first()?;
    let name = member.name(panelist);
    let answer = member.answer.clone();
    let answered = if member.asked_again {
        "answered again"
    } else {
        "answered"
    };
    Some(MemberAnswer {
        heading: if answer.is_some() {
            format!("{name} {answered}")
        } else {
            name.clone()
        },
        model: model_label(&panelist.provider_label, &panelist.model),
        name,
        answer,
    })
}

/// A member turn's chip where a council turn shows its depth.
pub const ONE_MEMBER: &str = "One member";

/// The thread's turns in order, as the page shows them.
pub fn thread_turns(turns: &[Session]) -> Vec<ThreadTurn> {
    turns
        .iter()
        .enumerate()
        .filter_map(|(index, session)| {
            let config = &session.body_of::<ConsultBody>()?.config;
            let member = member_answer_of(session);
            Some(ThreadTurn {
                id: session.id.clone(),
                heading: format!("Turn {}", index + 1),
                question: session.subject.trim().to_string(),
                depth: if member.is_some() {
                    ONE_MEMBER
                } else if config.is_alone() {
                    // A one-model council has no depth to speak of.
                    config.depth_label()
                } else {
                    depth_chip(config.depth, config.stop_after_round)
                },
                editable: member.is_none() && decision(session).is_some(),
                member,
                cost: session_cost_line(session),
                decision: decision(session),
                state: state_words(&session.state),
                edited: edited_from(turns, session),
            })
        })
        .collect()
}

/// A panelist the thread can continue with alone: its participant id and how the page names it.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberChoice {
    pub id: ParticipantId,
    /// "Panelist 2 · Skeptic".
    pub label: String,
}

/// The members a thread can continue with alone: the latest council turn's panelists (the judge
/// weighs a debate, it has no view of its own to give), once that turn has a decision, and only
/// when it had more than one (a model alone's answer already is its own).
pub fn members_to_ask(turns: &[Session]) -> Vec<MemberChoice> {
    if turn_context(turns).is_none() {
        return Vec::new();
    }
    let Some(body) = latest_council_turn(turns).and_then(|t| t.body_of::<ConsultBody>()) else {
        return Vec::new();
    };
    if body.config.is_alone() {
        return Vec::new();
    }
    body.config
        .panelists
        .iter()
        .enumerate()
        .map(|(index, p)| MemberChoice {
            id: p.id.clone(),
            label: MemberTurn {
                seat: index + 1,
                ..MemberTurn::default()
            }
            .name(p),
        })
        .collect()
}

/// How many of a member's own earlier answers its prompt recalls (the newest).
pub const OWN_ANSWERS_RECALLED: usize = 3;

/// The turn that asks `question` of the member `member_id` alone after the thread `turns`: a consult
/// record whose council is that one panelist of the latest council turn (its model, persona and
/// price; round 1 only), linked by `follows` to the thread as a council turn would be, recalling
/// its own earlier answers (its position in that council turn, then its answers alone since). None
/// before a decision, for a seat that is not a panelist there, or an empty question.
pub fn member_turn(
    turns: &[Session],
    member_id: &str,
    id: SessionId,
    question: &str,
    now_ms: u64,
) -> Option<Session> {
    let question = question.trim();
    if question.is_empty() || members_to_ask(turns).iter().all(|m| m.id != member_id) {
        return None;
    }
    let follows = turn_context(turns)?;
    let latest = latest_council_turn(turns)?;
    let body = latest.body_of::<ConsultBody>()?;
    let seat = body
        .config
        .panelists
        .iter()
        .position(|p| p.id == member_id)?;
    let mut config = body.config.clone();
    config.panelists = vec![config.panelists[seat].clone()];
    config.stop_after_round = 1;
    config.material = material_of_thread(turns);
    let own_earlier = own_earlier_answers(turns, latest, member_id);
    let mut session = Session::new_consult(id, question.to_string(), config, now_ms);
    let consult = session.consult_mut();
    consult.follows = Some(follows);
    consult.member_turn = Some(MemberTurn {
        member_id: member_id.into(),
        seat: seat + 1,
        own_earlier,
        answer: None,
        asked_again: false,
    });
    Some(session)
}

/// The turn that asks the member `member_id` the latest council turn's own question again, alone
/// ("Ask again" on its round-1 answer, poor or failed), after that turn's decision: a member turn
/// that says so, recalling its earlier answer to that question when it gave one. None when
/// [`member_turn`] would be.
pub fn member_again(
    turns: &[Session],
    member_id: &str,
    id: SessionId,
    now_ms: u64,
) -> Option<Session> {
    let question = latest_council_turn(turns)?.subject.clone();
    let mut session = member_turn(turns, member_id, id, &question, now_ms)?;
    if let Some(member) = session.consult_mut().member_turn.as_mut() {
        member.asked_again = true;
    }
    Some(session)
}

/// Whether `turn_id` is the thread's latest council turn, whose panelists can be asked again.
pub fn is_latest_council_turn(turns: &[Session], turn_id: &str) -> bool {
    latest_council_turn(turns).is_some_and(|turn| turn.id == turn_id)
}

/// What the member said before in this thread: its position in the latest council turn, then
/// each answer it gave alone after that turn, the newest [`OWN_ANSWERS_RECALLED`].
fn own_earlier_answers(turns: &[Session], latest: &Session, member_id: &str) -> Vec<EarlierTurn> {
    let position = latest
        .body_of::<ConsultBody>()
        .and_then(|b| b.round1.iter().find(|a| a.agent_id == member_id))
        .map(|answer| EarlierTurn {
            question: latest.subject.trim().to_string(),
            answer: answer.position.trim().to_string(),
        });
    let after = turns
        .iter()
        .skip_while(|turn| turn.id != latest.id)
        .filter_map(|turn| {
            let member = turn.body_of::<ConsultBody>()?.member_turn.as_ref()?;
            let answer = member
                .answer
                .as_ref()
                .filter(|_| member.member_id == member_id)?;
            Some(EarlierTurn {
                question: turn.subject.trim().to_string(),
                answer: answer.trim().to_string(),
            })
        });
    let all: Vec<EarlierTurn> = position.into_iter().chain(after).collect();
    let skip = all.len().saturating_sub(OWN_ANSWERS_RECALLED);
    all.into_iter().skip(skip).collect()
}

/// Where the thread's follow-up composer keeps its draft: the key the next turn asked from it
/// clears (`views::draft::asked_draft_key`), None while no turn has a decision to follow.
pub fn composer_draft_key(turns: &[Session]) -> Option<String> {
    turn_context(turns)
        .map(|context| crate::views::draft::follow_up_draft_key(context.thread_root().as_str()))
}
