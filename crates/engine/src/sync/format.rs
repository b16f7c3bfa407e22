//! What the bucket holds, and the rules that read it back (the WebCrypto is the shell's):
//! - `consilium-sync/keys.json`, in clear: the passphrase's KDF parameters (PBKDF2-SHA-256, a random
//!   salt, the work factor) and a sealed check value, so a second device with a wrong passphrase is
//!   refused before it reads or writes anything else;
//! - `consilium-sync/index`: the index (ids and versions), sealed;
//! - `consilium-sync/r/<64 hex>`: one record version each, sealed, named by HMAC-SHA-256 of its id
//!   and version under a key of its own, so names say nothing about ids and cannot be guessed from
//!   them. A new version is a new object (the old one is deleted once the index no longer names
//!   it): two devices writing at once never overwrite each other's object, and an upload cut before
//!   its index was written leaves only an object nothing names.
//!
//! Every sealed object is an envelope: `CSY1`, a fresh 12-byte IV, then AES-GCM-256's ciphertext and
//! tag. A record's additional data is its id and its version, so an object moved under another name,
//! or an older copy put back, does not open. From the passphrase's PBKDF2 output, HKDF-SHA-256 derives
//! the record key and the name key with the two `*_INFO` strings.
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::index::{Entry, Index};

pub const KEYS_OBJECT: &str = "consilium-sync/keys.json";
pub const INDEX_OBJECT: &str = "consilium-sync/index";
pub const RECORD_PREFIX: &str = "consilium-sync/r/";
/// The probe the settings' Check writes, reads back and deletes.
pub const PROBE_OBJECT: &str = "consilium-sync/probe";

pub const FORMAT: u32 = 1;
const MAGIC: &[u8; 4] = b"CSY1";
pub const IV_BYTES: usize = 12;
const TAG_BYTES: usize = 16;
pub const SALT_BYTES: usize = 16;
pub const MAC_BYTES: usize = 32;
/// PBKDF2-SHA-256 rounds, as the key vault's (about 250 ms once per tab); stored in keys.json.
pub const ITERATIONS: u32 = 1_000_000;
/// Below this a keys.json is refused rather than trusted (a weakened, tampered file).
pub const MIN_ITERATIONS: u32 = 100_000;
const PBKDF2: &str = "PBKDF2-SHA-256";

/// HKDF's context strings: the same passphrase gives unrelated keys for records and for names.
pub const RECORDS_INFO: &[u8] = b"Consilium sync: records";
pub const NAMES_INFO: &[u8] = b"Consilium sync: object names";
/// The check value keys.json seals, and its additional data.
pub const CHECK_PLAINTEXT: &[u8] = b"Consilium sync passphrase check";
pub const CHECK_AAD: &[u8] = b"consilium sync check v1";
pub const INDEX_AAD: &[u8] = b"consilium sync index v1";

/// Something in the bucket that cannot be used, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatProblem {
    /// Not what this format writes (cut, altered, or not ours).
    Unreadable(&'static str),
    NewerFormat(u32),
    Weakened,
}

impl FormatProblem {
    pub fn sentence(&self) -> String {
        match self {
            Self::Unreadable(what) => format!("The bucket's {what} is damaged or not Consilium's."),
            Self::NewerFormat(v) => format!(
                "The bucket was written by a newer Consilium (sync format {v}); update this one to sync."
            ),
            Self::Weakened => {
                "The bucket's keys.json has a work factor too low to trust; nothing was synced.".into()
            }
        }
    }
}

/// What the HMAC of a record version's object name is computed over: its id and its version.
pub fn name_message(id: &str, entry: &Entry) -> Vec<u8> {
    let version = serde_json::to_string(entry).expect("an entry serialises");
    format!("consilium sync record name v1\n{id}\n{version}").into_bytes()
}

/// The object a record is stored under, from the HMAC of `name_message(id)`.
pub fn record_object(mac: &[u8]) -> String {
    format!("{RECORD_PREFIX}{}", to_hex(mac))
}

/// The additional data a record is sealed with: its id and its version.
pub fn record_aad(id: &str, entry: &Entry) -> Vec<u8> {
    let version = serde_json::to_string(entry).expect("an entry serialises");
    format!("consilium sync record v1\n{id}\n{version}").into_bytes()
}

/// The stored bytes of a sealed object.
pub fn envelope(iv: &[u8], ciphertext: &[u8]) -> Vec<u8> {
    [MAGIC.as_slice(), iv, ciphertext].concat()
}

/// The IV and ciphertext of stored bytes, checked before they reach WebCrypto.
pub fn open_envelope(bytes: &[u8]) -> Result<(&[u8], &[u8]), FormatProblem> {
    let rest = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or(FormatProblem::Unreadable("object"))?;
    if rest.len() < IV_BYTES + TAG_BYTES {
        return Err(FormatProblem::Unreadable("object"));
    }
    Ok(rest.split_at(IV_BYTES))
}

/// A record's clear text: its id (checked against the index's) and its data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordFile {
    pub format: u32,
    pub id: String,
    pub data: Value,
}

pub fn record_plaintext(id: &str, data: &Value) -> Vec<u8> {
    serde_json::to_vec(&RecordFile {
        format: FORMAT,
        id: id.to_string(),
        data: data.clone(),
    })
    .expect("a record serialises")
}

/// The data of a decrypted record; refused when it is not `id`'s.
pub fn record_data(id: &str, plaintext: &[u8]) -> Result<Value, FormatProblem> {
    let file: RecordFile =
        serde_json::from_slice(plaintext).map_err(|_| FormatProblem::Unreadable("record"))?;
    check_format(file.format)?;
    if file.id != id {
        return Err(FormatProblem::Unreadable("record"));
    }
    Ok(file.data)
}

#[derive(Serialize, Deserialize)]
struct IndexFile {
    format: u32,
    #[serde(flatten)]
    index: Index,
}

pub fn index_plaintext(index: &Index) -> Vec<u8> {
    serde_json::to_vec(&IndexFile {
        format: FORMAT,
        index: index.clone(),
    })
    .expect("an index serialises")
}

pub fn index_of(plaintext: &[u8]) -> Result<Index, FormatProblem> {
    let format = serde_json::from_slice::<Value>(plaintext)
        .ok()
        .and_then(|v| v.get("format")?.as_u64())
        .ok_or(FormatProblem::Unreadable("index"))?;
    check_format(format as u32)?;
    serde_json::from_slice::<IndexFile>(plaintext)
        .map(|f| f.index)
        .map_err(|_| FormatProblem::Unreadable("index"))
}

/// keys.json as stored (bytes in lowercase hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeysFile {
    pub format: u32,
    pub kdf: String,
    pub iterations: u32,
    pub salt: String,
    /// `envelope` of `CHECK_PLAINTEXT` sealed with the record key and `CHECK_AAD`.
    pub check: String,
}

/// keys.json, checked: what derives the keys and what proves the passphrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keys {
    pub iterations: u32,
    pub salt: Vec<u8>,
    pub check: Vec<u8>,
}

pub fn keys_json(keys: &Keys) -> String {
    serde_json::to_string_pretty(&KeysFile {
        format: FORMAT,
        kdf: PBKDF2.into(),
        iterations: keys.iterations,
        salt: to_hex(&keys.salt),
        check: to_hex(&keys.check),
    })
    .expect("keys.json serialises")
}

pub fn parse_keys(json: &str) -> Result<Keys, FormatProblem> {
    let unreadable = FormatProblem::Unreadable("keys.json");
    let format = serde_json::from_str::<Value>(json)
        .ok()
        .and_then(|v| v.get("format")?.as_u64())
        .ok_or(unreadable.clone())?;
    check_format(format as u32)?;
    let file: KeysFile = serde_json::from_str(json).map_err(|_| unreadable.clone())?;
    let salt = from_hex(&file.salt).ok_or(unreadable.clone())?;
    let check = from_hex(&file.check).ok_or(unreadable.clone())?;
    if file.kdf != PBKDF2 || salt.len() != SALT_BYTES || open_envelope(&check).is_err() {
        return Err(unreadable);
    }
    if file.iterations < MIN_ITERATIONS {
        return Err(FormatProblem::Weakened);
    }
    Ok(Keys {
        iterations: file.iterations,
        salt,
        check,
    })
}

fn check_format(format: u32) -> Result<(), FormatProblem> {
    match format {
        FORMAT => Ok(()),
        v if v > FORMAT => Err(FormatProblem::NewerFormat(v)),
        _ => Err(FormatProblem::Unreadable("format")),
    }
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}
