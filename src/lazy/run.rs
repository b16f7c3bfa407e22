//! Starting a run. In the split build the engine (the three protocols, the harness, the providers'
//! codecs, the record's serialization) is a part of its own, fetched when a run starts (or earlier,
//! when the page is idle: `prefetch`). While it loads, `live.starting` is set (the form shows it);
//! a part that cannot load is kept in `live.start_failed`, which `RunStartStatus` shows with Retry.
use std::sync::Arc;

use consilium_engine::views::session::demo_session;
use consilium_engine::{Protocol, Session};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{PartFailed, PartUnavailable};
use crate::app::AppState;
use crate::driver::{self, LiveRun};
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
        id: String,
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

    pub fn id(&self) -> &str {
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
    /// Saves the session first when `save` is set, then starts its run (`driver::start_run`).
    fn run_in_part(to_run: ToRun, settings: Settings, live: LiveRun, save: bool) -> Result<(), StartFailed> {
        let session = to_run.into_session();
        // A run saves into the session list and must hear another tab delete its session.
        super::sidebar::follow_library(live);
        if save {
            live.persist(&session);
        }
        driver::start_run(session, settings, live).map_err(StartFailed::Refused)
    }
}

/// A start that could not load its part, kept for Retry.
#[derive(Clone)]
pub struct RetryStart(Arc<dyn Fn() + Send + Sync>);

/// Starts (or resumes) `session` through the run part: `started` runs once it runs, `refused`
/// hears the driver's message. Saved first when `save` is set. A second start while one loads is
/// ignored.
pub fn start(
    state: AppState,
    session: impl Into<ToRun>,
    save: bool,
    started: impl Fn() + Send + Sync + Clone + 'static,
    refused: impl Fn(String) + Send + Sync + Clone + 'static,
) {
    let session = session.into();
    let live = state.live;
    if live.starting.get_untracked() {
        return;
    }
    live.starting.set(true);
    live.start_failed.set(None);
    let retry_session = session.clone();
    let (retry_started, retry_refused) = (started.clone(), refused.clone());
    spawn_local(async move {
        let result = run_in_part(session, state.settings.get_untracked(), live, save).await;
        live.starting.set(false);
        match result {
            Ok(()) => started(),
            Err(StartFailed::Refused(message)) => refused(message),
            Err(StartFailed::Unavailable) => {
                live.start_failed.set(Some(RetryStart(Arc::new(move || {
                    start(
                        state,
                        retry_session.clone(),
                        save,
                        retry_started.clone(),
                        retry_refused.clone(),
                    )
                }))))
            }
        }
    });
}

/// While a run's part loads: says so; when it could not load: the part's message with Retry,
/// scrolled into view (the button that started it may be far above, e.g. the demo's on a phone).
#[component]
pub fn RunStartStatus() -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let status = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if live.start_failed.with(Option::is_some) {
            if let Some(element) = status.get() {
                request_animation_frame(move || {
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    element.scroll_into_view_with_scroll_into_view_options(&options);
                });
            }
        }
    });
    let shown = move || {
        if live.starting.get() {
            Some(view! { <p class="part-loading" role="status">"Starting…"</p> }.into_any())
        } else {
            live.start_failed
                .get()
                .map(|RetryStart(retry)| view! { <PartFailed retry=move || retry() /> }.into_any())
        }
    };
    view! { <div class="run-start-status" node_ref=status>{shown}</div> }
}

/// Fetches the run's part in the background (see `super::prefetch`); a failure is left for the
/// run's own start to report.
pub async fn prefetch() {
    let _ = preload_run_part().await;
}
