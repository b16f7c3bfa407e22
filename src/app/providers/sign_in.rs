//! "Sign in with OpenRouter": sends the user to the provider's page with a PKCE challenge, and on
//! the way back exchanges the code for a key, stored like any typed key (this tab only unless
//! the provider's "remember" is ticked), then reads the key's limit and the priced model list.
use consilium_engine::foundation::ids::ProviderId;
use consilium_providers::openrouter::{
    auth_url, build_exchange_request, code_challenge, code_verifier, parse_exchange_reply,
    SignInError, VERIFIER_BYTES,
};
use consilium_providers::FetchOutcome;
use leptos::prelude::*;
use leptos::task::spawn_local;

use consilium_providers::ProviderKind;

use super::presets::{add_provider, provider_from_preset};
use crate::app::{current_hash, AppState};
use crate::platform::keys;
use crate::platform::sign_in::{self, leave_for, random_bytes, PendingSignIn, SignInReturn};
use crate::platform::transport::probe;
use crate::settings::{added_from, presets};

const TIMEOUT_MS: u32 = 20_000;

/// Sends the tab to the provider's sign-in page for the provider `provider_id`; Err says why not.
pub fn start_sign_in(state: AppState, provider_id: &ProviderId) -> Result<(), String> {
    let provider = state
        .settings
        .with_untracked(|s| s.provider(provider_id).cloned())
        .ok_or("That provider is no longer in the settings.")?;
    let verifier = code_verifier(&random_bytes(VERIFIER_BYTES))
        .expect("32 random bytes make a 43-character verifier");
    let url = auth_url(
        &provider.base_url,
        &sign_in::callback_url(),
        &code_challenge(&verifier),
    );
    leave_for(
        &url,
        &PendingSignIn {
            verifier,
            provider_id: provider.id,
            hash: current_hash(),
            started_ms: js_sys::Date::now() as u64,
        },
    )
}

/// The return from the sign-in page, if this load is one (the address is clean afterwards).
/// Call before the store reads the route from the address.
pub fn take_sign_in_return() -> Option<SignInReturn> {
    sign_in::take_return()
}

/// Finishes the sign-in this load returned from: the key, or the reason there is none, told
/// beside the provider (`KeyBook::sign_in`).
pub fn finish_sign_in(state: AppState, returned: SignInReturn) {
    let SignInReturn { code, pending } = returned;
    let provider_id = pending
        .as_ref()
        .map(|p| p.provider_id.clone())
        .unwrap_or_default();
    let tell = move |said: String| state.keys.sign_in.set(Some((provider_id.clone(), said)));
    let (code, pending) = match (code, pending) {
        (Some(code), Some(pending)) => (code, pending),
        (Some(_), None) => return tell(SignInError::NoVerifier.to_string()),
        (None, _) => return tell(SignInError::Cancelled.to_string()),
    };
    let Some(provider) = state
        .settings
        .with_untracked(|s| s.provider(&pending.provider_id).cloned())
    else {
        return tell("The provider this sign-in was for is no longer in the settings.".into());
    };
    tell("Finishing the sign-in…".into());
    spawn_local(async move {
        let request = build_exchange_request(&provider.base_url, &code, &pending.verifier);
        let elapsed = (js_sys::Date::now() as u64).saturating_sub(pending.started_ms);
        let key = match probe(&request, TIMEOUT_MS).await {
            FetchOutcome::Answered { status, body, .. } => {
                parse_exchange_reply(status, &body, elapsed)
            }
            FetchOutcome::TimedOut { after_ms } => Err(SignInError::Unreachable {
                detail: format!("no answer in {} s", after_ms / 1000),
            }),
            FetchOutcome::Failed { .. } | FetchOutcome::Redirected => {
                Err(SignInError::Unreachable {
                    detail: "the request failed".into(),
                })
            }
        };
        let key = match key {
            Ok(key) => key,
            Err(error) => return tell(error.to_string()),
        };
        keys::set_key(provider.id.as_str(), &key, provider.remember_key);
        state.health.forget(&provider.id);
        // Shown beside the provider (`KeyStatus`), not repeated here.
        state.keys.refresh(&provider).await;
        tell(format!("Signed in: a key for {} is set.", provider.name));
        // The check loads the model list, whose prices the estimate and the budget need.
        state.health.check(state.settings, provider);
    });
}

/// "Sign in with OpenRouter" from the presets: the OpenRouter provider already added from its
/// preset, or a new one, is the one the key is for.
pub fn sign_in_from_preset(state: AppState) -> Result<(), String> {
    let preset = presets()
        .into_iter()
        .find(|p| p.kind == ProviderKind::OpenRouter)
        .expect("OpenRouter has a preset");
    let existing = state
        .settings
        .with_untracked(|s| added_from(&s.providers, &preset).map(|p| p.id.clone()));
    let id = match existing {
        Some(id) => id,
        None => {
            let provider = provider_from_preset(&preset);
            let id = provider.id.clone();
            if let Some(problem) = add_provider(state, provider) {
                return Err(problem);
            }
            id
        }
    };
    start_sign_in(state, &id)
}
