//! Views loaded on demand. With the `split` feature (the release build, `scripts/build.sh`) each
//! route view in `routes.rs` is a split point: its code moves into its own wasm part, fetched the
//! first time the view opens. `PartView` shows it once loaded, and a part that fails to load
//! (offline before it was cached, or a newer deploy replaced it) says so with Retry instead of
//! aborting the app.
use std::future::Future;

use leptos::prelude::*;

/// `part, preload preload_name: fn name(args) -> Result<T, E> { body }` defines the split function
/// `name` in the wasm part `part` (`E: From<PartUnavailable>` carries a failed load) and the
/// `preload_name` function that only fetches that part. Without the `split` feature both are plain
/// async functions.
macro_rules! split_fn {
    ($part:ident, preload $preload:ident: $(#[$meta:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty $body:block) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
        $(#[$meta])*
        fn $name($($arg: $ty),*) -> $ret $body
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        $(#[$meta])*
        async fn $name($($arg: $ty),*) -> $ret $body
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        async fn $preload() -> Result<(), PartUnavailable> {
            Ok(())
        }
    };
}

pub mod check;
pub mod prefetch;
pub mod routes;
pub mod run;
pub mod sidebar;
pub mod upkeep;

/// A part of the app that could not be fetched or instantiated (the browser console has the cause).
pub use leptos::wasm_split::SplitLoaderError as PartUnavailable;

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
pub(crate) fn PartFailed(retry: impl Fn() + Send + Sync + 'static) -> impl IntoView {
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
