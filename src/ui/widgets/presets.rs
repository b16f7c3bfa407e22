//! One-click providers: local servers (Ollama, llama.cpp, LM Studio) and each hosted provider.
//! OpenRouter's row also signs in (a key in one click, no pasting).
//! A local server's preset asks, once added, whether its address is the user's: the check runs
//! when the address is confirmed or edited, never against a guessed address. A preset already
//! added is not added again.
use consilium_engine::foundation::ids::ProviderId;
use leptos::html;
use leptos::prelude::*;

use crate::app::providers::presets::{add_provider, confirm_address, provider_from_preset};
use consilium_providers::ProviderKind;

use crate::app::AppState;
use crate::settings::{added_from, presets};
use crate::ui::widgets::any_server::AnyServerRow;
use crate::ui::widgets::sign_in::{KeyStatus, SignInButton, SignInFor};

#[component]
pub fn PresetList(#[prop(optional)] only_local: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let message = RwSignal::new(None::<String>);
    // The local provider just added, whose address is asked about.
    let confirming = RwSignal::new(None::<ProviderId>);
    let items = presets()
        .into_iter()
        .filter(|p| !only_local || !p.needs_key)
        .map(|preset| {
            let label = preset.label;
            let open_router = preset.kind == ProviderKind::OpenRouter;
            let hint = preset.hint;
            let url = preset.base_url;
            let lookup = preset.clone();
            // A provider whose address the user gave in this row's form: another address (their
            // server elsewhere) answers the row's question, so its form, chip and check line stay
            // here. A provider moved on its card is another server, as any not at the preset's
            // address (that is how a second one of a kind is added).
            let confirmed_here = RwSignal::new(None::<ProviderId>);
            let added = Memo::new(move |_| {
                state.settings.with(|s| {
                    confirmed_here
                        .with(|id| id.as_ref().and_then(|id| s.provider(id)).cloned())
                        .or_else(|| added_from(&s.providers, &lookup).cloned())
                })
            });
            let health = move || {
                added.get().map(|p| {
                    let health = state.health.of(&p);
                    view! { <span class="health-chip" data-tone=health.tone()>{health.label()}</span> }
                })
            };
            let address = NodeRef::<html::Input>::new();
            let confirm = move || {
                let (Some(provider), Some(input)) = (added.get_untracked(), address.get_untracked()) else {
                    return;
                };
                confirmed_here.set(Some(provider.id.clone()));
                if let Some(problem) = confirm_address(state, &provider.id, &input.value()) {
                    message.set(Some(problem));
                }
            };
            let asking = move || {
                added.with(|p| p.as_ref().is_some_and(|p| confirming.with(|c| c.as_ref() == Some(&p.id))))
            };
            let line = move || added.get().map(|p| state.health.of(&p).line());
            view! {
                <li class="preset">
                    <div>
                        <strong>{label}</strong>
                        " "{health}
                        <span class="muted">" "{url}</span>
                        <p class="hint">{hint}</p>
                        <Show when=asking>
                            <div class="confirm-address">
                                <label>
                                    {format!("Address of your {label}")}
                                    <input type="url" node_ref=address
                                        prop:value=move || added.get().map(|p| p.base_url).unwrap_or_default()
                                        on:change=move |_| confirm() />
                                </label>
                                <button class="primary" on:click=move |_| confirm()>"Check connection"</button>
                                <p class="health-line" role="status">{line}</p>
                            </div>
                        </Show>
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
                            let id = provider.id.clone();
                            message.set(Some(match add_provider(state, provider) {
                                Some(problem) => problem,
                                None if preset.needs_key => format!("Added {name}. Paste its key in Settings, or when you ask."),
                                None => {
                                    confirming.set(Some(id));
                                    format!("Added {name}. Is it running at the address below? Check the connection when it is.")
                                }
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
        <ul class="preset-list">{items}<AnyServerRow /></ul>
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
