//! Settings are a part of their own (`platform::split`), loaded when opened.
use leptos::prelude::*;

use crate::platform::split::lazy_view;
use crate::ui::settings::SettingsView;

lazy_view!(settings: fn settings_view() => view! { <SettingsView /> }.into_any());
