//! API keys. They live in memory for this tab, and in local storage only for providers whose
//! "remember on this device" box is ticked. Nothing else in the app stores or prints them: sessions
//! refer to providers by id, and the transport reads a key only to build that provider's own request.
use std::cell::RefCell;
use std::collections::BTreeMap;

use gloo_storage::{LocalStorage, Storage};

/// The only local-storage entry that may ever hold a key.
pub const REMEMBERED_KEYS: &str = "consilium.remembered-keys";

thread_local! {
    static VAULT: RefCell<BTreeMap<String, String>> = RefCell::new(load_remembered());
}

fn load_remembered() -> BTreeMap<String, String> {
    LocalStorage::get(REMEMBERED_KEYS).unwrap_or_default()
}

fn remembered() -> BTreeMap<String, String> {
    load_remembered()
}

/// Keys are per provider id. An empty key removes it (local servers need none).
pub fn set_key(provider_id: &str, key: &str, remember: bool) {
    let key = key.trim().to_string();
    VAULT.with(|vault| {
        let mut vault = vault.borrow_mut();
        if key.is_empty() {
            vault.remove(provider_id);
        } else {
            vault.insert(provider_id.to_string(), key.clone());
        }
    });
    let mut stored = remembered();
    if remember && !key.is_empty() {
        stored.insert(provider_id.to_string(), key);
    } else {
        stored.remove(provider_id);
    }
    persist(&stored);
}

/// Change only whether an existing key is remembered on this device.
pub fn set_remember(provider_id: &str, remember: bool) {
    let key = get_key(provider_id).unwrap_or_default();
    set_key(provider_id, &key, remember);
}

pub fn get_key(provider_id: &str) -> Option<String> {
    VAULT.with(|vault| vault.borrow().get(provider_id).cloned())
}

pub fn has_key(provider_id: &str) -> bool {
    get_key(provider_id).is_some()
}

pub fn forget(provider_id: &str) {
    set_key(provider_id, "", false);
}

fn persist(stored: &BTreeMap<String, String>) {
    if stored.is_empty() {
        LocalStorage::delete(REMEMBERED_KEYS);
    } else {
        // A full quota only loses "remember": the key stays usable for this tab.
        let _ = LocalStorage::set(REMEMBERED_KEYS, stored);
    }
}
