//! History is a part of its own (`platform::split`), loaded when opened; it reads the session
//! list, so its load starts following it.
use leptos::prelude::*;

use crate::app::library::follow_library;
use crate::app::AppState;
use crate::platform::split::lazy_view;
use crate::ui::history::HistoryView;

lazy_view!(history: fn history_view() => {
    follow_library(expect_context::<AppState>().live);
    view! { <HistoryView /> }.into_any()
});
