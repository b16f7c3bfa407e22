//! The sync passphrase's keys and every sealed object of the bucket, in WebCrypto (the key vault's
//! calls, `platform::vault::crypto`). PBKDF2-SHA-256 stretches the passphrase once per tab; HKDF-SHA-256
//! splits its bits into the record key (AES-GCM-256) and the name key (HMAC-SHA-256), both
//! non-extractable. Every write draws a fresh IV; a record is bound to its id and version as
//! additional data, so it opens under no other. Formats and their checks: `consilium_engine::sync::format`.
use consilium_engine::sync::format::{
    self, envelope, open_envelope, FormatProblem, Keys, CHECK_AAD, CHECK_PLAINTEXT, INDEX_AAD,
    ITERATIONS, IV_BYTES, NAMES_INFO, RECORDS_INFO, SALT_BYTES,
};
use consilium_engine::sync::index::{Entry, Index};
use serde_json::Value;
use wasm_bindgen::JsValue;
use web_sys::CryptoKey;

use crate::platform::sign_in::random_bytes;
use crate::platform::vault::crypto;

/// The keys one passphrase gives for one bucket (its keys.json's salt).
pub struct SyncKeys {
    records: CryptoKey,
    names: CryptoKey,
}

/// Why something did not seal or open, in words for the user.
#[derive(Clone, Debug, PartialEq)]
pub enum SyncCryptoError {
    /// keys.json's check value does not open: another passphrase made this bucket's keys.
    WrongPassphrase,
    /// An object that does not open under these keys and its id and version: altered, moved,
    /// replaced by an older copy, or sealed under another passphrase.
    Refused,
    Format(FormatProblem),
    /// WebCrypto itself failed (the console has the cause).
    Browser(String),
}

impl SyncCryptoError {
    pub fn sentence(&self) -> String {
        match self {
            Self::WrongPassphrase => "This bucket was set up with another sync passphrase: nothing was read or written. Type the passphrase your other devices use.".into(),
            Self::Refused => "An object in the bucket does not decrypt: it was altered or written with another passphrase. It was skipped.".into(),
            Self::Format(problem) => problem.sentence(),
            Self::Browser(cause) => format!("This browser could not encrypt ({cause})."),
        }
    }
}

impl From<FormatProblem> for SyncCryptoError {
    fn from(problem: FormatProblem) -> Self {
        Self::Format(problem)
    }
}

fn browser(error: JsValue) -> SyncCryptoError {
    SyncCryptoError::Browser(format!("{error:?}"))
}

async fn derive(
    passphrase: &str,
    salt: &[u8],
    iterations: u32,
) -> Result<SyncKeys, SyncCryptoError> {
    let bits = crypto::pbkdf2_bits(passphrase, salt, iterations)
        .await
        .map_err(browser)?;
    Ok(SyncKeys {
        records: crypto::hkdf_aes_key(&bits, salt, RECORDS_INFO)
            .await
            .map_err(browser)?,
        names: crypto::hkdf_hmac_key(&bits, salt, NAMES_INFO)
            .await
            .map_err(browser)?,
    })
}

async fn seal(key: &CryptoKey, aad: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, SyncCryptoError> {
    let iv = random_bytes(IV_BYTES);
    let ciphertext = crypto::encrypt_bound(key, &iv, aad, plaintext)
        .await
        .map_err(browser)?;
    Ok(envelope(&iv, &ciphertext))
}

async fn open(key: &CryptoKey, aad: &[u8], bytes: &[u8]) -> Result<Vec<u8>, SyncCryptoError> {
    let (iv, ciphertext) = open_envelope(bytes)?;
    crypto::decrypt_bound(key, iv, aad, ciphertext)
        .await
        .map_err(|_| SyncCryptoError::Refused)
}

/// A new bucket's keys: a random salt, and keys.json to store (with the sealed check value).
pub async fn new_keys(passphrase: &str) -> Result<(SyncKeys, String), SyncCryptoError> {
    let salt = random_bytes(SALT_BYTES);
    let keys = derive(passphrase, &salt, ITERATIONS).await?;
    let check = seal(&keys.records, CHECK_AAD, CHECK_PLAINTEXT).await?;
    let json = format::keys_json(&Keys {
        iterations: ITERATIONS,
        salt,
        check,
    });
    Ok((keys, json))
}

/// The keys of a bucket whose keys.json is `json`; a wrong passphrase is refused here, before any
/// record is read or written.
pub async fn open_keys(passphrase: &str, json: &str) -> Result<SyncKeys, SyncCryptoError> {
    let stored = format::parse_keys(json)?;
    let keys = derive(passphrase, &stored.salt, stored.iterations).await?;
    match open(&keys.records, CHECK_AAD, &stored.check).await {
        Ok(plain) if plain == CHECK_PLAINTEXT => Ok(keys),
        _ => Err(SyncCryptoError::WrongPassphrase),
    }
}

/// The opaque object name of record `id` at the version `entry`.
pub async fn object_name(
    keys: &SyncKeys,
    id: &str,
    entry: &Entry,
) -> Result<String, SyncCryptoError> {
    let mac = crypto::hmac(&keys.names, &format::name_message(id, entry))
        .await
        .map_err(browser)?;
    Ok(format::record_object(&mac))
}

pub async fn seal_record(
    keys: &SyncKeys,
    id: &str,
    entry: &Entry,
    data: &Value,
) -> Result<Vec<u8>, SyncCryptoError> {
    let aad = format::record_aad(id, entry);
    seal(&keys.records, &aad, &format::record_plaintext(id, data)).await
}

/// Record `id` at the version `entry` (the index's): Refused when the bytes are anything else.
pub async fn open_record(
    keys: &SyncKeys,
    id: &str,
    entry: &Entry,
    bytes: &[u8],
) -> Result<Value, SyncCryptoError> {
    let plain = open(&keys.records, &format::record_aad(id, entry), bytes).await?;
    Ok(format::record_data(id, &plain)?)
}

pub async fn seal_index(keys: &SyncKeys, index: &Index) -> Result<Vec<u8>, SyncCryptoError> {
    seal(&keys.records, INDEX_AAD, &format::index_plaintext(index)).await
}

pub async fn open_index(keys: &SyncKeys, bytes: &[u8]) -> Result<Index, SyncCryptoError> {
    let plain = open(&keys.records, INDEX_AAD, bytes).await?;
    Ok(format::index_of(&plain)?)
}
