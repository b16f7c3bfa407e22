//! Waiting for the browser to paint: a long piece of work split in several tasks lets the page
//! paint (and take input) between them, where one task would freeze it for their sum.
use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{FutureExt, LocalBoxFuture, Shared};
use js_sys::Promise;
use wasm_bindgen_futures::JsFuture;

/// A hidden tab paints nothing (its animation frames stop): the work goes on after this long.
const HIDDEN_TAB_WAIT_MS: i32 = 200;

thread_local! {
    /// The last waiter's turn: it ends when that waiter goes on, so the next asks for its frame
    /// only after the work the last one went on to.
    static LAST_TURN: RefCell<Option<Shared<LocalBoxFuture<'static, ()>>>> =
        const { RefCell::new(None) };
}

/// Resolves in a new task after the browser has painted, one waiter per paint: work that goes
/// on after it never shares its task (nor its frame) with another waiter's, even when several
/// waited for the same frame.
pub async fn after_paint() {
    let (done, turn) = oneshot::channel::<()>();
    let turn = turn.map(|_| ()).boxed_local().shared();
    let before = LAST_TURN.with(|last| last.replace(Some(turn)));
    if let Some(before) = before {
        before.await;
    }
    next_paint().await;
    // The next waiter asks for its frame once the work after this one has run (it is woken now,
    // and runs after the current task's code up to its next wait).
    let _ = done.send(());
}

/// The next animation frame, then a timeout of 0: an animation frame's callbacks run just before
/// the paint, not after it.
async fn next_paint() {
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
