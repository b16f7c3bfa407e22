//! Settings -> Sync's "Check": the bucket's settings, then a probe object written, read back and
//! deleted, then the passphrase against the bucket's keys.json. Each failure is named with its fix
//! by `consilium_bucket::reply` (unreachable, no CORS rule, credentials, the clock more than 15
//! minutes off, no such bucket, quota); nothing but the probe is written.
use consilium_engine::sync::format::{KEYS_OBJECT, PROBE_OBJECT};

use crate::platform::keys;
use crate::platform::sync::bucket::Bucket;
use crate::platform::sync::crypto;
use crate::platform::sync::local::PASSPHRASE_KEY_ID;

/// What the check found: Ok with what worked, Err with the first step that failed and its fix.
pub async fn check_bucket() -> Result<String, String> {
    let (bucket, _) = Bucket::from_settings()?;
    let probe = format!("Consilium sync probe {}", js_sys::Date::now());
    bucket
        .put(PROBE_OBJECT, probe.as_bytes())
        .await
        .map_err(|p| format!("Writing a probe object failed: {p}"))?;
    let read = bucket
        .get(PROBE_OBJECT)
        .await
        .map_err(|p| format!("Reading the probe back failed: {p}"))?;
    if read.as_deref() != Some(probe.as_bytes()) {
        return Err("The probe read back is not what was written: the endpoint is not an S3-compatible bucket, or something between rewrites it.".into());
    }
    bucket
        .delete(PROBE_OBJECT)
        .await
        .map_err(|p| format!("Deleting the probe failed: {p}"))?;
    let passphrase = keys::get_key(PASSPHRASE_KEY_ID).unwrap_or_default();
    let keys_note = match bucket.get(KEYS_OBJECT).await.map_err(|p| p.to_string())? {
        None => "The bucket has no sync data yet: the first sync sets it up with this passphrase.",
        Some(_) if passphrase.is_empty() => "Type the sync passphrase to sync.",
        Some(bytes) => {
            crypto::open_keys(&passphrase, &String::from_utf8_lossy(&bytes))
                .await
                .map_err(|e| e.sentence())?;
            "The passphrase opens the bucket's sync data."
        }
    };
    Ok(format!(
        "The bucket works: reachable, CORS allowed, credentials accepted, this device's clock in time, a probe written, read back and deleted. {keys_note}"
    ))
}
