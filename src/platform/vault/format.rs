//! The key vault's stored form and its rules, pure (native tests): a versioned JSON record of a
//! PBKDF2-SHA-256 salt and work factor and an AES-GCM initialisation vector and ciphertext, the
//! clear keys that the ciphertext holds, and how keys remembered in clear by earlier versions
//! move into it. The WebCrypto half is `super::crypto`.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The local-storage entry of the vault (never holds a key in clear).
pub const VAULT_ENTRY: &str = "consilium.key-vault";
/// The entry earlier versions kept remembered keys in, in clear; emptied by the first unlock.
pub const LEGACY_CLEAR_ENTRY: &str = "consilium.remembered-keys";

pub const VERSION: u32 = 1;
/// PBKDF2-SHA-256 rounds: about 250 ms in headless Chromium on the 2-core VM this was measured on
/// (README, "Keys"; `tests/browser_vault.rs` logs it); stored with each vault, so it can rise later.
pub const ITERATIONS: u32 = 1_000_000;
/// Below this a stored vault is refused rather than trusted (a tampered, weakened record).
pub const MIN_ITERATIONS: u32 = 100_000;
pub const SALT_BYTES: usize = 16;
/// AES-GCM's 96-bit nonce, new for every sealing.
pub const IV_BYTES: usize = 12;

/// The stored vault. Bytes are lowercase hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VaultFile {
    pub version: u32,
    pub kdf: String,
    pub iterations: u32,
    pub salt: String,
    pub cipher: String,
    pub iv: String,
    pub ciphertext: String,
}

/// A vault record that cannot be used, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VaultProblem {
    Unreadable,
    NewerVersion(u32),
    Weakened,
}

impl VaultProblem {
    pub fn sentence(&self) -> String {
        match self {
            Self::Unreadable => {
                "The stored key vault is damaged; “Forgot passphrase” clears it (your other settings stay).".into()
            }
            Self::NewerVersion(v) => format!(
                "The key vault was written by a newer Consilium (format {v}); open that version to unlock it."
            ),
            Self::Weakened => {
                "The stored key vault has a work factor too low to trust; “Forgot passphrase” clears it.".into()
            }
        }
    }
}

/// The parts of a vault in bytes, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaultParts {
    pub iterations: u32,
    pub salt: Vec<u8>,
    pub iv: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

impl VaultFile {
    pub fn new(iterations: u32, salt: &[u8], iv: &[u8], ciphertext: &[u8]) -> Self {
        Self {
            version: VERSION,
            kdf: "PBKDF2-SHA-256".into(),
            iterations,
            salt: to_hex(salt),
            cipher: "AES-GCM-256".into(),
            iv: to_hex(iv),
            ciphertext: to_hex(ciphertext),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a vault serialises")
    }

    /// Reads a stored vault and checks every part before any of it reaches WebCrypto.
    pub fn parse(json: &str) -> Result<VaultParts, VaultProblem> {
        let version = serde_json::from_str::<serde_json::Value>(json)
            .ok()
            .and_then(|v| v.get("version")?.as_u64())
            .ok_or(VaultProblem::Unreadable)?;
        if version > u64::from(VERSION) {
            return Err(VaultProblem::NewerVersion(version as u32));
        }
        let file: VaultFile = serde_json::from_str(json).map_err(|_| VaultProblem::Unreadable)?;
        if file.kdf != "PBKDF2-SHA-256" || !file.cipher.starts_with("AES-GCM") {
            return Err(VaultProblem::Unreadable);
        }
        if file.iterations < MIN_ITERATIONS {
            return Err(VaultProblem::Weakened);
        }
        let salt = from_hex(&file.salt).ok_or(VaultProblem::Unreadable)?;
        let iv = from_hex(&file.iv).ok_or(VaultProblem::Unreadable)?;
        let ciphertext = from_hex(&file.ciphertext).ok_or(VaultProblem::Unreadable)?;
        // GCM appends a 16-byte tag: anything shorter was cut.
        if salt.len() != SALT_BYTES || iv.len() != IV_BYTES || ciphertext.len() < 16 {
            return Err(VaultProblem::Unreadable);
        }
        Ok(VaultParts {
            iterations: file.iterations,
            salt,
            iv,
            ciphertext,
        })
    }
}

/// The clear text the ciphertext holds: the remembered keys by provider id.
#[derive(Serialize, Deserialize)]
struct Plain {
    keys: BTreeMap<String, String>,
}

pub fn plaintext(keys: &BTreeMap<String, String>) -> Vec<u8> {
    serde_json::to_vec(&Plain { keys: keys.clone() }).expect("keys serialise")
}

/// The keys of a decrypted vault; None when the bytes are not what `plaintext` wrote.
pub fn keys_of(plaintext: &[u8]) -> Option<BTreeMap<String, String>> {
    serde_json::from_slice::<Plain>(plaintext)
        .ok()
        .map(|p| p.keys)
}

/// Keys remembered in clear by an earlier version, as that version stored them.
pub fn legacy_keys(json: &str) -> BTreeMap<String, String> {
    serde_json::from_str::<BTreeMap<String, String>>(json)
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, key)| !key.trim().is_empty())
        .collect()
}

/// What the first unlock seals: the vault's keys and the clear ones of an earlier version. The
/// vault's win where both name a provider: the clear copy predates the vault.
pub fn migrate(
    vault: BTreeMap<String, String>,
    clear: BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut merged = clear;
    merged.extend(vault);
    merged
}

/// Where the remembered keys stand, for Settings and the key prompts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VaultStatus {
    /// No vault and nothing to move into one.
    None,
    /// Keys remembered in clear by an earlier version and no vault yet: a passphrase seals them.
    ClearFromEarlierVersion,
    /// A vault this tab has not opened: its keys are not usable until unlocked.
    Locked,
    /// Opened in this tab (its key held in memory until "Lock" or the tab closes).
    Unlocked,
}

pub fn status(vault_stored: bool, legacy_stored: bool, unlocked: bool) -> VaultStatus {
    match (vault_stored, unlocked, legacy_stored) {
        (true, true, _) => VaultStatus::Unlocked,
        (true, false, _) => VaultStatus::Locked,
        (false, _, true) => VaultStatus::ClearFromEarlierVersion,
        (false, true, false) => VaultStatus::Unlocked,
        (false, false, false) => VaultStatus::None,
    }
}

/// A passphrase short enough to guess in a day at this work factor is refused with a reason.
pub fn passphrase_problem(passphrase: &str) -> Option<String> {
    (passphrase.chars().count() < 8)
        .then(|| "Use a passphrase of at least 8 characters.".to_string())
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn file() -> VaultFile {
        VaultFile::new(ITERATIONS, &[7; SALT_BYTES], &[9; IV_BYTES], &[1; 40])
    }

    #[test]
    fn a_vault_reads_back_as_the_parts_it_was_written_from() {
        let parts = VaultFile::parse(&file().to_json()).unwrap();
        assert_eq!(
            parts,
            VaultParts {
                iterations: ITERATIONS,
                salt: vec![7; SALT_BYTES],
                iv: vec![9; IV_BYTES],
                ciphertext: vec![1; 40]
            }
        );
        let json: serde_json::Value = serde_json::from_str(&file().to_json()).unwrap();
        for field in ["version", "iterations", "salt", "iv", "ciphertext"] {
            assert!(json.get(field).is_some(), "{field}");
        }
        assert_eq!(json["salt"], "07".repeat(SALT_BYTES));
    }

    #[test]
    fn damaged_newer_or_weakened_vaults_are_named_not_opened() {
        assert_eq!(VaultFile::parse("not json"), Err(VaultProblem::Unreadable));
        let mut newer = file();
        newer.version = 2;
        assert_eq!(
            VaultFile::parse(&newer.to_json()),
            Err(VaultProblem::NewerVersion(2))
        );
        let mut weak = file();
        weak.iterations = 1000;
        assert_eq!(
            VaultFile::parse(&weak.to_json()),
            Err(VaultProblem::Weakened)
        );
        let mut short_iv = file();
        short_iv.iv = "0102".into();
        assert_eq!(
            VaultFile::parse(&short_iv.to_json()),
            Err(VaultProblem::Unreadable)
        );
        let mut not_hex = file();
        not_hex.ciphertext = "zz".repeat(20);
        assert_eq!(
            VaultFile::parse(&not_hex.to_json()),
            Err(VaultProblem::Unreadable)
        );
        let mut cut = file();
        cut.ciphertext = "01".repeat(15);
        assert_eq!(
            VaultFile::parse(&cut.to_json()),
            Err(VaultProblem::Unreadable)
        );
        for problem in [
            VaultProblem::Unreadable,
            VaultProblem::NewerVersion(2),
            VaultProblem::Weakened,
        ] {
            assert!(!problem.sentence().is_empty());
        }
    }

    #[test]
    fn the_plaintext_round_trips_and_nothing_else_opens_as_keys() {
        let k = keys(&[("p-openai", "sk-1"), ("p-or", "sk-or-2")]);
        assert_eq!(keys_of(&plaintext(&k)), Some(k));
        assert_eq!(keys_of(b"{\"other\": 1}"), None);
        assert_eq!(keys_of(b"\xff\x00"), None);
    }

    #[test]
    fn migration_keeps_every_key_and_the_vaults_own_where_both_have_one() {
        let vault = keys(&[("a", "vault-a"), ("b", "vault-b")]);
        let clear = keys(&[("a", "old-a"), ("c", "old-c")]);
        assert_eq!(
            migrate(vault, clear),
            keys(&[("a", "vault-a"), ("b", "vault-b"), ("c", "old-c")])
        );
        assert_eq!(
            migrate(BTreeMap::new(), keys(&[("c", "x")])),
            keys(&[("c", "x")])
        );
    }

    #[test]
    fn earlier_versions_clear_keys_are_read_as_they_were_stored_and_blanks_dropped() {
        assert_eq!(
            legacy_keys(r#"{"p-openai": "sk-1", "p-local": "  "}"#),
            keys(&[("p-openai", "sk-1")])
        );
        assert!(legacy_keys("garbage").is_empty());
    }

    #[test]
    fn the_status_follows_what_is_stored_and_whether_this_tab_opened_it() {
        assert_eq!(status(false, false, false), VaultStatus::None);
        assert_eq!(
            status(false, true, false),
            VaultStatus::ClearFromEarlierVersion
        );
        assert_eq!(status(true, true, false), VaultStatus::Locked);
        assert_eq!(status(true, false, false), VaultStatus::Locked);
        assert_eq!(status(true, false, true), VaultStatus::Unlocked);
        assert_eq!(status(false, false, true), VaultStatus::Unlocked);
    }

    #[test]
    fn short_passphrases_are_refused() {
        assert!(passphrase_problem("short").is_some());
        assert!(passphrase_problem("long enough").is_none());
    }
}
