//! The browser's idle time, its "save data" preference and the service worker: what the page
//! needs to fetch ahead without competing with the first screen (`ui::prefetch`).
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Without `requestIdleCallback` (Safari), the fetches wait this long after the first screen.
const FALLBACK_DELAY_MS: u32 = 1500;
/// `requestIdleCallback`'s deadline: a page that is never idle still prefetches.
const IDLE_TIMEOUT_MS: u32 = 4000;

/// Resolves when the browser is idle (or after a short delay where it cannot say).
pub async fn idle() {
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
pub fn save_data() -> bool {
    web_sys::window()
        .and_then(|w| Reflect::get(&w.navigator(), &"connection".into()).ok())
        .filter(|c| c.is_object())
        .and_then(|c| Reflect::get(&c, &"saveData".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// The service worker keeps the app cached so stored sessions open offline. Failing to register
/// (e.g. a non-secure origin) only loses that, so it is not reported as an error.
pub async fn register_service_worker() {
    if let Some(window) = web_sys::window() {
        let registration = window.navigator().service_worker().register("sw.js");
        // Awaiting the promise handles its rejection, which would otherwise surface as a console error.
        let _ = JsFuture::from(registration).await;
    }
}
