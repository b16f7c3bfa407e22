//! The run driver's reports -> the live view's signals. The same for every protocol.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::harness::events::Event;
use consilium_engine::record::benchmark::outcomes_apart::{QuestionUpdate, RecordUpdate};
use consilium_engine::record::Session;
use consilium_engine::views::live::ASKED_AGAIN_NOTE;
use futures::future::{FutureExt, LocalBoxFuture, Shared};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::live::{LiveRun, LiveStatus};
use crate::platform::frame::after_paint;
use crate::run::messages::RunReport;

/// The driver's reports -> signals, for every run of this page.
pub(super) struct SignalFollower {
    live: LiveRun,
    /// The views' next sight of the benchmark's session, waiting for the browser to paint.
    publishing: Rc<RefCell<Option<Shared<LocalBoxFuture<'static, ()>>>>>,
}

impl SignalFollower {
    pub(super) fn new(live: LiveRun) -> Self {
        Self {
            live,
            publishing: Rc::new(RefCell::new(None)),
        }
    }

    pub(super) fn follow(&self, report: RunReport) {
        let live = self.live;
        match report {
            RunReport::Refused { notice } => {
                live.notice.set(Some(notice));
                live.running.set(false);
            }
            RunReport::Event(event) => self.event(event),
            RunReport::BenchmarkProgress(progress) => live.benchmark_progress.set(Some(progress)),
            RunReport::BenchmarkResults(results) => live.benchmark_results.set(Some(*results)),
            RunReport::BenchmarkRecord(update) => self.follow_benchmark_record(*update),
            RunReport::Saved { summary, note } => live.saved(summary, note),
            RunReport::SaveFailed { message } => live.notice.set(Some(message)),
            RunReport::Finished { session } => {
                // The views have seen every change before the run is said to have stopped.
                let settled = self.settled();
                spawn_local(async move {
                    settled.await;
                    if let Some(session) = session {
                        live.session.set(Some(*session));
                    }
                    live.running.set(false);
                });
            }
        }
    }

    /// The views see the session after the browser has painted: their copy of it and what they
    /// recompute are then a task of their own, not added to the one that changed it. Changes
    /// made while one is waiting reach the views with it.
    fn publish_after_paint(&self) {
        if self.publishing.borrow().is_some() {
            return;
        }
        let live = self.live;
        let slot = Rc::clone(&self.publishing);
        let publication = async move {
            after_paint().await;
            slot.borrow_mut().take();
            live.session.notify();
        }
        .boxed_local()
        .shared();
        *self.publishing.borrow_mut() = Some(publication.clone());
        spawn_local(publication);
    }

    /// Resolves once the views have seen every change handed over so far.
    fn settled(&self) -> impl std::future::Future<Output = ()> + 'static {
        let waiting = self.publishing.borrow().clone();
        async move {
            if let Some(publication) = waiting {
                publication.await;
            }
        }
    }

    /// A benchmark's whole session (its start, the best single model chosen, its end): kept as
    /// handed over, with no copy, and shown to the views after a paint. The session it replaces
    /// is let go after a paint too (at 1,000 questions each of these takes long enough that
    /// together they froze the page for seconds at the run's end).
    fn follow_whole_benchmark(&self, session: Session) {
        let before = self
            .live
            .session
            .try_update_untracked(|shown| shown.replace(session))
            .flatten();
        self.publish_after_paint();
        if before.is_some() {
            spawn_local(async move {
                after_paint().await;
                drop(before);
            });
        }
    }

    /// A whole change of the running benchmark after its start, as its record and the questions
    /// that changed: the session shown brought to it (moved, not copied) and shown to the views
    /// after a paint.
    fn follow_benchmark_record(&self, update: RecordUpdate) {
        let applied = self
            .live
            .session
            .try_update_untracked(|shown| shown.as_mut().map(|s| update.apply(s)))
            .flatten()
            .unwrap_or(false);
        if applied {
            self.publish_after_paint();
        } else {
            leptos::logging::warn!(
                "A benchmark's change reached a page that does not hold its run."
            );
        }
    }

    /// One question of the running benchmark changed: patch the session shown, without telling
    /// the views. While it runs they draw its progress and the results the driver computed
    /// (`RunReport::BenchmarkResults`); they see the session itself at its whole changes (its
    /// start, the best single model chosen, its end). Each sight costs the page a copy of the
    /// whole session, the results are the driver's: over a long run, both froze the page.
    fn follow_question(&self, update: &QuestionUpdate) {
        self.live
            .session
            .try_update_untracked(|s| s.as_mut().map(|s| update.apply(s)));
    }

    fn event(&self, event: Event) {
        let live = self.live;
        match event {
            // A new run: an earlier benchmark's results are not its.
            Event::Started { .. } => live.benchmark_results.set(None),
            Event::CallStarted {
                call_id,
                round_number,
                participant_id,
            } => {
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
                        .unwrap_or_else(|| participant_id.to_string())
                });
                let outcome = if ok { "answered" } else { "failed" };
                live.announcement.set(format!("{who} {outcome}."));
            }
            Event::Completed => live.announcement.set("The session is complete.".into()),
            // The reason is the banner's (an alert that names the problem once), not repeated here.
            Event::Failed { .. } => live.announcement.set("The session failed.".into()),
            Event::Aborted => live.announcement.set("The session was cancelled.".into()),
            Event::SessionUpdated(session) if session.benchmark().is_some() => {
                self.follow_whole_benchmark(*session)
            }
            Event::SessionUpdated(session) => live.session.set(Some(*session)),
            Event::QuestionUpdated(update) => self.follow_question(&update),
            _ => {}
        }
    }
}
