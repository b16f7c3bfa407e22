//! A model field for a seat or a provider's default: the provider's listed models to choose from
//! (the browser filters them as one types, each with its price per million tokens), any other
//! name typed freely, and the chosen model's price below, from the same table the ledger
//! charges with (the list's own prices are saved there by the check).
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::views::costs::price_per_million;
use consilium_engine::views::seats::{price_of, SeatCatalog};
use leptos::prelude::*;

use crate::app::AppState;

#[component]
pub fn ModelPicker(
    label: &'static str,
    /// The id of the list, unique on the page.
    list_id: String,
    provider_id: Signal<ProviderId>,
    value: Signal<String>,
    on_pick: Callback<String>,
    /// Whether each keystroke is taken (a seat) or only the finished entry (a saved setting).
    live: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // (model, its price) for each listed model.
    let listed = move || {
        let id = provider_id.get();
        state.settings.with(|s| {
            let Some(provider) = SeatCatalog::provider(s, &id) else {
                return Vec::new();
            };
            provider
                .models
                .iter()
                .map(|m| {
                    (
                        m.clone(),
                        price_per_million(price_of(s, &provider, m).as_ref()),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let count = move || {
        let id = provider_id.get();
        state
            .settings
            .with(|s| s.provider(&id).map(|p| p.models.len()).unwrap_or(0))
    };
    let price = move || {
        let id = provider_id.get();
        let model = value.get();
        let model = model.trim();
        if model.is_empty() {
            return String::new();
        }
        state.settings.with(|s| {
            let price = SeatCatalog::provider(s, &id).and_then(|p| price_of(s, &p, model));
            format!("{model}: {}", price_per_million(price.as_ref()))
        })
    };
    let hint = move || match count() {
        0 => "Type a model name (“Check connection” in Settings lists the provider's models)."
            .to_string(),
        1 => "1 listed model, or type any name.".to_string(),
        n => format!("{n} listed models: type to search, or any name."),
    };
    let pick = move |ev| on_pick.run(event_target_value(&ev));
    let about = format!("{list_id}-about");
    let input = if live {
        view! {
            <input type="text" list=list_id.clone() autocomplete="off" aria-describedby=about.clone()
                prop:value=move || value.get() on:input=pick />
        }
        .into_any()
    } else {
        view! {
            <input type="text" list=list_id.clone() autocomplete="off" aria-describedby=about.clone()
                prop:value=move || value.get() on:change=pick />
        }
        .into_any()
    };
    // The price and the hint sit outside the label: the field's name stays its label alone.
    view! {
        <div class="model-picker">
            <label>{label}{input}</label>
            <datalist id=list_id>
                {move || listed().into_iter().map(|(m, price)| view! { <option value=m label=price /> }).collect_view()}
            </datalist>
            <p class="model-about" id=about>
                <span class="model-price">{price}</span>
                " "
                <span class="model-hint">{hint}</span>
            </p>
        </div>
    }
}
