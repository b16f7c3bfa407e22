//! The one driver that runs the engine in the browser: exactly one run at a time in this tab, and
//! one per session across tabs (see `run_lock`). It performs the calls the engine asks for, turns
//! the engine's protocol-neutral events into signals the live view renders (streamed text
//! included), and persists every session update.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::cost_usd;
use consilium_engine::{
    run_consult, run_prioritize, run_review, Body, CallFailure, CallProgress, CallReply,
    CallRequest, Clock, DemoCaller, Event, EventSink, FirstTextTimes, HedgeDeadline, ModelCaller,
    NoProgress, Participant, Session, Sleep,
};
use consilium_providers::{
    redact, ChatReply, ChatRequest, ErrorContext, Message, Price, ProviderError, ResponseSchema,
    RetryPolicy, Role,
};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::run_lock;
use crate::settings::Settings;
use crate::storage::sync::Change;
use crate::storage::{self, SessionSummary};
use crate::stream_text::StreamText;
use crate::transport::{send_chat, CancelToken};
use crate::{keys, settings::ProviderSettings};

/// Provider id of the scripted demo council.
pub const DEMO_PROVIDER: &str = "demo";
/// Waits (backoff, Retry-After, the demo's pacing) are cut in slices this long, so that Cancel
/// takes effect well within a second.
const CANCEL_CHECK_MS: u32 = 100;

/// What the live view shows while (and after) a session runs.
#[derive(Clone, Copy)]
pub struct LiveRun {
    /// The session of the current (or last) run in this tab.
    pub session: RwSignal<Option<Session>>,
    pub calls: RwSignal<Vec<LiveCall>>,
    pub running: RwSignal<bool>,
    /// A problem the user must know about that did not stop the run (e.g. storage full).
    pub notice: RwSignal<Option<String>>,
    pub history: RwSignal<Vec<SessionSummary>>,
    /// What screen readers hear: each finished call and the end of the run, not every token.
    pub announcement: RwSignal<String>,
    /// Set when the user starts or resumes a run: the session view then moves focus to it.
    pub focus_run: RwSignal<bool>,
}

impl LiveRun {
    pub fn new() -> Self {
        Self {
            session: RwSignal::new(None),
            calls: RwSignal::new(Vec::new()),
            running: RwSignal::new(false),
            notice: RwSignal::new(None),
            history: RwSignal::new(Vec::new()),
            announcement: RwSignal::new(String::new()),
            focus_run: RwSignal::new(false),
        }
    }

    /// Loads the history list and keeps it in step with every tab's saves and deletions. Called
    /// once, when the app starts.
    pub fn follow_storage(self) {
        spawn_local(async move {
            match storage::list_sessions().await {
                Ok(list) => self.history.set(list),
                Err(message) => self.notice.set(Some(message)),
            }
        });
        if let Some(listener) = storage::sync::listen(move |change| self.apply(change)) {
            // The page's own lifetime: it listens until the tab closes.
            std::mem::forget(listener);
        }
    }

    fn apply(&self, change: Change) {
        match change {
            Change::Saved(summary) => self.history.update(|list| upsert(list, summary)),
            Change::Deleted(ids) => {
                self.history
                    .update(|list| list.retain(|s| !ids.contains(&s.id)));
                let running_deleted = self.running.get_untracked()
                    && self
                        .session
                        .with_untracked(|s| s.as_ref().is_some_and(|s| ids.contains(&s.id)));
                if running_deleted {
                    cancel_run();
                    self.notice.set(Some(
                        "This session was deleted in another tab, so its run was stopped. It is still \
                         open here: export it to keep it."
                            .into(),
                    ));
                }
            }
        }
    }

    fn call(&self, call_id: &str) -> Option<LiveCall> {
        self.calls
            .with_untracked(|calls| calls.iter().find(|c| c.call_id == call_id).cloned())
    }

    fn call_entry(&self, call_id: &str, round: u8, participant_id: &str) -> LiveCall {
        if let Some(found) = self.call(call_id) {
            return found;
        }
        let entry = LiveCall {
            call_id: call_id.to_string(),
            round,
            participant_id: participant_id.to_string(),
            status: RwSignal::new(LiveStatus::Waiting),
            text: StreamText::new(),
            note: RwSignal::new(None),
            answered_by: RwSignal::new(None),
        };
        self.calls.update(|calls| calls.push(entry.clone()));
        entry
    }

    /// Stores the session after the saves already asked for; a failed save is reported, never
    /// fatal (the session stays in memory, and exportable).
    pub fn persist(&self, session: &Session) {
        let live = *self;
        let summary = SessionSummary::of(session);
        storage::save_soon(session.clone(), move |result| live.saved(summary, result));
    }

    /// As `persist`, and waits until it is written (or refused).
    pub async fn persist_and_wait(&self, session: &Session) {
        let (done, written) = futures::channel::oneshot::channel();
        let live = *self;
        let summary = SessionSummary::of(session);
        storage::save_soon(session.clone(), move |result| {
            live.saved(summary, result);
            let _ = done.send(());
        });
        let _ = written.await;
    }

    fn saved(&self, summary: SessionSummary, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.notice.set(None);
                self.history.update(|list| upsert(list, summary));
                ask_persistence_once();
            }
            Err(message) => self.notice.set(Some(message)),
        }
    }

    /// True while this tab runs the session `id`.
    pub fn runs(&self, id: &str) -> bool {
        self.running.get()
            && self
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.id == id))
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

/// Puts a session's summary in the list (newest first), replacing its older one.
fn upsert(list: &mut Vec<SessionSummary>, summary: SessionSummary) {
    list.retain(|s| s.id != summary.id);
    let at = list
        .iter()
        .position(|s| s.updated_at <= summary.updated_at)
        .unwrap_or(list.len());
    list.insert(at, summary);
}

impl Default for LiveRun {
    fn default() -> Self {
        Self::new()
    }
}

/// One model call as the live view shows it.
#[derive(Clone, Debug)]
pub struct LiveCall {
    pub call_id: String,
    pub round: u8,
    pub participant_id: String,
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
pub fn start_run(session: Session, settings: Settings, live: LiveRun) -> Result<(), String> {
    if live.running.get_untracked() {
        return Err(ALREADY_RUNNING.to_string());
    }
    if let Some(invalid) = consilium_engine::views::invalid_record_notice(&session) {
        return Err(invalid);
    }
    let cancel = CancelToken::default();
    ACTIVE_RUN.with(|active| *active.borrow_mut() = Some(cancel.clone()));
    live.calls.set(Vec::new());
    live.notice.set(None);
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
            participants: session.participants.clone(),
            cancel,
            first_text_times: FIRST_TEXT_TIMES.with(Rc::clone),
        };
        let sink = SignalSink { live };
        let finished = match &session.body {
            Body::Consult(_) => run_consult(session, &caller, &BrowserClock, &sink).await,
            Body::Review(_) => run_review(session, &caller, &BrowserClock, &sink).await,
            Body::Prioritize(_) => run_prioritize(session, &caller, &BrowserClock, &sink).await,
        };
        // Written before the lock goes, so a tab waiting on it reads the final record.
        live.persist_and_wait(&finished).await;
        live.session.set(Some(finished));
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

pub struct BrowserClock;

impl Clock for BrowserClock {
    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }

    fn sleep_ms(&self, ms: u64) -> Sleep<'_> {
        Box::pin(TimeoutFuture::new(ms.min(u64::from(u32::MAX)) as u32))
    }
}

/// Engine events -> signals. The same for every protocol.
struct SignalSink {
    live: LiveRun,
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
                live.call_entry(&call_id, round_number, &participant_id);
            }
            Event::CallDelta {
                call_id,
                text,
                restart,
            } => {
                if let Some(call) = live.call(&call_id) {
                    call.status.set(LiveStatus::Streaming);
                    call.text.push(&text, restart);
                }
            }
            Event::CallNote { call_id, note } => {
                if let Some(call) = live.call(&call_id) {
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
                if let Some(call) = live.call(&call_id) {
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
            Event::Failed { reason } => live
                .announcement
                .set(format!("The session failed: {reason}")),
            Event::Aborted => live.announcement.set("The session was cancelled.".into()),
            Event::SessionUpdated(session) => {
                live.persist(&session);
                live.session.set(Some(*session));
            }
            _ => {}
        }
    }
}

struct BrowserCaller {
    settings: Settings,
    participants: Vec<Participant>,
    cancel: CancelToken,
    first_text_times: Rc<FirstTextTimes>,
}

impl ModelCaller for BrowserCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let participant = self
            .participants
            .iter()
            .find(|p| p.id == request.participant_id)
            .cloned()
            .ok_or_else(|| {
                config_failure(format!(
                    "No participant {} in this session.",
                    request.participant_id
                ))
            })?;
        // The hedge: the same request, to the seat's backup model.
        let participant = match (&participant.backup, request.backup) {
            (Some(backup), true) => Participant {
                label: format!("{} (backup {})", participant.label, backup.label()),
                provider_id: backup.provider_id.clone(),
                provider_label: backup.provider_label.clone(),
                model: backup.model.clone(),
                price: backup.price,
                backup: None,
                ..participant
            },
            _ => participant,
        };
        if participant.provider_id == DEMO_PROVIDER {
            return self.demo_call(request, progress).await;
        }
        let provider = self.settings.provider(&participant.provider_id).cloned().ok_or_else(|| {
            config_failure(format!(
                "{} uses the provider \"{}\", which is no longer in Settings. Add it again to resume.",
                participant.label, participant.provider_label
            ))
        })?;
        let chat = ChatRequest {
            model: participant.model.clone(),
            system: Some(request.system.clone()),
            messages: vec![Message {
                role: Role::User,
                content: request.prompt.clone(),
            }],
            max_tokens: request.max_tokens,
            temperature: Some(0.7),
            response_schema: request
                .response_schema
                .clone()
                .map(|(name, schema)| ResponseSchema { name, schema }),
            stream: true,
        };
        let (reply, notes) = self
            .send_with_retries(&provider, &participant, &chat, progress)
            .await?;
        Ok(CallReply {
            notes,
            ..call_reply(reply, participant.price)
        })
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        Some(self.settings.hedge_deadline())
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        Some(&self.first_text_times)
    }
}

impl BrowserCaller {
    async fn send_with_retries(
        &self,
        provider: &ProviderSettings,
        participant: &Participant,
        chat: &ChatRequest,
        progress: &dyn CallProgress,
    ) -> Result<(ChatReply, Vec<String>), CallFailure> {
        let key = keys::get_key(&provider.id);
        // What the reader of the session should still see once the call is over.
        let mut notes = Vec::new();
        let policy = RetryPolicy::default();
        let timeout_ms = self.settings.timeout_secs.max(5) * 1000;
        let mut chat = chat.clone();
        let mut attempt = 1;
        loop {
            progress.delta("", true);
            let outcome = send_chat(
                provider,
                key.as_deref(),
                &chat,
                timeout_ms,
                &self.cancel,
                &|delta| progress.delta(delta, false),
            )
            .await;
            let error = match outcome {
                Ok(reply) => return Ok((reply, notes)),
                Err(ProviderError::Cancelled) => return Err(CallFailure::cancelled()),
                Err(error) => error,
            };
            let context = ErrorContext {
                provider_name: &provider.name,
                kind: provider.kind,
                base_url: &provider.base_url,
                model: &participant.model,
            };
            let message = redact(&error.user_message(&context), key.as_deref());
            if let ProviderError::Incomplete { partial_text } = &error {
                // The provider read the prompt and streamed part of a reply: that attempt may be
                // billed, so the ledger gets it whether or not a retry follows.
                progress.attempt_failed(
                    CallReply {
                        text: partial_text.clone(),
                        model: Some(participant.model.clone()),
                        ..CallReply::default()
                    },
                    &message,
                );
            }
            // A server that cannot apply a schema can still answer: the engine reads plain replies too.
            if matches!(error, ProviderError::StructuredOutputRefused { .. })
                && chat.response_schema.take().is_some()
            {
                progress.note(Some(&format!(
                    "{message} This call is sent again without structured output."
                )));
                notes.push(format!(
                    "{message} It was sent again without structured output, and this reply was read \
                     from plain text."
                ));
                continue;
            }
            let Some(delay_ms) = policy.delay_ms(attempt, &error, js_sys::Math::random()) else {
                progress.note(None); // no retry is coming: the failure itself is shown instead
                return Err(CallFailure {
                    kind: error.kind_label().to_string(),
                    message: redact(&error.final_message(&context, attempt), key.as_deref()),
                });
            };
            progress.note(Some(&format!(
                "{message} Retrying in {:.1} s (attempt {} of {}).",
                delay_ms as f64 / 1000.0,
                attempt + 1,
                policy.max_attempts
            )));
            if !sleep_unless_cancelled(delay_ms, &self.cancel).await {
                return Err(CallFailure::cancelled());
            }
            attempt += 1;
        }
    }

    /// The scripted council streams its text in small pieces so the demo looks like a real run.
    async fn demo_call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let reply = DemoCaller.call(request, &NoProgress).await?;
        let chars: Vec<char> = reply.text.chars().collect();
        for piece in chars.chunks(24) {
            if self.cancel.is_cancelled() {
                return Err(CallFailure::cancelled());
            }
            let piece: String = piece.iter().collect();
            progress.delta(&piece, false);
            TimeoutFuture::new(12).await;
        }
        Ok(reply)
    }
}

/// Sleeps `ms`, waking early when the run is cancelled. False when it was.
async fn sleep_unless_cancelled(ms: u64, cancel: &CancelToken) -> bool {
    let mut left = ms;
    while left > 0 {
        if cancel.is_cancelled() {
            return false;
        }
        let slice = left.min(u64::from(CANCEL_CHECK_MS));
        TimeoutFuture::new(slice as u32).await;
        left -= slice;
    }
    !cancel.is_cancelled()
}

fn config_failure(message: String) -> CallFailure {
    CallFailure {
        kind: "config".into(),
        message,
    }
}

/// Cost comes from the provider when it reports one, else usage x price; unknown stays unknown.
fn call_reply(reply: ChatReply, price: Option<Price>) -> CallReply {
    let computed = match (reply.usage.as_ref(), price.as_ref()) {
        (Some(usage), Some(price)) => Some(cost_usd(usage, price)),
        _ => None,
    };
    CallReply {
        input_tokens: reply.usage.map(|u| u.input_tokens),
        output_tokens: reply.usage.map(|u| u.output_tokens),
        cost_usd: reply.reported_cost_usd.or(computed),
        model: reply.model,
        text: reply.text,
        notes: Vec::new(),
    }
}
