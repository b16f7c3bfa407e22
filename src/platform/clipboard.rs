//! Text into the clipboard (the async Clipboard API; the page is a secure context or loopback).
use wasm_bindgen_futures::JsFuture;

/// Whether the browser took the text: `false` when it refused (no permission, no focus), so the
/// caller can say so rather than claim it copied.
pub async fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    JsFuture::from(window.navigator().clipboard().write_text(text))
        .await
        .is_ok()
}
