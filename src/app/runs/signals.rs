//! Engine events -> the live view's signals. The same for every protocol.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use consilium_engine::benchmark::progress::{progress, BenchmarkProgress};
use consilium_engine::record::benchmark::outcomes_apart::QuestionUpdate;
use consilium_engine::record::{CallId, Session};
use consilium_engine::views::live::ASKED_AGAIN_NOTE;
use consilium_engine::{harness::events::Event, harness::events::EventSink, harness::io::Clock};
use futures::future::{FutureExt, LocalBoxFuture, Shared};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::clock::BrowserClock;
use super::live::{LiveRun, LiveStatus};
use super::running_record::RunningRecord;
use crate::platform::frame::after_paint;

/// Engine events -> signals. The same for every protocol.
pub(super) struct SignalSink {
    pub(super) live: LiveRun,
    /// A benchmark's stored elapsed time, and when it last changed: the time since then is the
    /// question under way's, added to the progress's elapsed time.
    pub(super) benchmark_time: Cell<Option<(u64, u64)>>,
    /// A running benchmark's stored record (no result in it) and its summary, kept as each
    /// question's update patches them, so a save writes them without going over the questions
    /// (`persist_question`).
    record: Rc<RefCell<Option<RunningRecord>>>,
    /// The share of the benchmark's questions done (in `PUBLISH_STEPS`) when its session last
    /// reached the views.
    published: Cell<Option<usize>>,
    /// The views' next sight of the benchmark's session, waiting for the browser to paint.
    publishing: Rc<RefCell<Option<Shared<LocalBoxFuture<'static, ()>>>>>,
    /// The benchmark's last change came whole (`SessionUpdated`), stamped so (`updated_at`,
    /// `state`): the session shown and saved is then the run's, with no question patched since.
    whole: RefCell<Option<(String, String)>>,
}

/// A running benchmark's session reaches the views (its results, its header) this many times over
/// the run, and at its end: each time costs the page the whole session (a copy and the results),
/// so a fixed number of times keeps each question's cost the same at any length. Its progress, its
/// calls and its saves follow every update.
const PUBLISH_STEPS: usize = 20;

impl SignalSink {
    pub(super) fn new(live: LiveRun) -> Self {
        Self {
            live,
            benchmark_time: Cell::new(None),
            record: Rc::new(RefCell::new(None)),
            published: Cell::new(None),
            publishing: Rc::new(RefCell::new(None)),
            whole: RefCell::new(None),
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
    pub(super) async fn settled(&self) {
        let waiting = self.publishing.borrow().clone();
        if let Some(publication) = waiting {
            publication.await;
        }
    }

    /// Whether the session shown, and saved, is `finished` as the run returned it: the run's last
    /// change came whole to this sink and nothing changed it since. Then the end of the run needs
    /// no copy of it, no save of its own and no second look by the views.
    pub(super) fn holds(&self, finished: &Session) -> bool {
        let last_whole = self
            .whole
            .borrow()
            .as_ref()
            .is_some_and(|(at, state)| *at == finished.updated_at && *state == finished.state);
        last_whole
            && self.live.session.with_untracked(|s| {
                s.as_ref().is_some_and(|s| {
                    s.id == finished.id
                        && s.updated_at == finished.updated_at
                        && s.state == finished.state
                })
            })
    }

    /// A benchmark's whole session (its start, the best single model chosen, its end): kept as
    /// handed over, with no copy; saved as it is when its write starts and shown to the views
    /// after a paint, each in a task of its own (at 1,000 questions each takes long enough that
    /// together they froze the page for seconds at the run's end). The session it replaces is
    /// let go after a paint too.
    fn follow_whole_benchmark(&self, session: Session) {
        let live = self.live;
        *self.whole.borrow_mut() = Some((session.updated_at.clone(), session.state.clone()));
        let id = session.id.clone();
        let before = live
            .session
            .try_update_untracked(|shown| shown.replace(session))
            .flatten();
        live.persist_latest(&id);
        self.publish_after_paint();
        if before.is_some() {
            spawn_local(async move {
                after_paint().await;
                drop(before);
            });
        }
    }

    /// One question of the running benchmark changed: patch the session shown (without telling
    /// the views, but at every `PUBLISH_STEPS`th of the run), save that question, follow the
    /// progress. Nothing here goes over the other questions: the record saved and the progress
    /// are kept as the run goes (`RunningRecord`).
    fn follow_question(&self, update: &QuestionUpdate) {
        let live = self.live;
        self.whole.borrow_mut().take();
        let applied = live
            .session
            .try_update_untracked(|s| s.as_mut().is_some_and(|s| update.apply(s)))
            .unwrap_or(false);
        let patched = self
            .record
            .borrow_mut()
            .as_mut()
            .is_some_and(|running| running.apply(update));
        if patched {
            live.persist_question(update, Rc::clone(&self.record));
        } else if let Some(session) = live.session.get_untracked().filter(|_| applied) {
            live.persist(&session);
        }
        if !applied || !patched {
            return;
        }
        let step = {
            let running = self.record.borrow();
            let Some(running) = running.as_ref() else {
                return;
            };
            self.follow_progress(|ms| running.progress(ms));
            running.questions_done() * PUBLISH_STEPS / running.questions_total().max(1)
        };
        if Some(step) != self.published.get() {
            self.published.set(Some(step));
            self.publish_after_paint();
        }
    }

    /// The benchmark's progress after a save (`progress_at` of the time spent on the question
    /// under way), with the question under way's time so far.
    fn follow_progress(&self, progress_at: impl Fn(u64) -> Option<BenchmarkProgress>) {
        let Some(stored) = progress_at(0) else {
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
            .set(progress_at(now.saturating_sub(since)));
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
                self.follow_progress(|ms| progress(&session, ms));
                *self.record.borrow_mut() = RunningRecord::of(&session);
                if session.benchmark().is_some() {
                    self.follow_whole_benchmark(*session);
                } else {
                    live.persist(&session);
                    live.session.set(Some(*session));
                }
            }
            Event::QuestionUpdated(update) => self.follow_question(&update),
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
