//! Waiting for the browser to paint: a long piece of work split in several tasks lets the page
//! paint (and take input) between them, where one task would freeze it for their sum.
use js_sys::Promise;
use wasm_bindgen_futures::JsFuture;

/// A hidden tab paints nothing (its animation frames stop): the work goes on after this long.
const HIDDEN_TAB_WAIT_MS: i32 = 200;

/// Resolves in a new task after the browser's next paint: the next animation frame, then a
/// timeout of 0 (an animation frame's callbacks run just before the paint, not after it).
pub async fn after_paint() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let frame = Promise::new(&mut |resolve, _| {
        let _ = window.request_animation_frame(&resolve);
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, HIDDEN_TAB_WAIT_MS);
    });
    let _ = JsFuture::from(frame).await;
    gloo_timers::future::TimeoutFuture::new(0).await;
}
