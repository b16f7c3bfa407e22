//! The sessions sidebar and the session list it shows (the library's summaries, kept in step with
//! other tabs) are a part of their own, loaded once the first screen is idle: the new-session page
//! never waits for them. Until then an empty sidebar holds the place; a part that cannot load says
//! so inside it, with Retry. The views that read the list too (History, a session, a shared link)
//! and a run's start follow it from their own parts, so none depends on the sidebar's load.
use leptos::either::Either;
use leptos::prelude::*;

use crate::app::library::follow_library;
use crate::app::runs::LiveRun;
use crate::app::AppState;
use crate::platform::idle::idle;
use crate::platform::split::{split_fn, PartUnavailable};
use crate::ui::session::outcome_reminder::show_outcome_reminder;
use crate::ui::sidebar::{SessionSidebar, SidebarPlaceholder};
use crate::ui::widgets::part_view::PartFailed;

split_fn! {
    sidebar, preload _preload_sidebar:
    /// The sidebar; the first load also reads the session list and follows its changes, and puts the
    /// outcome reminder above the new-session form.
    fn sidebar_in_part(live: LiveRun) -> Result<AnyView, PartUnavailable> {
        follow_library(live);
        if let Some(state) = use_context::<AppState>() {
            show_outcome_reminder(state);
        }
        Ok(view! { <SessionSidebar /> }.into_any())
    }
}

/// The sidebar, loaded when the page is first idle (at once on Retry).
#[component]
pub fn LazySidebar() -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let idle_now = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        idle().await;
        idle_now.set(true);
    });
    let attempt = RwSignal::new(0u32);
    let part = move || {
        if !idle_now.get() {
            return Either::Left(view! { <SidebarPlaceholder /> });
        }
        attempt.track();
        Either::Right(Suspend::new(async move {
            match sidebar_in_part(live).await {
                Ok(view) => view,
                Err(_) => view! {
                    <SidebarPlaceholder>
                        <PartFailed retry=move || attempt.update(|n| *n += 1) />
                    </SidebarPlaceholder>
                }
                .into_any(),
            }
        }))
    };
    view! {
        <Suspense fallback=|| view! { <SidebarPlaceholder /> }>
            {part}
        </Suspense>
    }
}
