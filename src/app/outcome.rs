//! "How did it turn out?": the user's judgment of a finished decision, saved to its record the way
//! a rename is (`Library::rename`): the stored record is read, judged (the engine's
//! `record::outcome::judged`, which keeps the earlier judgment in the history), saved, and its
//! summary replaces the list's. The open session shown from memory takes it too.
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::outcome::{judged, Outcome, Verdict};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::LiveRun;
use crate::platform::storage;

/// Judges the stored session `id`; `done` gets the saved outcome, or why it was not saved. Not for
/// a session this tab runs (a running session has no decision to judge yet).
pub fn judge(
    live: LiveRun,
    id: SessionId,
    verdict: Verdict,
    note: String,
    done: impl FnOnce(Result<Outcome, String>) + 'static,
) {
    if live.runs_untracked(&id) {
        done(Err(
            "This session is still running: judge it once it has decided.".into(),
        ));
        return;
    }
    let now_ms = js_sys::Date::now() as u64;
    spawn_local(async move {
        let saved = match storage::load_session(&id).await {
            Ok(Some(mut session)) => {
                let outcome = judged(session.outcome.as_ref(), verdict, &note, now_ms);
                session.outcome = Some(outcome.clone());
                storage::save_session(&session)
                    .await
                    .map(|()| (session, outcome))
            }
            Ok(None) => Err("This session is not in this browser's storage.".into()),
            Err(message) => Err(message),
        };
        match saved {
            Ok((session, outcome)) => {
                live.session.update(|open| {
                    if let Some(open) = open.as_mut().filter(|open| open.id == session.id) {
                        open.outcome = Some(outcome.clone());
                    }
                });
                live.library.saved(SessionSummary::of(&session));
                done(Ok(outcome));
            }
            Err(message) => done(Err(message)),
        }
    });
}
