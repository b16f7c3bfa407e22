//! The vault's WebCrypto half: a passphrase stretched by PBKDF2-SHA-256, or a passkey's PRF output
//! expanded by HKDF-SHA-256, into a non-extractable AES-GCM-256 key that wraps the data key; the data
//! key imported as another; sealing and opening bytes with them. Nothing here stores anything.
use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CryptoKey, SubtleCrypto};

fn subtle() -> Result<SubtleCrypto, JsValue> {
    Ok(web_sys::window().ok_or("no window")?.crypto()?.subtle())
}

fn object(fields: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object
}

fn usages(names: &[&str]) -> JsValue {
    names
        .iter()
        .map(|n| JsValue::from_str(n))
        .collect::<Array>()
        .into()
}

/// The AES key a passphrase, salt and work factor give. Non-extractable: even a script in the
/// page can use it only while this tab holds it, never read it out.
pub async fn derive_key(
    passphrase: &str,
    salt: &[u8],
    iterations: u32,
) -> Result<CryptoKey, JsValue> {
    let pbkdf2 = object(&[
        ("name", "PBKDF2".into()),
        ("hash", "SHA-256".into()),
        ("salt", Uint8Array::from(salt).into()),
        ("iterations", iterations.into()),
    ]);
    aes_key_from(passphrase.as_bytes(), "PBKDF2", &pbkdf2).await
}

/// HKDF's context string: a PRF output used for anything else would give another key.
const HKDF_INFO: &[u8] = b"Consilium key vault: data key wrapping";

/// The AES key a passkey's PRF output gives (HKDF-SHA-256 with the vault's salt). The PRF output is
/// already uniformly random; HKDF binds the key to this use.
pub async fn derive_key_from_prf(prf_output: &[u8], salt: &[u8]) -> Result<CryptoKey, JsValue> {
    let hkdf = object(&[
        ("name", "HKDF".into()),
        ("hash", "SHA-256".into()),
        ("salt", Uint8Array::from(salt).into()),
        ("info", Uint8Array::from(HKDF_INFO).into()),
    ]);
    aes_key_from(prf_output, "HKDF", &hkdf).await
}

/// A non-extractable AES-GCM-256 key derived from `secret` by `algorithm` ("PBKDF2" or "HKDF")
/// with its `params`.
async fn aes_key_from(
    secret: &[u8],
    algorithm: &str,
    params: &Object,
) -> Result<CryptoKey, JsValue> {
    let subtle = subtle()?;
    let base: CryptoKey = JsFuture::from(subtle.import_key_with_str(
        "raw",
        &Uint8Array::from(secret),
        algorithm,
        false,
        &usages(&["deriveKey"]),
    )?)
    .await?
    .dyn_into()?;
    let aes = object(&[("name", "AES-GCM".into()), ("length", 256.into())]);
    JsFuture::from(subtle.derive_key_with_object_and_object(
        params,
        &base,
        &aes,
        false,
        &usages(&["encrypt", "decrypt"]),
    )?)
    .await?
    .dyn_into()
}

/// The data key's raw bytes as a non-extractable AES-GCM key.
pub async fn import_data_key(raw: &[u8]) -> Result<CryptoKey, JsValue> {
    JsFuture::from(subtle()?.import_key_with_str(
        "raw",
        &Uint8Array::from(raw),
        "AES-GCM",
        false,
        &usages(&["encrypt", "decrypt"]),
    )?)
    .await?
    .dyn_into()
}

fn gcm(iv: &[u8]) -> Object {
    object(&[
        ("name", "AES-GCM".into()),
        ("iv", Uint8Array::from(iv).into()),
    ])
}

pub async fn encrypt(key: &CryptoKey, iv: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, JsValue> {
    let sealed =
        JsFuture::from(subtle()?.encrypt_with_object_and_u8_array(&gcm(iv), key, plaintext)?)
            .await?;
    Ok(Uint8Array::new(&sealed).to_vec())
}

/// Err when the key is not the one that sealed it (a wrong passphrase) or the bytes were altered:
/// GCM's tag tells both apart from success, not from each other.
pub async fn decrypt(key: &CryptoKey, iv: &[u8], ciphertext: &[u8]) -> Result<Vec<u8>, JsValue> {
    let opened =
        JsFuture::from(subtle()?.decrypt_with_object_and_u8_array(&gcm(iv), key, ciphertext)?)
            .await?;
    Ok(Uint8Array::new(&opened).to_vec())
}
