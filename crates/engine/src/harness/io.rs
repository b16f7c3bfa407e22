//! How the engine reaches the outside world. The engine never performs I/O or reads a clock itself:
//! the shell (browser) or a test supplies these, which keeps every protocol deterministic under `cargo test`.
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};

use crate::foundation::ids::{ParticipantId, ProviderId};
use crate::foundation::participants::{model_label, Backup, Participant, Price};
use crate::record::is_zero;
use crate::record::sources::ImageData;
use consilium_providers::{FailureKind, SearchReport, WebSearch};

/// The sampling temperature of every call a protocol makes.
pub const TEMPERATURE: f32 = 0.7;

/// One model call the engine wants made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallRequest {
    /// Unique within a session, stable across a resume, e.g. `r1-panelist-2`, `r1-panelist-2-reask`.
    pub call_id: String,
    pub round: u8,
    /// Which participant (panelist or judge) makes the call; see `Participant::id`.
    pub participant_id: ParticipantId,
    /// Where the call goes, resolved: the shell looks up the key for `target.provider_id` and sends.
    pub target: CallTarget,
    /// Empty for none.
    pub system: String,
    /// The user message.
    pub prompt: String,
    pub max_tokens: u32,
    pub temperature: f32,
    /// JSON schema for the provider's structured-output feature: (name, schema).
    pub response_schema: Option<(String, serde_json::Value)>,
    /// "<session id>:<participant id>" (with material, "<session id>:<model>": every seat on the
    /// model shares the material's prefix) on a call that takes part in its seat's prompt cache: it
    /// opens with the prefix a later call of the seat reads, or it is that later call (see
    /// `Prompt::cache_prefix`). None for a one-off call, which no provider is asked to cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_cache_key: Option<String>,
    /// With the key: how many bytes at the start of `prompt` (a char boundary) the seat's calls
    /// share, after the same system prompt. Anthropic gets them as a content block of their own
    /// carrying the cache breakpoint, so a later call can read them (its cache matches at block
    /// boundaries only).
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    pub cache_prefix_len: usize,
    /// Images the call carries, in order, to go before the prompt's text in the user message:
    /// OpenAI `image_url` with a data URL, Anthropic `image` with a base64 source, Gemini
    /// `inline_data`. Empty for a text-only call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<ImageData>,
    /// Search the web with the provider's own feature (rounds 1 and 3 of a searching council).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_search: Option<WebSearch>,
}

fn is_zero_usize(value: &usize) -> bool {
    *value == 0
}

/// Which model a call goes to, at what price: a seat's own model or its backup, decided once by
/// the engine (the race in `harness::asking`). Keys are not here: the shell has them by provider.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallTarget {
    pub provider_id: ProviderId,
    /// The provider's name as the session knows it (for a message when Settings lost it).
    pub provider_label: String,
    pub model: String,
    /// None = price unknown.
    pub price: Option<Price>,
    /// Who is asked, as messages name it: the seat's label, and for a backup which one
    /// ("Panelist 1 · m (backup Spare · spare-model)").
    pub label: String,
}

impl CallTarget {
    /// The seat's own model.
    pub fn own(participant: &Participant) -> Self {
        Self {
            provider_id: participant.provider_id.clone(),
            provider_label: participant.provider_label.clone(),
            model: participant.model.clone(),
            price: participant.price,
            label: participant.label.clone(),
        }
    }

    /// The seat's backup model, answering in its place.
    pub fn backup(participant: &Participant, backup: &Backup) -> Self {
        Self {
            provider_id: backup.provider_id.clone(),
            provider_label: backup.provider_label.clone(),
            model: backup.model.clone(),
            price: backup.price,
            label: format!("{} (backup {})", participant.label, backup.label()),
        }
    }

    /// "provider · model", as a call card names it.
    pub fn model_label(&self) -> String {
        model_label(&self.provider_label, &self.model)
    }
}

/// A finished model reply, as the shell's transport produced it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CallReply {
    pub text: String,
    /// Provider-reported usage, when the provider reports it: `input_tokens` is the whole prompt.
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
    /// Of `input_tokens`, those the provider read from its prompt cache.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cached_input_tokens: u64,
    /// Of `input_tokens`, those the provider wrote to its prompt cache.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cache_write_tokens: u64,
    /// Cost in USD as the provider reported it (OpenRouter does); None = not reported, and the
    /// ledger prices the usage at the target's price (the one place cost is computed).
    pub cost_usd: Option<f64>,
    /// The model that answered, as the provider reported it.
    pub model: Option<String>,
    /// What the shell did to get this reply that the reader should know, as sentences (e.g. the
    /// server refused structured output, so the call was sent again without it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// What the call searched, found and cited, when it searched the web.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchReport>,
}

/// Why a call produced no reply. `message` is already a sentence a person understands, with no key in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallFailure {
    pub kind: FailureKind,
    pub message: String,
}

impl CallFailure {
    pub fn cancelled() -> Self {
        Self {
            kind: FailureKind::Cancelled,
            message: "Cancelled by the user.".into(),
        }
    }
    pub fn is_cancelled(&self) -> bool {
        self.kind == FailureKind::Cancelled
    }
}

/// What a caller reports while a call is under way; the harness turns it into events
/// (`CallDelta`, `CallNote`), so the shell renders every protocol's live calls the same way.
pub trait CallProgress {
    /// More streamed text. `restart` drops what was streamed so far (a retry starts over).
    fn delta(&self, text: &str, restart: bool);
    /// A passing notice such as "rate limited, retrying in 2 s"; None clears it.
    fn note(&self, note: Option<&str>);
    /// An attempt that reached the provider and failed, retried or not (a stream cut off midway):
    /// `partial` holds what it streamed and any usage or cost the provider reported, `error` why it
    /// failed. The harness puts it in the ledger and the record, since the provider may bill it.
    fn attempt_failed(&self, _partial: CallReply, _error: &str) {}
    /// The request waits for a free slot before it goes out (a limit on requests in flight per
    /// provider); `sending` follows when it has one. The wait is the queue's, not the provider's:
    /// a hedge's deadline and the provider's time to first text count from `sending`.
    fn queued(&self) {}
    /// The queued request goes out now.
    fn sending(&self) {}
}

/// Progress nobody follows.
pub struct NoProgress;

impl CallProgress for NoProgress {
    fn delta(&self, _text: &str, _restart: bool) {}
    fn note(&self, _note: Option<&str>) {}
}

/// When a seat with a backup model is hedged: after a fixed time without text, or after a time
/// that follows the provider's observed time to first text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HedgeDeadline {
    After {
        ms: u64,
    },
    /// `multiple` x the provider's median time to first text over its last answered calls, once it
    /// has answered `ADAPTIVE_MIN_SAMPLES` (never below `min_ms`); `initial_ms` until then.
    Adaptive {
        multiple: f64,
        initial_ms: u64,
        min_ms: u64,
    },
}

/// Answered calls a provider needs before the adaptive deadline follows its latency.
pub const ADAPTIVE_MIN_SAMPLES: usize = 3;

impl HedgeDeadline {
    /// The deadline for the next call, given the provider's observed times to first text (ms).
    pub fn after_ms(&self, observed_ms: &[u64]) -> u64 {
        match *self {
            HedgeDeadline::After { ms } => ms,
            HedgeDeadline::Adaptive {
                multiple,
                initial_ms,
                min_ms,
            } => {
                if observed_ms.len() < ADAPTIVE_MIN_SAMPLES {
                    return initial_ms;
                }
                let mut sorted = observed_ms.to_vec();
                consilium_order::sort(&mut sorted);
                let median = sorted[sorted.len() / 2];
                ((median as f64 * multiple).round() as u64).max(min_ms)
            }
        }
    }
}

/// Times to first text (ms) each provider has shown on answered calls, the last
/// `FirstTextTimes::KEPT` per provider, so the adaptive deadline follows a provider that slows down.
#[derive(Debug, Default)]
pub struct FirstTextTimes(RefCell<HashMap<ProviderId, VecDeque<u64>>>);

impl FirstTextTimes {
    pub const KEPT: usize = 20;

    pub fn observe(&self, provider_id: &ProviderId, ms: u64) {
        let mut times = self.0.borrow_mut();
        let kept = times.entry(provider_id.clone()).or_default();
        if kept.len() == Self::KEPT {
            kept.pop_front();
        }
        kept.push_back(ms);
    }

    pub fn of(&self, provider_id: &ProviderId) -> Vec<u64> {
        self.0
            .borrow()
            .get(provider_id)
            .map(|kept| kept.iter().copied().collect())
            .unwrap_or_default()
    }
}

/// Makes model calls. The browser implementation streams and retries, reporting as it goes through
/// `progress`; the engine uses the final outcome. A call future that is dropped must abort its
/// request (the loser of a hedged call is dropped).
#[allow(async_fn_in_trait)]
pub trait ModelCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure>;

    /// The hedging deadline for seats with a backup model (the user's setting); None = no hedging.
    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        None
    }

    /// The providers' times to first text, when the caller keeps them across runs (the browser
    /// does while the page is open); None = each run starts without any.
    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        None
    }
}

/// `ModelCaller` made object-safe (every `ModelCaller` is one), so a run and its protocol's steps
/// hold `&dyn DynModelCaller` and are compiled once rather than once per caller type.
pub trait DynModelCaller {
    fn call<'a>(
        &'a self,
        request: CallRequest,
        progress: &'a dyn CallProgress,
    ) -> LocalBoxFuture<'a, Result<CallReply, CallFailure>>;
    fn hedge_deadline(&self) -> Option<HedgeDeadline>;
    fn first_text_times(&self) -> Option<&FirstTextTimes>;
}

impl<C: ModelCaller> DynModelCaller for C {
    fn call<'a>(
        &'a self,
        request: CallRequest,
        progress: &'a dyn CallProgress,
    ) -> LocalBoxFuture<'a, Result<CallReply, CallFailure>> {
        Box::pin(ModelCaller::call(self, request, progress))
    }
    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        ModelCaller::hedge_deadline(self)
    }
    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        ModelCaller::first_text_times(self)
    }
}

/// A timer future, as the shell's clock supplies it.
pub type Sleep<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + 'a>>;

/// Wall-clock time in milliseconds since the Unix epoch, and timers.
pub trait Clock {
    fn now_ms(&self) -> u64;

    /// Resolves after `ms`. A clock without timers never resolves, so nothing waits on it (a
    /// hedge is then never sent).
    fn sleep_ms(&self, _ms: u64) -> Sleep<'_> {
        Box::pin(futures::future::pending())
    }
}
