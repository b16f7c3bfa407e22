//! Keeps keys out of anything shown or stored: error bodies sometimes echo the credential.

pub fn redact(text: &str, api_key: Option<&str>) -> String {
    match api_key.map(str::trim) {
        Some(key) if !key.is_empty() => text.replace(key, "[redacted]"),
        _ => text.to_string(),
    }
}
