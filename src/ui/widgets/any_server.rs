//! "Any OpenAI-compatible server" beside the presets: name, address and an optional key, added and
//! checked in one step (`app::providers::any_server`). The form is its own wasm part, fetched when
//! the row's Add is pressed: the first screen carries only the row.
use consilium_engine::foundation::ids::ProviderId;
use leptos::prelude::*;

use crate::app::providers::any_server::{add_any_server, AnyServer};
use crate::app::AppState;
use crate::platform::split::lazy_view;
use crate::ui::widgets::part_view::PartView;

lazy_view!(any_server: fn any_server_form() => view! { <AnyServerForm /> }.into_any());

/// The row among the presets; its Add opens the form.
#[component]
pub fn AnyServerRow() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <li class="preset any-server">
            <div>
                <strong>"OpenAI-compatible server"</strong>
                <p class="hint">"vLLM, LocalAI, Jan, text-generation-webui, a gateway: any address that answers /v1/chat/completions."</p>
                <Show when=move || open.get()>
                    <PartView load=any_server_form />
                </Show>
            </div>
            <Show when=move || !open.get()>
                <button class="secondary" aria-label="Add an OpenAI-compatible server" on:click=move |_| open.set(true)>"Add"</button>
            </Show>
        </li>
    }
}

#[component]
fn AnyServerForm() -> impl IntoView {
    let state = expect_context::<AppState>();
    let (name, address, key) = (
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
        RwSignal::new(String::new()),
    );
    let problem = RwSignal::new(None::<String>);
    let added = RwSignal::new(None::<ProviderId>);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let server = AnyServer {
            name: name.get_untracked(),
            address: address.get_untracked(),
            key: key.get_untracked(),
        };
        match add_any_server(state, server) {
            Ok(id) => {
                problem.set(None);
                key.set(String::new());
                added.set(Some(id));
            }
            Err(message) => problem.set(Some(message)),
        }
    };
    // Adding the first provider replaces the first-run card, and this form with it, after the
    // sets above have woken its views: those read with `try_get`, as the form may be gone by then.
    // The new provider's check, as it goes: "Checking…", then its models or what failed.
    let line = move || {
        let id = added.try_get().flatten()?;
        state
            .settings
            .with(|s| s.provider(&id).map(|p| state.health.of(p).line()))
    };
    view! {
        <form class="any-server-form" novalidate on:submit=add>
            <label>"Name (optional)"
                <input type="text" placeholder="My server" prop:value=move || name.try_get().unwrap_or_default()
                    on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label>"Address"
                <input type="url" placeholder="http://127.0.0.1:8000/v1" prop:value=move || address.try_get().unwrap_or_default()
                    on:input=move |ev| address.set(event_target_value(&ev)) />
            </label>
            <label>"API key (optional)"
                <input type="password" autocomplete="off" prop:value=move || key.try_get().unwrap_or_default()
                    on:input=move |ev| key.set(event_target_value(&ev)) />
            </label>
            <button class="primary" type="submit">"Add and check"</button>
            {move || problem.try_get().flatten().map(|p| view! { <p class="error" role="alert">{p}</p> })}
            <p class="health-line" role="status">{line}</p>
        </form>
    }
}
