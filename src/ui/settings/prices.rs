//! Advanced settings: the price table, per model, with its cache rates.
use consilium_engine::views::costs::price_entry_with_cache;
use leptos::prelude::*;

use super::fields::update_settings;
use crate::app::AppState;

#[component]
pub fn PriceTableEditor() -> impl IntoView {
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
            <table class="prices cards-on-phone">
                <thead><tr><th scope="col">"Model"</th><th scope="col">"Input"</th><th scope="col">"Output"</th><th scope="col">"Cache read"</th><th scope="col">"Cache write"</th><th scope="col"><span class="visually-hidden">"Actions"</span></th></tr></thead>
                <tbody>
                    {move || entries().into_iter().map(|(name, price)| {
                        let remove = name.clone();
                        view! {
                            <tr>
                                <th scope="row">{name.clone()}</th>
                                <td data-label="Input">{price.input_per_million}</td>
                                <td data-label="Output">{price.output_per_million}</td>
                                <td data-label="Cache read">{price.cache_read_per_million.map_or("input".to_string(), |p| p.to_string())}</td>
                                <td data-label="Cache write">{price.cache_write_per_million.map_or("input".to_string(), |p| p.to_string())}</td>
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
