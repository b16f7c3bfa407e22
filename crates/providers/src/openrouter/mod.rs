//! "Sign in with OpenRouter": OAuth with PKCE (no backend, no client secret) and the key's own
//! limit. Pure: the browser shell supplies the random bytes, sends the requests built here and
//! hands back the replies.
mod key_info;
mod pkce;
mod sign_in;

pub use key_info::{build_key_info_request, parse_key_info, KeyInfo};
pub use pkce::{base64url, code_challenge, code_verifier, VERIFIER_BYTES};
pub use sign_in::{
    auth_url, build_exchange_request, key_label_for, parse_exchange_reply, site_of, SignInError,
    CODE_LIFETIME_MS,
};
