//! API keys. They live in memory for this tab; a provider whose "remember on this device" box is
//! ticked has its key sealed in the vault (`platform::vault`, opened by a passphrase or a passkey),
//! never stored in clear.
//! Nothing else in the app stores or prints them: sessions refer to providers by id, and the
//! transport reads a key only to build that provider's own request.
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use wasm_bindgen_futures::spawn_local;

use crate::platform::vault::unlock::{PasskeySupport, UnlockMethod};
use crate::platform::vault::{self, Secret, VaultError, VaultStatus};

thread_local! {
    /// The keys usable in this tab. Keys an earlier version remembered in clear are read at load
    /// (as they always were) until the first unlock moves them into the vault.
    static KEYS: RefCell<BTreeMap<String, String>> = RefCell::new(vault::legacy_clear_keys());
    /// The providers whose key is to be remembered (sealed when the vault is open).
    static REMEMBERED: RefCell<BTreeSet<String>> =
        RefCell::new(vault::legacy_clear_keys().into_keys().collect());
}

/// The keys to remember, as this tab holds them.
fn remembered_keys() -> BTreeMap<String, String> {
    let ids = REMEMBERED.with(|r| r.borrow().clone());
    KEYS.with(|keys| {
        keys.borrow()
            .iter()
            .filter(|(id, _)| ids.contains(*id))
            .map(|(id, key)| (id.clone(), key.clone()))
            .collect()
    })
}

/// Keys are per provider id. An empty key removes it (local servers need none).
pub fn set_key(provider_id: &str, key: &str, remember: bool) {
    let key = key.trim().to_string();
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if key.is_empty() {
            keys.remove(provider_id);
        } else {
            keys.insert(provider_id.to_string(), key.clone());
        }
    });
    let was_remembered = REMEMBERED.with(|r| {
        let mut r = r.borrow_mut();
        let was = r.contains(provider_id);
        if remember && !key.is_empty() {
            r.insert(provider_id.to_string());
        } else {
            r.remove(provider_id);
        }
        was
    });
    if !(remember && !key.is_empty()) {
        vault::drop_from_legacy(provider_id);
    }
    if remember || was_remembered {
        reseal();
    }
}

/// Re-seals the remembered keys when the vault is open; otherwise they wait for a passphrase
/// (Settings says so) and are usable in this tab meanwhile.
fn reseal() {
    if vault::is_open() {
        let keys = remembered_keys();
        // A failure leaves the previous vault: the keys stay usable for this tab.
        spawn_local(async move {
            let _ = vault::seal(keys).await;
        });
    }
}

/// Change only whether an existing key is remembered on this device.
pub fn set_remember(provider_id: &str, remember: bool) {
    let key = get_key(provider_id).unwrap_or_default();
    set_key(provider_id, &key, remember);
}

pub fn get_key(provider_id: &str) -> Option<String> {
    KEYS.with(|keys| keys.borrow().get(provider_id).cloned())
}

pub fn has_key(provider_id: &str) -> bool {
    get_key(provider_id).is_some()
}

pub fn forget(provider_id: &str) {
    set_key(provider_id, "", false);
}

/// Where the remembered keys stand.
pub fn vault_status() -> VaultStatus {
    vault::status()
}

/// Remembered keys that this tab holds but no vault keeps yet (ticked "remember" before any
/// passphrase was set, or while locked).
pub fn waiting_for_vault() -> bool {
    !vault::is_open() && !remembered_keys().is_empty()
}

/// Takes in the keys a vault opened: a key typed in this tab since wins over its older copy.
fn take_in(opened: BTreeMap<String, String>) {
    for (id, key) in opened {
        KEYS.with(|keys| {
            keys.borrow_mut().entry(id.clone()).or_insert(key);
        });
        REMEMBERED.with(|r| r.borrow_mut().insert(id));
    }
}

/// The unlock methods of the stored vault.
pub fn vault_methods() -> Vec<UnlockMethod> {
    vault::methods()
}

/// Whether this browser can unlock the vault with a passkey.
pub async fn passkey_support() -> PasskeySupport {
    vault::passkey_support().await
}

/// Makes the vault with a first passphrase or passkey and seals the remembered keys (and any an
/// earlier version kept in clear) in it.
pub async fn create_vault(secret: Secret) -> Result<(), VaultError> {
    let sealed = vault::create(secret, remembered_keys()).await?;
    take_in(sealed);
    Ok(())
}

/// Opens the vault: its keys become usable in this tab. A wrong secret leaves all as it was.
pub async fn unlock(secret: Secret) -> Result<(), VaultError> {
    let opened = vault::unlock(secret).await?;
    take_in(opened.clone());
    // Keys remembered while it was locked join the vault now.
    if remembered_keys() != opened {
        vault::seal(remembered_keys()).await?;
    }
    Ok(())
}

/// Lets a new passkey open the open vault too (beside its passphrase).
pub async fn add_passkey() -> Result<(), VaultError> {
    vault::add_passkey(remembered_keys()).await
}

/// The passkey no longer opens the remembered keys; the passphrase still does.
pub fn remove_passkey() -> Result<(), VaultError> {
    vault::remove_passkey()
}

/// "Lock": the remembered keys leave this tab's memory with the vault's key; keys that were
/// never to be remembered stay for the tab.
pub fn lock() {
    vault::lock();
    let ids = REMEMBERED.with(|r| r.borrow().clone());
    KEYS.with(|keys| keys.borrow_mut().retain(|id, _| !ids.contains(id)));
}

/// "Forgot passphrase": the vault and the remembered keys go, nothing else.
pub fn forget_remembered() {
    lock();
    vault::forget_all();
    REMEMBERED.with(|r| r.borrow_mut().clear());
}
