//! Adding a provider: from a preset, saved with the settings and checked at once.
use leptos::prelude::*;

use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::settings::{Preset, ProviderSettings};

/// The provider a preset describes, with a new id.
pub fn provider_from_preset(preset: &Preset) -> ProviderSettings {
    ProviderSettings {
        id: new_id("p"),
        name: preset.label.to_string(),
        kind: preset.kind,
        base_url: preset.base_url.to_string(),
        default_model: preset.model.to_string(),
        models: Vec::new(),
        remember_key: false,
        // A server the user runs costs nothing unless its models are priced.
        free: !preset.needs_key,
    }
}

/// Adds a provider, saves the settings and checks it; returns a message when saving failed.
pub fn add_provider(state: AppState, provider: ProviderSettings) -> Option<String> {
    state
        .settings
        .update(|s| s.providers.push(provider.clone()));
    let problem = state.settings.with_untracked(|s| s.save().err());
    // A hosted provider without its key would only fail; it is checked once the key is typed.
    if !provider.needs_key() {
        state.health.check(state.settings, provider);
    }
    problem
}
