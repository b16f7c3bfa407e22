//! What the page and the run driver say to each other: commands in, reports out. Both serialise,
//! so the same messages can cross to a worker; on the page they are handed over as they are.
use consilium_engine::benchmark::progress::BenchmarkProgress;
use consilium_engine::benchmark_council::view::choice::CouncilChoiceView;
use consilium_engine::benchmark_council::view::results::BenchmarkResultsView;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::harness::events::Event;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::outcomes_apart::RecordUpdate;
use consilium_engine::record::Session;
use serde::{Deserialize, Serialize};

use super::keys::RunKeys;
use crate::settings::Settings;

/// What the page asks of the driver.
// One start per run: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RunCommand {
    /// Runs `session` as `how` says, with the settings and the keys as they were when it started
    /// (`keys` only cross, never stored). Refused while another run is active, for a record
    /// that is not valid, and for a session another tab runs (`RunReport::Refused`).
    Start {
        session: Box<Session>,
        settings: Box<Settings>,
        keys: RunKeys,
        how: RunHow,
    },
    /// Aborts every request of the active run; the engine then records it as aborted.
    Cancel,
    /// "Skip to the decision": the demo streams the rest of its replies at once.
    SkipDemoPace,
}

/// How a session's run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunHow {
    /// A new session (a demo too): saved first, then run.
    Launch,
    /// A stored session, on from where it stopped.
    Resume,
    /// A review on its amended code: saved first (the code changed), then run on.
    Amend,
    /// "Cross-examine anyway" on a consult decided early: rounds 3 and 4 on the stored rounds 1
    /// and 2 (`consilium_engine::consult::cross_examine_anyway`).
    CrossExamineAnyway,
}

impl RunHow {
    /// Whether the session is saved before its run (it is not stored as it stands).
    pub fn saves_first(self) -> bool {
        matches!(self, RunHow::Launch | RunHow::Amend)
    }
}

/// What the driver tells the page, in the order it happened.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RunReport {
    /// The run did not start, or stopped before its first step (another tab runs the session):
    /// the sentence to show.
    Refused { notice: String },
    /// The engine's event, as it emitted it.
    Event(Event),
    /// A running benchmark's progress after a saved change, with the time spent on the question
    /// under way.
    BenchmarkProgress(BenchmarkProgress),
    /// A running benchmark's results as its page shows them, computed where the run runs
    /// (`benchmark_results`).
    BenchmarkResults(Box<BenchmarkResults>),
    /// A running benchmark's whole change after its start (the best single model chosen, its
    /// end), for a page that holds the run's session: its record and the questions that changed,
    /// not the whole session again.
    BenchmarkRecord(Box<RecordUpdate>),
    /// A save of the run was written: the session list's new entry, and the sentence to keep on
    /// the page when only the material's cited passages fitted (storage full).
    Saved {
        summary: SessionSummary,
        note: Option<String>,
    },
    /// A save of the run was refused (storage full, the session deleted): why. Never fatal: the
    /// session stays in memory, and exportable.
    SaveFailed { message: String },
    /// The run ended and its record is written. `session` is the finished session, or None when
    /// it is the last whole session reported (a benchmark's end: not handed over twice).
    Finished { session: Option<Box<Session>> },
}

/// Whether the page is told of the engine's `event`. A benchmark's calls and every cost event
/// stay with the driver: the Benchmark's page draws its progress and results, never a call (17
/// calls a question, each started, streamed and finished, would be most of what the page receives
/// and handles over a long run), and every page reads costs from the record.
pub fn reported(event: &Event) -> bool {
    match event {
        Event::CallStarted { call_id, .. }
        | Event::CallDelta { call_id, .. }
        | Event::CallNote { call_id, .. }
        | Event::CallFinished { call_id, .. } => call_id.question().is_none(),
        Event::CostUpdated { .. } => false,
        _ => true,
    }
}

/// A running benchmark's results, its council choice and its cost line, as of `arm_outcomes`
/// stored outcomes: computed by the driver (in the run's worker), so the page, which would
/// otherwise go over the whole run to compute them, only draws them. The two views cross as
/// JSON text, written in the `benchmark_results` part and read in the Benchmark page's: the run
/// part, which reads every report, then carries neither view's serde (about 20 KB of code).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkResults {
    pub session_id: SessionId,
    pub arm_outcomes: usize,
    /// A `BenchmarkResultsView` as JSON.
    pub results_json: String,
    /// A `CouncilChoiceView` as JSON.
    pub choice_json: String,
    pub cost_line: String,
}

impl BenchmarkResults {
    pub fn new(
        session_id: SessionId,
        arm_outcomes: usize,
        results: &BenchmarkResultsView,
        choice: &CouncilChoiceView,
        cost_line: String,
    ) -> Self {
        Self {
            session_id,
            arm_outcomes,
            results_json: to_json(results),
            choice_json: to_json(choice),
            cost_line,
        }
    }

    /// The two views, read back; None when either text is not one (never written so).
    pub fn views(&self) -> Option<(BenchmarkResultsView, CouncilChoiceView)> {
        Some((
            serde_json::from_str(&self.results_json).ok()?,
            serde_json::from_str(&self.choice_json).ok()?,
        ))
    }
}

/// A view model's JSON: views hold strings and numbers only, which always serialise.
fn to_json(view: &impl Serialize) -> String {
    serde_json::to_string(view).unwrap_or_default()
}
