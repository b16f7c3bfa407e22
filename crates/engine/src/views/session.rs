//! The session header, for every protocol: its heading, the tab's title, its state in words, the
//! calls with notes or failures. (Whether a stopped session can continue is `resume`'s: it checks
//! the record again with each protocol's own rules.)
use crate::record::benchmark::state::BenchmarkState;
use crate::record::consult::state::ConsultState;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::review::state::ReviewState;
use crate::record::state::StateMachine;
use crate::record::{stands_for_its_call, Body, CallRecord, CallStatus, Session};

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

/// The heading on one line with every secret masked: what leaves the page as a title (the tab's,
/// so the browser's history; the share sheet's; the export's `<title>`). A consult's heading is
/// its question, which may hold a pasted key.
pub fn masked_heading(session: &Session) -> String {
    let lines: Vec<String> = heading(session)
        .lines()
        .map(crate::text::secrets::masked_line)
        .collect();
    lines
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most characters of the heading the tab's title keeps.
const TAB_TITLE_CHARS: usize = 60;

/// The browser tab's title for a session: its heading (cut at a word) and the app's name, so a
/// tab or a bookmark names the session: "Should we move our CI to … · Consilium".
pub fn tab_title(session: &Session) -> String {
    let heading = masked_heading(session);
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

/// A session's state as its badge says it, in words a reader uses: what is happening
/// ("answering", "cross-examination", "making the case") or how it ended ("complete", "cancelled",
/// "failed"); never the state machine's names ("independent", "conclusion", "champion",
/// "aborted"), which stay in the record and under Details.
pub fn state_words(state: &str) -> String {
    match state {
        "idle" => "not started",
        "awaiting_consent" => "awaiting consent",
        "independent" => "answering",
        "cross_exam" => "cross-examination",
        "verdict" => "deciding",
        // A review's deliberation ends in its conclusion: complete, as every protocol says.
        "conclusion" => "complete",
        "proposal" => "proposed",
        "debate" => "debating",
        "abstain" => "abstained",
        "champion" => "making the case",
        "critic" => "critique",
        "moderator" => "ranking",
        "aborted" => "cancelled",
        other => return other.replace('_', " "),
    }
    .to_string()
}

/// Whether the user cancelled the run (the session's state is its protocol's Aborted).
pub fn was_cancelled(session: &Session) -> bool {
    fn aborted<S: StateMachine + PartialEq>(session: &Session) -> bool {
        S::parse(&session.state) == Some(S::ABORTED)
    }
    match &session.body {
        Body::Consult(_) => aborted::<ConsultState>(session),
        Body::Review(_) => aborted::<ReviewState>(session),
        Body::Prioritize(_) => aborted::<PrioritizeState>(session),
        Body::Benchmark(_) => aborted::<BenchmarkState>(session),
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
