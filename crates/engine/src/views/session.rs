//! The session header, for every protocol: demo label, state, cost, and whether (and from where)
//! a stopped session can continue.
use crate::consult::stored::stored_consult_problems;
use crate::harness::protocol::state_of;
use crate::record::benchmark::state::BenchmarkState;
use crate::record::consult::state::ConsultState;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::review::state::ReviewState;
use crate::record::state::StateMachine;
use crate::record::{stands_for_its_call, Body, CallRecord, CallStatus, Session};

/// A stopped run the user can continue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// "This session was interrupted." or "This session stopped before the end."
    pub reason: &'static str,
    /// The round it continues from.
    pub from_round: u8,
    /// A thread's turn asked of one member alone: its one call is asked again, not resumed.
    pub ask_again: bool,
}

impl ResumeOffer {
    /// The button that continues it: "Resume from round 2", or "Ask again" for one member's turn.
    pub fn action(&self) -> String {
        if self.ask_again {
            "Ask again".to_string()
        } else {
            format!("Resume from round {}", self.from_round)
        }
    }
}

/// What is wrong with a stored session's record, checked again as the run checks it. Empty when
/// it is sound.
pub fn record_problems(session: &Session) -> Vec<String> {
    match &session.body {
        Body::Consult(body) => stored_consult_problems(body),
        Body::Review(body) => crate::review::stored::stored_review_problems(body),
        Body::Prioritize(body) => crate::prioritize::stored::stored_prioritize_problems(body),
        Body::Benchmark(body) => crate::benchmark::stored::stored_benchmark_problems(body),
    }
}

/// "This session's record is invalid: ...", for a record with problems: shown when the session is
/// opened, and why it cannot resume. Nothing is deleted.
pub fn invalid_record_notice(session: &Session) -> Option<String> {
    let problems = record_problems(session);
    (!problems.is_empty()).then(|| {
        format!(
            "This session's record is invalid: {} It cannot be resumed.",
            problems.join(" ")
        )
    })
}

/// Whether `session` can resume now (never when its record is invalid). `running_here` is true while this tab runs it and
/// `running_elsewhere` while another tab does: then it is running, not stopped.
pub fn resume_offer(
    session: &Session,
    running_here: bool,
    running_elsewhere: bool,
) -> Option<ResumeOffer> {
    if running_here || running_elsewhere || !record_problems(session).is_empty() {
        return None;
    }
    match &session.body {
        Body::Consult(body) => {
            let state = state_of::<crate::consult::Consult>(session)?;
            if state == ConsultState::Complete {
                return None;
            }
            let reason = if state.is_running() || state == ConsultState::Idle {
                "This session was interrupted."
            } else {
                "This session stopped before the end."
            };
            Some(ResumeOffer {
                reason,
                from_round: body.last_complete_round() + 1,
                ask_again: body.member_turn.is_some(),
            })
        }
        Body::Review(body) => {
            let state = state_of::<crate::review::Review>(session)?;
            // Waiting for the user after a veto is not a stop: the view asks what to do.
            if state.is_finished() && state != ReviewState::Aborted && state != ReviewState::Failed
                || body.awaiting_user.is_some()
            {
                return None;
            }
            let reason = if state.is_running() || state == ReviewState::Idle {
                "This review was interrupted."
            } else {
                "This review stopped before the end."
            };
            // A round whose veto still waits for its compromise continues with that round.
            let compromise_pending = body
                .rounds
                .last()
                .is_some_and(|r| r.outcome == ReviewState::Veto && r.compromise.is_none());
            let done = body.rounds.len() as u8;
            Some(ResumeOffer {
                reason,
                from_round: if compromise_pending { done } else { done + 1 },
                ask_again: false,
            })
        }
        Body::Prioritize(body) => {
            let state = state_of::<crate::prioritize::Prioritize>(session)?;
            if state == PrioritizeState::Complete {
                return None;
            }
            let reason = if state.is_running() || state == PrioritizeState::Idle {
                "This prioritization was interrupted."
            } else {
                "This prioritization stopped before the end."
            };
            let done = body.debate.rounds.len() as u8;
            Some(ResumeOffer {
                reason,
                from_round: done + 1,
                ask_again: false,
            })
        }
        Body::Benchmark(_) => {
            let state = state_of::<crate::benchmark::run::Benchmark>(session)?;
            if state == BenchmarkState::Complete {
                return None;
            }
            let reason = if state.is_finished() {
                "This benchmark stopped before the end."
            } else {
                "This benchmark was interrupted."
            };
            // A benchmark has no rounds: it continues with its first question or arm without an
            // outcome (`benchmark::progress` says how far it came).
            Some(ResumeOffer {
                reason,
                from_round: 1,
                ask_again: false,
            })
        }
    }
}

/// A call whose reply needed something the reader should know: the shell's notes (e.g. structured
/// output refused, so it was sent again without). The parser's routine repairs ("60%" read as 0.6)
/// stay in the record and its exports, not on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct CallNotes {
    pub call_id: String,
    pub round: u8,
    pub label: String,
    pub notes: Vec<String>,
}

/// Every answered call with notes, in record order (a failed call is listed with its failure).
pub fn call_notes(session: &Session) -> Vec<CallNotes> {
    session
        .calls
        .iter()
        .filter(|c| c.status == crate::record::CallStatus::Ok)
        .filter(|c| !c.notes.is_empty())
        .map(|c| CallNotes {
            call_id: c.call_id.clone(),
            round: c.round,
            label: session.label_of(&c.participant_id),
            notes: c.notes.clone(),
        })
        .collect()
}

/// The session's heading: a question reads as itself; a change or a backlog by its title.
pub fn heading(session: &Session) -> String {
    match &session.body {
        Body::Consult(_) if !was_renamed(session) => session.subject.clone(),
        _ => session.title.clone(),
    }
}

/// A consult the user renamed keeps its new name as the heading, and its question on a line of
/// its own below ("Asked: ..."), so neither is lost.
pub fn question_below_heading(session: &Session) -> Option<String> {
    (matches!(session.body, Body::Consult(_)) && was_renamed(session))
        .then(|| session.subject.clone())
}

/// Its title is no longer the one made from its question.
fn was_renamed(session: &Session) -> bool {
    session.title != crate::record::title_of(&session.subject)
}

/// The most characters of the heading the tab's title keeps.
const TAB_TITLE_CHARS: usize = 60;

/// The browser tab's title for a session: its heading (cut at a word) and the app's name, so a
/// tab or a bookmark names the session: "Should we move our CI to … · Consilium".
pub fn tab_title(session: &Session) -> String {
    let heading = heading(session);
    let heading = heading.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = if heading.chars().count() <= TAB_TITLE_CHARS {
        heading
    } else {
        let cut: String = heading.chars().take(TAB_TITLE_CHARS).collect();
        let kept = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
        format!("{kept}…")
    };
    if shown.is_empty() {
        "Consilium".to_string()
    } else {
        format!("{shown} · Consilium")
    }
}

/// A session's state as its badge says it: the record's name in words ("cross-examination" for
/// `cross_exam`, "awaiting consent" for `awaiting_consent`); the other names are words already.
pub fn state_words(state: &str) -> String {
    match state {
        "cross_exam" => "cross-examination".to_string(),
        other => other.replace('_', " "),
    }
}

/// Whether the user cancelled the run (the session's state is its protocol's Aborted).
pub fn was_cancelled(session: &Session) -> bool {
    fn aborted<P: crate::harness::protocol::Protocol>(session: &Session) -> bool {
        state_of::<P>(session) == Some(P::State::ABORTED)
    }
    match &session.body {
        Body::Consult(_) => aborted::<crate::consult::Consult>(session),
        Body::Review(_) => aborted::<crate::review::Review>(session),
        Body::Prioritize(_) => aborted::<crate::prioritize::Prioritize>(session),
        Body::Benchmark(_) => aborted::<crate::benchmark::run::Benchmark>(session),
    }
}

/// A call that gave no usable reply, with who made it.
#[derive(Clone, Debug, PartialEq)]
pub struct FailedCall {
    /// Its place in the record: a resumed round's call keeps its id, so the id alone repeats.
    pub index: usize,
    pub label: String,
    pub call: CallRecord,
}

/// Every call that did not give a usable reply, in record order. A cut attempt (a hedged request
/// or a retried stream given up) is a cost on record, not a failed call: its call says how it
/// ended.
pub fn failed_calls(session: &Session) -> Vec<FailedCall> {
    session
        .calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.status != CallStatus::Ok && !c.is_cut_attempt())
        .map(|(index, c)| FailedCall {
            index,
            label: session.label_of(&c.participant_id),
            call: c.clone(),
        })
        .collect()
}

/// The calls of round `round` from the record, each with who made it (cut attempts left out:
/// their call's own record shows how it ended).
/// A call and its re-ask are one card (`stands_for_its_call`): the reply used, else the re-ask.
pub fn recorded_calls(session: &Session, round: u8) -> Vec<(String, CallRecord)> {
    session
        .calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.round == round && !c.is_cut_attempt())
        .filter(|(index, _)| stands_for_its_call(&session.calls, *index))
        .map(|(_, c)| (session.label_of(&c.participant_id), c.clone()))
        .collect()
}
