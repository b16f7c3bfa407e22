//! One-click providers: local servers (Ollama, llama.cpp, LM Studio) and each hosted provider.
use leptos::prelude::*;

use crate::app::AppState;
use crate::ids::new_id;
use crate::settings::{presets, Preset, ProviderSettings};

pub fn provider_from_preset(preset: &Preset) -> ProviderSettings {
    ProviderSettings {
        id: new_id("p"),
        name: preset.label.to_string(),
        kind: preset.kind,
        base_url: preset.base_url.to_string(),
        default_model: preset.model.to_string(),
        models: Vec::new(),
        remember_key: false,
    }
}

/// Adds a provider and saves the settings; returns a message when saving failed.
pub fn add_provider(state: AppState, provider: ProviderSettings) -> Option<String> {
    state.settings.update(|s| s.providers.push(provider));
    state.settings.with_untracked(|s| s.save().err())
}

#[component]
pub fn PresetList(#[prop(optional)] only_local: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let message = RwSignal::new(None::<String>);
    let items = presets()
        .into_iter()
        .filter(|p| !only_local || !p.needs_key)
        .map(|preset| {
            let label = preset.label;
            let hint = preset.hint;
            let url = preset.base_url;
            view! {
                <li class="preset">
                    <div>
                        <strong>{label}</strong>
                        <span class="muted">" "{url}</span>
                        <p class="hint">{hint}</p>
                    </div>
                    <button
                        class="secondary"
                        aria-label=format!("Add {label}")
                        on:click=move |_| {
                            let added = provider_from_preset(&preset);
                            let name = added.name.clone();
                            match add_provider(state, added) {
                                Some(problem) => message.set(Some(problem)),
                                None => message.set(Some(format!("Added {name}. Set its model and key in Settings if needed."))),
                            }
                        }
                    >
                        "Add"
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <ul class="preset-list">{items}</ul>
        <p class="status" role="status">{move || message.get()}</p>
    }
}
