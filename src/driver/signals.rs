//! Engine events -> the live view's signals. The same for every protocol.
use consilium_engine::{Event, EventSink};
use leptos::prelude::*;

use super::live::{LiveRun, LiveStatus};

/// Engine events -> signals. The same for every protocol.
pub(super) struct SignalSink {
    pub(super) live: LiveRun,
}

impl EventSink for SignalSink {
    fn emit(&self, event: Event) {
        let live = self.live;
        match event {
            Event::CallStarted {
                call_id,
                round_number,
                participant_id,
            } => {
                live.call_entry(&call_id, round_number, &participant_id);
            }
            Event::CallDelta {
                call_id,
                text,
                restart,
            } => {
                if let Some(call) = live.call(&call_id) {
                    call.status.set(LiveStatus::Streaming);
                    call.text.push(&text, restart);
                }
            }
            Event::CallNote { call_id, note } => {
                if let Some(call) = live.call(&call_id) {
                    if note.is_some() {
                        call.status.set(LiveStatus::Retrying);
                    }
                    call.note.set(note);
                }
            }
            Event::CallFinished {
                call_id,
                participant_id,
                ok,
                error,
                answered_by,
            } => {
                if let Some(call) = live.call(&call_id) {
                    call.note.set(None);
                    call.answered_by.set(answered_by);
                    call.status.set(if ok {
                        LiveStatus::Done
                    } else {
                        LiveStatus::Failed(error.unwrap_or_default())
                    });
                }
                let who = live.session.with_untracked(|s| {
                    s.as_ref()
                        .map(|s| s.label_of(&participant_id))
                        .unwrap_or(participant_id)
                });
                let outcome = if ok { "answered" } else { "failed" };
                live.announcement.set(format!("{who} {outcome}."));
            }
            Event::Completed => live.announcement.set("The session is complete.".into()),
            // The reason is the banner's (an alert that names the problem once), not repeated here.
            Event::Failed { .. } => live.announcement.set("The session failed.".into()),
            Event::Aborted => live.announcement.set("The session was cancelled.".into()),
            Event::SessionUpdated(session) => {
                live.persist(&session);
                live.session.set(Some(*session));
            }
            _ => {}
        }
    }
}
