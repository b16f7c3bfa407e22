//! The session page and a shared link's page are parts of their own (`platform::split`), loaded
//! when opened; both read the session list, so their load starts following it.
use consilium_engine::foundation::ids::SessionId;
use leptos::prelude::*;

use crate::app::library::follow_library;
use crate::app::AppState;
use crate::platform::split::lazy_view;
use crate::ui::session::shared::SharedView;
use crate::ui::session::SessionView;

lazy_view!(session: fn session_view(id: SessionId) => {
    follow_library(expect_context::<AppState>().live);
    view! { <SessionView id=id /> }.into_any()
}, preload preload_session_view);
lazy_view!(shared: fn shared_view(data: String) => {
    follow_library(expect_context::<AppState>().live);
    view! { <SharedView data=data /> }.into_any()
});

/// Fetches the session view's part in the background (`ui::prefetch`); a failure is left for the
/// view's own load to report.
pub async fn prefetch_session_view() {
    let _ = preload_session_view().await;
}
