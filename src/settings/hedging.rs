//! When seats with a backup model are hedged: after the user's fixed deadline, or (adaptive) after
//! a multiple of the provider's observed time to first text.
use super::Settings;

/// How many times a provider's median time to first text a call may stay silent before its
/// backup is asked.
pub const HEDGE_ADAPTIVE_MULTIPLE: f64 = 2.0;
/// The adaptive deadline never falls below this, so a fast (local) provider is not hedged on
/// jitter.
const HEDGE_MIN_MS: u64 = 100;

impl Settings {
    /// When seats with a backup model are hedged.
    pub fn hedge_deadline(&self) -> consilium_engine::harness::io::HedgeDeadline {
        let after_ms = u64::from(self.hedge_after_secs) * 1000;
        if self.hedge_adaptive {
            consilium_engine::harness::io::HedgeDeadline::Adaptive {
                multiple: HEDGE_ADAPTIVE_MULTIPLE,
                initial_ms: after_ms,
                min_ms: HEDGE_MIN_MS,
            }
        } else {
            consilium_engine::harness::io::HedgeDeadline::After { ms: after_ms }
        }
    }
}
