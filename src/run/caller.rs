//! The model caller of a run: the engine says where each call goes (`CallRequest::target`); this
//! looks up the provider's settings and the key the run was given, sends, and follows the retry
//! policy's actions (`consilium_providers::Attempts`). The scripted demo council answers without a
//! provider.
use std::cell::Cell;
use std::rc::Rc;

use consilium_engine::{
    demo::PacedDemoCaller, harness::demo::DEMO_PROVIDER_ID, harness::io::CallFailure,
    harness::io::CallProgress, harness::io::CallReply, harness::io::CallRequest,
    harness::io::FirstTextTimes, harness::io::HedgeDeadline, harness::io::ModelCaller,
};
use consilium_providers::{
    Action, Attempts, ChatReply, ChatRequest, Decision, FailureKind, ImagePart, Message,
    ResponseSchema, RetryPolicy, Role,
};

use super::clock::{sleep_unless_cancelled, BrowserClock};
use super::keys::RunKeys;
use crate::platform::transport::{send_chat, CancelToken};
use crate::settings::Settings;

pub(super) struct BrowserCaller {
    pub(super) settings: Settings,
    /// The keys handed in with the run's start.
    pub(super) keys: RunKeys,
    pub(super) cancel: CancelToken,
    /// Set by `RunCommand::SkipDemoPace`.
    pub(super) skip_demo: Rc<Cell<bool>>,
    /// How much faster than a consultation's the demo's replies stream (`PacedDemoCaller`).
    pub(super) demo_speedup: u64,
    pub(super) first_text_times: Rc<FirstTextTimes>,
}

/// The provider request for an engine call: the one builder for a run's calls and for "Test
/// connection". `stream` is false for a call that needs only the whole reply.
pub fn chat_request(request: &CallRequest, stream: bool) -> ChatRequest {
    ChatRequest {
        model: request.target.model.clone(),
        system: Some(request.system.clone()).filter(|system| !system.is_empty()),
        messages: vec![Message {
            role: Role::User,
            content: request.prompt.clone(),
            images: request
                .images
                .iter()
                .map(|image| ImagePart {
                    media_type: image.media_type.clone(),
                    data_base64: image.data_base64.clone(),
                })
                .collect(),
        }],
        max_tokens: request.max_tokens,
        temperature: Some(request.temperature),
        response_schema: request
            .response_schema
            .clone()
            .map(|(name, schema)| ResponseSchema { name, schema }),
        stream,
        prompt_cache_key: request.prompt_cache_key.clone(),
        cache_prefix_len: request.cache_prefix_len,
        web_search: request.web_search,
    }
}

impl ModelCaller for BrowserCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let target = &request.target;
        if target.provider_id == DEMO_PROVIDER_ID {
            return self.demo_call(request, progress).await;
        }
        let provider = self.settings.provider(&target.provider_id).ok_or_else(|| {
            config_failure(format!(
                "{} uses the provider \"{}\", which is no longer in Settings. Add it again to resume.",
                target.label, target.provider_label
            ))
        })?;
        let key = self.keys.get(provider.id.as_str());
        let mut attempts = Attempts::new(
            chat_request(&request, true),
            provider.error_context(&target.model),
            key,
            RetryPolicy::default(),
        );
        let timeout_ms = self.settings.timeout_secs.max(5) * 1000;
        loop {
            progress.delta("", true);
            let outcome = send_chat(
                &provider.endpoint(),
                key,
                attempts.request(),
                timeout_ms,
                &self.cancel,
                &|delta| progress.delta(delta, false),
            )
            .await;
            let Decision { cut, action } = attempts.after(outcome, js_sys::Math::random());
            if let Some(cut) = cut {
                // The provider read the prompt and streamed part of a reply: that attempt may be
                // billed, so the ledger gets it whether or not a retry follows.
                progress.attempt_failed(
                    CallReply {
                        text: cut.partial_text,
                        model: Some(target.model.clone()),
                        ..CallReply::default()
                    },
                    &cut.error,
                );
            }
            match action {
                Action::SendAgain { note } => progress.note(Some(&note)),
                Action::WaitThenSend { ms, note } => {
                    progress.note(Some(&note));
                    if !sleep_unless_cancelled(ms, &self.cancel).await {
                        return Err(CallFailure::cancelled());
                    }
                }
                Action::Fail { kind, message } => {
                    progress.note(None); // no retry is coming: the failure itself is shown instead
                    return Err(CallFailure { kind, message });
                }
                Action::Cancelled => return Err(CallFailure::cancelled()),
                Action::Done { reply, notes } => return Ok(call_reply(reply, notes)),
            }
        }
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        Some(self.settings.hedge_deadline())
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        Some(&self.first_text_times)
    }
}

impl BrowserCaller {
    /// The scripted council streams at a pace a user can follow, until "Skip to the decision"
    /// (or Cancel) streams the rest at once.
    async fn demo_call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let skipped = || self.skip_demo.get() || self.cancel.is_cancelled();
        let paced = PacedDemoCaller {
            clock: &BrowserClock,
            skipped: &skipped,
            speedup: self.demo_speedup,
        };
        let reply = paced.call(request, progress).await?;
        if self.cancel.is_cancelled() {
            return Err(CallFailure::cancelled());
        }
        Ok(reply)
    }
}

fn config_failure(message: String) -> CallFailure {
    CallFailure {
        kind: FailureKind::Config,
        message,
    }
}

/// The reply as the engine reads it: usage (cached prompt tokens included) and the cost as the
/// provider reported them (the ledger prices the usage when the provider reported no cost).
fn call_reply(reply: ChatReply, notes: Vec<String>) -> CallReply {
    let usage = reply.usage.unwrap_or_default();
    CallReply {
        input_tokens: reply.usage.map(|u| u.input_tokens),
        output_tokens: reply.usage.map(|u| u.output_tokens),
        cached_input_tokens: usage.cached_input_tokens,
        cache_write_tokens: usage.cache_write_tokens,
        cost_usd: reply.reported_cost_usd,
        model: reply.model,
        text: reply.text,
        notes,
        search: reply.search,
    }
}

#[cfg(test)]
mod tests {
    use consilium_engine::record::sources::ImageData;
    use consilium_engine::{harness::io::CallTarget, harness::io::TEMPERATURE};
    use serde_json::json;

    use super::*;

    #[test]
    fn a_run_call_goes_to_its_target_streamed_with_its_schema_and_images() {
        let request = CallRequest {
            images: vec![ImageData {
                media_type: "image/png".into(),
                data_base64: "iVBORw0KGgo=".into(),
            }],
            call_id: "r1-panelist-1".into(),
            round: 1,
            participant_id: "panelist-1".into(),
            target: CallTarget {
                provider_id: "spare".into(),
                provider_label: "Spare".into(),
                model: "spare-model".into(),
                price: None,
                label: "Panelist 1 (backup Spare · spare-model)".into(),
            },
            system: "You are a panelist.".into(),
            prompt: "Should we?".into(),
            max_tokens: 512,
            temperature: TEMPERATURE,
            response_schema: Some(("independent_artifact".into(), json!({"type": "object"}))),
            prompt_cache_key: Some("session-1:panelist-1".into()),
            cache_prefix_len: 4,
            web_search: None,
        };
        assert_eq!(
            chat_request(&request, true),
            ChatRequest {
                model: "spare-model".into(),
                system: Some("You are a panelist.".into()),
                messages: vec![Message {
                    role: Role::User,
                    content: "Should we?".into(),
                    images: vec![ImagePart {
                        media_type: "image/png".into(),
                        data_base64: "iVBORw0KGgo=".into(),
                    }],
                }],
                max_tokens: 512,
                temperature: Some(0.7),
                response_schema: Some(ResponseSchema {
                    name: "independent_artifact".into(),
                    schema: json!({"type": "object"}),
                }),
                stream: true,
                prompt_cache_key: Some("session-1:panelist-1".into()),
                cache_prefix_len: 4,
                web_search: None,
            }
        );
    }
}
