//! The Benchmark's form and its session's body are parts of their own (`platform::split`),
//! loaded when chosen or opened.
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::platform::split::lazy_view;
use crate::ui::benchmark::new::NewBenchmarkForm;
use crate::ui::benchmark::session::BenchmarkBodyView;

lazy_view!(benchmark_new: fn benchmark_form(problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>) =>
    view! { <NewBenchmarkForm problem=problem awaiting_consent=awaiting_consent /> }.into_any());
lazy_view!(benchmark_session: fn benchmark_body(session: crate::app::shown::ShownSession) =>
    view! { <BenchmarkBodyView session=session /> }.into_any());
