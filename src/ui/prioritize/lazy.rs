//! Prioritize's form is a part of its own (`platform::split`): it loads when Prioritize is chosen
//! (or ahead, `ui::prefetch`).
use leptos::prelude::*;

use crate::platform::split::lazy_view;
use crate::ui::prioritize::new::NewPrioritizeForm;

lazy_view!(prioritize_form: fn prioritize_form(problem: RwSignal<Option<String>>) => view! { <NewPrioritizeForm problem=problem /> }.into_any(), preload preload_prioritize_form);
