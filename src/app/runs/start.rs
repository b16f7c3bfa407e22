//! Starting a run. In the split build the engine (the three protocols, the harness, the providers'
//! codecs, the record's serialization) is a part of its own, fetched when a run starts (or earlier,
//! when the page is idle: `prefetch`). While it loads, `RunStart::starting` is set (the form shows
//! it); a part that cannot load is kept in `RunStart::failed`, which `RunStartStatus` shows with Retry.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::foundation::ids::SessionId;
use std::sync::Arc;

use crate::platform::drafts::clear_draft;
use consilium_engine::demo::demo_session;
use consilium_engine::views::draft::asked_draft_key;
use consilium_engine::{
    key_limit::check_key_limits, key_limit::KeyLimitCheck, views::consent::ConsentRequest,
    views::seats::Seat,
};
use consilium_engine::{record::Protocol, record::Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use consilium_engine::harness::io::Clock;

use super::{start_run, LiveRun};
use crate::app::library::follow_library;
use crate::app::providers::gate::{known_failures, providers_without_key};
use crate::app::providers::key_book::has_key_info;
use crate::app::{AppState, Route};
use crate::platform::ids::new_id;
use crate::platform::last_protocol::remember_protocol;
use crate::platform::split::{split_fn, PartUnavailable};
use crate::run::clock::BrowserClock;
use crate::run::driver::ALREADY_RUNNING;
use crate::run::messages::RunHow;
use crate::settings::Settings;

/// Why a run did not start.
pub enum StartFailed {
    /// The driver refused it (another run is active, the record is invalid): its message.
    Refused(String),
    /// The run's part could not be fetched.
    Unavailable,
}

impl From<PartUnavailable> for StartFailed {
    fn from(_: PartUnavailable) -> Self {
        StartFailed::Unavailable
    }
}

/// The session a run starts: one the page holds, or a demo, built in the run's part so that the
/// three protocols' demo data (a diff, a backlog, the benchmark's questions) stay out of the
/// first screen.
// One value per launch: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum ToRun {
    Session(Session),
    Demo {
        protocol: Protocol,
        id: SessionId,
        now_ms: u64,
    },
}

impl ToRun {
    pub fn protocol(&self) -> Protocol {
        match self {
            ToRun::Session(session) => session.protocol(),
            ToRun::Demo { protocol, .. } => *protocol,
        }
    }

    pub fn id(&self) -> &SessionId {
        match self {
            ToRun::Session(session) => &session.id,
            ToRun::Demo { id, .. } => id,
        }
    }

    fn into_session(self) -> Session {
        match self {
            ToRun::Session(session) => session,
            ToRun::Demo {
                protocol,
                id,
                now_ms,
            } => demo_session(protocol, id, now_ms),
        }
    }
}

impl From<Session> for ToRun {
    fn from(session: Session) -> Self {
        ToRun::Session(session)
    }
}

split_fn! {
    run, preload preload_run_part:
    /// Starts the session's run as `how` says (`runs::start_run`; the driver saves it first when
    /// `how` asks).
    fn run_in_part(to_run: ToRun, settings: Settings, live: LiveRun, how: RunHow) -> Result<(), StartFailed> {
        let session = to_run.into_session();
        // A run saves into the session list and must hear another tab delete its session.
        follow_library(live);
        start_run(session, settings, live, how).map_err(StartFailed::Refused)
    }
}

/// A run's start as the form shows it: while its part loads, or the start that could not load it.
#[derive(Clone, Copy)]
pub struct RunStart {
    pub starting: RwSignal<bool>,
    pub failed: RwSignal<Option<RetryStart>>,
}

impl Default for RunStart {
    fn default() -> Self {
        Self {
            starting: RwSignal::new(false),
            failed: RwSignal::new(None),
        }
    }
}

/// A start that could not load its part, kept for Retry.
#[derive(Clone)]
pub struct RetryStart(Arc<dyn Fn() + Send + Sync>);

impl RetryStart {
    /// Tries the start again (its part is fetched afresh).
    pub fn retry(&self) {
        (self.0)()
    }
}

/// Every way a run starts goes through here (`launch`, `launch_demo`, `resume`, `amend`,
/// `cross_examine_anyway`): starts (or resumes) `session` as `how` says through the run part:
/// `started` runs once it runs, `refused` hears why not. A second start while one loads is
/// ignored.
fn start(
    state: AppState,
    session: impl Into<ToRun>,
    how: RunHow,
    started: impl Fn() + Send + Sync + Clone + 'static,
    refused: impl Fn(String) + Send + Sync + Clone + 'static,
) {
    let session = session.into();
    let live = state.live;
    let flags = state.start;
    if flags.starting.get_untracked() {
        return;
    }
    flags.starting.set(true);
    flags.failed.set(None);
    let retry_session = session.clone();
    let (retry_started, retry_refused) = (started.clone(), refused.clone());
    spawn_local(async move {
        let result = run_in_part(session, state.settings.get_untracked(), live, how).await;
        flags.starting.set(false);
        match result {
            Ok(()) => started(),
            Err(StartFailed::Refused(message)) => refused(message),
            Err(StartFailed::Unavailable) => {
                flags.failed.set(Some(RetryStart(Arc::new(move || {
                    start(
                        state,
                        retry_session.clone(),
                        how,
                        retry_started.clone(),
                        retry_refused.clone(),
                    )
                }))))
            }
        }
    });
}

/// Fetches the run's part in the background (see `ui::prefetch`); a failure is left for the
/// run's own start to report.
pub async fn prefetch() {
    let _ = preload_run_part().await;
}

/// Saves the new session, shows it and runs it, with focus on the live run, once the run's part
/// has loaded . A run already active in this tab is not interrupted: the new session
/// is refused, and `problem` says why.
pub fn launch(state: AppState, session: impl Into<ToRun>, problem: RwSignal<Option<String>>) {
    if state.live.running.get_untracked() {
        return problem.set(Some(ALREADY_RUNNING.to_string()));
    }
    let session = session.into();
    remember_protocol(session.protocol());
    let id = session.id().clone();
    // A question asked is no longer a draft: the box it was typed in opens empty next time.
    let asked_draft = match &session {
        ToRun::Session(session) => asked_draft_key(session),
        _ => None,
    };
    let started = move || {
        if let Some(key) = &asked_draft {
            clear_draft(key);
        }
        state.live.focus_run.set(true);
        state.go(Route::Session(id.clone()));
    };
    start(state, session, RunHow::Launch, started, move |message| {
        problem.set(Some(message))
    });
}

/// "Cross-examine anyway" on a consult decided early (the decision card offers it when
/// `views::Decision::can_cross_examine_anyway`): rounds 3 and 4 run on the stored rounds 1 and 2,
/// asking nothing again, with focus on the live run. Refused like any start while a run is active.
pub fn cross_examine_anyway(state: AppState, session: Session) {
    let live = state.live;
    if live.running.get_untracked() {
        return live.notice.set(Some(ALREADY_RUNNING.to_string()));
    }
    start(
        state,
        session,
        RunHow::CrossExamineAnyway,
        move || live.focus_run.set(true),
        move |message| live.notice.set(Some(message)),
    );
}

/// A run waiting for the user's word: the session to launch, why it is asked about, and the
/// estimate's text when the protocol has one.
#[derive(Clone)]
pub struct PendingRun {
    pub session: Session,
    pub request: ConsentRequest,
    pub estimate: Option<String>,
}

/// `Err` with the one message that stops the run: a key still missing for a seat's provider
/// (asked for above the button), or a seat whose provider is known to fail. `seats` are the seats
/// the run asks, as (label, seat) in the form's order.
pub fn ready_to_start(state: AppState, seats: &[(String, Seat)]) -> Result<(), String> {
    let asked: Vec<Seat> = seats.iter().map(|(_, seat)| seat.clone()).collect();
    if let Some((_, name)) = providers_without_key(state, &asked).first() {
        return Err(format!(
            "Paste the API key for {name} first (above the button)."
        ));
    }
    match known_failures(state, seats) {
        Some(message) => Err(message),
        None => Ok(()),
    }
}

/// Launches `session`, or holds it for the consent dialog beside the button when the engine asks
/// for the user's word (`consent`; `estimate` is the cost estimate's text, where there is one).
/// First the limits of the OpenRouter keys it uses are read again: a run whose worst case is
/// more than a key has left is stopped here, before its first call, and the consent says what
/// each key keeps after the run.
pub fn start_or_ask(
    state: AppState,
    session: Session,
    consent: Option<ConsentRequest>,
    estimate: Option<String>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) {
    problem.set(None);
    let limited: Vec<ProviderId> = state.settings.with_untracked(|settings| {
        session
            .participants
            .iter()
            .filter_map(|p| settings.provider(&p.provider_id))
            .filter(|p| has_key_info(p))
            .map(|p| p.id.clone())
            .collect()
    });
    let pending = PendingRun {
        session,
        request: consent.unwrap_or_else(no_consent),
        estimate,
    };
    if limited.is_empty() {
        return start_within_limits(state, pending, awaiting_consent, problem);
    }
    spawn_local(async move {
        let settings = state.settings.get_untracked();
        state.keys.refresh_all(&settings, &limited).await;
        start_within_limits(state, pending, awaiting_consent, problem);
    });
}

/// A request with no reason: nothing to ask unless a key's limit adds one.
fn no_consent() -> ConsentRequest {
    ConsentRequest {
        heading: "",
        reasons: Vec::new(),
        accept: "",
        decline: "",
    }
}

fn start_within_limits(
    state: AppState,
    mut pending: PendingRun,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) {
    let limits = state.settings.with_untracked(|s| state.keys.limits(s));
    match check_key_limits(&pending.session, &limits) {
        KeyLimitCheck::Exceeds(reason) => problem.set(Some(reason)),
        // No consent was asked for: the run starts; the limits' lines only join a consent.
        KeyLimitCheck::Within(_) if pending.request.reasons.is_empty() => {
            launch(state, pending.session, problem)
        }
        KeyLimitCheck::Within(lines) => {
            pending.request.reasons.extend(lines);
            awaiting_consent.set(Some(pending));
        }
    }
}

/// A demo of `protocol` with the scripted council, built in the run's part (so the demos' data
/// stays out of the first screen), launched as a new session.
pub fn launch_demo(state: AppState, protocol: Protocol, problem: RwSignal<Option<String>>) {
    let demo = ToRun::Demo {
        protocol,
        id: new_id("demo").into(),
        now_ms: BrowserClock.now_ms(),
    };
    launch(state, demo, problem);
}

/// Resumes a stored session where it stopped (its record is stored already), with focus on the
/// live run; a refusal is the live view's notice.
pub fn resume(state: AppState, session: Session) {
    let live = state.live;
    start(
        state,
        session,
        RunHow::Resume,
        move || live.focus_run.set(true),
        move |message| live.notice.set(Some(message)),
    );
}

/// Runs a review on its amended code (saved first), with focus on the live run.
pub fn amend(state: AppState, session: Session, problem: RwSignal<Option<String>>) {
    let live = state.live;
    start(
        state,
        session,
        RunHow::Amend,
        move || live.focus_run.set(true),
        move |message| problem.set(Some(message)),
    );
}
