//! The sign-in's two requests: the page the user is sent to, and the exchange of the code it sends
//! back for a key. Both derive from the provider's base URL (`https://openrouter.ai/api/v1`), so a
//! test points them at a loopback mock by changing that alone.
use serde_json::{json, Value};
use thiserror::Error;

use crate::HttpRequest;

/// How long OpenRouter honours a code: past this, the exchange is refused as expired.
pub const CODE_LIFETIME_MS: u64 = 10 * 60 * 1000;

/// Why a sign-in did not give a key, in words the user can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SignInError {
    #[error("Sign-in cancelled: OpenRouter sent no code back, so no key was made.")]
    Cancelled,
    #[error("The sign-in code expired (OpenRouter honours it for 10 minutes). Sign in again.")]
    Expired,
    #[error("OpenRouter refused the sign-in: {detail}. Sign in again.")]
    Refused { detail: String },
    #[error(
        "This page was opened with a sign-in code but without the secret this tab keeps for it \
         (was the sign-in started in another tab?). Sign in again from this tab."
    )]
    NoVerifier,
    #[error("OpenRouter could not be reached to finish the sign-in ({detail}).")]
    Unreachable { detail: String },
}

/// The site a base URL belongs to: `https://openrouter.ai/api/v1` -> `https://openrouter.ai`.
/// A base without the `/api/v1` path keeps its scheme and host.
pub fn site_of(base_url: &str) -> String {
    let base = base_url.trim().trim_end_matches('/');
    if let Some(site) = base.strip_suffix("/api/v1") {
        return site.to_string();
    }
    match base.split_once("://") {
        Some((scheme, rest)) => format!("{scheme}://{}", rest.split('/').next().unwrap_or(rest)),
        None => base.to_string(),
    }
}

/// The page that asks the user to allow a key for `callback_url` (this app's own address). The key
/// is named `key_label` (`key_label_for`), so the user tells it apart in OpenRouter's key list.
pub fn auth_url(base_url: &str, callback_url: &str, challenge: &str) -> String {
    format!(
        "{}/auth?callback_url={}&code_challenge={}&code_challenge_method=S256&key_label={}",
        site_of(base_url),
        percent_encode(callback_url),
        percent_encode(challenge),
        percent_encode(&key_label_for(callback_url))
    )
}

/// The name a signed-in key gets: the app and the site it was made for (`Consilium on
/// me.github.io`), which is what the user needs to recognise, cap or revoke it later.
pub fn key_label_for(callback_url: &str) -> String {
    let rest = callback_url
        .split_once("://")
        .map_or(callback_url, |(_, rest)| rest);
    match rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty()) {
        Some(host) => format!("Consilium on {host}"),
        None => "Consilium".into(),
    }
}

/// POST `{base}/auth/keys`: the code and the verifier that proves this page asked for it.
pub fn build_exchange_request(base_url: &str, code: &str, verifier: &str) -> HttpRequest {
    HttpRequest {
        method: "POST".into(),
        url: format!("{}/auth/keys", base_url.trim().trim_end_matches('/')),
        headers: vec![("Content-Type".into(), "application/json".into())],
        body: json!({
            "code": code,
            "code_verifier": verifier,
            "code_challenge_method": "S256",
        })
        .to_string(),
    }
}

/// The key in the exchange's reply (`{"key": "sk-or-...", "user_id": ...}`), or why there is none.
/// `elapsed_ms` is the time since the user was sent to sign in: a refusal after the code's
/// lifetime is named as the expiry it is.
pub fn parse_exchange_reply(
    status: u16,
    body: &str,
    elapsed_ms: u64,
) -> Result<String, SignInError> {
    let value: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    if (200..300).contains(&status) {
        return match value.get("key").and_then(Value::as_str).map(str::trim) {
            Some(key) if !key.is_empty() => Ok(key.to_string()),
            _ => Err(SignInError::Refused {
                detail: "its reply held no key".into(),
            }),
        };
    }
    let message = error_message(&value);
    let says_expired = message
        .as_deref()
        .is_some_and(|m| m.to_ascii_lowercase().contains("expired"));
    if says_expired || elapsed_ms > CODE_LIFETIME_MS {
        return Err(SignInError::Expired);
    }
    Err(SignInError::Refused {
        detail: match message {
            Some(message) => format!("{message} (HTTP {status})"),
            None => format!("HTTP {status}"),
        },
    })
}

/// `{"error": {"message": "..."}}` or `{"error": "..."}` or `{"message": "..."}`.
fn error_message(value: &Value) -> Option<String> {
    let error = value.get("error");
    error
        .and_then(|e| e.get("message"))
        .or(error.filter(|e| e.is_string()))
        .or(value.get("message"))
        .and_then(Value::as_str)
        .map(|m| m.trim().chars().take(200).collect::<String>())
        .filter(|m| !m.is_empty())
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://openrouter.ai/api/v1";

    #[test]
    fn the_auth_page_is_on_the_base_urls_site_with_the_callback_encoded() {
        assert_eq!(
            auth_url(BASE, "https://me.github.io/consilium/", "E9Mel-_x"),
            "https://openrouter.ai/auth?callback_url=https%3A%2F%2Fme.github.io%2Fconsilium%2F\
             &code_challenge=E9Mel-_x&code_challenge_method=S256&key_label=Consilium%20on%20me.github.io"
        );
        assert_eq!(
            auth_url("http://127.0.0.1:19484/api/v1/", "http://127.0.0.1:1/", "c"),
            "http://127.0.0.1:19484/auth?callback_url=http%3A%2F%2F127.0.0.1%3A1%2F\
             &code_challenge=c&code_challenge_method=S256&key_label=Consilium%20on%20127.0.0.1%3A1"
        );
    }

    #[test]
    fn a_signed_in_key_is_named_after_the_app_and_its_site() {
        assert_eq!(
            key_label_for("https://me.github.io/consilium/"),
            "Consilium on me.github.io"
        );
        assert_eq!(
            key_label_for("http://127.0.0.1:8080/"),
            "Consilium on 127.0.0.1:8080"
        );
        assert_eq!(
            key_label_for("http://localhost?x=1"),
            "Consilium on localhost"
        );
        assert_eq!(key_label_for(""), "Consilium");
    }

    #[test]
    fn the_site_of_a_base_without_the_api_path_is_its_scheme_and_host() {
        assert_eq!(site_of("https://or.example/v1"), "https://or.example");
        assert_eq!(
            site_of(" https://openrouter.ai/api/v1/ "),
            "https://openrouter.ai"
        );
    }

    #[test]
    fn the_exchange_posts_the_code_and_verifier_to_auth_keys() {
        let request = build_exchange_request(&format!("{BASE}/"), "the-code", "the-verifier");
        assert_eq!(request.method, "POST");
        assert_eq!(request.url, "https://openrouter.ai/api/v1/auth/keys");
        let body: Value = serde_json::from_str(&request.body).unwrap();
        assert_eq!(
            body,
            json!({"code": "the-code", "code_verifier": "the-verifier", "code_challenge_method": "S256"})
        );
        assert!(request
            .headers
            .iter()
            .all(|(name, _)| !name.eq_ignore_ascii_case("authorization")));
    }

    #[test]
    fn a_reply_with_a_key_gives_the_key() {
        let reply = r#"{"key": "sk-or-v1-abc", "user_id": "user_1"}"#;
        assert_eq!(
            parse_exchange_reply(200, reply, 5_000),
            Ok("sk-or-v1-abc".into())
        );
        assert!(matches!(
            parse_exchange_reply(200, r#"{"user_id": "u"}"#, 5_000),
            Err(SignInError::Refused { .. })
        ));
    }

    #[test]
    fn refusals_are_named_with_the_providers_words() {
        let reply = r#"{"error": {"code": 403, "message": "Invalid code_verifier"}}"#;
        let error = parse_exchange_reply(403, reply, 5_000).unwrap_err();
        assert_eq!(
            error,
            SignInError::Refused {
                detail: "Invalid code_verifier (HTTP 403)".into()
            }
        );
        assert_eq!(
            error.to_string(),
            "OpenRouter refused the sign-in: Invalid code_verifier (HTTP 403). Sign in again."
        );
        assert_eq!(
            parse_exchange_reply(400, "<html>bad</html>", 5_000),
            Err(SignInError::Refused {
                detail: "HTTP 400".into()
            })
        );
        assert_eq!(
            parse_exchange_reply(400, r#"{"error": "no such code"}"#, 5_000),
            Err(SignInError::Refused {
                detail: "no such code (HTTP 400)".into()
            })
        );
    }

    #[test]
    fn an_expired_code_is_named_by_the_reply_or_by_the_clock() {
        let said = r#"{"error": {"message": "Authorization code Expired"}}"#;
        assert_eq!(
            parse_exchange_reply(400, said, 1_000),
            Err(SignInError::Expired)
        );
        let late = r#"{"error": {"message": "Invalid code"}}"#;
        assert_eq!(
            parse_exchange_reply(400, late, CODE_LIFETIME_MS + 1),
            Err(SignInError::Expired)
        );
        assert!(matches!(
            parse_exchange_reply(400, late, CODE_LIFETIME_MS - 1),
            Err(SignInError::Refused { .. })
        ));
    }

    #[test]
    fn every_error_reads_as_a_sentence_for_the_user() {
        for error in [
            SignInError::Cancelled,
            SignInError::Expired,
            SignInError::NoVerifier,
            SignInError::Refused { detail: "x".into() },
            SignInError::Unreachable { detail: "y".into() },
        ] {
            let text = error.to_string();
            assert!(text.ends_with('.'), "{text}");
            assert!(!text.contains('_'), "{text}");
        }
    }
}
