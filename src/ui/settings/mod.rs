//! Settings in two tabs: Basic (providers with their keys, and the council a new consult starts
//! with) and Advanced (runs and budgets, hedging, the protocols' thresholds, debate filter limits,
//! prices). Each control says beside itself whether its change was saved, or why not.
pub mod lazy;

use consilium_engine::views::{consult_seats, price_entry_with_cache, Health};
use consilium_engine::{FilterLimits, LimitField};
use consilium_providers::{redact, Price, ProviderKind};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::providers::gate::council_summary;
use crate::app::providers::test_connection;
use crate::app::AppState;
use crate::platform::keys;
use crate::platform::transport::list_models;
use crate::settings::{
    kind_label, parse_abstain_threshold, parse_budget, parse_consent_threshold,
    parse_debate_threshold, parse_hedge_after, parse_max_tokens, parse_timeout, ProviderSettings,
    Settings, ALL_KINDS,
};
use crate::ui::widgets::presets::PresetList;
use crate::ui::widgets::provider_gate::HealthChip;

fn kind_value(kind: ProviderKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn kind_from_value(value: &str) -> Option<ProviderKind> {
    serde_json::from_value(serde_json::Value::String(value.to_string())).ok()
}

/// Applies a change to the settings and saves them, reporting a failed save.
fn update_settings(
    state: AppState,
    status: RwSignal<Option<String>>,
    change: impl FnOnce(&mut Settings),
) {
    state.settings.update(change);
    if let Some(problem) = state.settings.with_untracked(|s| s.save().err()) {
        status.set(Some(problem));
    }
}

#[component]
pub fn SettingsView() -> impl IntoView {
    let state = expect_context::<AppState>();
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
                    <div class="providers">
                        <For each=ids key=|id| id.clone() let:id>
                            <ProviderEditor id=id />
                        </For>
                    </div>
                    <h3>"Add a provider"</h3>
                    <PresetList />
                    <DefaultCouncil />
                }>
                    <RunDefaults />
                    <FilterLimitsEditor />
                    <PriceTableEditor />
                </Show>
            </div>
        </section>
    }
}

/// The council a new consult starts with: one panelist per provider and model in turn, with
/// distinct personas; each consult can change it before it runs.
#[component]
fn DefaultCouncil() -> impl IntoView {
    let state = expect_context::<AppState>();
    let summary = move || {
        let (seats, _) = state.settings.with(consult_seats);
        state.settings.with(|s| !s.providers.is_empty()).then(|| {
            council_summary(state, &seats, "panelist")
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
    }
}

#[component]
fn ProviderEditor(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
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
    let key_set = RwSignal::new(keys::has_key(&id));
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

    let test_connection = move |_| {
        let Some(provider) = provider.get_untracked() else {
            return;
        };
        busy.set(true);
        status.set(Some("Testing…".into()));
        spawn_local(async move {
            status.set(Some(test_connection(&provider).await));
            busy.set(false);
        });
    };
    let load_models = move |_| {
        let Some(provider) = provider.get_untracked() else {
            return;
        };
        busy.set(true);
        status.set(Some("Loading the model list…".into()));
        let edit = edit.clone();
        spawn_local(async move {
            let key = keys::get_key(&provider.id);
            match list_models(&provider.endpoint(), key.as_deref(), 20_000).await {
                Ok(models) => {
                    let count = models.len();
                    let priced: Vec<(String, Price)> = models
                        .iter()
                        .filter_map(|m| m.price.map(|p| (m.id.clone(), p)))
                        .collect();
                    edit(Box::new(move |p| {
                        p.models = models.into_iter().map(|m| m.id).collect()
                    }));
                    if !priced.is_empty() {
                        update_settings(state, status, |s| {
                            priced
                                .into_iter()
                                .for_each(|(id, price)| s.prices.set(&id, price))
                        });
                    }
                    status.set(Some(format!("{count} models loaded.")));
                }
                Err(error) => status.set(Some(redact(
                    &error.model_list_message(&provider.error_context(&provider.default_model)),
                    key.as_deref(),
                ))),
            }
            busy.set(false);
        });
    };

    view! {
        <article class="provider-card" data-provider-id=id.clone() aria-label=move || field(|p| p.name.clone())()>
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
                <label>"Base URL"
                    <input type="url" prop:value=field(|p| p.base_url.clone())
                        on:change=move |ev| { let v = event_target_value(&ev).trim().to_string(); e3(Box::new(move |p| p.base_url = v)) } />
                </label>
                <label>"Default model"
                    <input type="text" list=format!("models-of-{slug}") prop:value=field(|p| p.default_model.clone())
                        on:change=move |ev| { let v = event_target_value(&ev).trim().to_string(); e4(Box::new(move |p| p.default_model = v)) } />
                    <datalist id=format!("models-of-{slug}")>
                        {move || provider.with(|p| p.as_ref().map(|p| p.models.clone()).unwrap_or_default()).into_iter().map(|m| view! { <option value=m /> }).collect_view()}
                    </datalist>
                </label>
                <label>"API key"
                    <input type="password" autocomplete="off"
                        placeholder=move || if key_set.get() { "key set (type to replace)" } else { "none (local servers need none)" }
                        on:change=move |ev| {
                            let remember = provider.with_untracked(|p| p.as_ref().is_some_and(|p| p.remember_key));
                            keys::set_key(&id_key, &event_target_value(&ev), remember);
                            key_set.set(keys::has_key(&id_key));
                            // A new key voids the last check.
                            state.health.forget(&id_key);
                        } />
                </label>
                <label class="checkbox">
                    <input type="checkbox" prop:checked=move || provider.with(|p| p.as_ref().is_some_and(|p| p.remember_key))
                        on:change=move |ev| {
                            let remember = event_target_checked(&ev);
                            keys::set_remember(&id_remember, remember);
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
                " "{move || match health.get() {
                    Health::Failing(diagnosis) => diagnosis.sentence(),
                    Health::Ready { models } if !models.is_empty() => format!("Reachable, key accepted, {} models listed.", models.len()),
                    Health::Ready { .. } => "Reachable, key accepted, the model answered.".to_string(),
                    Health::Unknown => "Check it to know before a run.".to_string(),
                    Health::Checking => String::new(),
                }}
            </div>
            <div class="actions">
                <button class="secondary" on:click=check disabled=move || health.with(|h| *h == Health::Checking)>"Check provider"</button>
                <button class="secondary" on:click=test_connection disabled=move || busy.get()>"Test connection"</button>
                <button class="secondary" on:click=load_models disabled=move || busy.get()>"Load models"</button>
                <button class="danger" on:click=move |_| {
                    keys::forget(&id_remove);
                    let id = id_remove.clone();
                    update_settings(state, status, move |s| s.providers.retain(|p| p.id != id));
                }>"Remove"</button>
            </div>
            <p class="status" role="status">{move || status.get()}</p>
        </article>
    }
}

fn budget_text(settings: &Settings) -> String {
    settings
        .budget_usd
        .map(|b| b.to_string())
        .unwrap_or_default()
}

/// Applies a typed value when it is valid; otherwise says why, and the field shows the value in
/// effect again (a value is never silently dropped or replaced).
fn apply_field<T>(
    ev: &leptos::ev::Event,
    state: AppState,
    status: RwSignal<Option<String>>,
    parse: fn(&str) -> Result<T, String>,
    set: fn(&mut Settings, T),
    shown: fn(&Settings) -> String,
) {
    let input = event_target::<web_sys::HtmlInputElement>(ev);
    match parse(&input.value()) {
        Ok(value) => {
            status.set(None);
            update_settings(state, status, |s| set(s, value));
        }
        Err(problem) => {
            input.set_value(&state.settings.with_untracked(shown));
            status.set(Some(format!("{problem} The previous value is kept.")));
        }
    }
}

/// A number setting: saved on change, and its status (saved, or why not) beside it.
#[component]
fn NumberSetting<T: 'static>(
    label: &'static str,
    min: &'static str,
    #[prop(optional)] max: Option<&'static str>,
    step: &'static str,
    parse: fn(&str) -> Result<T, String>,
    set: fn(&mut Settings, T),
    shown: fn(&Settings) -> String,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    view! {
        <label>{label}
            <input type="number" min=min max=max step=step prop:value=move || state.settings.with(shown)
                on:change=move |ev| {
                    apply_field(&ev, state, status, parse, set, shown);
                    if status.get_untracked().is_none() {
                        status.set(Some("Saved.".into()));
                    }
                } />
            <span class="field-status" role="status">{move || status.get()}</span>
        </label>
    }
}

/// A checkbox setting, with its status beside it.
#[component]
fn CheckSetting(
    label: &'static str,
    get: fn(&Settings) -> bool,
    set: fn(&mut Settings, bool),
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    view! {
        <label class="checkbox">
            <input type="checkbox" prop:checked=move || state.settings.with(get)
                on:change=move |ev| {
                    let value = event_target_checked(&ev);
                    status.set(None);
                    update_settings(state, status, |s| set(s, value));
                    if status.get_untracked().is_none() {
                        status.set(Some("Saved.".into()));
                    }
                } />
            {label}
            <span class="field-status" role="status">{move || status.get()}</span>
        </label>
    }
}

#[component]
fn RunDefaults() -> impl IntoView {
    view! {
        <h3>"Runs and budgets"</h3>
        <div class="grid">
            <NumberSetting label="Ask before runs estimated above (USD)" min="0" step="0.05"
                parse=parse_consent_threshold set=|s, v| s.consent_threshold_usd = v shown=|s| s.consent_threshold_usd.to_string() />
            <NumberSetting label="Budget per session (USD, empty for none)" min="0" step="0.10"
                parse=parse_budget set=|s, v| s.budget_usd = v shown=budget_text />
            <NumberSetting label="Max tokens per reply" min="64" step="64"
                parse=parse_max_tokens set=|s, v| s.max_tokens = v shown=|s| s.max_tokens.to_string() />
            <NumberSetting label="Give up on a silent call after (seconds)" min="5" step="5"
                parse=parse_timeout set=|s, v| s.timeout_secs = v shown=|s| s.timeout_secs.to_string() />
            <CheckSetting label="Verbose by default (no artifact filtering, higher token cost)"
                get=|s| s.verbose set=|s, v| s.verbose = v />
        </div>
        <h3>"Backup models (hedging)"</h3>
        <div class="grid">
            <NumberSetting label="Ask a seat's backup model when it has sent no text after (seconds)" min="1" step="1"
                parse=parse_hedge_after set=|s, v| s.hedge_after_secs = v shown=|s| s.hedge_after_secs.to_string() />
            <CheckSetting label="Adapt the backup deadline to each provider's speed (2 x its median time to first text)"
                get=|s| s.hedge_adaptive set=|s, v| s.hedge_adaptive = v />
        </div>
        <h3>"Review and Prioritize"</h3>
        <div class="grid">
            <NumberSetting label="Reviewers abstain below this confidence (%)" min="0" max="100" step="5"
                parse=parse_abstain_threshold set=|s, v| s.abstain_threshold = v shown=|s| (s.abstain_threshold * 100.0).round().to_string() />
            <NumberSetting label="Debate a backlog of more than this many opportunities (else rank by score)" min="0" max="100" step="1"
                parse=parse_debate_threshold set=|s, v| s.debate_threshold = v shown=|s| s.debate_threshold.to_string() />
        </div>
    }
}

/// The debate filter limits as number fields, grouped by round; each saves on change, and says so
/// (or why not) beside itself.
#[component]
fn FilterLimitsEditor() -> impl IntoView {
    let state = expect_context::<AppState>();
    let limits = move || {
        state
            .settings
            .with(|s| FilterLimits::from_settings_json(&s.filtering).unwrap_or_default())
    };
    let reset_status = RwSignal::new(None::<String>);
    let reset = move |_| {
        update_settings(state, reset_status, |s| {
            s.filtering = FilterLimits::default().to_settings_json()
        });
        if reset_status.get_untracked().is_none() {
            reset_status.set(Some("Back to the defaults.".into()));
        }
    };
    let group = move |round: u8, legend: &'static str| {
        let fields = LimitField::ALL
            .into_iter()
            .filter(|field| field.round() == round)
            .map(|field| view! { <LimitInput field=field /> })
            .collect::<Vec<_>>();
        view! {
            <fieldset class="limit-group">
                <legend>{legend}</legend>
                {fields}
            </fieldset>
        }
    };
    view! {
        <h3>"Debate filtering"</h3>
        <p class="muted">
            "How many of the strongest items of earlier rounds later rounds see. Unanswered challenges are always kept."
        </p>
        {group(3, "Round 3: what panelists see of the synthesis")}
        {group(4, "Round 4: what the judge sees")}
        <button class="secondary" on:click=reset disabled=move || limits() == FilterLimits::default()>
            "Restore the defaults"
        </button>
        <span class="field-status" role="status">{move || reset_status.get()}</span>
    }
}

#[component]
fn LimitInput(field: LimitField) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let current = move || {
        state.settings.with(|s| {
            field.get(&FilterLimits::from_settings_json(&s.filtering).unwrap_or_default())
        })
    };
    let save = move |ev| {
        let typed = event_target_value(&ev);
        let limits = state
            .settings
            .with_untracked(|s| FilterLimits::from_settings_json(&s.filtering).unwrap_or_default());
        match field.set(limits, &typed) {
            Ok(changed) => {
                status.set(None);
                update_settings(state, status, |s| s.filtering = changed.to_settings_json());
                if status.get_untracked().is_none() {
                    status.set(Some("Saved.".into()));
                }
            }
            Err(problem) => status.set(Some(problem)),
        }
    };
    view! {
        <label class="limit-field">
            {field.label()}
            <input type="number" min="0" max="100" step="1" inputmode="numeric"
                prop:value=move || current().to_string() on:change=save />
            <span class="field-status" role="status">{move || status.get()}</span>
        </label>
    }
}

#[component]
fn PriceTableEditor() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let model = RwSignal::new(String::new());
    let input = RwSignal::new(String::new());
    let output = RwSignal::new(String::new());
    let cache_read = RwSignal::new(String::new());
    let cache_write = RwSignal::new(String::new());
    let entries = move || state.settings.with(|s| s.prices.entries());
    let save = move |_| match price_entry_with_cache(
        &model.get_untracked(),
        &input.get_untracked(),
        &output.get_untracked(),
        &cache_read.get_untracked(),
        &cache_write.get_untracked(),
    ) {
        Ok((name, price)) => {
            update_settings(state, status, |s| s.prices.set(&name, price));
            status.set(Some(format!("Price for {name} saved.")));
        }
        Err(message) => status.set(Some(message)),
    };
    view! {
        <h3>"Prices"</h3>
        <p class="muted">"USD per million tokens. A model without a price shows “price unknown”, never $0. Cached prompt tokens cost the cache prices; a blank cache price means the input price."</p>
        <details>
            <summary>"Price table"</summary>
            <table class="prices">
                <thead><tr><th scope="col">"Model"</th><th scope="col">"Input"</th><th scope="col">"Output"</th><th scope="col">"Cache read"</th><th scope="col">"Cache write"</th><th scope="col"><span class="visually-hidden">"Actions"</span></th></tr></thead>
                <tbody>
                    {move || entries().into_iter().map(|(name, price)| {
                        let remove = name.clone();
                        view! {
                            <tr>
                                <td>{name.clone()}</td>
                                <td>{price.input_per_million}</td>
                                <td>{price.output_per_million}</td>
                                <td>{price.cache_read_per_million.map_or("input".to_string(), |p| p.to_string())}</td>
                                <td>{price.cache_write_per_million.map_or("input".to_string(), |p| p.to_string())}</td>
                                <td><button class="icon-button" aria-label=format!("Remove price of {name}")
                                    on:click=move |_| { let m = remove.clone(); update_settings(state, status, move |s| s.prices.remove(&m)) }>"Remove"</button></td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </details>
        <div class="grid">
            <label>"Model" <input type="text" prop:value=move || model.get() on:input=move |ev| model.set(event_target_value(&ev)) /></label>
            <label>"Input $/M" <input type="number" min="0" step="0.01" prop:value=move || input.get() on:input=move |ev| input.set(event_target_value(&ev)) /></label>
            <label>"Output $/M" <input type="number" min="0" step="0.01" prop:value=move || output.get() on:input=move |ev| output.set(event_target_value(&ev)) /></label>
            <label>"Cache read $/M" <input type="number" min="0" step="0.001" placeholder="input price" prop:value=move || cache_read.get() on:input=move |ev| cache_read.set(event_target_value(&ev)) /></label>
            <label>"Cache write $/M" <input type="number" min="0" step="0.01" placeholder="input price" prop:value=move || cache_write.get() on:input=move |ev| cache_write.set(event_target_value(&ev)) /></label>
        </div>
        <button class="secondary" on:click=save>"Set price"</button>
        <p class="status" role="status">{move || status.get()}</p>
    }
}
