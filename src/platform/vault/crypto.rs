//! The vault's WebCrypto half: a passphrase stretched by PBKDF2-SHA-256, or a passkey's PRF output
//! expanded by HKDF-SHA-256, into a non-extractable AES-GCM-256 key that wraps the data key; the data
//! key imported as another; sealing and opening bytes with them. Nothing here stores anything.
//! Sync (`platform::sync::crypto`) derives its keys and seals its objects with the same calls, adding
//! PBKDF2's raw bits, HKDF into an HMAC key, HMAC signing and additional data bound to what is sealed.
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
    let aes = object(&[("name", "AES-GCM".into()), ("length", 256.into())]);
    key_from(secret, algorithm, params, &aes, &["encrypt", "decrypt"]).await
}

/// A non-extractable key for `derived` (an algorithm object) derived from `secret` by `algorithm`
/// with its `params`, allowed only `uses`.
async fn key_from(
    secret: &[u8],
    algorithm: &str,
    params: &Object,
    derived: &Object,
    uses: &[&str],
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
    JsFuture::from(subtle.derive_key_with_object_and_object(
        params,
        &base,
        derived,
        false,
        &usages(uses),
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

/// AES-GCM with `aad` as additional data: authenticated with the ciphertext, not stored in it.
fn gcm_bound(iv: &[u8], aad: &[u8]) -> Object {
    let params = gcm(iv);
    let _ = Reflect::set(
        &params,
        &JsValue::from_str("additionalData"),
        &Uint8Array::from(aad),
    );
    params
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

/// Seals `plaintext` bound to `aad`: it opens only with the same additional data.
pub async fn encrypt_bound(
    key: &CryptoKey,
    iv: &[u8],
    aad: &[u8],
    plaintext: &[u8],
) -> Result<Vec<u8>, JsValue> {
    let sealed = JsFuture::from(subtle()?.encrypt_with_object_and_u8_array(
        &gcm_bound(iv, aad),
        key,
        plaintext,
    )?)
    .await?;
    Ok(Uint8Array::new(&sealed).to_vec())
}

/// Err for a wrong key, altered bytes, or other additional data than the sealing's.
pub async fn decrypt_bound(
    key: &CryptoKey,
    iv: &[u8],
    aad: &[u8],
    ciphertext: &[u8],
) -> Result<Vec<u8>, JsValue> {
    let opened = JsFuture::from(subtle()?.decrypt_with_object_and_u8_array(
        &gcm_bound(iv, aad),
        key,
        ciphertext,
    )?)
    .await?;
    Ok(Uint8Array::new(&opened).to_vec())
}

/// PBKDF2-SHA-256's 256 raw bits of a passphrase: the secret HKDF then splits into several keys.
pub async fn pbkdf2_bits(
    passphrase: &str,
    salt: &[u8],
    iterations: u32,
) -> Result<Vec<u8>, JsValue> {
    let subtle = subtle()?;
    let base: CryptoKey = JsFuture::from(subtle.import_key_with_str(
        "raw",
        &Uint8Array::from(passphrase.as_bytes()),
        "PBKDF2",
        false,
        &usages(&["deriveBits"]),
    )?)
    .await?
    .dyn_into()?;
    let pbkdf2 = object(&[
        ("name", "PBKDF2".into()),
        ("hash", "SHA-256".into()),
        ("salt", Uint8Array::from(salt).into()),
        ("iterations", iterations.into()),
    ]);
    let bits = JsFuture::from(subtle.derive_bits_with_object(&pbkdf2, &base, 256)?).await?;
    Ok(Uint8Array::new(&bits).to_vec())
}

fn hkdf(salt: &[u8], info: &[u8]) -> Object {
    object(&[
        ("name", "HKDF".into()),
        ("hash", "SHA-256".into()),
        ("salt", Uint8Array::from(salt).into()),
        ("info", Uint8Array::from(info).into()),
    ])
}

/// A non-extractable AES-GCM-256 key from `secret` by HKDF-SHA-256 with `salt` and `info`.
pub async fn hkdf_aes_key(secret: &[u8], salt: &[u8], info: &[u8]) -> Result<CryptoKey, JsValue> {
    aes_key_from(secret, "HKDF", &hkdf(salt, info)).await
}

/// A non-extractable HMAC-SHA-256 key from `secret` by HKDF-SHA-256 with `salt` and `info`.
pub async fn hkdf_hmac_key(secret: &[u8], salt: &[u8], info: &[u8]) -> Result<CryptoKey, JsValue> {
    let hmac = object(&[
        ("name", "HMAC".into()),
        ("hash", "SHA-256".into()),
        ("length", 256.into()),
    ]);
    key_from(secret, "HKDF", &hkdf(salt, info), &hmac, &["sign"]).await
}

/// HMAC-SHA-256 of `message` (32 bytes).
pub async fn hmac(key: &CryptoKey, message: &[u8]) -> Result<Vec<u8>, JsValue> {
    let mac = JsFuture::from(subtle()?.sign_with_str_and_u8_array("HMAC", key, message)?).await?;
    Ok(Uint8Array::new(&mac).to_vec())
}
