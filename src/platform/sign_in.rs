//! The browser's side of "Sign in with OpenRouter": random bytes from WebCrypto, the verifier
//! kept in session storage for the round trip only (this tab, gone when it closes), the code
//! read from the address the provider sends the user back to, and that address cleaned at once
//! (the history entry replaced: no code stays in the URL, the back button included).
use consilium_engine::foundation::ids::ProviderId;
use gloo_storage::{SessionStorage, Storage};
use serde::{Deserialize, Serialize};

/// The session-storage entry that holds a sign-in under way.
const PENDING: &str = "consilium.sign-in-pending";

/// A sign-in under way: what the return needs to finish it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingSignIn {
    pub verifier: String,
    pub provider_id: ProviderId,
    /// The route the user left from (`#/settings`), restored on the way back.
    pub hash: String,
    pub started_ms: u64,
}

/// What the page found on load: a code (or an error) in its address, and the pending sign-in.
#[derive(Clone, Debug, PartialEq)]
pub struct SignInReturn {
    pub code: Option<String>,
    pub pending: Option<PendingSignIn>,
}

/// `n` bytes from the browser's CSPRNG.
pub fn random_bytes(n: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; n];
    web_sys::window()
        .and_then(|w| w.crypto().ok())
        .expect("WebCrypto is in every supported browser")
        .get_random_values_with_u8_array(&mut bytes)
        .expect("getRandomValues fills up to 64 KiB");
    bytes
}

/// Where the provider sends the user back: this page, without query or fragment (the route
/// travels in the pending sign-in instead, so the code cannot land inside the fragment).
pub fn callback_url() -> String {
    let location = web_sys::window().expect("a window").location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_else(|_| "/".into())
    )
}

/// Keeps the verifier for the round trip and sends the tab to `auth_url`.
pub fn leave_for(auth_url: &str, pending: &PendingSignIn) -> Result<(), String> {
    SessionStorage::set(PENDING, pending).map_err(|_| {
        "This browser keeps no session storage, so the sign-in cannot start.".to_string()
    })?;
    web_sys::window()
        .expect("a window")
        .location()
        .assign(auth_url)
        .map_err(|_| "The sign-in page could not be opened.".to_string())
}

/// Reads (and removes) the pending sign-in and the code the address brought, then replaces the
/// history entry with the address as it was before the round trip. None when neither is there:
/// an ordinary page load. Call before the route is read from the address.
pub fn take_return() -> Option<SignInReturn> {
    let window = web_sys::window()?;
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    let code = params.get("code").filter(|c| !c.trim().is_empty());
    let pending: Option<PendingSignIn> = SessionStorage::get(PENDING).ok();
    if code.is_none() && pending.is_none() {
        return None;
    }
    SessionStorage::delete(PENDING);
    // Back to the route the sign-in left from (the provider sends the user to the bare page).
    let hash = pending
        .as_ref()
        .map(|p| p.hash.clone())
        .unwrap_or_else(|| location.hash().unwrap_or_default());
    let clean = format!(
        "{}{hash}",
        location.pathname().unwrap_or_else(|_| "/".into())
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&clean));
    }
    Some(SignInReturn { code, pending })
}

#[cfg(all(test, target_family = "wasm"))]
mod tests {
    use wasm_bindgen_test::*;

    use super::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn pending() -> PendingSignIn {
        PendingSignIn {
            verifier: "v".repeat(43),
            provider_id: "p-or".into(),
            hash: "#/settings".into(),
            started_ms: 1,
        }
    }

    /// Puts the page at `<path>?code=abc`, as the provider sends it back; returns the path.
    fn returned_with_code() -> String {
        let window = web_sys::window().unwrap();
        let path = window.location().pathname().unwrap();
        window
            .history()
            .unwrap()
            .replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}?code=abc")),
            )
            .unwrap();
        path
    }

    #[wasm_bindgen_test]
    fn random_bytes_differ_each_time() {
        let (a, b) = (random_bytes(32), random_bytes(32));
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }

    #[wasm_bindgen_test]
    fn a_return_with_a_code_gives_the_pending_sign_in_once_and_leaves_a_clean_address() {
        SessionStorage::set(PENDING, pending()).unwrap();
        let path = returned_with_code();
        let returned = take_return().unwrap();
        assert_eq!(returned.code.as_deref(), Some("abc"));
        assert_eq!(returned.pending, Some(pending()));
        let href = web_sys::window().unwrap().location().href().unwrap();
        assert!(!href.contains("code"), "{href}");
        assert!(href.ends_with(&format!("{path}#/settings")), "{href}");
        assert_eq!(take_return(), None, "the verifier is gone after one use");
    }

    #[wasm_bindgen_test]
    fn a_code_without_a_verifier_and_a_verifier_without_a_code_are_both_reported() {
        returned_with_code();
        let returned = take_return().unwrap();
        assert_eq!(
            (returned.code.as_deref(), returned.pending),
            (Some("abc"), None)
        );
        SessionStorage::set(PENDING, pending()).unwrap();
        let returned = take_return().unwrap();
        assert_eq!((returned.code, returned.pending), (None, Some(pending())));
    }
}
