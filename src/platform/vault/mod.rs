//! Remembered keys, encrypted at rest: the vault in local storage (`format`), its keys sealed under a
//! random data key that a passphrase and/or a passkey unwraps (`unlock` says which are offered,
//! `passkey` asks WebAuthn, `crypto` does the WebCrypto). The data key is held in memory for this
//! tab only, until "Lock" or the tab closes; the clear keys it opens go to `platform::keys`. All but
//! the stored entry's status is a wasm part of its own (`vault`), fetched the first time it is used.
pub(crate) mod crypto;
pub mod format;
pub mod idle;
pub mod passkey;
pub mod record;
pub mod strength;
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

use crate::platform::run_lock;
use crate::platform::split::{split_fn, PartUnavailable};

/// The open vault: its data key (imported for sealing, and raw so another unlock method can wrap
/// it while open; a script in the unlocked page could read the clear keys anyway). Its locks and
/// keys are read from the stored record at each write, never kept: another tab may change them.
struct Opened {
    key: CryptoKey,
    raw: Vec<u8>,
}

thread_local! {
    static OPENED: RefCell<Option<Opened>> = const { RefCell::new(None) };
}

/// What opens, or will open, the vault.
#[derive(Clone, Debug)]
pub enum Secret {
    /// Its `Debug` prints "[redacted]".
    Passphrase(consilium_providers::Secret),
    Passkey,
}

/// Why the vault did not open or seal, in words for the user.
#[derive(Clone, Debug, PartialEq)]
pub enum VaultError {
    WrongPassphrase,
    /// A passkey answered but its secret does not unwrap the data key.
    WrongPasskey,
    Passkey(PasskeyError),
    /// Another tab deleted the vault ("Forgot") since this one opened it.
    Gone,
    /// Another tab put the keys under a new data key (a new passphrase, a passkey removed).
    ChangedElsewhere,
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
            Self::Gone => "The remembered keys were deleted in another tab (“Forgot”); enter a key again to use it.".into(),
            Self::ChangedElsewhere => "The vault was changed in another tab (a new passphrase, or its passkey removed): unlock it again here.".into(),
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

/// Lists `provider` in the stored vault as dropped while it is locked (this tab cannot open the
/// ciphertext): the next unlock, in any tab, removes its key for good. Nothing when open (the
/// change is sealed instead) or when there is no vault.
pub fn drop_while_locked(provider: &str) {
    if is_open() {
        return;
    }
    if let (Some(json), Some(storage)) = (read(VAULT_ENTRY), local()) {
        if record::dropped_of(&json).contains(provider) {
            return;
        }
        if let Some(marked) = record::with_dropped(&json, provider) {
            let _ = storage.set_item(VAULT_ENTRY, &marked);
        }
    }
}

/// Calls `changed` whenever another tab changes or deletes the stored vault (the `storage` event
/// fires in every other tab of this origin, never in the one that wrote).
pub fn watch_other_tabs(changed: impl Fn() + 'static) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return;
    };
    let listener =
        Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |event: web_sys::StorageEvent| {
            // No key: the whole storage was cleared.
            if event.key().is_none_or(|k| k == VAULT_ENTRY) {
                changed();
            }
        });
    let _ = window.add_event_listener_with_callback("storage", listener.as_ref().unchecked_ref());
    listener.forget();
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
        // Its strength was checked before (`refuse_weak`, in a part of its own).
        Secret::Passphrase(passphrase) => passphrase_lock(passphrase.expose(), raw).await,
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

/// Wraps the data key `raw` under `passphrase` with a new salt and today's work factor (no strength
/// check: also used for a passphrase the vault already has).
async fn passphrase_lock(passphrase: &str, raw: &[u8]) -> Result<Lock, VaultError> {
    let stretch = Stretch {
        iterations: format::ITERATIONS,
        salt: random_bytes(SALT_BYTES),
    };
    let key = passphrase_key(passphrase, &stretch).await?;
    let wrapped = seal_with(&key, raw).await?;
    Ok(Lock::Passphrase { stretch, wrapped })
}

/// The passkey's lock wrapping the new data key `raw`: the same passkey asked again (its PRF on
/// the same salt), a new HKDF salt.
async fn rewrapped_passkey(lock: &Lock, raw: &[u8]) -> Result<Lock, VaultError> {
    let Lock::Passkey {
        credential,
        prf_salt,
        ..
    } = lock
    else {
        return Ok(lock.clone());
    };
    let output = passkey::evaluate(credential, prf_salt, random_bytes)
        .await
        .map_err(VaultError::Passkey)?;
    let hkdf_salt = random_bytes(SALT_BYTES);
    let key = prf_key(&output, &hkdf_salt).await?;
    Ok(Lock::Passkey {
        credential: credential.clone(),
        prf_salt: prf_salt.clone(),
        hkdf_salt,
        wrapped: seal_with(&key, raw).await?,
    })
}

/// Checks `passphrase` against the stored vault's passphrase lock (WrongPassphrase when it does
/// not open it); returns the stored record as read.
async fn check_passphrase(passphrase: &str) -> Result<Stored, VaultError> {
    let stored = read(VAULT_ENTRY)
        .ok_or(VaultError::Gone)
        .and_then(|json| format::parse(&json).map_err(|p| VaultError::Problem(p.sentence())))?;
    unwrap_data_key(
        &stored,
        Secret::Passphrase(consilium_providers::Secret::new(passphrase)),
    )
    .await?;
    Ok(stored)
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
            let key = passphrase_key(passphrase.expose(), stretch).await?;
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

/// Holds the data key for this tab, and counts the idle time from now.
async fn open(raw: Vec<u8>) -> Result<CryptoKey, VaultError> {
    let key = crypto::import_data_key(&raw)
        .await
        .map_err(problem("This browser could not use the vault's key"))?;
    idle::start(crate::platform::keys::lock_after_idle);
    OPENED.with(|o| {
        *o.borrow_mut() = Some(Opened {
            key: key.clone(),
            raw,
        })
    });
    Ok(key)
}

fn opened() -> Result<(CryptoKey, Vec<u8>), VaultError> {
    OPENED
        .with(|o| o.borrow().as_ref().map(|o| (o.key.clone(), o.raw.clone())))
        .ok_or_else(|| VaultError::Problem("Unlock the vault first.".into()))
}

/// The stored vault as this tab's data key opens it now.
struct Current {
    json: String,
    locks: Vec<Lock>,
    keys: Keys,
    revision: u64,
}

/// Reads the stored vault again and opens it with this tab's data key. Gone when another tab
/// deleted it, ChangedElsewhere when another tab put it under a new data key.
async fn current() -> Result<Current, VaultError> {
    let (key, _) = opened()?;
    let json = read(VAULT_ENTRY).ok_or(VaultError::Gone)?;
    let stored = format::parse(&json).map_err(|p| VaultError::Problem(p.sentence()))?;
    let Stored::V2 { sealed, locks } = stored else {
        return Err(VaultError::ChangedElsewhere);
    };
    let plain = crypto::decrypt(&key, &sealed.iv, &sealed.ciphertext)
        .await
        .map_err(|_| VaultError::ChangedElsewhere)?;
    let keys = format::keys_of(&plain)
        .ok_or_else(|| VaultError::Problem(VaultProblem::Unreadable.sentence()))?;
    Ok(Current {
        keys: record::without_dropped(keys, &record::dropped_of(&json)),
        revision: record::revision_of(&json),
        locks,
        json,
    })
}

/// Seals `keys` under `key` with `locks` and stores the record at `revision`, only if the stored
/// record is still `read` (what this tab read before; None: no vault): Ok(false) when another tab
/// wrote meanwhile. The clear copy of an earlier version goes once the sealed one is written.
async fn write_over(
    read_before: Option<&str>,
    key: &CryptoKey,
    locks: &[Lock],
    keys: &Keys,
    revision: u64,
) -> Result<bool, VaultError> {
    let sealed = seal_with(key, &format::plaintext(keys)).await?;
    let json = format::to_json(&sealed, locks, revision);
    // Compared and written with no await between: nothing in this tab runs in between.
    if read(VAULT_ENTRY).as_deref() != read_before {
        return Ok(false);
    }
    local()
        .and_then(|s| s.set_item(VAULT_ENTRY, &json).ok())
        .ok_or_else(|| {
            VaultError::Problem(
                "Local storage refused the vault (full?): the keys stay for this tab only.".into(),
            )
        })?;
    remove(LEGACY_CLEAR_ENTRY);
    Ok(true)
}

/// The Web Lock the tabs' vault writes take turns by.
const VAULT_LOCK: &str = "consilium-vault";

/// How often a write reads again when another tab wrote meanwhile.
const ATTEMPTS: usize = 4;

/// Reads the stored vault again, applies `changes` to the keys it holds, gives its locks to
/// `edit`, and stores it back (under `rekey`, a new data key `edit`'s locks wrap, when given),
/// reading again when another tab wrote meanwhile. Returns the keys now stored. This tab is
/// locked when the vault was deleted or re-keyed elsewhere: its memory is not written back.
async fn rewrite(
    changes: &[Change],
    edit: &dyn Fn(&[Lock]) -> Result<Vec<Lock>, VaultError>,
    rekey: Option<Vec<u8>>,
) -> Result<Keys, VaultError> {
    // Tabs take turns: the compare-before-write below alone leaves a window, as each tab's
    // storage reaches the others a moment later. The lock goes when this function returns.
    let _turn = run_lock::hold(VAULT_LOCK).await;
    for _ in 0..ATTEMPTS {
        let current = match current().await {
            Err(error @ (VaultError::Gone | VaultError::ChangedElsewhere)) => {
                lock();
                return Err(error);
            }
            other => other?,
        };
        let locks = edit(&current.locks)?;
        let keys = record::apply(current.keys, changes);
        let (key, raw) = match &rekey {
            Some(raw) => (
                crypto::import_data_key(raw)
                    .await
                    .map_err(problem("This browser could not use the vault's key"))?,
                raw.clone(),
            ),
            None => opened()?,
        };
        if write_over(
            Some(&current.json),
            &key,
            &locks,
            &keys,
            current.revision + 1,
        )
        .await?
        {
            OPENED.with(|o| *o.borrow_mut() = Some(Opened { key, raw }));
            return Ok(keys);
        }
    }
    Err(VaultError::Problem(
        "Another tab kept changing the vault: nothing was changed here. Try again.".into(),
    ))
}

fn kept(locks: &[Lock]) -> Result<Vec<Lock>, VaultError> {
    Ok(locks.to_vec())
}

/// What the vault's part is asked to do.
enum Job {
    Probe,
    Create { secret: Secret, keys: Keys },
    Unlock { secret: Secret, typed: Keys },
    AddPasskey,
    RemovePasskey { passphrase: String },
    ChangePassphrase { current: String, new: String },
    Apply { changes: Vec<Change> },
    Refresh,
}

/// What a job gives back.
enum Done {
    Keys(Keys),
    Support(PasskeySupport),
}

pub use record::{Change, Keys};

split_fn! {
    vault, preload _preload_vault:
    /// The job, to await.
    fn vault_in_part(job: Job) -> Result<LocalBoxFuture<'static, Result<Done, VaultError>>, PartUnavailable> {
        Ok(Box::pin(async move {
            match job {
                Job::Probe => Ok(Done::Support(unlock::passkey_support(&passkey::probe().await))),
                Job::Create { secret, keys } => create_in_part(secret, keys).await.map(Done::Keys),
                Job::Unlock { secret, typed } => unlock_in_part(secret, typed).await.map(Done::Keys),
                Job::AddPasskey => add_passkey_in_part().await.map(Done::Keys),
                Job::RemovePasskey { passphrase } => remove_passkey_in_part(passphrase).await.map(Done::Keys),
                Job::ChangePassphrase { current, new } => change_passphrase_in_part(current, new).await.map(Done::Keys),
                Job::Apply { changes } => rewrite(&changes, &kept, None).await.map(Done::Keys),
                Job::Refresh => refresh_in_part().await.map(Done::Keys),
            }
        }))
    }
}

split_fn! {
    vault_strength, preload _preload_strength:
    /// Why a new passphrase is too weak, to await: zxcvbn and its dictionaries are a part of their
    /// own (about 0.75 MB gzip), fetched only when a passphrase is chosen, not whenever the vault
    /// is used.
    fn strength_in_part(passphrase: String) -> Result<LocalBoxFuture<'static, Option<String>>, PartUnavailable> {
        Ok(Box::pin(async move { strength::passphrase_problem(&passphrase) }))
    }
}

/// Refuses a weak new passphrase with zxcvbn's reason.
async fn refuse_weak(passphrase: &str) -> Result<(), VaultError> {
    match strength_in_part(passphrase.to_string()).await?.await {
        Some(problem) => Err(VaultError::Problem(problem)),
        None => Ok(()),
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
/// removed. Returns the sealed keys. Refused when another tab made a vault meanwhile.
pub async fn create(secret: Secret, keys: Keys) -> Result<Keys, VaultError> {
    if let Secret::Passphrase(passphrase) = &secret {
        refuse_weak(passphrase.expose()).await?;
    }
    keys_job(Job::Create { secret, keys }).await
}

/// Opens the stored vault with `secret` and returns its keys, as stored after this unlock: keys
/// `typed` in this tab while it was locked are sealed in (they win over their older copies), keys
/// removed while it was locked are dropped, keys an earlier version kept in clear join (the clear
/// copy goes), and a version-1 vault is rewritten as version 2. A wrong secret changes nothing.
pub async fn unlock(secret: Secret, typed: Keys) -> Result<Keys, VaultError> {
    keys_job(Job::Unlock { secret, typed }).await
}

/// Registers a passkey that opens the open vault too. Returns the keys stored.
pub async fn add_passkey() -> Result<Keys, VaultError> {
    keys_job(Job::AddPasskey).await
}

/// Takes the passkey's lock off a vault that `passphrase` opens too, re-sealing the keys under a
/// new data key (a copy of the old record and the passkey no longer open what is stored); the
/// passkey itself stays on the device (this page cannot delete it). Returns the keys stored.
pub async fn remove_passkey(passphrase: String) -> Result<Keys, VaultError> {
    keys_job(Job::RemovePasskey { passphrase }).await
}

/// Replaces the passphrase `current` by `new` (refused when weak), re-sealing the keys under a new
/// data key that the new passphrase, and the passkey if the vault has one (asked again), wrap.
pub async fn change_passphrase(current: String, new: String) -> Result<Keys, VaultError> {
    refuse_weak(&new).await?;
    keys_job(Job::ChangePassphrase { current, new }).await
}

/// Applies `changes` to the keys the stored vault holds now (the vault must be open here).
/// Returns the keys stored.
pub async fn apply(changes: Vec<Change>) -> Result<Keys, VaultError> {
    keys_job(Job::Apply { changes }).await
}

/// The keys the stored vault holds now, as this tab's data key opens them (after another tab
/// wrote). Gone or ChangedElsewhere lock this tab.
pub async fn refresh() -> Result<Keys, VaultError> {
    keys_job(Job::Refresh).await
}

async fn create_in_part(secret: Secret, keys: Keys) -> Result<Keys, VaultError> {
    let raw = random_bytes(DATA_KEY_BYTES);
    let first = new_lock(secret, &raw).await?;
    let key = open(raw).await?;
    let all = format::migrate(keys, legacy_clear_keys());
    let _turn = run_lock::hold(VAULT_LOCK).await;
    match write_over(None, &key, &[first], &all, 1).await {
        Ok(true) => Ok(all),
        Ok(false) => {
            lock();
            Err(VaultError::Problem(
                "Another tab made a vault meanwhile: unlock it here with its passphrase or passkey."
                    .into(),
            ))
        }
        Err(error) => {
            lock();
            Err(error)
        }
    }
}

async fn unlock_in_part(secret: Secret, typed: Keys) -> Result<Keys, VaultError> {
    let Some(json) = read(VAULT_ENTRY) else {
        return Err(VaultError::Problem(
            "There is no key vault on this device.".into(),
        ));
    };
    let stored = format::parse(&json).map_err(|p| VaultError::Problem(p.sentence()))?;
    let unreadable = || VaultError::Problem(VaultProblem::Unreadable.sentence());
    let clear = legacy_clear_keys();
    let mut raised = None;
    let stored_keys = match &stored {
        Stored::V1 { stretch, sealed } => {
            let Secret::Passphrase(passphrase) = secret else {
                return Err(VaultError::Problem(
                    "This vault has no passkey: unlock it with its passphrase.".into(),
                ));
            };
            let key = passphrase_key(passphrase.expose(), stretch).await?;
            let opened = crypto::decrypt(&key, &sealed.iv, &sealed.ciphertext)
                .await
                .map_err(|_| VaultError::WrongPassphrase)?;
            let keys = format::keys_of(&opened).ok_or_else(unreadable)?;
            // Version 1 becomes version 2: a new data key, wrapped under the same passphrase key.
            let raw = random_bytes(DATA_KEY_BYTES);
            let lock_v2 = if stretch.iterations < format::ITERATIONS {
                passphrase_lock(passphrase.expose(), &raw).await?
            } else {
                Lock::Passphrase {
                    stretch: stretch.clone(),
                    wrapped: seal_with(&key, &raw).await?,
                }
            };
            let data_key = open(raw).await?;
            let keys = record::without_dropped(keys, &record::dropped_of(&json));
            let all = format::migrate(keys, clear.clone());
            if !write_over(Some(&json), &data_key, &[lock_v2], &all, 1).await? {
                lock();
                return Err(VaultError::ChangedElsewhere);
            }
            all
        }
        Stored::V2 { sealed, .. } => {
            let raw = unwrap_data_key(&stored, secret.clone()).await?;
            let key = crypto::import_data_key(&raw)
                .await
                .map_err(problem("This browser could not use the vault's key"))?;
            let opened = crypto::decrypt(&key, &sealed.iv, &sealed.ciphertext)
                .await
                .map_err(|_| unreadable())?;
            format::keys_of(&opened).ok_or_else(unreadable)?;
            open(raw.clone()).await?;
            // A passphrase stretched less than today's work factor is stretched again now.
            if let (Secret::Passphrase(passphrase), Some(Lock::Passphrase { stretch, .. })) =
                (&secret, stored.lock(UnlockMethod::Passphrase))
            {
                if stretch.iterations < format::ITERATIONS {
                    raised = Some(passphrase_lock(passphrase.expose(), &raw).await?);
                }
            }
            current().await?.keys
        }
    };
    // What this unlock changes: removals made while locked first (a key typed again after its
    // removal is put back by what follows), then clear keys the vault lacks and keys typed here.
    let dropped = read(VAULT_ENTRY)
        .map(|json| record::dropped_of(&json))
        .unwrap_or_default();
    let puts = clear
        .into_iter()
        .filter(|(id, _)| !stored_keys.contains_key(id))
        .chain(
            typed
                .into_iter()
                .filter(|(id, key)| stored_keys.get(id) != Some(key)),
        )
        .map(|(provider, key)| Change::Put { provider, key });
    let changes: Vec<Change> = dropped
        .iter()
        .cloned()
        .map(Change::Drop)
        .chain(puts)
        .collect();
    if changes.is_empty() && legacy_clear_keys().is_empty() && raised.is_none() {
        return Ok(stored_keys);
    }
    match raised {
        Some(lock) => {
            rewrite(
                &changes,
                &|locks| Ok(format::with_lock(locks, lock.clone())),
                None,
            )
            .await
        }
        None => rewrite(&changes, &kept, None).await,
    }
}

async fn add_passkey_in_part() -> Result<Keys, VaultError> {
    let (_, raw) = opened()?;
    let lock = new_lock(Secret::Passkey, &raw).await?;
    rewrite(
        &[],
        &|locks| Ok(format::with_lock(locks, lock.clone())),
        None,
    )
    .await
}

async fn remove_passkey_in_part(passphrase: String) -> Result<Keys, VaultError> {
    let stored = check_passphrase(&passphrase).await?;
    if stored.lock(UnlockMethod::Passkey).is_none() {
        return Err(VaultError::Problem(
            "This vault has no passkey to remove.".into(),
        ));
    }
    let raw = random_bytes(DATA_KEY_BYTES);
    let only = passphrase_lock(&passphrase, &raw).await?;
    rewrite(&[], &|_| Ok(vec![only.clone()]), Some(raw)).await
}

async fn change_passphrase_in_part(current: String, new: String) -> Result<Keys, VaultError> {
    let stored = check_passphrase(&current).await?;
    let raw = random_bytes(DATA_KEY_BYTES);
    let mut locks = vec![passphrase_lock(&new, &raw).await?];
    if let Some(passkey) = stored.lock(UnlockMethod::Passkey) {
        locks.push(rewrapped_passkey(passkey, &raw).await?);
    }
    rewrite(&[], &|_| Ok(locks.clone()), Some(raw)).await
}

async fn refresh_in_part() -> Result<Keys, VaultError> {
    match current().await {
        Err(error @ (VaultError::Gone | VaultError::ChangedElsewhere)) => {
            lock();
            Err(error)
        }
        other => other.map(|current| current.keys),
    }
}
