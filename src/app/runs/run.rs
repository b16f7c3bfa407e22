//! Starting and cancelling a run: exactly one run at a time in this tab, and one per session
//! across tabs (see `run_lock`).
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::{
    consult::cross_examine_anyway, consult::run_consult, demo::BENCHMARK_DEMO_SPEEDUP,
    harness::io::FirstTextTimes, prioritize::run_prioritize, record::Body, record::Session,
    review::run_review,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::caller::BrowserCaller;
use super::clock::BrowserClock;
use super::live::LiveRun;
use super::signals::SignalSink;
use crate::platform::transport::CancelToken;
use crate::platform::{run_lock, storage};
use crate::settings::Settings;

thread_local! {
    static ACTIVE_RUN: RefCell<Option<CancelToken>> = const { RefCell::new(None) };
    /// The providers' times to first text while the page is open, so the adaptive hedging
    /// deadline knows a provider from its first call of a run.
    static FIRST_TEXT_TIMES: Rc<FirstTextTimes> = Rc::default();
}

pub const ALREADY_RUNNING: &str = "A session is already running in this tab. Wait for it to \
                                   finish, or cancel it, before starting or resuming another.";
pub const RUNNING_ELSEWHERE: &str = "This session is running in another tab. It can resume here \
                                     once that tab finishes it or is closed.";

/// Runs (or resumes) a session in the background; the live view follows it through `live`.
/// Refused while another run is active in this tab (`Err` says so); a session another tab runs
/// is refused when its lock is found held, with the same message shown as a notice, and so is a
/// session whose stored record is invalid.
/// How a session's run goes: on from where it stands (a new run, or a resume), or "Cross-examine
/// anyway" on a consult decided early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunHow {
    RunOrResume,
    CrossExamineAnyway,
}

pub fn start_run(
    session: Session,
    settings: Settings,
    live: LiveRun,
    how: RunHow,
) -> Result<(), String> {
    if live.running.get_untracked() {
        return Err(ALREADY_RUNNING.to_string());
    }
    if let Some(invalid) = consilium_engine::resume::invalid_record_notice(&session) {
        return Err(invalid);
    }
    let cancel = CancelToken::default();
    ACTIVE_RUN.with(|active| *active.borrow_mut() = Some(cancel.clone()));
    live.calls.set(Vec::new());
    live.notice.set(None);
    live.skip_demo.set(false);
    live.follow.set(true);
    live.running.set(true);
    live.session.set(Some(session.clone()));
    spawn_local(async move {
        let Some(lock) = run_lock::try_lock(&session.id).await else {
            live.notice.set(Some(RUNNING_ELSEWHERE.to_string()));
            finish_run(live);
            return;
        };
        let caller = BrowserCaller {
            settings,
            cancel,
            skip_demo: live.skip_demo,
            demo_speedup: match session.body {
                Body::Benchmark(_) => BENCHMARK_DEMO_SPEEDUP,
                _ => 1,
            },
            first_text_times: FIRST_TEXT_TIMES.with(Rc::clone),
        };
        let sink = SignalSink::new(live);
        let finished = match &session.body {
            Body::Consult(_) if how == RunHow::CrossExamineAnyway => {
                cross_examine_anyway(session, &caller, &BrowserClock, &sink).await
            }
            Body::Consult(_) => run_consult(session, &caller, &BrowserClock, &sink).await,
            Body::Review(_) => run_review(session, &caller, &BrowserClock, &sink).await,
            Body::Prioritize(_) => run_prioritize(session, &caller, &BrowserClock, &sink).await,
            Body::Benchmark(_) => super::benchmark::run_in_browser(session, &caller, &sink).await,
        };
        // The views have seen every change before the run is said to have stopped.
        sink.settled().await;
        // Written before the lock goes, so a tab waiting on it reads the final record. A session
        // the sink already holds as the run ended (a benchmark's last change comes whole) is
        // already shown and on its way to storage: no copy, no second save, no second look.
        if sink.holds(&finished) {
            storage::written().await;
        } else {
            live.persist_and_wait(&finished).await;
            live.session.set(Some(finished));
        }
        drop(lock);
        finish_run(live);
    });
    Ok(())
}

fn finish_run(live: LiveRun) {
    ACTIVE_RUN.with(|active| *active.borrow_mut() = None);
    live.running.set(false);
}

/// Aborts every request of the running session; the engine then records it as aborted.
pub fn cancel_run() {
    ACTIVE_RUN.with(|active| {
        if let Some(token) = active.borrow().as_ref() {
            token.cancel();
        }
    });
}
