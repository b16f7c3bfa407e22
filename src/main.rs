fn main() {
    console_error_panic_hook::set_once();
    // Started by `public/run-worker.js`: no page to mount here.
    if web_sys::window().is_none() {
        consilium::app::runs::worker::start();
        return;
    }
    remove_loading_shell();
    leptos::mount::mount_to_body(consilium::ui::shell::App);
    // Then, when idle: the parts likely needed next, and the service worker (`ui::prefetch`).
    consilium::ui::prefetch::when_idle();
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
