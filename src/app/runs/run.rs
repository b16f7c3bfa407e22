//! The page's side of a run: its commands to the run driver (`run::driver`: start, cancel, skip
//! the demo's pace) and the one follower of its reports (`signals`). Exactly one run at a time in
//! this tab; the driver holds the rule too, and the one per session across tabs.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::record::Session;
use consilium_engine::resume::invalid_record_notice;
use leptos::prelude::*;

use super::live::{LiveRun, SendCommand};
use super::signals::SignalFollower;
use crate::platform::keys;
use crate::run::driver::{Reports, ALREADY_RUNNING};
use crate::run::keys::RunKeys;
use crate::run::messages::{RunCommand, RunHow};
use crate::settings::Settings;

/// Runs (or resumes) a session in the background; the live view follows it through `live`.
/// Refused while another run is active in this tab (`Err` says so; what the user wrote, a new
/// session or amended code, is saved all the same), and for a session whose stored record is
/// invalid. A session another tab runs is refused by the driver once its lock is found held, and
/// that shows as a notice.
pub fn start_run(
    session: Session,
    settings: Settings,
    live: LiveRun,
    how: RunHow,
) -> Result<(), String> {
    if live.running.get_untracked() {
        if how.saves_first() {
            live.persist(&session);
        }
        return Err(ALREADY_RUNNING.to_string());
    }
    if let Some(invalid) = invalid_record_notice(&session) {
        return Err(invalid);
    }
    connect(live);
    // Read once, here: the driver gets them with the start and keeps them for this run only.
    let keys = RunKeys::of(
        settings.providers.iter().map(|p| p.id.as_str()),
        keys::get_key,
    );
    live.calls.set(Vec::new());
    live.notice.set(None);
    live.skip_demo.set(false);
    live.follow.set(true);
    live.running.set(true);
    live.session.set(Some(session.clone()));
    live.send(RunCommand::Start {
        session: Box::new(session),
        settings: Box::new(settings),
        keys,
        how,
    });
    Ok(())
}

/// Links the page to the run driver, once per page: commands go to the driver in its worker (or
/// on the page, where none starts: `to_worker`), and its reports to one follower that turns them into signals. Reached only from the run's part, so the
/// driver (and the engine it runs) stays out of the first screen.
fn connect(live: LiveRun) {
    if DRIVER.with(|driver| driver.borrow().is_some()) {
        return;
    }
    let follower = SignalFollower::new(live);
    let reports: Reports = Rc::new(move |report| follower.follow(report));
    let send = super::to_worker::connect(reports);
    DRIVER.with(|driver| *driver.borrow_mut() = Some(send));
}

thread_local! {
    /// The way to the run driver, once the run's part has loaded (None before: no run to
    /// reach). One per page, as the page's one `LiveRun` is.
    static DRIVER: RefCell<Option<SendCommand>> = const { RefCell::new(None) };
}

impl LiveRun {
    /// Aborts every request of the running session; the engine then records it as aborted.
    pub fn cancel_run(&self) {
        self.send(RunCommand::Cancel);
    }

    /// "Skip to the decision": the demo streams the rest of its replies at once.
    pub fn skip_demo_pace(&self) {
        self.skip_demo.set(true);
        self.send(RunCommand::SkipDemoPace);
    }

    /// Nothing to reach before the run's part has loaded: no run has started.
    fn send(&self, command: RunCommand) {
        // Cloned out first: a command's reports may reach the page (and send again) at once.
        if let Some(send) = DRIVER.with(|driver| driver.borrow().clone()) {
            send(command);
        }
    }
}
