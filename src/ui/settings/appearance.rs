//! Appearance: follow the system's light or dark, or choose one (applied at once, kept on this
//! device; `platform::theme`).
use leptos::prelude::*;

use crate::platform::theme::{choose_theme, chosen_theme, Theme};

#[component]
pub fn Appearance() -> impl IntoView {
    let theme = RwSignal::new(chosen_theme());
    let option = move |value: Theme, label: &'static str| {
        view! {
            <label class="theme-option">
                <input type="radio" name="theme" prop:checked=move || theme.get() == value
                    on:change=move |_| { choose_theme(value); theme.set(value); } />
                {label}
            </label>
        }
    };
    view! {
        <h3>"Appearance"</h3>
        <fieldset class="theme-choice">
            <legend>"Colours"</legend>
            {option(Theme::System, "Follow the system")}
            {option(Theme::Light, "Light")}
            {option(Theme::Dark, "Dark")}
        </fieldset>
    }
}
