//! Pure codecs for the model providers Consilium talks to.
//!
//! Nothing here performs I/O: the browser shell sends the [`HttpRequest`] values built here with
//! `fetch`, then hands the status, headers and body bytes back to these functions. That keeps every
//! wire format testable natively against recorded replies.

mod adapter;
mod attempts;
pub mod capabilities;
mod chat;
mod check;
mod classify;
mod error;
mod failure_kind;
mod models;
pub mod openrouter;
mod redact;
mod retry;
mod search;
mod secret;
mod sse;
mod stream;
mod types;

/// Anthropic caches a marked prefix only from this many tokens on, per model.
pub use adapter::anthropic::minimum_cacheable_tokens as anthropic_minimum_cacheable_tokens;
pub use attempts::{Action, Attempts, CutAttempt, Decision};
pub use chat::{build_chat_request, default_base_url, parse_chat_reply};
pub use check::{
    call_failure, diagnose, is_local_address, list_unavailable, model_listed, model_to_check,
    origin_of, target_address_space, tried_step, Browser, CheckFacts, CheckStep, Diagnosis,
    FetchOutcome, Problem, UNNAMED_MODEL,
};
pub use classify::{classify_http_error, error_detail};
pub use error::{ErrorContext, ProviderError};
pub use failure_kind::FailureKind;
pub use models::{build_models_request, parse_models};
pub use redact::redact;
pub use retry::RetryPolicy;
pub use search::{
    comparable_url, default_search_fee, search_error_words, search_support, SearchFee,
    SearchReport, SearchResult, SearchSupport, SearchUnit, UrlCitation, WebSearch,
};
pub use secret::Secret;
pub use sse::{SseDecoder, SseEvent};
pub use stream::StreamDecoder;
pub use types::*;
