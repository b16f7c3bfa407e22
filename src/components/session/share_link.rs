//! "Share link": the session's report in a link, copied and shown to copy by hand.
use consilium_engine::Session;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::share::share_link;

#[component]
pub fn ShareLink(session: Memo<Option<Session>>) -> impl IntoView {
    let link = RwSignal::new(None::<String>);
    let message = RwSignal::new(None::<String>);
    let make = move |_| {
        let Some(session) = session.get_untracked() else {
            return;
        };
        spawn_local(async move {
            match share_link(&session).await {
                Ok(made) => {
                    let copied = match web_sys::window().map(|w| w.navigator().clipboard()) {
                        Some(clipboard) => {
                            wasm_bindgen_futures::JsFuture::from(clipboard.write_text(&made))
                                .await
                                .is_ok()
                        }
                        None => false,
                    };
                    message.set(Some(format!(
                        "{} ({} characters). It holds the report without raw replies, settings or keys; no server is involved.",
                        if copied { "Link copied" } else { "Link ready: copy it below" },
                        made.len()
                    )));
                    link.set(Some(made));
                }
                Err(error) => {
                    link.set(None);
                    message.set(Some(error));
                }
            }
        });
    };
    view! {
        <button class="secondary" on:click=make>"Share link"</button>
        <Show when=move || message.with(Option::is_some)>
            <div class="share-link">
                <p role="status">{move || message.get()}</p>
                {move || link.get().map(|l| view! {
                    <label>"Share link" <input type="text" readonly prop:value=l class="share-url" /></label>
                })}
            </div>
        </Show>
    }
}
