//! The browser's clock for the engine, and the cancellable waits of a run.
use consilium_engine::{harness::io::Clock, harness::io::Sleep};
use gloo_timers::future::TimeoutFuture;

use crate::platform::transport::CancelToken;

/// Waits (backoff, Retry-After, the demo's pacing) are cut in slices this long, so that Cancel
/// takes effect well within a second.
const CANCEL_CHECK_MS: u32 = 100;

pub struct BrowserClock;

impl Clock for BrowserClock {
    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }

    fn sleep_ms(&self, ms: u64) -> Sleep<'_> {
        Box::pin(TimeoutFuture::new(ms.min(u64::from(u32::MAX)) as u32))
    }
}

/// Sleeps `ms`, waking early when the run is cancelled. False when it was.
pub(super) async fn sleep_unless_cancelled(ms: u64, cancel: &CancelToken) -> bool {
    let mut left = ms;
    while left > 0 {
        if cancel.is_cancelled() {
            return false;
        }
        let slice = left.min(u64::from(CANCEL_CHECK_MS));
        TimeoutFuture::new(slice as u32).await;
        left -= slice;
    }
    !cancel.is_cancelled()
}
