//! A record's version: when it was written (the writing device's clock, in ms) and by which device.
//! Versions order by time, then by device id, so two devices always agree which of two versions is
//! newer, even when both were written in the same millisecond.
use serde::{Deserialize, Serialize};

/// Ordered by `at_ms`, then `device` (field order matters: the derive compares in this order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Version {
    pub at_ms: u64,
    /// A random id per browser profile (not secret; it only breaks ties).
    pub device: String,
}

impl Version {
    pub fn new(at_ms: u64, device: &str) -> Self {
        Self {
            at_ms,
            device: device.to_string(),
        }
    }
}

/// The version of an edit made now on `device` to something last at `previous`. Clocks differ between
/// devices: a device whose clock is behind would otherwise write an edit "older" than the version it
/// edited, and lose it at the next sync. The new version is therefore always after `previous`
/// (1 ms later at least), whatever this clock says.
pub fn next_version(previous: Option<&Version>, now_ms: u64, device: &str) -> Version {
    let after = previous.map_or(0, |p| p.at_ms.saturating_add(1));
    Version::new(now_ms.max(after), device)
}
