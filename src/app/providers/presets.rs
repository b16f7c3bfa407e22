//! Adding a provider: from a preset, saved with the settings. It is not checked here: a local
//! preset's address is only a guess until the user confirms or edits it (a probe of a server
//! that is not running there would only log a refusal), and a hosted one needs its key first.
use consilium_engine::foundation::ids::ProviderId;
use leptos::prelude::*;

use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::settings::{Preset, ProviderSettings};

/// The provider a preset describes, with a new id.
pub fn provider_from_preset(preset: &Preset) -> ProviderSettings {
    ProviderSettings {
        id: new_id("p").into(),
        name: preset.label.to_string(),
        kind: preset.kind,
        base_url: preset.base_url.to_string(),
        default_model: preset.model.to_string(),
        models: Vec::new(),
        remember_key: false,
        // A server the user runs costs nothing unless its models are priced.
        free: !preset.needs_key,
        model_facts: Default::default(),
        sees_images: Default::default(),
    }
}

/// Adds a provider and saves the settings; returns a message when saving failed.
pub fn add_provider(state: AppState, provider: ProviderSettings) -> Option<String> {
    state.settings.update(|s| s.providers.push(provider));
    state.settings.with_untracked(|s| s.save().err())
}

/// Sets the provider's address (as the user confirmed or typed it), saves, and checks it there.
pub fn confirm_address(state: AppState, id: &ProviderId, base_url: &str) -> Option<String> {
    let base_url = base_url.trim().to_string();
    state.settings.update(|s| {
        if let Some(p) = s.providers.iter_mut().find(|p| p.id == id) {
            if !base_url.is_empty() {
                p.base_url = base_url;
            }
        }
    });
    let problem = state.settings.with_untracked(|s| s.save().err());
    if let Some(provider) = state.settings.with_untracked(|s| s.provider(id).cloned()) {
        state.health.check(state.settings, provider);
    }
    problem
}
