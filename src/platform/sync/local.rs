//! What this device keeps for sync, in local storage: the bucket's settings (never a secret: the
//! access key's secret and the sync passphrase are kept like provider keys, `platform::keys`), its
//! random device id, its index and, per session, what it last synced of it (`sync::seen`), so a
//! later sync knows what changed here since.
use std::collections::BTreeMap;

use consilium_engine::sync::index::Index;
use consilium_engine::sync::seen::Seen;
use serde::{Deserialize, Serialize};

const SETTINGS_ENTRY: &str = "consilium.sync-settings";
const STATE_ENTRY: &str = "consilium.sync-state";
/// The `platform::keys` ids of the two secrets.
pub const SECRET_KEY_ID: &str = "sync.bucket-secret";
pub const PASSPHRASE_KEY_ID: &str = "sync.passphrase";

/// The bucket as typed in Settings -> Sync (no secret).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncSettings {
    pub endpoint: String,
    pub region: String,
    pub bucket: String,
    pub access_key_id: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncState {
    pub device: String,
    pub index: Index,
    #[serde(default)]
    pub seen: BTreeMap<String, Seen>,
    /// When the last sync finished (ms), for "Synced 2 min ago".
    #[serde(default)]
    pub last_synced_ms: Option<u64>,
    /// The settings' record as this device last synced it (None: never), so a later sync knows
    /// which settings changed here since.
    #[serde(default)]
    pub settings_seen: Option<serde_json::Value>,
}

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn read<T: for<'de> Deserialize<'de>>(entry: &str) -> Option<T> {
    let text = local()?.get_item(entry).ok()??;
    serde_json::from_str(&text).ok()
}

fn write<T: Serialize>(entry: &str, value: &T) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
    local()
        .ok_or("no local storage")?
        .set_item(entry, &text)
        .map_err(|_| "Browser storage is full: the sync state was not saved (nothing was lost; the next sync redoes it).".to_string())
}

pub fn settings() -> SyncSettings {
    read(SETTINGS_ENTRY).unwrap_or_default()
}

pub fn save_settings(settings: &SyncSettings) -> Result<(), String> {
    write(SETTINGS_ENTRY, settings)
}

/// The stored state, with a device id made the first time.
pub fn state() -> SyncState {
    let mut state: SyncState = read(STATE_ENTRY).unwrap_or_default();
    if state.device.is_empty() {
        let bytes = crate::platform::sign_in::random_bytes(8);
        state.device = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let _ = write(STATE_ENTRY, &state);
    }
    state
}

pub fn save_state(state: &SyncState) -> Result<(), String> {
    write(STATE_ENTRY, state)
}
