//! Form fields the protocols' forms share, each bound to its signal.
use leptos::prelude::*;

/// A checkbox with its label after it.
#[component]
pub fn CheckboxField(label: &'static str, value: RwSignal<bool>) -> impl IntoView {
    view! {
        <label class="checkbox">
            <input type="checkbox" prop:checked=move || value.get() on:change=move |ev| value.set(event_target_checked(&ev)) />
            {label}
        </label>
    }
}

/// A run's budget in USD: empty, or anything that is not an amount above $0, is no limit.
#[component]
pub fn BudgetField(label: &'static str, budget_usd: RwSignal<Option<f64>>) -> impl IntoView {
    view! {
        <label>
            {label}
            <input type="number" min="0.01" step="0.01" placeholder="no limit"
                prop:value=move || budget_usd.get().map(|usd| usd.to_string()).unwrap_or_default()
                on:change=move |ev| budget_usd.set(budget_typed(&event_target_value(&ev))) />
        </label>
    }
}

/// An amount above $0 ("$" allowed), else None: no limit.
fn budget_typed(text: &str) -> Option<f64> {
    let usd = text.trim().trim_start_matches('$').parse::<f64>().ok()?;
    (usd > 0.0).then_some(usd)
}
