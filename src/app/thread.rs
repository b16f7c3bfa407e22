//! The turns of a session's thread of follow-ups, for the pages and commands that carry every
//! turn (the thread under the decision, the exports, the share link): from the link itself on a
//! shared page, else read from storage by the library's summaries (`library::thread::thread_turn_ids`).
use crate::app::shown::ShownSession;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::thread::thread_turn_ids;
use consilium_engine::{record::consult::body::ConsultBody, record::Session};
use leptos::prelude::*;

use consilium_engine::views::seats::labelled_council;
use consilium_engine::{consult::estimate::estimate_turn, views::consent::needs_consent};
use consilium_engine::{consult::view::follow_up::seats_of, views::costs::describe_calls};

use crate::app::runs::start::{ready_to_start, start_or_ask, PendingRun};
use crate::app::AppState;
use crate::platform::storage;

/// The turns a share link brought, in order (None until the link is read): a shared page's
/// thread, nothing of which is stored.
#[derive(Clone, Copy)]
pub struct SharedThread(pub Memo<Option<Vec<Session>>>);

/// The id of the thread `session` belongs to: its first turn's.
pub fn thread_root(session: &Session) -> SessionId {
    session
        .body_of::<ConsultBody>()
        .and_then(ConsultBody::thread_root)
        .unwrap_or(&session.id)
        .clone()
}

/// A shared page's turns; read while the component is built (its context is gone in a task).
pub fn shared_thread() -> Option<SharedThread> {
    use_context::<SharedThread>()
}

/// The turns of the thread whose first turn is `root`, in order: a shared page's (`shared`), else
/// the stored ones the library lists.
pub async fn load_thread(
    state: AppState,
    shared: Option<SharedThread>,
    root: &SessionId,
) -> Vec<Session> {
    if let Some(SharedThread(turns)) = shared {
        return turns.get_untracked().unwrap_or_default();
    }
    let ids = state
        .library
        .sessions
        .with_untracked(|all| thread_turn_ids(all, root.as_str()));
    let mut turns = Vec::new();
    for id in ids {
        if let Ok(Some(turn)) = storage::load_session(&id).await {
            turns.push(turn);
        }
    }
    turns
}

/// Every turn of `page`'s thread in order, `page` as the page has it (the latest copy); just
/// `page` when it is no thread's turn.
pub async fn thread_with(
    state: AppState,
    shared: Option<SharedThread>,
    page: Session,
) -> Vec<Session> {
    let mut turns = load_thread(state, shared, &thread_root(&page)).await;
    match turns.iter_mut().find(|t| t.id == page.id) {
        Some(turn) => *turn = page,
        None => turns.push(page),
    }
    turns
}

/// Whether `session` is one turn of several (stored, or in the link the page came from).
pub fn in_a_thread(state: AppState, shared: Option<&SharedThread>, session: &Session) -> bool {
    if let Some(SharedThread(turns)) = shared {
        return turns.with_untracked(|t| t.as_ref().is_some_and(|t| t.len() > 1));
    }
    let root = thread_root(session);
    root != session.id
        || state
            .library
            .sessions
            .with_untracked(|all| thread_turn_ids(all, root.as_str()).len() > 1)
}

/// Where `session`'s turn stands in its thread, as (its number from 1, the thread's turns), while
/// it is one turn of several: the page then reads as one conversation. Known at once from the
/// library's summaries (or the link's turns), before any turn is loaded, so the page does not
/// change its shape once they are. A turn just asked and not yet listed is the last.
pub fn thread_place(
    state: AppState,
    shared: Option<SharedThread>,
    session: ShownSession,
) -> Memo<Option<(usize, usize)>> {
    Memo::new(move |_| {
        let (id, root) = session.with(|s| s.as_ref().map(|s| (s.id.clone(), thread_root(s))))?;
        let mut ids: Vec<SessionId> = match shared {
            Some(SharedThread(turns)) => turns.with(|t| {
                t.as_ref()
                    .map(|t| t.iter().map(|s| s.id.clone()).collect())
                    .unwrap_or_default()
            }),
            None => state
                .library
                .sessions
                .with(|all| thread_turn_ids(all, root.as_str())),
        };
        if !ids.contains(&id) {
            ids.push(id.clone());
        }
        let number = ids.iter().position(|t| *t == id)? + 1;
        (ids.len() > 1).then_some((number, ids.len()))
    })
}

/// Asks a new turn of a thread (a follow-up, a member alone, an edited question): its seats must
/// still be in Settings and ready, and a run over the consent threshold waits for the user's yes
/// beside the button (`awaiting_consent`); `problem` says what stops it.
pub fn ask_turn(
    state: AppState,
    turn: Session,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) {
    if !turn.demo {
        // The seats this turn asks: the council, or the one member.
        let ready = state
            .settings
            .with_untracked(|settings| seats_of(&turn, settings));
        let Some((panel, judge)) = ready else {
            return problem.set(Some(
                "A model of this council is no longer in Settings: add its provider again to ask it.".into(),
            ));
        };
        let with_judge = turn.consult().config.stop_after_round > 1;
        let seats = labelled_council(&panel, with_judge.then_some(&judge));
        if let Err(message) = ready_to_start(state, &seats) {
            return problem.set(Some(message));
        }
    }
    let estimate = estimate_turn(&turn.subject, turn.consult());
    let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
    // A demo's scripted council costs nothing: nothing to consent to.
    let consent = (!turn.demo)
        .then(|| needs_consent(&estimate, threshold))
        .flatten();
    start_or_ask(
        state,
        turn,
        consent,
        Some(describe_calls(&estimate)),
        awaiting_consent,
        problem,
    );
}

/// Whether `session` is its thread's latest council turn by the library's summaries (the turns
/// after it, if any, each asked of one member): its panelists can then be asked again.
pub fn latest_council_turn_listed(state: AppState, session: &Session) -> bool {
    let root = thread_root(session);
    state.library.sessions.with(|all| {
        let ids = thread_turn_ids(all, root.as_str());
        ids.iter()
            .skip_while(|id| **id != session.id)
            .skip(1)
            .all(|id| all.iter().any(|s| s.id == *id && s.asked_member.is_some()))
    })
}
