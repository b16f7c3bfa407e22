//! The settings as one synced record: everything the user set up once and wants on every device
//! (providers' addresses, names and models, councils, personas, prices, filters, limits), never a
//! key or secret. The keys live apart (`platform::keys`, the vault) and are never in the settings;
//! this record is built from the stored settings all the same by leaving out any field whose name
//! says it holds a secret, at any depth, so a field added later that holds one cannot leak. Merged
//! per top-level field like any record (`super::fields`): two devices that changed different
//! settings between syncs both keep their change. A device's first sync with a bucket that already
//! holds settings keeps what was set up here (each setting that is not the default) and takes the
//! bucket's for the rest (`first_sync_entry`).
use serde_json::{Map, Value};

use super::fields::changed_fields;
use super::index::Entry;
use super::version::{next_version, Version};

/// The settings' id in the sync index (no session id has a colon).
pub const SETTINGS_ID: &str = "consilium:settings";

/// Fields that stay on this device: the stored format's version.
const LOCAL_ONLY: &[&str] = &["version"];

/// A field of this name would hold a secret: it never enters the record.
pub fn holds_secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name == "key"
        || name == "token"
        || name == "apikey"
        || name.ends_with("_key") && name != "remember_key"
        || name.ends_with("_token")
        || ["secret", "passphrase", "password", "credential"]
            .iter()
            .any(|word| name.contains(word))
}

/// The record synced for the stored `settings` (a JSON object): every field but the local-only
/// ones, without any field that holds a secret at any depth.
pub fn settings_record(settings: &Value) -> Value {
    let mut record = without_secrets(settings);
    if let Value::Object(fields) = &mut record {
        for name in LOCAL_ONLY {
            fields.remove(*name);
        }
    }
    record
}

fn without_secrets(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(name, _)| !holds_secret(name))
                .map(|(name, value)| (name.clone(), without_secrets(value)))
                .collect::<Map<String, Value>>(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_secrets).collect()),
        other => other.clone(),
    }
}

/// This device's settings once `record` (from the bucket, or merged) is taken: its fields replace
/// this device's, and the local-only ones stay as they are here.
pub fn settings_with(local: &Value, record: &Value) -> Value {
    let mut settings = match record {
        Value::Object(fields) => fields.clone(),
        _ => return local.clone(),
    };
    for name in LOCAL_ONLY {
        match local.get(*name) {
            Some(value) => settings.insert(name.to_string(), value.clone()),
            None => settings.remove(*name),
        };
    }
    Value::Object(settings)
}

/// The settings' entry of a device that syncs them for the first time with a bucket that already
/// holds them (`remote`): each setting that differs here from `defaults` (both records) was set up
/// here and is this device's newer change; the body is older than any, so every other setting takes
/// the bucket's. Nothing set up on either side is lost to the other's defaults.
pub fn first_sync_entry(
    defaults: &Value,
    record: &Value,
    remote: &Entry,
    now_ms: u64,
    device: &str,
) -> Entry {
    let after = next_version(Some(remote.newest()), now_ms, device);
    Entry::Live {
        body: Version::new(0, ""),
        fields: changed_fields(defaults, record)
            .into_iter()
            .map(|field| (field, after.clone()))
            .collect(),
    }
}
