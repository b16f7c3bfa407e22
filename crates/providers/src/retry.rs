//! When to try a failed call again: bounded exponential backoff with full jitter, honouring
//! Retry-After, and never for errors a retry cannot fix (bad key, unknown model, bad request).
use crate::error::ProviderError;

#[derive(Clone, Debug, PartialEq)]
pub struct RetryPolicy {
    pub max_attempts: u32,
    pub base_delay_ms: u64,
    pub max_delay_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 3,
            base_delay_ms: 500,
            max_delay_ms: 8_000,
        }
    }
}

/// A Retry-After longer than this means "not today": give up and say so rather than hang.
const LONGEST_RETRY_AFTER_SECS: f64 = 60.0;

impl RetryPolicy {
    /// Delay before the next attempt after attempt number `attempt` (from 1) failed with `error`,
    /// or None to give up. `jitter_unit` in [0, 1) comes from the caller so tests are deterministic.
    ///
    /// Full jitter: a uniform share of `base * 2^(attempt-1)` (capped at `max_delay_ms`), so parallel
    /// calls that failed together do not retry together; but never under a quarter of the base, so
    /// a retry never lands in the same instant. A Retry-After is honoured as a minimum.
    pub fn delay_ms(&self, attempt: u32, error: &ProviderError, jitter_unit: f64) -> Option<u64> {
        if !error.is_retryable() || attempt >= self.max_attempts {
            return None;
        }
        let doublings = attempt.saturating_sub(1).min(20);
        let exponential = self
            .base_delay_ms
            .saturating_mul(1u64 << doublings)
            .min(self.max_delay_ms);
        let jittered = (exponential as f64 * jitter_unit.clamp(0.0, 1.0)).round() as u64;
        let computed = jittered.max(self.base_delay_ms / 4);
        match error {
            ProviderError::RateLimited {
                retry_after_secs: Some(secs),
                ..
            } if *secs > LONGEST_RETRY_AFTER_SECS => None,
            ProviderError::RateLimited {
                retry_after_secs: Some(secs),
                ..
            } => Some(((secs * 1000.0).ceil() as u64).max(computed)),
            _ => Some(computed),
        }
    }
}
