//! Auto-lock: an open vault locks itself after the minutes set in Settings pass with no input in
//! this tab (a key, a click or touch, a wheel turn, the pointer moving). The time is read from the
//! clock at each check, so a tab asleep in the background locks as soon as it wakes. Watching
//! starts with the first unlock, from the vault's own wasm part.
use std::cell::Cell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Settings' default: a quarter of an hour.
pub const DEFAULT_MINUTES: u32 = 15;
/// How often the idle time is looked at.
const CHECK_EVERY_MS: u32 = 5_000;
/// What counts as use of the tab.
const INPUTS: [&str; 5] = [
    "keydown",
    "pointerdown",
    "pointermove",
    "wheel",
    "touchstart",
];

thread_local! {
    /// 0: never.
    static LIMIT_MINUTES: Cell<u32> = const { Cell::new(DEFAULT_MINUTES) };
    static LAST_INPUT_MS: Cell<f64> = const { Cell::new(0.0) };
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

/// The idle time after which an open vault locks (Settings), 0 for never.
pub fn set_limit(minutes: u32) {
    LIMIT_MINUTES.with(|l| l.set(minutes));
}

/// Whether `minutes` (0: never) have passed since the last input.
pub fn expired(last_input_ms: f64, now_ms: f64, minutes: u32) -> bool {
    minutes > 0 && now_ms - last_input_ms >= f64::from(minutes) * 60_000.0
}

/// Counts from now, and starts watching this tab's input (once): `lock(minutes)` is called when
/// the vault is open and the idle time passed.
pub(super) fn start(lock: fn(u32)) {
    LAST_INPUT_MS.with(|l| l.set(js_sys::Date::now()));
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let seen = Closure::<dyn Fn()>::new(|| LAST_INPUT_MS.with(|l| l.set(js_sys::Date::now())));
    for input in INPUTS {
        let _ = window.add_event_listener_with_callback(input, seen.as_ref().unchecked_ref());
    }
    seen.forget();
    gloo_timers::callback::Interval::new(CHECK_EVERY_MS, move || {
        let minutes = LIMIT_MINUTES.with(Cell::get);
        let last = LAST_INPUT_MS.with(Cell::get);
        if super::is_open() && expired(last, js_sys::Date::now(), minutes) {
            lock(minutes);
        }
    })
    .forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vault_locks_once_the_set_minutes_pass_without_input_and_never_at_zero() {
        let minute = 60_000.0;
        assert!(!expired(0.0, 14.0 * minute, 15));
        assert!(!expired(0.0, 15.0 * minute - 1.0, 15));
        assert!(expired(0.0, 15.0 * minute, 15));
        assert!(expired(10.0 * minute, 12.0 * minute, 1));
        assert!(!expired(0.0, 1e12, 0), "0 is never");
    }
}
