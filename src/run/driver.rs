//! The driver's one entry: a command in (`handle`), reports out through the one callback it is
//! given. Exactly one run at a time here, and one per session across tabs (`platform::run_lock`).
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use consilium_engine::{
    consult::cross_examine_anyway, consult::run_consult, demo::BENCHMARK_DEMO_SPEEDUP,
    harness::io::FirstTextTimes, prioritize::run_prioritize, record::Body, record::Session,
    resume::invalid_record_notice, review::run_review,
};
use wasm_bindgen_futures::spawn_local;

use super::caller::BrowserCaller;
use super::clock::BrowserClock;
use super::keys::RunKeys;
use super::messages::{RunCommand, RunHow, RunReport};
use super::sink::ReportingSink;
use crate::platform::transport::CancelToken;
use crate::platform::{run_lock, storage};
use crate::settings::Settings;

/// Where the driver's reports go, in order: the page's follower (or, from a worker, a message).
pub type Reports = Rc<dyn Fn(RunReport)>;

pub const ALREADY_RUNNING: &str = "A session is already running in this tab. Wait for it to \
                                   finish, or cancel it, before starting or resuming another.";
pub const RUNNING_ELSEWHERE: &str = "This session is running in another tab. It can resume here \
                                     once that tab finishes it or is closed.";

/// What the commands reach of the active run.
struct ActiveRun {
    cancel: CancelToken,
    skip_demo: Rc<Cell<bool>>,
}

thread_local! {
    static ACTIVE_RUN: RefCell<Option<ActiveRun>> = const { RefCell::new(None) };
    /// The providers' times to first text while the page is open, so the adaptive hedging
    /// deadline knows a provider from its first call of a run.
    static FIRST_TEXT_TIMES: Rc<FirstTextTimes> = Rc::default();
}

/// Does what `command` asks; what follows is reported through `report`.
pub fn handle(command: RunCommand, report: &Reports) {
    match command {
        RunCommand::Start {
            session,
            settings,
            keys,
            how,
        } => start(*session, *settings, keys, how, Rc::clone(report)),
        RunCommand::Cancel => with_active_run(|run| run.cancel.cancel()),
        RunCommand::SkipDemoPace => with_active_run(|run| run.skip_demo.set(true)),
    }
}

fn with_active_run(act: impl FnOnce(&ActiveRun)) {
    ACTIVE_RUN.with(|active| {
        if let Some(run) = active.borrow().as_ref() {
            act(run);
        }
    });
}

/// Saves the session first when `how` asks, then runs it in the background. Refused while another
/// run is active here, for a stored record that is not valid, and (once its lock is found held)
/// for a session another tab runs.
fn start(session: Session, settings: Settings, keys: RunKeys, how: RunHow, report: Reports) {
    let sink = ReportingSink::new(Rc::clone(&report));
    if how.saves_first() {
        sink.saves.whole(&session);
    }
    let refused = if ACTIVE_RUN.with(|active| active.borrow().is_some()) {
        Some(ALREADY_RUNNING.to_string())
    } else {
        invalid_record_notice(&session)
    };
    if let Some(notice) = refused {
        return report(RunReport::Refused { notice });
    }
    let cancel = CancelToken::default();
    let skip_demo = Rc::new(Cell::new(false));
    ACTIVE_RUN.with(|active| {
        *active.borrow_mut() = Some(ActiveRun {
            cancel: cancel.clone(),
            skip_demo: Rc::clone(&skip_demo),
        })
    });
    spawn_local(async move {
        let Some(lock) = run_lock::try_lock(&session.id).await else {
            end_active_run();
            return report(RunReport::Refused {
                notice: RUNNING_ELSEWHERE.to_string(),
            });
        };
        let caller = BrowserCaller {
            settings,
            keys,
            cancel,
            skip_demo,
            demo_speedup: match session.body {
                Body::Benchmark(_) => BENCHMARK_DEMO_SPEEDUP,
                _ => 1,
            },
            first_text_times: FIRST_TEXT_TIMES.with(Rc::clone),
        };
        let finished = run_engine(session, how, &caller, &sink).await;
        sink.results_reported().await;
        // Written before the lock goes, so a tab waiting on it reads the final record. A session
        // the page already holds as the run ended (a benchmark's last change comes whole) is
        // already on its way to storage: no copy, no second save, no second crossing.
        let session = if sink.holds(&finished) {
            storage::written().await;
            None
        } else {
            sink.saves.whole_and_wait(&finished).await;
            Some(Box::new(finished))
        };
        drop(lock);
        end_active_run();
        report(RunReport::Finished { session });
    });
}

/// The protocol's run (or "Cross-examine anyway"), to its end: the session as it finished.
async fn run_engine(
    session: Session,
    how: RunHow,
    caller: &BrowserCaller,
    sink: &ReportingSink,
) -> Session {
    match &session.body {
        Body::Consult(_) if how == RunHow::CrossExamineAnyway => {
            cross_examine_anyway(session, caller, &BrowserClock, sink).await
        }
        Body::Consult(_) => run_consult(session, caller, &BrowserClock, sink).await,
        Body::Review(_) => run_review(session, caller, &BrowserClock, sink).await,
        Body::Prioritize(_) => run_prioritize(session, caller, &BrowserClock, sink).await,
        Body::Benchmark(_) => super::benchmark::run_in_browser(session, caller, sink).await,
    }
}

fn end_active_run() {
    ACTIVE_RUN.with(|active| *active.borrow_mut() = None);
}
