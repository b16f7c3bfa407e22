//! Engine events -> the live view's signals. The same for every protocol.
use std::cell::Cell;

use consilium_engine::benchmark::progress::progress;
use consilium_engine::record::CallId;
use consilium_engine::views::live::ASKED_AGAIN_NOTE;
use consilium_engine::{
    harness::events::Event, harness::events::EventSink, harness::io::Clock, record::Session,
};
use leptos::prelude::*;

use super::clock::BrowserClock;
use super::live::{LiveRun, LiveStatus};

/// Engine events -> signals. The same for every protocol.
pub(super) struct SignalSink {
    pub(super) live: LiveRun,
    /// A benchmark's stored elapsed time, and when it last changed: the time since then is the
    /// question under way's, added to the progress's elapsed time.
    pub(super) benchmark_time: Cell<Option<(u64, u64)>>,
}

impl SignalSink {
    pub(super) fn new(live: LiveRun) -> Self {
        Self {
            live,
            benchmark_time: Cell::new(None),
        }
    }

    /// The benchmark's progress after a save, with the question under way's time so far.
    fn follow_benchmark(&self, session: &Session) {
        let Some(stored) = progress(session, 0) else {
            return;
        };
        let now = BrowserClock.now_ms();
        let since = match self.benchmark_time.get() {
            Some((elapsed, since)) if elapsed == stored.elapsed_ms => since,
            _ => now,
        };
        self.benchmark_time.set(Some((stored.elapsed_ms, since)));
        self.live
            .benchmark_progress
            .set(progress(session, now.saturating_sub(since)));
    }
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
                keep_only_this_question(live, &call_id);
                // A re-ask shows on its call's card: one card per asked call.
                let card = call_id.asked_call();
                let asked_again = call_id.is_reask() && live.call(&card).is_some();
                let call = live.call_entry(card, round_number, &participant_id);
                if asked_again {
                    call.text.push("", true);
                    call.status.set(LiveStatus::Waiting);
                    call.note.set(Some(ASKED_AGAIN_NOTE.to_string()));
                }
            }
            Event::CallDelta {
                call_id,
                text,
                restart,
            } => {
                if let Some(call) = live.call(&call_id.asked_call()) {
                    call.status.set(LiveStatus::Streaming);
                    call.text.push(&text, restart);
                }
            }
            Event::CallNote { call_id, note } => {
                if let Some(call) = live.call(&call_id.asked_call()) {
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
                if let Some(call) = live.call(&call_id.asked_call()) {
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
                self.follow_benchmark(&session);
                live.session.set(Some(*session));
            }
            _ => {}
        }
    }
}

/// A benchmark's calls name their question: when a call of another question starts, the
/// finished calls of the earlier ones leave the live list, which would otherwise grow by
/// thousands over a long run. Other protocols' calls name none.
fn keep_only_this_question(live: LiveRun, call_id: &CallId) {
    let Some(question) = call_id.question() else {
        return;
    };
    let other_question = live.calls.with_untracked(|calls| {
        calls
            .last()
            .is_some_and(|last| last.call_id.question() != Some(question))
    });
    if other_question {
        live.calls.update(|calls| {
            calls.retain(|c| {
                matches!(
                    c.status.get_untracked(),
                    LiveStatus::Waiting | LiveStatus::Streaming | LiveStatus::Retrying
                )
            })
        });
    }
}
