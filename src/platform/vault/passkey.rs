//! WebAuthn for the vault: register a passkey with the PRF extension and ask it for its PRF output
//! on a per-install salt. The output is a secret only that passkey (after user verification) gives
//! back; `super::crypto` derives the wrapping key from it. Through `js_sys::Reflect`: web-sys has
//! no bindings for the PRF dictionaries. No server checks these ceremonies: the challenge is random
//! and unused, since the passkey here is a key source, not a login.
use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::unlock::Browser;

/// How long the browser's passkey dialog waits for the user.
const TIMEOUT_MS: u32 = 120_000;

/// Why a passkey gave no secret, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasskeyError {
    /// Cancelled, timed out, or no passkey of this vault on this device (WebAuthn does not say which).
    Declined,
    /// The passkey was made but its authenticator cannot evaluate PRF.
    NoPrf,
    Failed(String),
}

impl PasskeyError {
    pub fn sentence(&self) -> String {
        match self {
            Self::Declined => "No passkey answered (cancelled, timed out, or this device has not got the vault's passkey): the remembered keys stay locked (nothing was changed).".into(),
            Self::NoPrf => "This passkey cannot encrypt (its authenticator lacks the WebAuthn PRF extension): use a passphrase instead.".into(),
            Self::Failed(why) => format!("The passkey could not be used ({why})."),
        }
    }
}

fn get(target: &JsValue, name: &str) -> JsValue {
    Reflect::get(target, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

fn bytes(data: &[u8]) -> JsValue {
    Uint8Array::from(data).into()
}

/// Calls `target.name(args…)` and awaits the promise it returns.
async fn call(target: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let method: Function = get(target, name).dyn_into()?;
    let promise: Promise = method
        .apply(target, &args.iter().collect::<Array>())?
        .dyn_into()?;
    JsFuture::from(promise).await
}

fn error_of(error: JsValue) -> PasskeyError {
    match get(&error, "name").as_string().as_deref() {
        Some("NotAllowedError") | Some("AbortError") => PasskeyError::Declined,
        _ => PasskeyError::Failed(
            get(&error, "message")
                .as_string()
                .unwrap_or_else(|| format!("{error:?}")),
        ),
    }
}

/// What this browser says of passkeys and PRF.
pub async fn probe() -> Browser {
    let Some(window) = web_sys::window() else {
        return Browser::default();
    };
    let credential_type = get(&window, "PublicKeyCredential");
    let prf = if credential_type.is_undefined() {
        None
    } else {
        call(&credential_type, "getClientCapabilities", &[])
            .await
            .ok()
            .and_then(|capabilities| get(&capabilities, "extension:prf").as_bool())
    };
    Browser {
        webauthn: !credential_type.is_undefined(),
        secure_context: get(&window, "isSecureContext").as_bool().unwrap_or(false),
        host: window.location().hostname().unwrap_or_default(),
        prf,
    }
}

fn credentials() -> Result<JsValue, PasskeyError> {
    web_sys::window()
        .map(|w| get(&w.navigator(), "credentials"))
        .filter(|c| !c.is_undefined())
        .ok_or_else(|| PasskeyError::Failed("no credentials API".into()))
}

fn prf_eval(salt: &[u8]) -> JsValue {
    object(&[(
        "prf",
        object(&[("eval", object(&[("first", bytes(salt))]))]),
    )])
}

/// The PRF output in a credential's extension results, if it has one.
fn prf_first(credential: &JsValue) -> Result<(bool, Option<Vec<u8>>), PasskeyError> {
    let method: Function = get(credential, "getClientExtensionResults")
        .dyn_into()
        .map_err(|_| PasskeyError::NoPrf)?;
    let results = method.call0(credential).map_err(error_of)?;
    let prf = get(&results, "prf");
    let enabled = get(&prf, "enabled").as_bool().unwrap_or(false);
    let first = get(&get(&prf, "results"), "first");
    let output = (!first.is_undefined()).then(|| Uint8Array::new(&first).to_vec());
    Ok((enabled, output.map(prf_output).transpose()?))
}

/// A PRF output is the 32 bytes of an HMAC-SHA-256 (WebAuthn's `prf` extension). Anything else is
/// an authenticator the vault cannot trust to derive its key from: refused, not stretched or cut.
pub fn prf_output(bytes: Vec<u8>) -> Result<Vec<u8>, PasskeyError> {
    if bytes.len() == PRF_OUTPUT_BYTES {
        Ok(bytes)
    } else {
        Err(PasskeyError::Failed(format!(
            "its PRF output was {} bytes, not {PRF_OUTPUT_BYTES}",
            bytes.len()
        )))
    }
}

/// The length of a PRF output (HMAC-SHA-256).
pub const PRF_OUTPUT_BYTES: usize = 32;

/// Registers a new passkey for the vault; returns its credential id and its PRF output for `salt`
/// (asked of the passkey a second time when the authenticator gives none at creation).
pub async fn register(
    salt: &[u8],
    random: impl Fn(usize) -> Vec<u8>,
) -> Result<(Vec<u8>, Vec<u8>), PasskeyError> {
    let options = object(&[(
        "publicKey",
        object(&[
            ("rp", object(&[("name", "Consilium".into())])),
            (
                "user",
                object(&[
                    ("id", bytes(&random(16))),
                    ("name", "Consilium key vault".into()),
                    ("displayName", "Consilium key vault".into()),
                ]),
            ),
            ("challenge", bytes(&random(32))),
            (
                "pubKeyCredParams",
                [-7, -257]
                    .iter()
                    .map(|alg| object(&[("type", "public-key".into()), ("alg", (*alg).into())]))
                    .collect::<Array>()
                    .into(),
            ),
            (
                "authenticatorSelection",
                object(&[
                    ("residentKey", "preferred".into()),
                    ("userVerification", "required".into()),
                ]),
            ),
            ("timeout", TIMEOUT_MS.into()),
            ("extensions", prf_eval(salt)),
        ]),
    )]);
    let credential = call(&credentials()?, "create", &[options])
        .await
        .map_err(error_of)?;
    let id = Uint8Array::new(&get(&credential, "rawId")).to_vec();
    match prf_first(&credential)? {
        (false, _) => Err(PasskeyError::NoPrf),
        (true, Some(output)) => Ok((id, output)),
        (true, None) => {
            let output = evaluate(&id, salt, random).await?;
            Ok((id, output))
        }
    }
}

/// Asks the vault's passkey (and only it) for its PRF output on `salt`.
pub async fn evaluate(
    credential: &[u8],
    salt: &[u8],
    random: impl Fn(usize) -> Vec<u8>,
) -> Result<Vec<u8>, PasskeyError> {
    let allowed = [object(&[
        ("type", "public-key".into()),
        ("id", bytes(credential)),
    ])]
    .into_iter()
    .collect::<Array>();
    let options = object(&[(
        "publicKey",
        object(&[
            ("challenge", bytes(&random(32))),
            ("allowCredentials", allowed.into()),
            ("userVerification", "required".into()),
            ("timeout", TIMEOUT_MS.into()),
            ("extensions", prf_eval(salt)),
        ]),
    )]);
    let assertion = call(&credentials()?, "get", &[options])
        .await
        .map_err(error_of)?;
    prf_first(&assertion)?.1.ok_or(PasskeyError::NoPrf)
}
