//! Review's form is a part of its own (`platform::split`): the new-session page shows Consult's
//! form first, and this one loads when Review is chosen (or ahead, `ui::prefetch`).
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::platform::split::lazy_view;
use crate::ui::review::new::NewReviewForm;

lazy_view!(review_form: fn review_form(problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>) => view! { <NewReviewForm problem=problem awaiting_consent=awaiting_consent /> }.into_any(), preload preload_review_form);
