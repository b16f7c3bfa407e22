//! Signing in with OpenRouter (`sign_in`) is a part of its own in the split build: the PKCE
//! hashing and the exchange are fetched when the user clicks "Sign in", or when the page opens on
//! the way back from the provider, not with the first screen.
use consilium_engine::foundation::ids::ProviderId;
use futures::future::LocalBoxFuture;
use leptos::prelude::*;

use super::sign_in;
use crate::app::AppState;
use crate::platform::sign_in::SignInReturn;
use crate::platform::split::{split_fn, PartUnavailable};

/// What the user is told when the part cannot be fetched (offline, or a newer version deployed).
const PART_MISSING: &str =
    "Signing in could not be loaded: the network may be off. Reload the page and try again.";

split_fn! {
    sign_in, preload _preload_sign_in:
    /// Starts a sign-in: for the provider `provider_id`, or the OpenRouter preset's (added first)
    /// with `None`.
    fn start_in_part(state: AppState, provider_id: Option<ProviderId>) -> Result<Result<(), String>, PartUnavailable> {
        Ok(match provider_id {
            Some(id) => sign_in::start_sign_in(state, &id),
            None => sign_in::sign_in_from_preset(state),
        })
    }
}

split_fn! {
    sign_in, preload _preload_finish:
    /// Finishes the sign-in this load returned from.
    fn finish_in_part(state: AppState, returned: SignInReturn) -> Result<LocalBoxFuture<'static, ()>, PartUnavailable> {
        sign_in::finish_sign_in(state, returned);
        Ok(Box::pin(async {}))
    }
}

/// Sends the tab to the sign-in page; Err says why not (including a part that did not load).
pub async fn start(state: AppState, provider_id: Option<ProviderId>) -> Result<(), String> {
    match start_in_part(state, provider_id).await {
        Ok(started) => started,
        Err(_) => Err(PART_MISSING.into()),
    }
}

/// Finishes a returned sign-in; a part that did not load is told beside the provider.
pub async fn finish(state: AppState, returned: SignInReturn) {
    if finish_in_part(state, returned).await.is_err() {
        state
            .keys
            .sign_in
            .set(Some((ProviderId::default(), PART_MISSING.into())));
    }
}
