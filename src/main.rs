fn main() {
    console_error_panic_hook::set_once();
    register_offline_shell();
    remove_loading_shell();
    leptos::mount::mount_to_body(consilium::app::App);
}

/// index.html paints a static shell while the wasm loads; it goes right before the app mounts, so
/// the two are never on the page together.
fn remove_loading_shell() {
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app-shell"))
    {
        shell.remove();
    }
}

/// The service worker keeps the app shell cached so stored sessions open offline. Failing to register
/// (e.g. a non-secure origin) only loses that, so it is not reported as an error.
fn register_offline_shell() {
    if let Some(window) = web_sys::window() {
        let registration = window.navigator().service_worker().register("sw.js");
        // Awaiting the promise handles its rejection, which would otherwise surface as a console error.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(registration).await;
        });
    }
}
