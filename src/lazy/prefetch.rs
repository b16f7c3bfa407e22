//! Once the first screen is interactive and the page is idle, the parts a user likely needs next
//! are fetched in the background: the run's part, the session view's, and the form of the
//! protocol last used when it is not the first one shown. Then the service worker is registered
//! (its install precaches every part for offline use). Nothing is fetched ahead when the browser
//! asks to save data (`navigator.connection.saveData`).
use consilium_engine::Protocol;
use gloo_storage::{LocalStorage, Storage};
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::{routes, run};

/// Where the protocol of the last session started is kept (local storage).
const LAST_PROTOCOL_KEY: &str = "consilium.last-protocol";
/// Without `requestIdleCallback` (Safari), the fetches wait this long after the first screen.
const FALLBACK_DELAY_MS: u32 = 1500;
/// `requestIdleCallback`'s deadline: a page that is never idle still prefetches.
const IDLE_TIMEOUT_MS: u32 = 4000;

/// Remembers the protocol of a session being started, for the next visit's prefetch.
pub fn remember_protocol(protocol: Protocol) {
    let _ = LocalStorage::set(LAST_PROTOCOL_KEY, protocol_name(protocol));
}

fn protocol_name(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Consult => "consult",
        Protocol::Review => "review",
        Protocol::Prioritize => "prioritize",
        Protocol::Benchmark => "benchmark",
    }
}

/// The protocol last used, if one was.
pub fn last_protocol() -> Option<Protocol> {
    match LocalStorage::get::<String>(LAST_PROTOCOL_KEY)
        .ok()?
        .as_str()
    {
        "consult" => Some(Protocol::Consult),
        "benchmark" => Some(Protocol::Benchmark),
        "review" => Some(Protocol::Review),
        "prioritize" => Some(Protocol::Prioritize),
        _ => None,
    }
}

/// Called once, right after the app is mounted.
pub fn when_idle() {
    wasm_bindgen_futures::spawn_local(async {
        idle().await;
        if !save_data() {
            run::prefetch().await;
            routes::prefetch_session_view().await;
            routes::prefetch_form(last_protocol()).await;
        }
        register_service_worker().await;
    });
}

/// Resolves when the browser is idle (or after a short delay where it cannot say).
pub(crate) async fn idle() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let request = Reflect::get(&window, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    let waited = Promise::new(&mut |resolve, _| match &request {
        Some(request) => {
            let options = js_sys::Object::new();
            let _ = Reflect::set(&options, &"timeout".into(), &IDLE_TIMEOUT_MS.into());
            let _ = request.call2(&window, &resolve, &options);
        }
        None => {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                &resolve,
                FALLBACK_DELAY_MS as i32,
            );
        }
    });
    let _ = JsFuture::from(waited).await;
}

/// The user's "save data" preference (Chromium's Network Information API; absent elsewhere).
fn save_data() -> bool {
    web_sys::window()
        .and_then(|w| Reflect::get(&w.navigator(), &"connection".into()).ok())
        .filter(|c| c.is_object())
        .and_then(|c| Reflect::get(&c, &"saveData".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// The service worker keeps the app cached so stored sessions open offline. Failing to register
/// (e.g. a non-secure origin) only loses that, so it is not reported as an error.
async fn register_service_worker() {
    if let Some(window) = web_sys::window() {
        let registration = window.navigator().service_worker().register("sw.js");
        // Awaiting the promise handles its rejection, which would otherwise surface as a console error.
        let _ = JsFuture::from(registration).await;
    }
}
