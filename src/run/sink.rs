//! The engine's events as the driver follows them: each is reported as it came, every session
//! update is saved (`saves`), and a running benchmark's progress is reported after each saved
//! change. Nothing here goes over a benchmark's questions: the record saved and the progress are
//! kept as the run goes (`RunningRecord`).
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::future::{self, FutureExt, LocalBoxFuture, Shared};
use wasm_bindgen_futures::spawn_local;

use consilium_engine::benchmark::progress::{progress, BenchmarkProgress};
use consilium_engine::record::benchmark::outcomes_apart::QuestionUpdate;
use consilium_engine::record::Session;
use consilium_engine::{harness::events::Event, harness::events::EventSink, harness::io::Clock};

use super::benchmark_results::LiveResults;
use super::clock::BrowserClock;
use super::driver::Reports;
use super::messages::{reported, RunReport};
use super::running_record::RunningRecord;
use super::saves::Saves;

pub(super) struct ReportingSink {
    report: Reports,
    pub(super) saves: Saves,
    /// A benchmark's stored elapsed time, and when it last changed: the time since then is the
    /// question under way's, added to the progress's elapsed time.
    benchmark_time: Cell<Option<(u64, u64)>>,
    /// A running benchmark's stored record (no result in it) and its summary, kept as each
    /// question's update patches them, so a save writes them without going over the questions.
    record: Rc<RefCell<Option<RunningRecord>>>,
    /// The benchmark's last change came whole (`SessionUpdated`), stamped so (`updated_at`,
    /// `state`): the page then holds the run's session, with no question patched since.
    whole: RefCell<Option<(String, String)>>,
    /// The running benchmark's results, computed here so the page only draws them.
    results: LiveResults,
    /// The last results asked for, each after the one before (so they reach the page in order).
    results_chain: RefCell<Shared<LocalBoxFuture<'static, ()>>>,
}

impl ReportingSink {
    pub(super) fn new(report: Reports) -> Self {
        Self {
            saves: Saves::new(Rc::clone(&report)),
            report,
            benchmark_time: Cell::new(None),
            record: Rc::new(RefCell::new(None)),
            whole: RefCell::new(None),
            results: LiveResults::default(),
            results_chain: RefCell::new(future::ready(()).boxed_local().shared()),
        }
    }

    /// Whether `finished`, as the run returned it, is the last whole session reported and saved,
    /// with nothing changed since (a benchmark's end): then it needs no second save and no second
    /// crossing to the page.
    pub(super) fn holds(&self, finished: &Session) -> bool {
        self.whole
            .borrow()
            .as_ref()
            .is_some_and(|(at, state)| *at == finished.updated_at && *state == finished.state)
    }

    /// A benchmark's whole session (its start, the best single model chosen, its end): saved as
    /// it is when its write starts, and handed to the page: whole at the start, later as its
    /// record and the questions that changed.
    fn whole_benchmark(&self, session: Box<Session>) {
        *self.whole.borrow_mut() = Some((session.updated_at.clone(), session.state.clone()));
        self.saves.whole_when_written(session.as_ref().clone());
        // The page holds the run already: the session itself is kept here, not copied.
        let report = match self.results.crossing(&session) {
            Some(update) => {
                self.results.whole(*session);
                RunReport::BenchmarkRecord(Box::new(update))
            }
            None => {
                self.results.whole(session.as_ref().clone());
                RunReport::Event(Event::SessionUpdated(session))
            }
        };
        (self.report)(report);
        self.report_results();
    }

    /// The running benchmark's results, reported once computed (in their part, after
    /// the ones asked for before).
    fn report_results(&self) {
        let before = self.results_chain.borrow().clone();
        let results = self.results.results();
        let report = Rc::clone(&self.report);
        let next = async move {
            before.await;
            if let Some(results) = results.await {
                report(RunReport::BenchmarkResults(Box::new(results)));
            }
        }
        .boxed_local()
        .shared();
        *self.results_chain.borrow_mut() = next.clone();
        spawn_local(next);
    }

    /// Resolves once every result asked for so far has been reported: the run's last results
    /// reach the page before it is said to have ended.
    pub(super) fn results_reported(&self) -> impl std::future::Future<Output = ()> + 'static {
        self.results_chain.borrow().clone()
    }

    /// One question of the running benchmark changed: save it with the record kept, hand the
    /// change to the page (which patches its copy), then the progress.
    fn question(&self, update: Box<QuestionUpdate>) {
        self.whole.borrow_mut().take();
        let patched = self
            .record
            .borrow_mut()
            .as_mut()
            .is_some_and(|running| running.apply(&update));
        if patched {
            self.saves.question(&update, Rc::clone(&self.record));
        }
        let due = self.results.question(&update);
        (self.report)(RunReport::Event(Event::QuestionUpdated(update)));
        if due {
            self.report_results();
        }
        if patched {
            let running = self.record.borrow();
            if let Some(running) = running.as_ref() {
                self.report_progress(|ms| running.progress(ms));
            }
        }
    }

    /// The benchmark's progress after a save (`progress_at` of the time spent on the question
    /// under way), with the question under way's time so far.
    fn report_progress(&self, progress_at: impl Fn(u64) -> Option<BenchmarkProgress>) {
        let Some(stored) = progress_at(0) else {
            return;
        };
        let now = BrowserClock.now_ms();
        let since = match self.benchmark_time.get() {
            Some((elapsed, since)) if elapsed == stored.elapsed_ms => since,
            _ => now,
        };
        self.benchmark_time.set(Some((stored.elapsed_ms, since)));
        if let Some(now) = progress_at(now.saturating_sub(since)) {
            (self.report)(RunReport::BenchmarkProgress(now));
        }
    }
}

impl EventSink for ReportingSink {
    fn emit(&self, event: Event) {
        match event {
            Event::SessionUpdated(session) => {
                self.report_progress(|ms| progress(&session, ms));
                *self.record.borrow_mut() = RunningRecord::of(&session);
                if session.benchmark().is_some() {
                    self.whole_benchmark(session);
                } else {
                    self.saves.whole(&session);
                    (self.report)(RunReport::Event(Event::SessionUpdated(session)));
                }
            }
            Event::QuestionUpdated(update) => self.question(update),
            event if reported(&event) => (self.report)(RunReport::Event(event)),
            _ => {}
        }
    }
}
