//! The track record is a part of its own (`platform::split`), loaded when opened.
use leptos::prelude::*;

use crate::platform::split::lazy_view;
use crate::ui::track_record::TrackRecordPage;

lazy_view!(track_record: fn track_record_view() => view! { <TrackRecordPage /> }.into_any());
