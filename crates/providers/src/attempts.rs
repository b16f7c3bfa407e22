//! What to do after each attempt of one chat call: the shell sends, reports the outcome here and
//! follows the action it gets back (send again, possibly without the schema; wait with a note for
//! the user; fail with the message; done). Every decision and every sentence the user reads about
//! retries is made here, so it is tested natively; the shell only moves bytes and keeps time.
use crate::error::{ErrorContext, ProviderError};
use crate::failure_kind::FailureKind;
use crate::redact::redact;
use crate::retry::RetryPolicy;
use crate::types::{ChatReply, ChatRequest};

/// What the shell does next.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Send `Attempts::request` again at once (it no longer asks for structured output), showing
    /// `note` on the call meanwhile.
    SendAgain { note: String },
    /// Show `note` on the call, wait `ms` (cancellably), then send `Attempts::request` again.
    WaitThenSend { ms: u64, note: String },
    /// The call failed for good: clear the call's note and report this failure.
    Fail {
        /// `ProviderError::kind`.
        kind: FailureKind,
        /// A sentence for the user, with no key in it.
        message: String,
    },
    /// The user cancelled the call.
    Cancelled,
    /// The reply, and what the reader of the session should still see about how it was got.
    Done {
        reply: ChatReply,
        notes: Vec<String>,
    },
}

/// An attempt that reached the provider and was cut off midway: the provider may bill it, so the
/// shell puts it on record whatever comes next.
#[derive(Clone, Debug, PartialEq)]
pub struct CutAttempt {
    /// What it streamed before it was cut.
    pub partial_text: String,
    /// Why it failed, as the user reads it.
    pub error: String,
}

/// The decision after one attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Set when the attempt was a cut stream.
    pub cut: Option<CutAttempt>,
    pub action: Action,
}

/// The attempts of one call: the request to send, which attempt this is, and the notes so far.
pub struct Attempts<'a> {
    policy: RetryPolicy,
    context: ErrorContext<'a>,
    /// The key sent with the request, kept out of every message.
    key: Option<&'a str>,
    request: ChatRequest,
    /// The attempt under way, from 1. Re-sending without structured output is not a retry.
    attempt: u32,
    notes: Vec<String>,
}

impl<'a> Attempts<'a> {
    pub fn new(
        request: ChatRequest,
        context: ErrorContext<'a>,
        key: Option<&'a str>,
        policy: RetryPolicy,
    ) -> Self {
        Self {
            policy,
            context,
            key,
            request,
            attempt: 1,
            notes: Vec::new(),
        }
    }

    /// What to send now.
    pub fn request(&self) -> &ChatRequest {
        &self.request
    }

    /// The attempt under way, from 1.
    pub fn attempt(&self) -> u32 {
        self.attempt
    }

    /// Decides what follows the attempt under way. `jitter_unit` in [0, 1) spreads the backoff
    /// (see `RetryPolicy::delay_ms`); the shell passes a random number, tests a fixed one.
    pub fn after(
        &mut self,
        outcome: Result<ChatReply, ProviderError>,
        jitter_unit: f64,
    ) -> Decision {
        let error = match outcome {
            Ok(reply) => {
                return Decision {
                    cut: None,
                    action: Action::Done {
                        reply,
                        notes: std::mem::take(&mut self.notes),
                    },
                }
            }
            Err(ProviderError::Cancelled) => {
                return Decision {
                    cut: None,
                    action: Action::Cancelled,
                }
            }
            Err(error) => error,
        };
        let message = redact(&error.user_message(&self.context), self.key);
        let cut = match &error {
            ProviderError::Incomplete { partial_text } => Some(CutAttempt {
                partial_text: partial_text.clone(),
                error: message.clone(),
            }),
            _ => None,
        };
        // A server that cannot apply a schema can still answer: the engine reads plain replies too.
        if matches!(error, ProviderError::StructuredOutputRefused { .. })
            && self.request.response_schema.take().is_some()
        {
            self.notes.push(format!(
                "{message} It was sent again without structured output, and this reply was read \
                 from plain text."
            ));
            return Decision {
                cut,
                action: Action::SendAgain {
                    note: format!("{message} This call is sent again without structured output."),
                },
            };
        }
        let action = match self.policy.delay_ms(self.attempt, &error, jitter_unit) {
            None => Action::Fail {
                kind: error.kind(),
                message: redact(&error.final_message(&self.context, self.attempt), self.key),
            },
            Some(ms) => {
                let note = format!(
                    "{message} Retrying in {:.1} s (attempt {} of {}).",
                    ms as f64 / 1000.0,
                    self.attempt + 1,
                    self.policy.max_attempts
                );
                self.attempt += 1;
                Action::WaitThenSend { ms, note }
            }
        };
        Decision { cut, action }
    }
}
