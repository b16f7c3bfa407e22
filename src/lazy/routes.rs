//! The split points: one per route view that the first screen (the new-session page) does not
//! need. Each becomes its own wasm part in the split build; code two parts share goes into a
//! shared chunk they both fetch. Without the `split` feature (browser tests, plain builds) these
//! are ordinary async functions, so the same code runs unsplit.
use leptos::prelude::*;

use super::PartUnavailable;
use crate::components::benchmark::new::NewBenchmarkForm;
use crate::components::benchmark::session::BenchmarkBodyView;
use crate::components::history::HistoryView;
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
}

lazy_view!(session: fn session_view(id: String) => view! { <SessionView id=id /> }.into_any());
lazy_view!(history: fn history_view() => view! { <HistoryView /> }.into_any());
lazy_view!(settings: fn settings_view() => view! { <SettingsView /> }.into_any());
lazy_view!(shared: fn shared_view(data: String) => view! { <SharedView data=data /> }.into_any());
lazy_view!(benchmark_new: fn benchmark_form(problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>) =>
    view! { <NewBenchmarkForm problem=problem awaiting_consent=awaiting_consent /> }.into_any());
lazy_view!(benchmark_session: fn benchmark_body(session: Memo<Option<consilium_engine::Session>>) =>
    view! { <BenchmarkBodyView session=session /> }.into_any());
