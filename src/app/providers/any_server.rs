//! "Any OpenAI-compatible server" in one step: its name, address and (optional) key become a
//! provider with no model named yet, and its check at once; the check lists its models and saves
//! the one that answered as its default (`consilium_providers::model_to_check`), so seats name it.
use consilium_engine::foundation::ids::ProviderId;
use consilium_providers::{is_local_address, ProviderKind, UNNAMED_MODEL};

use leptos::prelude::*;

use crate::app::providers::presets::{add_provider, confirm_address};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::platform::keys;
use crate::settings::ProviderSettings;

/// What the user typed in the one-step form.
pub struct AnyServer {
    pub name: String,
    pub address: String,
    pub key: String,
}

/// Adds the server and starts its check; the new provider's id, or what stops it.
pub fn add_any_server(state: AppState, server: AnyServer) -> Result<ProviderId, String> {
    let address = server.address.trim().trim_end_matches('/').to_string();
    if address.is_empty() {
        return Err("Type the server's address, e.g. http://127.0.0.1:8000/v1.".into());
    }
    if !(address.starts_with("http://") || address.starts_with("https://")) {
        return Err(format!(
            "“{address}” is not a web address: it starts with http:// or https://."
        ));
    }
    let exists = state.settings.with_untracked(|s| {
        s.providers.iter().any(|p| {
            p.base_url
                .trim_end_matches('/')
                .eq_ignore_ascii_case(&address)
        })
    });
    if exists {
        return Err(format!("A provider at {address} is already added."));
    }
    let name = match server.name.trim() {
        "" => "OpenAI-compatible server".to_string(),
        name => name.to_string(),
    };
    let provider = ProviderSettings {
        id: new_id("p").into(),
        name,
        kind: ProviderKind::OpenAiCompatible,
        base_url: address.clone(),
        default_model: UNNAMED_MODEL.to_string(),
        models: Vec::new(),
        remember_key: false,
        // A server on this machine or network costs nothing unless its models are priced.
        free: is_local_address(&address),
        model_facts: Default::default(),
        sees_images: Default::default(),
    };
    let id = provider.id.clone();
    if !server.key.trim().is_empty() {
        keys::set_key(id.as_str(), server.key.trim(), false);
    }
    if let Some(problem) = add_provider(state, provider) {
        return Err(problem);
    }
    if let Some(problem) = confirm_address(state, &id, &address) {
        return Err(problem);
    }
    Ok(id)
}
