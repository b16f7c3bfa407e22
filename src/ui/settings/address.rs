//! A provider's base URL, and the question asked before its key would go to another host: a key is
//! sent only to the address it was given for, so changing the address of a provider that holds a
//! key waits for the user's word, and says where the key would go.
use consilium_engine::foundation::ids::ProviderId;
use consilium_providers::origin_of;
use leptos::html::Input;
use leptos::prelude::*;

use super::vault::VaultTick;
use crate::app::AppState;
use crate::platform::keys;

/// The "Base URL" field of provider `id`; `save` stores a new address.
#[component]
pub fn BaseUrlField(
    id: ProviderId,
    name: Signal<String>,
    base_url: Signal<String>,
    save: Callback<String>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let vault_tick = expect_context::<VaultTick>();
    let input = NodeRef::<Input>::new();
    // The address typed, waiting for the user's word because the key would go to a new host.
    let moving_to = RwSignal::new(None::<String>);
    let key_id = id.clone();
    let change = move |ev| {
        let typed = event_target_value(&ev).trim().to_string();
        let elsewhere = origin_of(&typed) != origin_of(&base_url.get_untracked());
        if elsewhere && keys::has_key(key_id.as_str()) {
            moving_to.set(Some(typed));
        } else {
            save.run(typed);
        }
    };
    let put_back = move || {
        if let Some(field) = input.get_untracked() {
            field.set_value(&base_url.get_untracked());
        }
        moving_to.set(None);
    };
    let send_key = move |_| {
        if let Some(address) = moving_to.get_untracked() {
            save.run(address);
        }
        moving_to.set(None);
    };
    let forget_id = StoredValue::new(id);
    let drop_key = move |_| {
        if let Some(address) = moving_to.get_untracked() {
            forget_id.with_value(|id| {
                keys::forget(id.as_str());
                state.health.forget(id);
            });
            vault_tick.bump();
            save.run(address);
        }
        moving_to.set(None);
    };
    view! {
        <label>"Base URL"
            <input type="url" node_ref=input prop:value=move || base_url.get() on:change=change />
        </label>
        {move || moving_to.get().map(|address| {
            let to = origin_of(&address);
            let from = origin_of(&base_url.get_untracked());
            view! {
                <div class="address-change" role="alertdialog" aria-label="Send the key to a new address?">
                    <p>{format!(
                        "Your API key for {} has gone only to {from}. With this address it would go to {to}.",
                        name.get_untracked()
                    )}</p>
                    <div class="actions">
                        <button class="primary" on:click=send_key>{format!("Send my key to {to}")}</button>
                        <button class="secondary" on:click=drop_key>"Change it and remove the key"</button>
                        <button class="secondary" on:click=move |_| put_back()>"Keep the old address"</button>
                    </div>
                </div>
            }
        })}
    }
}
