//! Keeps keys out of anything shown or stored: error bodies and browser messages sometimes echo the
//! credential or the header that carried it.

pub fn redact(text: &str, api_key: Option<&str>) -> String {
    match api_key.map(str::trim) {
        // The `Bearer <key>` form goes whole, so not even the scheme hints at what was there.
        Some(key) if !key.is_empty() => text
            .replace(&format!("Bearer {key}"), "[redacted]")
            .replace(key, "[redacted]"),
        _ => text.to_string(),
    }
}
