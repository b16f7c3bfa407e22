//! Once the first screen is interactive and the page is idle, the parts a user likely needs next
//! are fetched in the background: the run's part, the session view's, and the form of the
//! protocol last used when it is not the first one shown. Then the service worker is registered
//! (its install precaches every part for offline use). Nothing is fetched ahead when the browser
//! asks to save data (`navigator.connection.saveData`).
use consilium_engine::record::Protocol;

use crate::app::runs::start;
use crate::platform::idle::{idle, register_service_worker, save_data};
use crate::platform::last_protocol::last_protocol;
use crate::ui::session::lazy::prefetch_session_view;
use crate::ui::{prioritize, review};

/// Called once, right after the app is mounted.
pub fn when_idle() {
    wasm_bindgen_futures::spawn_local(async {
        idle().await;
        if !save_data() {
            start::prefetch().await;
            prefetch_session_view().await;
            prefetch_form(last_protocol()).await;
        }
        register_service_worker().await;
    });
}

/// Fetches the form of `protocol` in the background when it is not the one shown first.
async fn prefetch_form(protocol: Option<Protocol>) {
    let _ = match protocol {
        Some(Protocol::Review) => review::lazy::preload_review_form().await,
        Some(Protocol::Prioritize) => prioritize::lazy::preload_prioritize_form().await,
        Some(Protocol::Consult) | Some(Protocol::Benchmark) | None => Ok(()),
    };
}
