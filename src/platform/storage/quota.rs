//! How much the browser lets us keep, and whether it promised to keep it (persistent storage).
use js_sys::{Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StorageUsage {
    pub used_bytes: f64,
    pub quota_bytes: f64,
    /// `Some(true)` when the browser will not clear this site's data under storage pressure.
    pub persisted: Option<bool>,
}

fn manager() -> Option<web_sys::StorageManager> {
    let navigator = web_sys::window()?.navigator();
    // Absent in some browsers and contexts (e.g. not a secure context): treat as unknown.
    let manager = Reflect::get(&navigator, &JsValue::from_str("storage")).ok()?;
    manager.dyn_into().ok()
}

async fn call(name: &str) -> Option<JsValue> {
    let manager = manager()?;
    let function: js_sys::Function = Reflect::get(&manager, &JsValue::from_str(name))
        .ok()?
        .dyn_into()
        .ok()?;
    let promise: Promise = function.call0(&manager).ok()?.dyn_into().ok()?;
    JsFuture::from(promise).await.ok()
}

/// Bytes used and available (`navigator.storage.estimate()`), and the persistence grant.
pub async fn usage() -> Option<StorageUsage> {
    let estimate = call("estimate").await?;
    let number = |field: &str| {
        Reflect::get(&estimate, &JsValue::from_str(field))
            .ok()?
            .as_f64()
    };
    let persisted = call("persisted").await.and_then(|v| v.as_bool());
    Some(StorageUsage {
        used_bytes: number("usage").unwrap_or(0.0),
        quota_bytes: number("quota")?,
        persisted,
    })
}

/// Asks the browser to keep this site's data under storage pressure; `Some(granted)`.
pub async fn ask_persistence() -> Option<bool> {
    call("persist").await?.as_bool()
}

/// Where "this browser may clear your history" was dismissed: it is said once, not every visit.
const ADVICE_DISMISSED: &str = "consilium.storage-advice-dismissed";

pub fn storage_advice_dismissed() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(ADVICE_DISMISSED).ok().flatten())
        .is_some()
}

pub fn dismiss_storage_advice() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(ADVICE_DISMISSED, "1");
    }
}
