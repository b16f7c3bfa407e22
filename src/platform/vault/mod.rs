//! Remembered keys, encrypted at rest: the vault in local storage (`format`), its keys sealed under a
//! random data key that a passphrase and/or a passkey unwraps (`unlock` says which are offered,
//! `passkey` asks WebAuthn, `crypto` does the WebCrypto). The data key is held in memory for this
//! tab only, until "Lock" or the tab closes; the clear keys it opens go to `platform::keys`. All but
//! the stored entry's status is a wasm part of its own (`vault`), fetched the first time it is used.
pub(crate) mod crypto;
pub mod format;
pub mod passkey;
pub mod unlock;

use std::cell::RefCell;
use std::collections::BTreeMap;

use futures::future::LocalBoxFuture;
use web_sys::CryptoKey;

use format::{
    Lock, Sealed, Stored, Stretch, DATA_KEY_BYTES, IV_BYTES, LEGACY_CLEAR_ENTRY, PRF_SALT_BYTES,
    SALT_BYTES, VAULT_ENTRY,
};
pub use format::{VaultProblem, VaultStatus};
pub use passkey::PasskeyError;
use unlock::{PasskeySupport, UnlockMethod};

use crate::platform::split::{split_fn, PartUnavailable};

/// The open vault: its data key (imported for sealing, and raw so another unlock method can wrap
/// it while open; a script in the unlocked page could read the clear keys anyway) and its locks.
struct Opened {
    key: CryptoKey,
    raw: Vec<u8>,
    locks: Vec<Lock>,
}

thread_local! {
    static OPENED: RefCell<Option<Opened>> = const { RefCell::new(None) };
}

/// What opens, or will open, the vault.
#[derive(Clone, Debug)]
pub enum Secret {
    Passphrase(String),
    Passkey,
}

/// Why the vault did not open or seal, in words for the user.
#[derive(Clone, Debug, PartialEq)]
pub enum VaultError {
    WrongPassphrase,
    /// A passkey answered but its secret does not unwrap the data key.
    WrongPasskey,
    Passkey(PasskeyError),
    Problem(String),
}

impl VaultError {
    pub fn sentence(&self) -> String {
        match self {
            Self::WrongPassphrase => {
                "Wrong passphrase: the remembered keys stay locked (nothing was changed).".into()
            }
            Self::WrongPasskey => {
                "That passkey does not open this vault: the remembered keys stay locked (nothing was changed).".into()
            }
            Self::Passkey(error) => error.sentence(),
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

/// Forgets the data key: the vault stays stored, unusable until it is unlocked again.
pub fn lock() {
    OPENED.with(|o| *o.borrow_mut() = None);
}

/// The unlock methods of the stored vault (none when there is none).
pub fn methods() -> Vec<UnlockMethod> {
    read(VAULT_ENTRY)
        .map(|json| format::methods_of(&json))
        .unwrap_or_default()
}

/// Takes the passkey's lock off a vault that a passphrase opens too: the keys stay sealed as they
/// are (the data key does not change), only the passphrase opens them from now on. The passkey
/// itself stays on the device; this page cannot delete it.
pub fn remove_passkey() -> Result<(), VaultError> {
    let stored = read(VAULT_ENTRY)
        .and_then(|json| format::parse(&json).ok())
        .ok_or_else(|| VaultError::Problem("There is no key vault on this device.".into()))?;
    let format::Stored::V2 { sealed, locks } = stored else {
        return Err(VaultError::Problem(
            "This vault has no passkey to remove.".into(),
        ));
    };
    let rest = format::without_lock(&locks, UnlockMethod::Passkey).ok_or_else(|| {
        VaultError::Problem(
            "The passkey is the only lock on these keys: it cannot be removed alone.".into(),
        )
    })?;
    local()
        .and_then(|s| {
            s.set_item(VAULT_ENTRY, &format::to_json(&sealed, &rest))
                .ok()
        })
        .ok_or_else(|| VaultError::Problem("Local storage refused the change.".into()))?;
    OPENED.with(|o| {
        if let Some(opened) = o.borrow_mut().as_mut() {
            opened.locks = rest;
        }
    });
    Ok(())
}

/// "Forgot": the vault and any clear copy go; settings, history and the rest stay.
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

async fn seal_with(key: &CryptoKey, plain: &[u8]) -> Result<Sealed, VaultError> {
    let iv = random_bytes(IV_BYTES);
    let ciphertext = crypto::encrypt(key, &iv, plain)
        .await
        .map_err(problem("The keys could not be encrypted"))?;
    Ok(Sealed { iv, ciphertext })
}

async fn passphrase_key(passphrase: &str, stretch: &Stretch) -> Result<CryptoKey, VaultError> {
    crypto::derive_key(passphrase, &stretch.salt, stretch.iterations)
        .await
        .map_err(problem("This browser could not derive a key"))
}

async fn prf_key(prf_output: &[u8], hkdf_salt: &[u8]) -> Result<CryptoKey, VaultError> {
    crypto::derive_key_from_prf(prf_output, hkdf_salt)
        .await
        .map_err(problem(
            "This browser could not derive a key from the passkey",
        ))
}

/// Wraps the data key `raw` under a new secret: a passphrase with a new salt, or a new passkey
/// with a new PRF salt.
async fn new_lock(secret: Secret, raw: &[u8]) -> Result<Lock, VaultError> {
    match secret {
        Secret::Passphrase(passphrase) => {
            if let Some(problem) = format::passphrase_problem(&passphrase) {
                return Err(VaultError::Problem(problem));
            }
            let stretch = Stretch {
                iterations: format::ITERATIONS,
                salt: random_bytes(SALT_BYTES),
            };
            let key = passphrase_key(&passphrase, &stretch).await?;
            let wrapped = seal_with(&key, raw).await?;
            Ok(Lock::Passphrase { stretch, wrapped })
        }
        Secret::Passkey => {
            let prf_salt = random_bytes(PRF_SALT_BYTES);
            let (credential, output) = passkey::register(&prf_salt, random_bytes)
                .await
                .map_err(VaultError::Passkey)?;
            let hkdf_salt = random_bytes(SALT_BYTES);
            let key = prf_key(&output, &hkdf_salt).await?;
            let wrapped = seal_with(&key, raw).await?;
            Ok(Lock::Passkey {
                credential,
                prf_salt,
                hkdf_salt,
                wrapped,
            })
        }
    }
}

/// The data key, unwrapped from the stored lock of `secret`'s method. A wrong secret is told
/// apart from a damaged record only by GCM's tag, so it is named as the wrong secret.
async fn unwrap_data_key(stored: &Stored, secret: Secret) -> Result<Vec<u8>, VaultError> {
    let method = match secret {
        Secret::Passphrase(_) => UnlockMethod::Passphrase,
        Secret::Passkey => UnlockMethod::Passkey,
    };
    match (stored.lock(method), secret) {
        (Some(Lock::Passphrase { stretch, wrapped }), Secret::Passphrase(passphrase)) => {
            let key = passphrase_key(&passphrase, stretch).await?;
            crypto::decrypt(&key, &wrapped.iv, &wrapped.ciphertext)
                .await
                .map_err(|_| VaultError::WrongPassphrase)
        }
        (
            Some(Lock::Passkey {
                credential,
                prf_salt,
                hkdf_salt,
                wrapped,
            }),
            Secret::Passkey,
        ) => {
            let output = passkey::evaluate(credential, prf_salt, random_bytes)
                .await
                .map_err(VaultError::Passkey)?;
            let key = prf_key(&output, hkdf_salt).await?;
            crypto::decrypt(&key, &wrapped.iv, &wrapped.ciphertext)
                .await
                .map_err(|_| VaultError::WrongPasskey)
        }
        (_, Secret::Passphrase(_)) => Err(VaultError::Problem(
            "This vault has no passphrase: unlock it with its passkey.".into(),
        )),
        (_, Secret::Passkey) => Err(VaultError::Problem(
            "This vault has no passkey: unlock it with its passphrase.".into(),
        )),
    }
}

/// Holds the data key for this tab.
async fn open(raw: Vec<u8>, locks: Vec<Lock>) -> Result<(), VaultError> {
    let key = crypto::import_data_key(&raw)
        .await
        .map_err(problem("This browser could not use the vault's key"))?;
    OPENED.with(|o| *o.borrow_mut() = Some(Opened { key, raw, locks }));
    Ok(())
}

/// Encrypts `keys` under the open data key with a new IV and stores the vault with its locks; the
/// clear copy of an earlier version is removed once the sealed one is written.
async fn write_sealed(keys: &BTreeMap<String, String>) -> Result<(), VaultError> {
    let (key, locks) = OPENED
        .with(|o| {
            o.borrow()
                .as_ref()
                .map(|o| (o.key.clone(), o.locks.clone()))
        })
        .ok_or_else(|| VaultError::Problem("The vault is locked.".into()))?;
    let sealed = seal_with(&key, &format::plaintext(keys)).await?;
    let json = format::to_json(&sealed, &locks);
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
    Probe,
    Create { secret: Secret, keys: Keys },
    Unlock { secret: Secret },
    AddPasskey { keys: Keys },
    Seal { keys: Keys },
}

/// What a job gives back.
enum Done {
    Keys(Keys),
    Support(PasskeySupport),
}

type Keys = BTreeMap<String, String>;

split_fn! {
    vault, preload _preload_vault:
    /// The job, to await.
    fn vault_in_part(job: Job) -> Result<LocalBoxFuture<'static, Result<Done, VaultError>>, PartUnavailable> {
        Ok(Box::pin(async move {
            match job {
                Job::Probe => Ok(Done::Support(unlock::passkey_support(&passkey::probe().await))),
                Job::Create { secret, keys } => create_in_part(secret, keys).await.map(Done::Keys),
                Job::Unlock { secret } => unlock_in_part(secret).await.map(Done::Keys),
                Job::AddPasskey { keys } => add_passkey_in_part(keys).await.map(Done::Keys),
                Job::Seal { keys } => write_sealed(&keys).await.map(|()| Done::Keys(keys)),
            }
        }))
    }
}

async fn keys_job(job: Job) -> Result<Keys, VaultError> {
    match vault_in_part(job).await?.await? {
        Done::Keys(keys) => Ok(keys),
        Done::Support(_) => unreachable!("only Probe answers with support"),
    }
}

/// Whether "Use a passkey" can be offered in this browser, and why not.
pub async fn passkey_support() -> PasskeySupport {
    match vault_in_part(Job::Probe).await {
        Ok(job) => match job.await {
            Ok(Done::Support(support)) => support,
            _ => PasskeySupport::Unavailable("The passkey check failed."),
        },
        Err(_) => PasskeySupport::Unavailable("The vault's code could not be loaded (offline?)."),
    }
}

/// Makes the vault: a new random data key wrapped under `secret` (a first passphrase, or a new
/// passkey), and `keys` (with any an earlier version kept in clear) sealed; the clear copy is
/// removed. Returns the sealed keys.
pub async fn create(secret: Secret, keys: Keys) -> Result<Keys, VaultError> {
    keys_job(Job::Create { secret, keys }).await
}

/// Opens the stored vault with `secret` and returns its keys; keys an earlier version kept in
/// clear are sealed in with them and the clear copy removed, and a version-1 vault is rewritten as
/// version 2. A wrong secret changes nothing.
pub async fn unlock(secret: Secret) -> Result<Keys, VaultError> {
    keys_job(Job::Unlock { secret }).await
}

/// Registers a passkey that opens the open vault too, and stores `keys` with it.
pub async fn add_passkey(keys: Keys) -> Result<(), VaultError> {
    keys_job(Job::AddPasskey { keys }).await.map(|_| ())
}

/// Stores `keys` as the vault's whole content (the vault must be open).
pub async fn seal(keys: Keys) -> Result<(), VaultError> {
    keys_job(Job::Seal { keys }).await.map(|_| ())
}

async fn create_in_part(secret: Secret, keys: Keys) -> Result<Keys, VaultError> {
    let raw = random_bytes(DATA_KEY_BYTES);
    let first = new_lock(secret, &raw).await?;
    open(raw, vec![first]).await?;
    let all = format::migrate(keys, legacy_clear_keys());
    if let Err(error) = write_sealed(&all).await {
        lock();
        return Err(error);
    }
    Ok(all)
}

async fn unlock_in_part(secret: Secret) -> Result<Keys, VaultError> {
    let Some(json) = read(VAULT_ENTRY) else {
        return Err(VaultError::Problem(
            "There is no key vault on this device.".into(),
        ));
    };
    let stored = format::parse(&json).map_err(|p| VaultError::Problem(p.sentence()))?;
    let unreadable = || VaultError::Problem(VaultProblem::Unreadable.sentence());
    let (keys, rewrite) = match &stored {
        Stored::V1 { stretch, sealed } => {
            let Secret::Passphrase(passphrase) = secret else {
                return Err(VaultError::Problem(
                    "This vault has no passkey: unlock it with its passphrase.".into(),
                ));
            };
            let key = passphrase_key(&passphrase, stretch).await?;
            let opened = crypto::decrypt(&key, &sealed.iv, &sealed.ciphertext)
                .await
                .map_err(|_| VaultError::WrongPassphrase)?;
            let keys = format::keys_of(&opened).ok_or_else(unreadable)?;
            // Version 1 becomes version 2: a new data key, wrapped under the same passphrase key.
            let raw = random_bytes(DATA_KEY_BYTES);
            let wrapped = seal_with(&key, &raw).await?;
            let lock = Lock::Passphrase {
                stretch: stretch.clone(),
                wrapped,
            };
            open(raw, vec![lock]).await?;
            (keys, true)
        }
        Stored::V2 { sealed, locks } => {
            let raw = unwrap_data_key(&stored, secret).await?;
            let key = crypto::import_data_key(&raw)
                .await
                .map_err(problem("This browser could not use the vault's key"))?;
            let opened = crypto::decrypt(&key, &sealed.iv, &sealed.ciphertext)
                .await
                .map_err(|_| unreadable())?;
            let keys = format::keys_of(&opened).ok_or_else(unreadable)?;
            open(raw, locks.clone()).await?;
            (keys, false)
        }
    };
    let clear = legacy_clear_keys();
    if clear.is_empty() && !rewrite {
        return Ok(keys);
    }
    let all = format::migrate(keys, clear);
    write_sealed(&all).await?;
    Ok(all)
}

async fn add_passkey_in_part(keys: Keys) -> Result<Keys, VaultError> {
    let (raw, locks) = OPENED
        .with(|o| {
            o.borrow()
                .as_ref()
                .map(|o| (o.raw.clone(), o.locks.clone()))
        })
        .ok_or_else(|| VaultError::Problem("Unlock the vault first.".into()))?;
    let lock = new_lock(Secret::Passkey, &raw).await?;
    let set_locks = |locks: Vec<Lock>| {
        OPENED.with(|o| {
            if let Some(opened) = o.borrow_mut().as_mut() {
                opened.locks = locks;
            }
        })
    };
    set_locks(format::with_lock(&locks, lock));
    if let Err(error) = write_sealed(&keys).await {
        // Not stored: the vault keeps the locks it had.
        set_locks(locks);
        return Err(error);
    }
    Ok(keys)
}
