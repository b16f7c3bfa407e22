//! A view in a part of its own (`platform::split`): shown once its part is loaded, and a part that
//! fails to load (offline before it was cached, or a newer deploy replaced it) says so with Retry
//! instead of aborting the app.
use std::future::Future;

use leptos::prelude::*;

use crate::platform::split::PartUnavailable;

/// Renders the view a split function returns, loading its part first. `load` runs again on Retry;
/// a failed load is not cached, so Retry fetches afresh.
#[component]
pub fn PartView<F, Fut>(load: F) -> impl IntoView
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<AnyView, PartUnavailable>> + Send + 'static,
{
    let attempt = RwSignal::new(0u32);
    let part = move || {
        attempt.track();
        let loading = load();
        Suspend::new(async move {
            match loading.await {
                Ok(view) => view,
                Err(_) => {
                    view! { <PartFailed retry=move || attempt.update(|n| *n += 1) /> }.into_any()
                }
            }
        })
    };
    view! {
        <Suspense fallback=|| view! { <p class="part-loading" role="status">"Loading…"</p> }>
            {part}
        </Suspense>
    }
}

#[component]
pub fn PartFailed(retry: impl Fn() + Send + Sync + 'static) -> impl IntoView {
    view! {
        <div class="notice part-failed" role="alert">
            <p>
                "This part of Consilium could not be loaded: the network may be off, or a newer \
                version replaced it (then reload the page)."
            </p>
            <button on:click=move |_| retry()>"Retry"</button>
        </div>
    }
}
