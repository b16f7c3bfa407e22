//! The split points: one per route view that the first screen (the new-session page) does not
//! need. Each becomes its own wasm part in the split build; code two parts share goes into a
//! shared chunk they both fetch. Without the `split` feature (browser tests, plain builds) these
//! are ordinary async functions, so the same code runs unsplit.
use consilium_engine::Protocol;
use leptos::prelude::*;

use super::sidebar::follow_library;
use super::PartUnavailable;
use crate::app::AppState;
use crate::components::benchmark::new::NewBenchmarkForm;
use crate::components::benchmark::session::BenchmarkBodyView;
use crate::components::history::HistoryView;
use crate::components::prioritize::new::NewPrioritizeForm;
use crate::components::review::new::NewReviewForm;
use crate::components::session::shared::SharedView;
use crate::components::session::SessionView;
use crate::components::settings::SettingsView;
use crate::components::shared::cost_gate::PendingRun;

/// `part_name: fn name(args) => view` defines the split function `name`, returning the view
/// (`Err` when its part cannot be loaded).
macro_rules! lazy_view {
    ($part:ident: fn $name:ident($($arg:ident: $ty:ty),*) => $body:expr) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        pub fn $name($($arg: $ty),*) -> Result<AnyView, PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $name($($arg: $ty),*) -> Result<AnyView, PartUnavailable> {
            Ok($body)
        }
    };
    // `..., preload name`: also `name()`, which only fetches the part (`prefetch.rs`).
    ($part:ident: fn $name:ident($($arg:ident: $ty:ty),*) => $body:expr, preload $preload:ident) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
        pub fn $name($($arg: $ty),*) -> Result<AnyView, PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $name($($arg: $ty),*) -> Result<AnyView, PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $preload() -> Result<(), PartUnavailable> {
            Ok(())
        }
    };
}

// The views that read the session list start following it (`sidebar::follow_library`).
lazy_view!(session: fn session_view(id: String) => {
    follow_library(expect_context::<AppState>().live);
    view! { <SessionView id=id /> }.into_any()
}, preload preload_session_view);
lazy_view!(history: fn history_view() => {
    follow_library(expect_context::<AppState>().live);
    view! { <HistoryView /> }.into_any()
});
lazy_view!(settings: fn settings_view() => view! { <SettingsView /> }.into_any());
lazy_view!(shared: fn shared_view(data: String) => {
    follow_library(expect_context::<AppState>().live);
    view! { <SharedView data=data /> }.into_any()
});
lazy_view!(benchmark_new: fn benchmark_form(problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>) =>
    view! { <NewBenchmarkForm problem=problem awaiting_consent=awaiting_consent /> }.into_any());
lazy_view!(benchmark_session: fn benchmark_body(session: Memo<Option<consilium_engine::Session>>) =>
    view! { <BenchmarkBodyView session=session /> }.into_any());

/// Fetches the session view's part in the background (`prefetch.rs`); a failure is left for the
/// view's own load to report.
pub async fn prefetch_session_view() {
    let _ = preload_session_view().await;
}

// The new-session page shows Consult's form first; the other two load when chosen.
lazy_view!(review_form: fn review_form(problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>) => view! { <NewReviewForm problem=problem awaiting_consent=awaiting_consent /> }.into_any(), preload preload_review_form);
lazy_view!(prioritize_form: fn prioritize_form(problem: RwSignal<Option<String>>) => view! { <NewPrioritizeForm problem=problem /> }.into_any(), preload preload_prioritize_form);

/// Fetches the form of `protocol` in the background when it is not the one shown first.
pub async fn prefetch_form(protocol: Option<Protocol>) {
    let _ = match protocol {
        Some(Protocol::Review) => preload_review_form().await,
        Some(Protocol::Prioritize) => preload_prioritize_form().await,
        Some(Protocol::Consult) | Some(Protocol::Benchmark) | None => Ok(()),
    };
}
