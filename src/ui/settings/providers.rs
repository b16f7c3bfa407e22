//! Basic settings: each provider (name, kind, address, default model, key) with its one check,
//! "Check connection" (its model list and a short test call, told in one line), and the council
//! a new consult starts with.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::{views::health::Health, views::seats::consult_seats};
use consilium_providers::ProviderKind;
use leptos::prelude::*;

use super::address::BaseUrlField;
use super::fields::update_settings;
use super::vault::VaultTick;
use crate::app::council::{keep_council, set_council_alone};
use crate::app::providers::gate::council_summary;
use crate::app::AppState;
use crate::platform::keys;
use crate::settings::{kind_label, ProviderSettings, ALL_KINDS};
use crate::ui::widgets::model_picker::ModelPicker;
use crate::ui::widgets::provider_gate::HealthChip;
use crate::ui::widgets::sign_in::{KeyStatus, SignInButton, SignInFor};

fn kind_value(kind: ProviderKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn kind_from_value(value: &str) -> Option<ProviderKind> {
    serde_json::from_value(serde_json::Value::String(value.to_string())).ok()
}

/// The council a new consult starts with: one panelist per provider and model in turn, with
/// distinct personas; each consult can change it before it runs.
#[component]
pub fn DefaultCouncil() -> impl IntoView {
    let state = expect_context::<AppState>();
    let summary = move || {
        // One model alone overrides the council of the providers: say so, not "3 panelists".
        if let Some(alone) = state.settings.with(|s| s.alone.clone()) {
            return Some(format!("1 model · {}", alone.model));
        }
        let (seats, _) = state.settings.with(consult_seats);
        state.settings.with(|s| !s.providers.is_empty()).then(|| {
            council_summary(state, &seats, "panelist", None)
                .trim_end_matches(" · Edit")
                .to_string()
        })
    };
    view! {
        <h3>"Default council"</h3>
        <p class="default-council">
            {move || summary().unwrap_or_else(|| "Add a provider: new consults seat their panelists on it.".into())}
        </p>
        <p class="muted">
            "New consults seat panelists across your providers and their listed models, each with its own perspective, "
            "and the judge on the first. Each consult's council can be edited before it runs (“Edit” beside the question)."
        </p>
        <SavedCouncilChoices />
    }
}

/// Every council choice saved from elsewhere (a benchmark's advice, "Keep this council", the
/// depth chosen in a form), said here with a button that undoes it (without it, once the
/// page of the advice was left, nothing would undo "Use <model> alone").
#[component]
fn SavedCouncilChoices() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let alone = move || state.settings.with(|s| s.alone.clone());
    let kept = move || state.settings.with(|s| s.kept());
    let depth = move || state.settings.with(|s| s.depth);
    view! {
        <div class="saved-council-choices">
            {move || alone().map(|alone| view! {
                <p class="saved-choice" data-choice="alone">
                    {format!("New consults ask {} alone: one answer, no synthesis (saved from a benchmark's advice). ", alone.model)}
                    <button class="link" on:click=move |_| status.set(set_council_alone(state, None).err())>
                        "Ask the council again"
                    </button>
                </p>
            })}
            {move || kept().map(|kept| view! {
                <p class="saved-choice" data-choice="kept">
                    {format!("New consults start with {} (kept from a benchmark). ", kept.described())}
                    <button class="link" on:click=move |_| status.set(keep_council(state, None).err())>
                        "Seat a new council on your providers"
                    </button>
                </p>
            })}
            <p class="saved-choice muted" data-choice="depth">
                {move || format!("Depth of new consults: {} (chosen in a consult's council or a benchmark's advice).", depth().label())}
            </p>
            {move || status.get().map(|problem| view! { <p class="error" role="alert">{problem}</p> })}
        </div>
    }
}

#[component]
pub fn ProviderEditor(id: ProviderId) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let lookup_id = id.clone();
    let provider = Memo::new(move |_| state.settings.with(|s| s.provider(&lookup_id).cloned()));
    let edit = {
        let id = id.clone();
        move |change: Box<dyn FnOnce(&mut ProviderSettings)>| {
            let id = id.clone();
            update_settings(state, status, move |s| {
                if let Some(p) = s.providers.iter_mut().find(|p| p.id == id) {
                    change(p);
                }
            })
        }
    };
    let vault_tick = expect_context::<VaultTick>();
    let key_set = RwSignal::new(keys::has_key(id.as_str()));
    let field = move |get: fn(&ProviderSettings) -> String| {
        move || provider.with(|p| p.as_ref().map(get).unwrap_or_default())
    };
    let (e1, e2, e3, e4) = (edit.clone(), edit.clone(), edit.clone(), edit.clone());
    let (id_key, id_remember, id_remove, id_free) =
        (id.clone(), id.clone(), id.clone(), id.clone());
    let health = Signal::derive(move || {
        provider.with(|p| {
            p.as_ref()
                .map(|p| state.health.of(p))
                .unwrap_or(Health::Unknown)
        })
    });
    let check = move |_| {
        if let Some(provider) = provider.get_untracked() {
            state.health.check(state.settings, provider);
        }
    };
    let slug = id.clone();
    let sign_in_id = id.clone();
    // A sign-in sets the key without this field: its outcome is the cue to look again.
    let signed_in_id = id.clone();
    let signed_in = move || {
        state.keys.sign_in.track();
        // An unlock or a lock changes which keys this tab holds.
        vault_tick.0.track();
        keys::has_key(signed_in_id.as_str())
    };

    view! {
        <article class="provider-card" data-provider-id=id.to_string() aria-label=move || field(|p| p.name.clone())()>
            <div class="grid">
                <label>"Name"
                    <input type="text" prop:value=field(|p| p.name.clone())
                        on:change=move |ev| { let v = event_target_value(&ev); e1(Box::new(move |p| p.name = v)) } />
                </label>
                <label>"Kind"
                    <select on:change=move |ev| { if let Some(kind) = kind_from_value(&event_target_value(&ev)) { e2(Box::new(move |p| p.kind = kind)) } }>
                        {ALL_KINDS.into_iter().map(|kind| view! {
                            <option value=kind_value(kind) selected=move || provider.with(|p| p.as_ref().map(|p| p.kind) == Some(kind))>{kind_label(kind)}</option>
                        }).collect_view()}
                    </select>
                </label>
                <BaseUrlField
                    id=id.clone()
                    name=Signal::derive(field(|p| p.name.clone()))
                    base_url=Signal::derive(field(|p| p.base_url.clone()))
                    save=Callback::new(move |v: String| e3(Box::new(move |p| p.base_url = v)))
                />
                <ModelPicker
                    label="Default model"
                    list_id=format!("models-of-{slug}")
                    provider_id=Signal::derive(move || provider.with(|p| p.as_ref().map(|p| p.id.clone()).unwrap_or_default()))
                    value=Signal::derive(field(|p| p.default_model.clone()))
                    on_pick=Callback::new(move |v: String| { let v = v.trim().to_string(); e4(Box::new(move |p| p.default_model = v)) })
                    live=false
                />
                <label>"API key"
                    <input type="password" autocomplete="off"
                        placeholder=move || if signed_in() {
                            "key set (type to replace)"
                        } else if provider.with(|p| p.as_ref().is_some_and(|p| p.needs_key())) {
                            // A hosted provider always needs one.
                            "paste your API key"
                        } else {
                            "none needed for a local server"
                        }
                        on:change=move |ev| {
                            let remember = provider.with_untracked(|p| p.as_ref().is_some_and(|p| p.remember_key));
                            keys::set_key(id_key.as_str(), &event_target_value(&ev), remember);
                            // Taken: the key leaves the page's fields (the placeholder says it is set).
                            event_target::<web_sys::HtmlInputElement>(&ev).set_value("");
                            key_set.set(keys::has_key(id_key.as_str()));
                            vault_tick.bump();
                            // A new key voids the last check.
                            state.health.forget(&id_key);
                        } />
                </label>
                <label class="checkbox">
                    <input type="checkbox" prop:checked=move || provider.with(|p| p.as_ref().is_some_and(|p| p.remember_key))
                        on:change=move |ev| {
                            let remember = event_target_checked(&ev);
                            keys::set_remember(id_remember.as_str(), remember);
                            vault_tick.bump();
                            update_settings(state, status, |s| if let Some(p) = s.providers.iter_mut().find(|p| p.id == id_remember) { p.remember_key = remember });
                        } />
                    "Remember the key on this device"
                </label>
                <label class="checkbox">
                    <input type="checkbox" prop:checked=move || provider.with(|p| p.as_ref().is_some_and(|p| p.free))
                        on:change=move |ev| {
                            let free = event_target_checked(&ev);
                            update_settings(state, status, |s| if let Some(p) = s.providers.iter_mut().find(|p| p.id == id_free) { p.free = free });
                        } />
                    "Free: a server I run ($0 a call unless its model is priced)"
                </label>
            </div>
            <div class="health-line" role="status">
                <HealthChip health=health />
                " "{move || health.with(Health::line)}
            </div>
            {move || provider.with(|p| p.as_ref().is_some_and(|p| p.kind == ProviderKind::OpenRouter)).then(|| view! {
                <div class="key-line">
                    <SignInButton target=SignInFor::Provider(sign_in_id.clone()) />
                    <KeyStatus provider_id=sign_in_id.clone() />
                </div>
            })}
            <div class="actions">
                <button class="secondary" on:click=check disabled=move || health.with(|h| *h == Health::Checking)>"Check connection"</button>
                <button class="danger" on:click=move |_| {
                    keys::forget(id_remove.as_str());
                    let id = id_remove.clone();
                    update_settings(state, status, move |s| s.providers.retain(|p| p.id != id));
                }>"Remove"</button>
            </div>
            <p class="status" role="status">{move || status.get()}</p>
        </article>
    }
}
