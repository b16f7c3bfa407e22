//! What every setting's control shares: a change saved at once, and its status (saved, or why
//! not) beside it; a typed value never silently dropped or replaced.
use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::Settings;

/// Applies a change to the settings and saves them, reporting a failed save.
pub fn update_settings(
    state: AppState,
    status: RwSignal<Option<String>>,
    change: impl FnOnce(&mut Settings),
) {
    state.settings.update(change);
    if let Some(problem) = state.settings.with_untracked(|s| s.save().err()) {
        status.set(Some(problem));
    }
}

/// Applies a typed value when it is valid; otherwise says why, and the field shows the value in
/// effect again (a value is never silently dropped or replaced).
pub fn apply_field<T>(
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
pub fn NumberSetting<T: 'static>(
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
pub fn CheckSetting(
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
