//! "Sign in with OpenRouter" and what the key may still spend, shown beside the provider: in the
//! presets (first-run card and Settings) and on an OpenRouter provider's card in Settings.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::foundation::money::format_usd;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::providers::key_book::has_key_info;
use crate::app::providers::sign_in_part;
use crate::app::AppState;

/// Which provider a sign-in is for.
#[derive(Clone)]
pub enum SignInFor {
    /// The OpenRouter preset's provider, added first if it is not there yet.
    Preset,
    Provider(ProviderId),
}

#[component]
pub fn SignInButton(target: SignInFor) -> impl IntoView {
    let state = expect_context::<AppState>();
    let problem = RwSignal::new(None::<String>);
    let sign_in = move |_| {
        let provider_id = match &target {
            SignInFor::Preset => None,
            SignInFor::Provider(id) => Some(id.clone()),
        };
        spawn_local(async move {
            problem.set(sign_in_part::start(state, provider_id).await.err());
        });
    };
    view! {
        <button class="secondary sign-in" on:click=sign_in>"Sign in with OpenRouter"</button>
        {move || problem.get().map(|p| view! { <p class="error" role="alert">{p}</p> })}
    }
}

/// The last sign-in's outcome (when it was for this provider, or for none known) and the key's
/// limit: read when first shown, and again before each run.
#[component]
pub fn KeyStatus(provider_id: ProviderId) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = provider_id.clone();
    let provider = Memo::new(move |_| state.settings.with(|s| s.provider(&id).cloned()));
    if let Some(provider) = provider.get_untracked() {
        if has_key_info(&provider) && state.keys.info(&provider.id).is_none() {
            let keys = state.keys;
            spawn_local(async move {
                keys.refresh(&provider).await;
            });
        }
    }
    let id = provider_id.clone();
    let said = move || {
        state
            .keys
            .sign_in
            .get()
            .filter(|(for_id, _)| *for_id == id || for_id.is_empty())
            .map(|(_, text)| text)
    };
    let info = move || {
        state
            .keys
            .info(&provider_id)
            .map(|info| info.describe(format_usd) + ".")
    };
    view! {
        {move || said().map(|text| view! { <p class="status sign-in-status" role="status">{text}</p> })}
        {move || info().map(|text| view! { <p class="key-limit">{text}</p> })}
    }
}
