//! Advanced settings: the debate's filter limits (seed 001), by round.
use consilium_engine::{
    record::consult::filter_limits::FilterLimits, record::consult::filter_limits::LimitField,
};
use leptos::prelude::*;

use super::fields::update_settings;
use crate::app::AppState;

/// The debate filter limits as number fields, grouped by round; each saves on change, and says so
/// (or why not) beside itself.
#[component]
pub fn FilterLimitsEditor() -> impl IntoView {
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
pub fn LimitInput(field: LimitField) -> impl IntoView {
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
