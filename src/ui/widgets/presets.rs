//! One-click providers: local servers (Ollama, llama.cpp, LM Studio) and each hosted provider.
//! OpenRouter's row also signs in (a key in one click, no pasting).
//! Adding one checks it at once (its health shows beside it); a preset already added is not
//! added again.
use leptos::prelude::*;

use crate::app::providers::presets::{add_provider, provider_from_preset};
use consilium_providers::ProviderKind;

use crate::app::AppState;
use crate::settings::{added_from, presets};
use crate::ui::widgets::sign_in::{KeyStatus, SignInButton, SignInFor};

#[component]
pub fn PresetList(#[prop(optional)] only_local: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let message = RwSignal::new(None::<String>);
    let items = presets()
        .into_iter()
        .filter(|p| !only_local || !p.needs_key)
        .map(|preset| {
            let label = preset.label;
            let open_router = preset.kind == ProviderKind::OpenRouter;
            let hint = preset.hint;
            let url = preset.base_url;
            let lookup = preset.clone();
            let added = Memo::new(move |_| {
                state
                    .settings
                    .with(|s| added_from(&s.providers, &lookup).cloned())
            });
            let health = move || {
                added.get().map(|p| {
                    let health = state.health.of(&p);
                    view! { <span class="health-chip" data-tone=health.tone()>{health.label()}</span> }
                })
            };
            view! {
                <li class="preset">
                    <div>
                        <strong>{label}</strong>
                        " "{health}
                        <span class="muted">" "{url}</span>
                        <p class="hint">{hint}</p>
                        {open_router.then(|| view! {
                            <SignInButton target=SignInFor::Preset />
                            {move || view! { <KeyStatus provider_id=added.get().map(|p| p.id).unwrap_or_default() /> }}
                        })}
                    </div>
                    <button
                        class="secondary"
                        aria-label=format!("Add {label}")
                        on:click=move |_| {
                            if added.get_untracked().is_some() {
                                return message.set(Some(format!("{label} is already added.")));
                            }
                            let provider = provider_from_preset(&preset);
                            let name = provider.name.clone();
                            message.set(Some(match add_provider(state, provider) {
                                Some(problem) => problem,
                                None if preset.needs_key => format!("Added {name}. Paste its key in Settings, or when you ask."),
                                None => format!("Added {name}; checking that it answers…"),
                            }));
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

/// A form's first-run card, in place of its council while no provider exists: `text` says what
/// the protocol needs a model for, and the presets add one in a click.
#[component]
pub fn ConnectAModel(text: &'static str) -> impl IntoView {
    view! {
        <div class="first-run">
            <h3>"Connect a model"</h3>
            <p>{text}</p>
            <PresetList />
        </div>
    }
}
