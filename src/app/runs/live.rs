//! What the live view shows while (and after) a session runs: the session, its calls as they
//! stream, notices and what screen readers hear, and the way to the run driver. The saves
//! (the run's, reported by the driver, and the page's own) are recorded in the session list
//! (`app::library`), which owns that list.
use leptos::prelude::*;
use leptos::task::spawn_local;

use std::rc::Rc;

use consilium_engine::benchmark::progress::BenchmarkProgress;
use consilium_engine::foundation::ids::{ParticipantId, SessionId};
use consilium_engine::record::CallId;
use consilium_engine::record::Session;

use crate::app::library::Library;
use crate::app::runs::stream_text::StreamText;
use crate::platform::storage::{self, SessionSummary};
use crate::run::messages::{BenchmarkResults, RunCommand};

/// Hands a command to the run driver (`run::driver::handle` on this page, set once the run's part
/// has loaded: `runs::run::connect`).
pub type SendCommand = Rc<dyn Fn(RunCommand)>;

/// What the live view shows while (and after) a session runs.
#[derive(Clone, Copy)]
pub struct LiveRun {
    /// The session of the current (or last) run in this tab.
    pub session: RwSignal<Option<Session>>,
    pub calls: RwSignal<Vec<LiveCall>>,
    pub running: RwSignal<bool>,
    /// A problem the user must know about that did not stop the run (e.g. storage full).
    pub notice: RwSignal<Option<String>>,
    /// The session list, where every save of the run is recorded (its owner).
    pub library: Library,
    /// What screen readers hear: each finished call and the end of the run, not every token.
    pub announcement: RwSignal<String>,
    /// Set when the user starts or resumes a run: the session view then moves focus to it.
    pub focus_run: RwSignal<bool>,
    /// "Skip to the decision" was asked for: the demo streams the rest of its replies at once.
    pub skip_demo: RwSignal<bool>,
    /// The page follows the run (the active round, then the decision) until the user scrolls
    /// away on purpose; "Follow the run" sets it again. Set at each run's start.
    pub follow: RwSignal<bool>,
    /// A running benchmark's progress and estimates, after every saved change (`benchmark`).
    pub benchmark_progress: RwSignal<Option<BenchmarkProgress>>,
    /// A running benchmark's results as the driver computed them (the page only draws them).
    pub benchmark_results: RwSignal<Option<BenchmarkResults>>,
}

impl LiveRun {
    pub fn new(library: Library) -> Self {
        Self {
            session: RwSignal::new(None),
            calls: RwSignal::new(Vec::new()),
            running: RwSignal::new(false),
            notice: RwSignal::new(None),
            library,
            announcement: RwSignal::new(String::new()),
            focus_run: RwSignal::new(false),
            skip_demo: RwSignal::new(false),
            follow: RwSignal::new(true),
            benchmark_progress: RwSignal::new(None),
            benchmark_results: RwSignal::new(None),
        }
    }

    /// The results the driver computed for the running benchmark `id` (tracked); None for
    /// another session's run or before its first results.
    pub fn benchmark_results_of(&self, id: &SessionId) -> Option<BenchmarkResults> {
        self.benchmark_results
            .with(|r| r.as_ref().filter(|r| r.session_id == *id).cloned())
    }

    pub(super) fn call(&self, call_id: &CallId) -> Option<LiveCall> {
        self.calls
            .with_untracked(|calls| calls.iter().find(|c| c.call_id == *call_id).cloned())
    }

    pub(super) fn call_entry(
        &self,
        call_id: CallId,
        round: u8,
        participant_id: &ParticipantId,
    ) -> LiveCall {
        if let Some(found) = self.call(&call_id) {
            return found;
        }
        let entry = LiveCall {
            call_id,
            round,
            participant_id: participant_id.clone(),
            status: RwSignal::new(LiveStatus::Waiting),
            text: StreamText::new(),
            note: RwSignal::new(None),
            answered_by: RwSignal::new(None),
        };
        self.calls.update(|calls| calls.push(entry.clone()));
        entry
    }

    /// Stores the session after the saves already asked for (the page's own change, outside a
    /// run: the run's saves are the driver's); a failed save is reported, never fatal (the session
    /// stays in memory, and exportable).
    pub fn persist(&self, session: &Session) {
        let live = *self;
        let summary = SessionSummary::of(session);
        storage::save_soon(session.clone(), move |result| {
            live.saved_noting(summary, result)
        });
    }

    /// As `saved`, for a save that may have kept only the material's cited passages: its
    /// sentence stays on the page.
    fn saved_noting(&self, summary: SessionSummary, result: Result<Option<String>, String>) {
        match result {
            Ok(note) => self.saved(summary, note),
            Err(message) => self.notice.set(Some(message)),
        }
    }

    /// A save was written: the session list takes its entry, and `note` (the sentence of a save
    /// that kept only the material's cited passages, or None) replaces the notice.
    pub(super) fn saved(&self, summary: SessionSummary, note: Option<String>) {
        self.notice.set(note);
        self.library.saved(summary);
        ask_persistence_once();
    }

    /// `runs`, outside a reactive scope.
    pub fn runs_untracked(&self, id: &SessionId) -> bool {
        self.running.get_untracked()
            && self
                .session
                .with_untracked(|s| s.as_ref().is_some_and(|s| s.id == *id))
    }

    /// True while this tab runs the session `id`.
    pub fn runs(&self, id: &SessionId) -> bool {
        self.running.get()
            && self
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.id == *id))
    }
}

/// After the first saved session, the browser is asked to keep this site's data under storage
/// pressure (History shows whether it agreed).
fn ask_persistence_once() {
    thread_local! {
        static ASKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !ASKED.with(|asked| asked.replace(true)) {
        spawn_local(async {
            let _ = storage::ask_persistence().await;
        });
    }
}

/// One model call as the live view shows it.
#[derive(Clone, Debug)]
pub struct LiveCall {
    /// The asked call the card shows (its re-ask shows on it too).
    pub call_id: CallId,
    pub round: u8,
    pub participant_id: ParticipantId,
    pub status: RwSignal<LiveStatus>,
    /// Streamed text so far.
    pub text: StreamText,
    /// Retry notices and the like.
    pub note: RwSignal<Option<String>>,
    /// Set when the seat's backup answered in its place (a hedged call).
    pub answered_by: RwSignal<Option<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LiveStatus {
    Waiting,
    Streaming,
    Retrying,
    Done,
    Failed(String),
}
