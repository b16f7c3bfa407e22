//! API keys. They live in memory for this tab; a provider whose "remember on this device" box is
//! ticked has its key sealed in the vault (`platform::vault`, opened by a passphrase or a passkey),
//! never stored in clear.
//! Nothing else in the app stores or prints them: sessions refer to providers by id, and the
//! transport reads a key only to build that provider's own request.
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use wasm_bindgen_futures::spawn_local;

use crate::platform::vault::unlock::{PasskeySupport, UnlockMethod};
use crate::platform::vault::{self, Change, Secret, VaultError, VaultStatus};

thread_local! {
    /// The keys usable in this tab. Keys an earlier version remembered in clear are read at load
    /// (as they always were) until the first unlock moves them into the vault.
    static KEYS: RefCell<BTreeMap<String, String>> = RefCell::new(vault::legacy_clear_keys());
    /// The providers whose key is to be remembered (sealed when the vault is open).
    static REMEMBERED: RefCell<BTreeSet<String>> =
        RefCell::new(vault::legacy_clear_keys().into_keys().collect());
    /// Providers whose change is being sealed: what the vault says meanwhile does not undo it.
    static PENDING: RefCell<BTreeMap<String, usize>> = const { RefCell::new(BTreeMap::new()) };
    /// Told when another tab changed or deleted the vault, or it locked itself (Settings shows it).
    static OTHER_TAB: RefCell<Option<Rc<dyn Fn(Option<String>)>>> = const { RefCell::new(None) };
    static WATCHING: Cell<bool> = const { Cell::new(false) };
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
    let kept = remember && !key.is_empty();
    let was_remembered = REMEMBERED.with(|r| {
        let mut r = r.borrow_mut();
        let was = r.contains(provider_id);
        if kept {
            r.insert(provider_id.to_string());
        } else {
            r.remove(provider_id);
        }
        was
    });
    if !kept {
        vault::drop_from_legacy(provider_id);
        // Locked: the vault's copy cannot be taken out now, so it is marked to go at the next unlock.
        vault::drop_while_locked(provider_id);
    }
    if kept || was_remembered {
        let change = if kept {
            Change::Put {
                provider: provider_id.to_string(),
                key,
            }
        } else {
            Change::Drop(provider_id.to_string())
        };
        seal_change(change);
    }
}

/// Seals a change into the vault when it is open here; otherwise a new key waits for the unlock
/// (Settings says so) and is usable in this tab meanwhile.
fn seal_change(change: Change) {
    if !vault::is_open() {
        return;
    }
    let provider = match &change {
        Change::Put { provider, .. } | Change::Drop(provider) => provider.clone(),
    };
    PENDING.with(|p| *p.borrow_mut().entry(provider.clone()).or_default() += 1);
    spawn_local(async move {
        let result = vault::apply(vec![change.clone()]).await;
        PENDING.with(|p| {
            let mut pending = p.borrow_mut();
            if let Some(n) = pending.get_mut(&provider) {
                *n -= 1;
                if *n == 0 {
                    pending.remove(&provider);
                }
            }
        });
        match result {
            Ok(stored) => adopt(stored),
            Err(error) => after_other_tab(&error, Some(&change)),
        }
    });
}

/// This tab's remembered keys become those the vault holds (another tab may have changed them);
/// a change of this tab still being sealed is kept.
fn adopt(stored: BTreeMap<String, String>) {
    let pending: BTreeSet<String> = PENDING.with(|p| p.borrow().keys().cloned().collect());
    let gone: Vec<String> = REMEMBERED.with(|r| {
        r.borrow()
            .iter()
            .filter(|id| !stored.contains_key(*id) && !pending.contains(*id))
            .cloned()
            .collect()
    });
    for id in gone {
        KEYS.with(|k| k.borrow_mut().remove(&id));
        REMEMBERED.with(|r| r.borrow_mut().remove(&id));
    }
    for (id, key) in stored {
        if !pending.contains(&id) {
            KEYS.with(|k| k.borrow_mut().insert(id.clone(), key));
            REMEMBERED.with(|r| r.borrow_mut().insert(id));
        }
    }
}

/// After a write refused because another tab deleted the vault or re-keyed it (this tab is locked
/// now): the remembered keys leave memory, except the one just typed here, which waits for the
/// vault (a new one, or the next unlock); a removal just made here is marked to go at that unlock.
fn after_other_tab(error: &VaultError, change: Option<&Change>) {
    if !matches!(error, VaultError::Gone | VaultError::ChangedElsewhere) {
        return;
    }
    let typed = match change {
        Some(Change::Put { provider, key }) => Some((provider.clone(), key.clone())),
        Some(Change::Drop(provider)) => {
            vault::drop_while_locked(provider);
            None
        }
        None => None,
    };
    lock();
    if *error == VaultError::Gone {
        REMEMBERED.with(|r| r.borrow_mut().clear());
    }
    if let Some((provider, key)) = typed {
        KEYS.with(|k| k.borrow_mut().insert(provider.clone(), key));
        REMEMBERED.with(|r| r.borrow_mut().insert(provider));
    }
    tell_other_tab(Some(error.sentence()));
}

fn tell_other_tab(sentence: Option<String>) {
    if let Some(tell) = OTHER_TAB.with(|t| t.borrow().clone()) {
        tell(sentence);
    }
}

/// `tell` hears when another tab changed or deleted the vault, or the vault locked itself after
/// the idle time (None: nothing to say, look again);
/// this tab's memory follows it then: the keys as now stored, or locked when re-keyed or deleted.
pub fn on_other_tab_change(tell: impl Fn(Option<String>) + 'static) {
    OTHER_TAB.with(|t| *t.borrow_mut() = Some(Rc::new(tell)));
    watch_other_tabs();
}

fn watch_other_tabs() {
    if WATCHING.with(|w| w.replace(true)) {
        return;
    }
    vault::watch_other_tabs(|| {
        if !vault::is_open() {
            tell_other_tab(None);
            return;
        }
        spawn_local(async {
            match vault::refresh().await {
                Ok(stored) => {
                    adopt(stored);
                    tell_other_tab(Some(
                        "The remembered keys were changed in another tab; this tab now has them as stored."
                            .into(),
                    ));
                }
                Err(error) => {
                    after_other_tab(&error, None);
                    if !matches!(error, VaultError::Gone | VaultError::ChangedElsewhere) {
                        tell_other_tab(Some(error.sentence()));
                    }
                }
            }
        });
    });
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
    watch_other_tabs();
    let sealed = vault::create(secret, remembered_keys()).await?;
    adopt(sealed);
    Ok(())
}

/// Opens the vault: its keys become usable in this tab, with the keys typed here while it was
/// locked sealed in (they win over older copies) and those removed while locked gone for good. A
/// wrong secret leaves all as it was.
pub async fn unlock(secret: Secret) -> Result<(), VaultError> {
    watch_other_tabs();
    let legacy = vault::legacy_clear_keys();
    let typed: BTreeMap<String, String> = remembered_keys()
        .into_iter()
        .filter(|(id, key)| legacy.get(id) != Some(key))
        .collect();
    let stored = vault::unlock(secret, typed).await?;
    adopt(stored);
    Ok(())
}

/// Lets a new passkey open the open vault too (beside its passphrase).
pub async fn add_passkey() -> Result<(), VaultError> {
    finish(vault::add_passkey().await)
}

/// The passkey no longer opens the remembered keys; `passphrase` (the vault's) still does, and
/// the keys are sealed again under a new data key.
pub async fn remove_passkey(passphrase: String) -> Result<(), VaultError> {
    finish(
        vault::remove_passkey(passphrase)
            .await
            .map_err(not_the_passphrase),
    )
}

/// The vault's passphrase `current` becomes `new` (refused when weak, with the reason); the keys
/// are sealed again under a new data key.
pub async fn change_passphrase(current: String, new: String) -> Result<(), VaultError> {
    finish(
        vault::change_passphrase(current, new)
            .await
            .map_err(not_the_passphrase),
    )
}

/// While unlocked, a wrong passphrase typed to confirm a change says so without "stay locked".
fn not_the_passphrase(error: VaultError) -> VaultError {
    match error {
        VaultError::WrongPassphrase => {
            VaultError::Problem("That is not the vault's passphrase: nothing was changed.".into())
        }
        other => other,
    }
}

/// A vault job's outcome for this tab's memory.
fn finish(result: Result<BTreeMap<String, String>, VaultError>) -> Result<(), VaultError> {
    match result {
        Ok(stored) => {
            adopt(stored);
            Ok(())
        }
        Err(error) => {
            after_other_tab(&error, None);
            Err(error)
        }
    }
}

/// How long the open vault waits without input before it locks itself (Settings), 0 for never.
pub fn set_idle_lock_minutes(minutes: u32) {
    vault::idle::set_limit(minutes);
}

/// The auto-lock: as "Lock", and Settings says why.
pub(crate) fn lock_after_idle(minutes: u32) {
    lock();
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    tell_other_tab(Some(format!(
        "Locked after {minutes} {unit} without use: the remembered keys are out of this tab's memory until you unlock them."
    )));
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
