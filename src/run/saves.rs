//! The run's saves: every session update the engine hands over is stored after the saves already
//! asked for (`platform::storage`'s queue keeps only the newest of each session waiting), and each
//! write's outcome is reported (`Saved`, `SaveFailed`). A failed save is never fatal: the session
//! stays in memory, and exportable.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::record::benchmark::outcomes_apart::{results_apart, QuestionUpdate};
use consilium_engine::record::Session;

use super::driver::Reports;
use super::messages::RunReport;
use super::running_record::RunningRecord;
use crate::platform::storage::{self, SessionSummary};

pub(super) struct Saves {
    report: Reports,
}

impl Saves {
    pub(super) fn new(report: Reports) -> Self {
        Self { report }
    }

    /// Stores a copy of `session`.
    pub(super) fn whole(&self, session: &Session) {
        let report = Rc::clone(&self.report);
        let summary = SessionSummary::of(session);
        storage::save_soon(session.clone(), move |result| {
            report(saved_noting(summary, result))
        });
    }

    /// As `whole`, and waits until it is written (or refused).
    pub(super) async fn whole_and_wait(&self, session: &Session) {
        let (done, written) = futures::channel::oneshot::channel();
        let report = Rc::clone(&self.report);
        let summary = SessionSummary::of(session);
        storage::save_soon(session.clone(), move |result| {
            report(saved_noting(summary, result));
            let _ = done.send(());
        });
        let _ = written.await;
    }

    /// Stores a benchmark's whole session as it is handed over, read when its write starts (after
    /// the browser has painted: going over a long benchmark is a task of its own); it is let go
    /// once read.
    pub(super) fn whole_when_written(&self, session: Session) {
        let report = Rc::clone(&self.report);
        let id = session.id.clone();
        let held = RefCell::new(Some(session));
        let read: storage::SessionNow = Rc::new(move |visit| {
            if let Some(session) = held.borrow_mut().take() {
                visit(&session);
            }
        });
        storage::save_latest_soon(&id, read, move |result| report(saved(result)));
    }

    /// Stores one question of the running benchmark (`update`), with the run's record as
    /// `record` holds it when the write starts: a save that costs the same at any length.
    pub(super) fn question(
        &self,
        update: &QuestionUpdate,
        record: Rc<RefCell<Option<RunningRecord>>>,
    ) {
        let report = Rc::clone(&self.report);
        let record_now: storage::RecordNow = Rc::new(move || {
            let running = record.borrow();
            let running = running.as_ref()?;
            let count = results_apart(&running.record)?;
            let json = serde_json::to_string(&running.record).ok()?;
            Some((json, count, running.summary()))
        });
        storage::save_question_soon(
            &update.session_id,
            update.index,
            update.question.clone(),
            record_now,
            move |result| report(saved(result)),
        );
    }
}

fn saved(result: Result<SessionSummary, String>) -> RunReport {
    match result {
        Ok(summary) => RunReport::Saved {
            summary,
            note: None,
        },
        Err(message) => RunReport::SaveFailed { message },
    }
}

/// As `saved`, for a save that may have kept only the material's cited passages: `note` says so.
fn saved_noting(summary: SessionSummary, result: Result<Option<String>, String>) -> RunReport {
    match result {
        Ok(note) => RunReport::Saved { summary, note },
        Err(message) => RunReport::SaveFailed { message },
    }
}
