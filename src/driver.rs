//! The one driver that runs the engine in the browser: it performs the calls the engine asks for
//! (streaming each reply into the live view), persists every session update, and turns engine
//! events into signals the components render.
use std::cell::RefCell;

use consilium_engine::{
    run_consult, CallFailure, CallReply, CallRequest, Clock, ConsultEvent, ConsultSession,
    DemoCaller, EventSink, ModelCaller, Participant,
};
use consilium_providers::{
    cost_usd, redact, ChatReply, ChatRequest, ErrorContext, Message, Price, ProviderError,
    ResponseSchema, RetryPolicy, Role,
};
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::settings::Settings;
use crate::storage::{self, SessionSummary};
use crate::transport::{send_chat, CancelToken};
use crate::{keys, settings::ProviderSettings};

/// Provider id of the scripted demo council.
pub const DEMO_PROVIDER: &str = "demo";

/// What the live view shows while (and after) a session runs.
#[derive(Clone, Copy)]
pub struct LiveRun {
    pub session: RwSignal<Option<ConsultSession>>,
    pub calls: RwSignal<Vec<LiveCall>>,
    pub running: RwSignal<bool>,
    /// A problem the user must know about that did not stop the run (e.g. storage full).
    pub notice: RwSignal<Option<String>>,
    pub history: RwSignal<Vec<SessionSummary>>,
}

impl LiveRun {
    pub fn new() -> Self {
        Self {
            session: RwSignal::new(None),
            calls: RwSignal::new(Vec::new()),
            running: RwSignal::new(false),
            notice: RwSignal::new(None),
            history: RwSignal::new(storage::list_sessions()),
        }
    }

    fn call_entry(&self, call_id: &str, round: u8, participant_id: &str) -> LiveCall {
        if let Some(found) = self
            .calls
            .with_untracked(|calls| calls.iter().find(|c| c.call_id == call_id).cloned())
        {
            return found;
        }
        let entry = LiveCall {
            call_id: call_id.to_string(),
            round,
            participant_id: participant_id.to_string(),
            status: RwSignal::new(LiveStatus::Waiting),
            text: RwSignal::new(String::new()),
            note: RwSignal::new(None),
        };
        self.calls.update(|calls| calls.push(entry.clone()));
        entry
    }

    /// Stores the session and shows it; a failed save is reported, never fatal.
    pub fn persist(&self, session: &ConsultSession) {
        match storage::save_session(session) {
            Ok(()) => self.notice.set(None),
            Err(message) => self.notice.set(Some(message)),
        }
        self.history.set(storage::list_sessions());
    }
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
    pub text: RwSignal<String>,
    /// Retry notices and the like.
    pub note: RwSignal<Option<String>>,
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
}

/// Runs (or resumes) a session in the background; the live view follows it through `live`.
pub fn start_run(session: ConsultSession, settings: Settings, live: LiveRun) {
    let cancel = CancelToken::default();
    ACTIVE_RUN.with(|active| *active.borrow_mut() = Some(cancel.clone()));
    live.calls.set(Vec::new());
    live.running.set(true);
    live.session.set(Some(session.clone()));
    spawn_local(async move {
        let participants: Vec<Participant> = session
            .config
            .panelists
            .iter()
            .chain(std::iter::once(&session.config.judge))
            .cloned()
            .collect();
        let caller = BrowserCaller {
            settings,
            participants,
            cancel,
            live,
        };
        let sink = SignalSink { live };
        let finished = run_consult(session, &caller, &BrowserClock, &sink).await;
        live.persist(&finished);
        live.session.set(Some(finished));
        live.running.set(false);
        ACTIVE_RUN.with(|active| *active.borrow_mut() = None);
    });
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
}

struct SignalSink {
    live: LiveRun,
}

impl EventSink for SignalSink {
    fn emit(&self, event: ConsultEvent) {
        match event {
            ConsultEvent::CallStarted {
                call_id,
                round_number,
                participant_id,
            } => {
                self.live
                    .call_entry(&call_id, round_number, &participant_id);
            }
            ConsultEvent::CallFinished {
                call_id, ok, error, ..
            } => {
                if let Some(call) = self
                    .live
                    .calls
                    .with_untracked(|c| c.iter().find(|c| c.call_id == call_id).cloned())
                {
                    call.status.set(if ok {
                        LiveStatus::Done
                    } else {
                        LiveStatus::Failed(error.unwrap_or_default())
                    });
                }
            }
            ConsultEvent::SessionUpdated(session) => {
                self.live.persist(&session);
                self.live.session.set(Some(*session));
            }
            _ => {}
        }
    }
}

struct BrowserCaller {
    settings: Settings,
    participants: Vec<Participant>,
    cancel: CancelToken,
    live: LiveRun,
}

impl ModelCaller for BrowserCaller {
    async fn call(&self, request: CallRequest) -> Result<CallReply, CallFailure> {
        let live_call =
            self.live
                .call_entry(&request.call_id, request.round, &request.participant_id);
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
        if participant.provider_id == DEMO_PROVIDER {
            return self.demo_call(request, &live_call).await;
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
        let reply = self
            .send_with_retries(&provider, &participant, &chat, &live_call)
            .await?;
        live_call.note.set(None);
        Ok(call_reply(
            reply,
            participant.price.map(engine_price_to_provider),
        ))
    }
}

impl BrowserCaller {
    async fn send_with_retries(
        &self,
        provider: &ProviderSettings,
        participant: &Participant,
        chat: &ChatRequest,
        live_call: &LiveCall,
    ) -> Result<ChatReply, CallFailure> {
        let key = keys::get_key(&provider.id);
        let policy = RetryPolicy::default();
        let timeout_ms = self.settings.timeout_secs.max(5) * 1000;
        let mut attempt = 1;
        loop {
            live_call.text.set(String::new());
            live_call.status.set(LiveStatus::Streaming);
            let text = live_call.text;
            let outcome = send_chat(
                provider,
                key.as_deref(),
                chat,
                timeout_ms,
                &self.cancel,
                &|delta| text.update(|t| t.push_str(delta)),
            )
            .await;
            let error = match outcome {
                Ok(reply) => return Ok(reply),
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
            let Some(delay_ms) = policy.delay_ms(attempt, &error, js_sys::Math::random()) else {
                live_call.note.set(None); // no retry is coming: the failure itself is shown instead
                return Err(CallFailure {
                    kind: error.kind_label().to_string(),
                    message,
                });
            };
            live_call.status.set(LiveStatus::Retrying);
            live_call.note.set(Some(format!(
                "{message} Retrying in {:.1} s (attempt {} of {}).",
                delay_ms as f64 / 1000.0,
                attempt + 1,
                policy.max_attempts
            )));
            TimeoutFuture::new(delay_ms as u32).await;
            if self.cancel.is_cancelled() {
                return Err(CallFailure::cancelled());
            }
            attempt += 1;
        }
    }

    /// The scripted council streams its text in small pieces so the demo looks like a real run.
    async fn demo_call(
        &self,
        request: CallRequest,
        live_call: &LiveCall,
    ) -> Result<CallReply, CallFailure> {
        live_call.status.set(LiveStatus::Streaming);
        let reply = DemoCaller.call(request).await?;
        let chars: Vec<char> = reply.text.chars().collect();
        for piece in chars.chunks(24) {
            if self.cancel.is_cancelled() {
                return Err(CallFailure::cancelled());
            }
            let piece: String = piece.iter().collect();
            live_call.text.update(|t| t.push_str(&piece));
            TimeoutFuture::new(12).await;
        }
        Ok(reply)
    }
}

fn config_failure(message: String) -> CallFailure {
    CallFailure {
        kind: "config".into(),
        message,
    }
}

pub fn engine_price_to_provider(price: consilium_engine::Price) -> Price {
    Price {
        input_per_million: price.input_per_million,
        output_per_million: price.output_per_million,
    }
}

pub fn provider_price_to_engine(price: Price) -> consilium_engine::Price {
    consilium_engine::Price {
        input_per_million: price.input_per_million,
        output_per_million: price.output_per_million,
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
    }
}
