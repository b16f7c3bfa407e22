//! Remembered keys, encrypted at rest: the vault in local storage (`format`), opened with a
//! passphrase through WebCrypto (`crypto`). The AES key it derives is held in memory for this tab
//! only, until "Lock" or the tab closes; the clear keys it opens go to `platform::keys`. The
//! crypto is a wasm part of its own (`vault`), fetched the first time a passphrase is used.
mod crypto;
pub mod format;

use std::cell::RefCell;
use std::collections::BTreeMap;

use futures::future::LocalBoxFuture;
use web_sys::CryptoKey;

use format::{VaultFile, IV_BYTES, LEGACY_CLEAR_ENTRY, SALT_BYTES, VAULT_ENTRY};
pub use format::{VaultProblem, VaultStatus};

use crate::platform::split::{split_fn, PartUnavailable};

/// The open vault: its derived key and what re-sealing needs (the same salt and work factor).
struct Opened {
    key: CryptoKey,
    salt: Vec<u8>,
    iterations: u32,
}

thread_local! {
    static OPENED: RefCell<Option<Opened>> = const { RefCell::new(None) };
}

/// Why the vault did not open or seal, in words for the user.
#[derive(Clone, Debug, PartialEq)]
pub enum VaultError {
    WrongPassphrase,
    Problem(String),
}

impl VaultError {
    pub fn sentence(&self) -> String {
        match self {
            Self::WrongPassphrase => {
                "Wrong passphrase: the remembered keys stay locked (nothing was changed).".into()
            }
            Self::Problem(text) => text.clone(),
        }
    }
}

impl From<PartUnavailable> for VaultError {
    fn from(_: PartUnavailable) -> Self {
        Self::Problem("The vault's code could not be loaded (offline?). Try again.".into())
    }
}

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn read(entry: &str) -> Option<String> {
    local()?.get_item(entry).ok()?
}

fn remove(entry: &str) {
    if let Some(storage) = local() {
        let _ = storage.remove_item(entry);
    }
}

/// Keys an earlier version remembered in clear, still in local storage (until the first unlock).
pub fn legacy_clear_keys() -> BTreeMap<String, String> {
    read(LEGACY_CLEAR_ENTRY)
        .map(|json| format::legacy_keys(&json))
        .unwrap_or_default()
}

/// Drops providers from the clear copy of an earlier version (a key forgotten before the vault
/// took it in); never adds to it.
pub fn drop_from_legacy(provider_id: &str) {
    let mut clear = legacy_clear_keys();
    if clear.remove(provider_id).is_some() {
        match (clear.is_empty(), local()) {
            (true, _) => remove(LEGACY_CLEAR_ENTRY),
            (false, Some(storage)) => {
                let json = serde_json::to_string(&clear).unwrap_or_default();
                let _ = storage.set_item(LEGACY_CLEAR_ENTRY, &json);
            }
            (false, None) => {}
        }
    }
}

pub fn status() -> VaultStatus {
    format::status(
        read(VAULT_ENTRY).is_some(),
        read(LEGACY_CLEAR_ENTRY).is_some(),
        is_open(),
    )
}

pub fn is_open() -> bool {
    OPENED.with(|o| o.borrow().is_some())
}

/// Forgets the derived key: the vault stays stored, unusable until the passphrase is given again.
pub fn lock() {
    OPENED.with(|o| *o.borrow_mut() = None);
}

/// "Forgot passphrase": the vault and any clear copy go; settings, history and the rest stay.
pub fn forget_all() {
    lock();
    remove(VAULT_ENTRY);
    remove(LEGACY_CLEAR_ENTRY);
}

fn random_bytes(n: usize) -> Vec<u8> {
    crate::platform::sign_in::random_bytes(n)
}

fn problem(what: &str) -> impl Fn(wasm_bindgen::JsValue) -> VaultError + '_ {
    move |error| VaultError::Problem(format!("{what} ({error:?})."))
}

/// Encrypts `keys` under the open key with a new IV and stores the vault; the clear copy of an
/// earlier version is removed once the sealed one is written.
async fn write_sealed(keys: &BTreeMap<String, String>) -> Result<(), VaultError> {
    let (key, salt, iterations) = OPENED
        .with(|o| {
            o.borrow()
                .as_ref()
                .map(|o| (o.key.clone(), o.salt.clone(), o.iterations))
        })
        .ok_or_else(|| VaultError::Problem("The vault is locked.".into()))?;
    let iv = random_bytes(IV_BYTES);
    let sealed = crypto::encrypt(&key, &iv, &format::plaintext(keys))
        .await
        .map_err(problem("The keys could not be encrypted"))?;
    let json = VaultFile::new(iterations, &salt, &iv, &sealed).to_json();
    local()
        .and_then(|s| s.set_item(VAULT_ENTRY, &json).ok())
        .ok_or_else(|| {
            VaultError::Problem(
                "Local storage refused the vault (full?): the keys stay for this tab only.".into(),
            )
        })?;
    remove(LEGACY_CLEAR_ENTRY);
    Ok(())
}

/// What the vault's part is asked to do.
enum Job {
    Create {
        passphrase: String,
        keys: BTreeMap<String, String>,
    },
    Unlock {
        passphrase: String,
    },
    Seal {
        keys: BTreeMap<String, String>,
    },
}

type Keys = BTreeMap<String, String>;

split_fn! {
    vault, preload _preload_vault:
    /// The job, to await.
    fn vault_in_part(job: Job) -> Result<LocalBoxFuture<'static, Result<Keys, VaultError>>, PartUnavailable> {
        Ok(Box::pin(async move {
            match job {
                Job::Create { passphrase, keys } => create_in_part(passphrase, keys).await,
                Job::Unlock { passphrase } => unlock_in_part(passphrase).await,
                Job::Seal { keys } => write_sealed(&keys).await.map(|()| keys),
            }
        }))
    }
}

/// Sets a first passphrase: a new per-install salt, the key derived from it, and `keys` (with any
/// an earlier version kept in clear) sealed; the clear copy is removed. Returns the sealed keys.
pub async fn create(passphrase: String, keys: Keys) -> Result<Keys, VaultError> {
    vault_in_part(Job::Create { passphrase, keys }).await?.await
}

/// Opens the stored vault with `passphrase` and returns its keys; keys an earlier version kept in
/// clear are sealed in with them and the clear copy removed. A wrong passphrase changes nothing.
pub async fn unlock(passphrase: String) -> Result<Keys, VaultError> {
    vault_in_part(Job::Unlock { passphrase }).await?.await
}

/// Stores `keys` as the vault's whole content (the vault must be open).
pub async fn seal(keys: Keys) -> Result<(), VaultError> {
    vault_in_part(Job::Seal { keys }).await?.await.map(|_| ())
}

async fn create_in_part(passphrase: String, keys: Keys) -> Result<Keys, VaultError> {
    if let Some(problem) = format::passphrase_problem(&passphrase) {
        return Err(VaultError::Problem(problem));
    }
    let salt = random_bytes(SALT_BYTES);
    let iterations = format::ITERATIONS;
    let key = crypto::derive_key(&passphrase, &salt, iterations)
        .await
        .map_err(problem("This browser could not derive a key"))?;
    OPENED.with(|o| {
        *o.borrow_mut() = Some(Opened {
            key,
            salt,
            iterations,
        })
    });
    let all = format::migrate(keys, legacy_clear_keys());
    if let Err(error) = write_sealed(&all).await {
        lock();
        return Err(error);
    }
    Ok(all)
}

async fn unlock_in_part(passphrase: String) -> Result<Keys, VaultError> {
    let Some(json) = read(VAULT_ENTRY) else {
        return Err(VaultError::Problem(
            "There is no key vault on this device.".into(),
        ));
    };
    let parts = VaultFile::parse(&json).map_err(|p| VaultError::Problem(p.sentence()))?;
    let key = crypto::derive_key(&passphrase, &parts.salt, parts.iterations)
        .await
        .map_err(problem("This browser could not derive a key"))?;
    let opened = crypto::decrypt(&key, &parts.iv, &parts.ciphertext)
        .await
        .map_err(|_| VaultError::WrongPassphrase)?;
    let keys = format::keys_of(&opened)
        .ok_or_else(|| VaultError::Problem(VaultProblem::Unreadable.sentence()))?;
    OPENED.with(|o| {
        *o.borrow_mut() = Some(Opened {
            key,
            salt: parts.salt,
            iterations: parts.iterations,
        })
    });
    let clear = legacy_clear_keys();
    if clear.is_empty() {
        return Ok(keys);
    }
    let all = format::migrate(keys, clear);
    write_sealed(&all).await?;
    Ok(all)
}
