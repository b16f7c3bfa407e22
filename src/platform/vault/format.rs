//! The key vault's stored form and its rules, pure (native tests). Version 2: the keys sealed with
//! AES-GCM under a random data key, and that data key wrapped (AES-GCM again) once per unlock method,
//! by a key derived from a passphrase (PBKDF2-SHA-256) and/or from a passkey's PRF output (HKDF), so
//! either opens it. Version 1 (the passphrase-derived key sealed the keys itself) is still read and
//! rewritten as version 2 by its first unlock. Also: the clear keys the ciphertext holds, and how keys
//! remembered in clear by earlier versions move into it. The WebCrypto half is `super::crypto`.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::unlock::UnlockMethod;

/// The local-storage entry of the vault (never holds a key in clear).
pub const VAULT_ENTRY: &str = "consilium.key-vault";
/// The entry earlier versions kept remembered keys in, in clear; emptied by the first unlock.
pub const LEGACY_CLEAR_ENTRY: &str = "consilium.remembered-keys";

pub const VERSION: u32 = 2;
/// PBKDF2-SHA-256 rounds: about 250 ms in headless Chromium on the 2-core VM this was measured on
/// (README, "Keys"; `tests/browser_vault.rs` logs it); stored with each vault, so it can rise later.
pub const ITERATIONS: u32 = 1_000_000;
/// Below this a stored vault is refused rather than trusted (a tampered, weakened record); from
/// this up to `ITERATIONS` it opens and is stretched again to `ITERATIONS` at that unlock.
pub const MIN_ITERATIONS: u32 = 100_000;
/// Above this a stored vault is refused untried: ten times today's work factor (a few seconds
/// here); a crafted record asking for billions of rounds must not hold the tab for minutes.
pub const MAX_ITERATIONS: u32 = 10 * ITERATIONS;
pub const SALT_BYTES: usize = 16;
/// AES-GCM's 96-bit nonce, new for every sealing.
pub const IV_BYTES: usize = 12;
/// The data key: AES-256.
pub const DATA_KEY_BYTES: usize = 32;
/// The passkey's PRF input, random per install (WebAuthn's `prf.eval.first`).
pub const PRF_SALT_BYTES: usize = 32;
/// GCM appends a 16-byte tag to what it seals.
const TAG_BYTES: usize = 16;
/// WebAuthn credential ids are at most 1023 bytes.
const MAX_CREDENTIAL_BYTES: usize = 1023;
const PBKDF2: &str = "PBKDF2-SHA-256";
const AES_GCM: &str = "AES-GCM-256";
const HKDF: &str = "HKDF-SHA-256";

/// The stored vault (version 2). Bytes are lowercase hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VaultFile {
    pub version: u32,
    pub cipher: String,
    pub iv: String,
    pub ciphertext: String,
    /// One per unlock method, each wrapping the same data key.
    pub locks: Vec<LockFile>,
    /// Counts the writes: a tab writes only over the revision it read (`super::record`).
    #[serde(default)]
    pub revision: u64,
}

/// How one unlock method wraps the data key, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum LockFile {
    Passphrase {
        kdf: String,
        iterations: u32,
        salt: String,
        iv: String,
        wrapped: String,
    },
    Passkey {
        credential: String,
        prf_salt: String,
        kdf: String,
        hkdf_salt: String,
        iv: String,
        wrapped: String,
    },
}

/// Version 1, as earlier versions wrote it: the passphrase-derived key sealed the keys directly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VaultFileV1 {
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
    TooCostly(u32),
}

impl VaultProblem {
    pub fn sentence(&self) -> String {
        match self {
            Self::Unreadable => {
                "The stored key vault is damaged; “Forgot” clears it (your other settings stay).".into()
            }
            Self::NewerVersion(v) => format!(
                "The key vault was written by a newer Consilium (format {v}); open that version to unlock it."
            ),
            Self::Weakened => {
                "The stored key vault has a work factor too low to trust; “Forgot” clears it.".into()
            }
            Self::TooCostly(iterations) => format!(
                "The stored key vault asks for {iterations} rounds of work, far above the {MAX_ITERATIONS} this version allows: it was not tried, so this tab does not freeze. “Forgot” clears it."
            ),
        }
    }
}

/// Bytes sealed with AES-GCM: a nonce and the ciphertext with its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sealed {
    pub iv: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

/// A passphrase's PBKDF2 parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stretch {
    pub iterations: u32,
    pub salt: Vec<u8>,
}

/// One unlock method's wrapping of the data key, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lock {
    Passphrase {
        stretch: Stretch,
        wrapped: Sealed,
    },
    Passkey {
        credential: Vec<u8>,
        prf_salt: Vec<u8>,
        hkdf_salt: Vec<u8>,
        wrapped: Sealed,
    },
}

impl Lock {
    pub fn method(&self) -> UnlockMethod {
        match self {
            Self::Passphrase { .. } => UnlockMethod::Passphrase,
            Self::Passkey { .. } => UnlockMethod::Passkey,
        }
    }

    fn to_file(&self) -> LockFile {
        match self {
            Self::Passphrase { stretch, wrapped } => LockFile::Passphrase {
                kdf: PBKDF2.into(),
                iterations: stretch.iterations,
                salt: to_hex(&stretch.salt),
                iv: to_hex(&wrapped.iv),
                wrapped: to_hex(&wrapped.ciphertext),
            },
            Self::Passkey {
                credential,
                prf_salt,
                hkdf_salt,
                wrapped,
            } => LockFile::Passkey {
                credential: to_hex(credential),
                prf_salt: to_hex(prf_salt),
                kdf: HKDF.into(),
                hkdf_salt: to_hex(hkdf_salt),
                iv: to_hex(&wrapped.iv),
                wrapped: to_hex(&wrapped.ciphertext),
            },
        }
    }

    fn from_file(file: &LockFile) -> Result<Self, VaultProblem> {
        match file {
            LockFile::Passphrase {
                kdf,
                iterations,
                salt,
                iv,
                wrapped,
            } => {
                if kdf != PBKDF2 {
                    return Err(VaultProblem::Unreadable);
                }
                Ok(Self::Passphrase {
                    stretch: stretch(*iterations, salt)?,
                    wrapped: sealed(iv, wrapped, DATA_KEY_BYTES)?,
                })
            }
            LockFile::Passkey {
                credential,
                prf_salt,
                kdf,
                hkdf_salt,
                iv,
                wrapped,
            } => {
                let credential = from_hex(credential).ok_or(VaultProblem::Unreadable)?;
                let prf_salt = from_hex(prf_salt).ok_or(VaultProblem::Unreadable)?;
                let hkdf_salt = from_hex(hkdf_salt).ok_or(VaultProblem::Unreadable)?;
                if kdf != HKDF
                    || credential.is_empty()
                    || credential.len() > MAX_CREDENTIAL_BYTES
                    || prf_salt.len() != PRF_SALT_BYTES
                    || hkdf_salt.len() != SALT_BYTES
                {
                    return Err(VaultProblem::Unreadable);
                }
                Ok(Self::Passkey {
                    credential,
                    prf_salt,
                    hkdf_salt,
                    wrapped: sealed(iv, wrapped, DATA_KEY_BYTES)?,
                })
            }
        }
    }
}

/// A stored vault, checked, in either version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Version 1: only a passphrase, whose derived key opens `sealed` itself.
    V1 { stretch: Stretch, sealed: Sealed },
    /// Version 2: `sealed` under a data key that each lock wraps.
    V2 { sealed: Sealed, locks: Vec<Lock> },
}

impl Stored {
    /// The methods that open it, passphrase first.
    pub fn methods(&self) -> Vec<UnlockMethod> {
        match self {
            Self::V1 { .. } => vec![UnlockMethod::Passphrase],
            Self::V2 { locks, .. } => {
                let mut methods: Vec<_> = locks.iter().map(Lock::method).collect();
                methods.sort();
                methods
            }
        }
    }

    pub fn lock(&self, method: UnlockMethod) -> Option<&Lock> {
        match self {
            Self::V1 { .. } => None,
            Self::V2 { locks, .. } => locks.iter().find(|l| l.method() == method),
        }
    }
}

/// The version-2 record, at `revision`, of keys sealed under a data key that `locks` wrap.
pub fn to_json(sealed: &Sealed, locks: &[Lock], revision: u64) -> String {
    serde_json::to_string(&VaultFile {
        version: VERSION,
        cipher: AES_GCM.into(),
        iv: to_hex(&sealed.iv),
        ciphertext: to_hex(&sealed.ciphertext),
        locks: locks.iter().map(Lock::to_file).collect(),
        revision,
    })
    .expect("a vault serialises")
}

/// `locks` with `lock` in place of any of the same method (one lock per method).
pub fn with_lock(locks: &[Lock], lock: Lock) -> Vec<Lock> {
    let mut all: Vec<Lock> = locks
        .iter()
        .filter(|l| l.method() != lock.method())
        .cloned()
        .collect();
    all.push(lock);
    all
}

/// `locks` without `method`'s, or None when it has none or it is the only one left (a vault
/// nothing opens is "Forgot", not a removal).
pub fn without_lock(locks: &[Lock], method: UnlockMethod) -> Option<Vec<Lock>> {
    let rest: Vec<Lock> = locks
        .iter()
        .filter(|l| l.method() != method)
        .cloned()
        .collect();
    (rest.len() < locks.len() && !rest.is_empty()).then_some(rest)
}

/// Reads a stored vault of either version and checks every part before any of it reaches WebCrypto.
pub fn parse(json: &str) -> Result<Stored, VaultProblem> {
    let version = serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| v.get("version")?.as_u64())
        .ok_or(VaultProblem::Unreadable)?;
    match version {
        1 => parse_v1(json),
        2 => parse_v2(json),
        v if v > u64::from(VERSION) => Err(VaultProblem::NewerVersion(v as u32)),
        _ => Err(VaultProblem::Unreadable),
    }
}

fn parse_v1(json: &str) -> Result<Stored, VaultProblem> {
    let file: VaultFileV1 = serde_json::from_str(json).map_err(|_| VaultProblem::Unreadable)?;
    if file.kdf != PBKDF2 || !file.cipher.starts_with("AES-GCM") {
        return Err(VaultProblem::Unreadable);
    }
    Ok(Stored::V1 {
        stretch: stretch(file.iterations, &file.salt)?,
        sealed: sealed(&file.iv, &file.ciphertext, 0)?,
    })
}

fn parse_v2(json: &str) -> Result<Stored, VaultProblem> {
    let file: VaultFile = serde_json::from_str(json).map_err(|_| VaultProblem::Unreadable)?;
    if file.cipher != AES_GCM || file.locks.is_empty() {
        return Err(VaultProblem::Unreadable);
    }
    let locks = file
        .locks
        .iter()
        .map(Lock::from_file)
        .collect::<Result<Vec<_>, _>>()?;
    let mut methods: Vec<_> = locks.iter().map(Lock::method).collect();
    methods.sort();
    methods.dedup();
    if methods.len() != locks.len() {
        return Err(VaultProblem::Unreadable);
    }
    Ok(Stored::V2 {
        sealed: sealed(&file.iv, &file.ciphertext, 0)?,
        locks,
    })
}

fn stretch(iterations: u32, salt: &str) -> Result<Stretch, VaultProblem> {
    if iterations < MIN_ITERATIONS {
        return Err(VaultProblem::Weakened);
    }
    if iterations > MAX_ITERATIONS {
        return Err(VaultProblem::TooCostly(iterations));
    }
    let salt = from_hex(salt).ok_or(VaultProblem::Unreadable)?;
    if salt.len() != SALT_BYTES {
        return Err(VaultProblem::Unreadable);
    }
    Ok(Stretch { iterations, salt })
}

/// Sealed bytes of `plain_len` clear bytes (0: any length), their tag included.
fn sealed(iv: &str, ciphertext: &str, plain_len: usize) -> Result<Sealed, VaultProblem> {
    let iv = from_hex(iv).ok_or(VaultProblem::Unreadable)?;
    let ciphertext = from_hex(ciphertext).ok_or(VaultProblem::Unreadable)?;
    let length_ok = match plain_len {
        0 => ciphertext.len() >= TAG_BYTES,
        n => ciphertext.len() == n + TAG_BYTES,
    };
    if iv.len() != IV_BYTES || !length_ok {
        return Err(VaultProblem::Unreadable);
    }
    Ok(Sealed { iv, ciphertext })
}

/// The unlock methods of the stored vault, passphrase first; none when it is missing or unreadable.
pub fn methods_of(json: &str) -> Vec<UnlockMethod> {
    parse(json).map(|s| s.methods()).unwrap_or_default()
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

    fn sealed_of(iv: u8, len: usize) -> Sealed {
        Sealed {
            iv: vec![iv; IV_BYTES],
            ciphertext: vec![1; len],
        }
    }

    fn passphrase_lock() -> Lock {
        Lock::Passphrase {
            stretch: Stretch {
                iterations: ITERATIONS,
                salt: vec![7; SALT_BYTES],
            },
            wrapped: sealed_of(2, DATA_KEY_BYTES + 16),
        }
    }

    fn passkey_lock() -> Lock {
        Lock::Passkey {
            credential: vec![5; 20],
            prf_salt: vec![6; PRF_SALT_BYTES],
            hkdf_salt: vec![8; SALT_BYTES],
            wrapped: sealed_of(3, DATA_KEY_BYTES + 16),
        }
    }

    fn v2_json() -> serde_json::Value {
        serde_json::from_str(&to_json(
            &sealed_of(9, 40),
            &[passphrase_lock(), passkey_lock()],
            1,
        ))
        .unwrap()
    }

    fn v1() -> VaultFileV1 {
        VaultFileV1 {
            version: 1,
            kdf: PBKDF2.into(),
            iterations: ITERATIONS,
            salt: "07".repeat(SALT_BYTES),
            cipher: AES_GCM.into(),
            iv: "09".repeat(IV_BYTES),
            ciphertext: "01".repeat(40),
        }
    }

    fn parsed(json: &serde_json::Value) -> Result<Stored, VaultProblem> {
        parse(&json.to_string())
    }

    #[test]
    fn a_vault_reads_back_as_the_parts_it_was_written_from_and_records_its_unlock_methods() {
        let json = v2_json();
        assert_eq!(
            parsed(&json),
            Ok(Stored::V2 {
                sealed: sealed_of(9, 40),
                locks: vec![passphrase_lock(), passkey_lock()],
            })
        );
        assert_eq!(json["version"], 2);
        assert_eq!(json["locks"][0]["method"], "passphrase");
        assert_eq!(json["locks"][0]["iterations"], ITERATIONS);
        assert_eq!(json["locks"][0]["salt"], "07".repeat(SALT_BYTES));
        assert_eq!(json["locks"][1]["method"], "passkey");
        assert_eq!(json["locks"][1]["credential"], "05".repeat(20));
        assert_eq!(json["locks"][1]["prf_salt"], "06".repeat(PRF_SALT_BYTES));
        assert_eq!(json["locks"][1]["kdf"], "HKDF-SHA-256");
        assert_eq!(
            methods_of(&json.to_string()),
            vec![UnlockMethod::Passphrase, UnlockMethod::Passkey]
        );
        let passkey_only = to_json(&sealed_of(9, 40), &[passkey_lock()], 1);
        assert_eq!(methods_of(&passkey_only), vec![UnlockMethod::Passkey]);
        let stored = parse(&passkey_only).unwrap();
        assert_eq!(stored.lock(UnlockMethod::Passkey), Some(&passkey_lock()));
        assert_eq!(stored.lock(UnlockMethod::Passphrase), None);
        assert!(methods_of("not json").is_empty());
    }

    #[test]
    fn a_passkey_is_removed_only_beside_another_lock_and_the_sealed_keys_stay_as_they_were() {
        let both = [passphrase_lock(), passkey_lock()];
        let rest = without_lock(&both, UnlockMethod::Passkey).unwrap();
        assert_eq!(rest, vec![passphrase_lock()]);
        let json = to_json(&sealed_of(9, 40), &rest, 1);
        assert_eq!(
            parse(&json),
            Ok(Stored::V2 {
                sealed: sealed_of(9, 40),
                locks: vec![passphrase_lock()],
            })
        );
        // The last lock is not removed, nor one the vault does not have.
        assert_eq!(without_lock(&[passkey_lock()], UnlockMethod::Passkey), None);
        assert_eq!(
            without_lock(&[passphrase_lock()], UnlockMethod::Passkey),
            None
        );
    }

    #[test]
    fn a_version_1_vault_of_earlier_versions_is_read_as_a_passphrase_only_vault() {
        let json = serde_json::to_string(&v1()).unwrap();
        let stored = parse(&json).unwrap();
        assert_eq!(
            stored,
            Stored::V1 {
                stretch: Stretch {
                    iterations: ITERATIONS,
                    salt: vec![7; SALT_BYTES]
                },
                sealed: sealed_of(9, 40),
            }
        );
        assert_eq!(stored.methods(), vec![UnlockMethod::Passphrase]);
        let mut weak = v1();
        weak.iterations = 1000;
        assert_eq!(
            parse(&serde_json::to_string(&weak).unwrap()),
            Err(VaultProblem::Weakened)
        );
        let mut cut = v1();
        cut.ciphertext = "01".repeat(15);
        assert_eq!(
            parse(&serde_json::to_string(&cut).unwrap()),
            Err(VaultProblem::Unreadable)
        );
    }

    #[test]
    fn adding_a_lock_replaces_one_of_the_same_method_and_keeps_the_other() {
        let mut newer_passkey = passkey_lock();
        if let Lock::Passkey { credential, .. } = &mut newer_passkey {
            *credential = vec![4; 16];
        }
        let locks = with_lock(&[passphrase_lock(), passkey_lock()], newer_passkey.clone());
        assert_eq!(locks, vec![passphrase_lock(), newer_passkey]);
        assert_eq!(
            with_lock(&[passphrase_lock()], passkey_lock()),
            vec![passphrase_lock(), passkey_lock()]
        );
    }

    #[test]
    fn damaged_newer_or_weakened_vaults_are_named_not_opened() {
        assert_eq!(parse("not json"), Err(VaultProblem::Unreadable));
        let edit = |change: &dyn Fn(&mut serde_json::Value)| {
            let mut json = v2_json();
            change(&mut json);
            parsed(&json)
        };
        assert_eq!(
            edit(&|j| j["version"] = 3.into()),
            Err(VaultProblem::NewerVersion(3))
        );
        assert_eq!(
            edit(&|j| j["locks"][0]["iterations"] = 1000.into()),
            Err(VaultProblem::Weakened)
        );
        // A crafted work factor is refused before any key is derived; one below today's opens.
        assert_eq!(
            edit(&|j| j["locks"][0]["iterations"] = 4_000_000_000u32.into()),
            Err(VaultProblem::TooCostly(4_000_000_000))
        );
        assert!(edit(&|j| j["locks"][0]["iterations"] = MAX_ITERATIONS.into()).is_ok());
        assert!(edit(&|j| j["locks"][0]["iterations"] = MIN_ITERATIONS.into()).is_ok());
        let unreadable: [&dyn Fn(&mut serde_json::Value); 11] = [
            &|j| j["version"] = 0.into(),
            &|j| j["iv"] = "0102".into(),
            &|j| j["ciphertext"] = "zz".repeat(20).into(),
            &|j| j["ciphertext"] = "01".repeat(15).into(),
            &|j| j["locks"] = serde_json::json!([]),
            &|j| j["locks"][1]["method"] = "fingerprint".into(),
            &|j| j["locks"][1]["method"] = "passphrase".into(),
            &|j| j["locks"][0]["wrapped"] = "01".repeat(40).into(),
            &|j| j["locks"][1]["prf_salt"] = "01".repeat(16).into(),
            &|j| j["locks"][1]["credential"] = "".into(),
            // Two locks of one method: which one counts would be a guess.
            &|j| j["locks"][1] = j["locks"][0].clone(),
        ];
        for (i, change) in unreadable.iter().enumerate() {
            assert_eq!(edit(change), Err(VaultProblem::Unreadable), "change {i}");
        }
        for problem in [
            VaultProblem::Unreadable,
            VaultProblem::NewerVersion(2),
            VaultProblem::Weakened,
            VaultProblem::TooCostly(4_000_000_000),
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
}
