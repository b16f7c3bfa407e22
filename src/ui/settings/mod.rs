//! Settings in two tabs: Basic (providers with their keys, and the council a new consult starts
//! with) and Advanced (runs and budgets, hedging, the protocols' thresholds, debate filter limits,
//! prices). Each control says beside itself whether its change was saved, or why not.
mod address;
pub mod appearance;
mod fields;
pub mod filtering;
pub mod lazy;
pub mod prices;
pub mod providers;
pub mod runs;
pub mod sync;
pub mod vault;

use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::parse_idle_lock;
use crate::ui::widgets::presets::PresetList;
use appearance::Appearance;
use fields::NumberSetting;
use filtering::FilterLimitsEditor;
use prices::PriceTableEditor;
use providers::{DefaultCouncil, ProviderEditor};
use runs::RunDefaults;
use sync::SyncSettingsEditor;
use vault::{KeyVault, VaultTick};

#[component]
pub fn SettingsView() -> impl IntoView {
    let state = expect_context::<AppState>();
    provide_context(VaultTick(RwSignal::new(0)));
    let ids = move || {
        state
            .settings
            .with(|s| s.providers.iter().map(|p| p.id.clone()).collect::<Vec<_>>())
    };
    // Opens on Basic: what every user needs (a link to Settings from a failed run means a provider).
    let advanced = RwSignal::new(false);
    let show = move |value: bool| advanced.set(value);
    let tab = move |value: bool, label: &'static str, id: &'static str| {
        view! {
            <button
                role="tab"
                id=id
                class="settings-tab"
                aria-controls="settings-panel"
                aria-selected=move || (advanced.get() == value).to_string()
                tabindex=move || if advanced.get() == value { "0" } else { "-1" }
                on:click=move |_| show(value)
                on:keydown=move |ev| {
                    if matches!(ev.key().as_str(), "ArrowLeft" | "ArrowRight") {
                        ev.prevent_default();
                        show(!value);
                        let other = if value { "settings-tab-basic" } else { "settings-tab-advanced" };
                        if let Some(other) = document().get_element_by_id(other) {
                            if let Ok(other) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(other) {
                                let _ = other.focus();
                            }
                        }
                    }
                }
            >
                {label}
            </button>
        }
    };
    view! {
        <section class="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">"Settings"</h2>
            <Show when=move || state.settings_problems.with(|p| !p.is_empty())>
                <div class="error" role="alert">
                    <p>"Some stored settings could not be read. Everything else was kept; these use their defaults (the stored text is kept in this browser under consilium.settings.unreadable):"</p>
                    <ul>{move || state.settings_problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                </div>
            </Show>
            <div class="settings-tabs" role="tablist" aria-label="Settings">
                {tab(false, "Basic", "settings-tab-basic")}
                {tab(true, "Advanced", "settings-tab-advanced")}
            </div>
            <div id="settings-panel" role="tabpanel"
                aria-labelledby=move || if advanced.get() { "settings-tab-advanced" } else { "settings-tab-basic" }>
                <Show when=move || advanced.get() fallback=move || view! {
                    <h3>"Providers"</h3>
                    <p class="muted">
                        "Keys are kept in this tab only, unless you tick “remember on this device”. They are sent only to their own provider "
                        "and never written into sessions, exports or links."
                    </p>
                    <KeyVault />
                    <div class="grid single">
                        <NumberSetting label="Lock the remembered keys after (minutes without use, 0 for never)" min="0" max="1440" step="1"
                            parse=parse_idle_lock set=|s, v| s.vault_idle_lock_minutes = v shown=|s| s.vault_idle_lock_minutes.to_string() />
                    </div>
                    <div class="providers">
                        <For each=ids key=|id| id.clone() let:id>
                            <ProviderEditor id=id />
                        </For>
                    </div>
                    <h3>"Add a provider"</h3>
                    <PresetList />
                    <DefaultCouncil />
                    <Appearance />
                    <SyncSettingsEditor />
                }>
                    <RunDefaults />
                    <FilterLimitsEditor />
                    <PriceTableEditor />
                </Show>
            </div>
        </section>
    }
}
