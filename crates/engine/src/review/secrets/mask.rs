//! How a secret is shown once found: its first four and last two characters.

/// `AKIA4HKQ2ZT7XMPLW9QD` -> `AKIA…QD`; eight characters or fewer -> `****`.
pub(super) fn masked(found: &str) -> String {
    let chars: Vec<char> = found.chars().collect();
    if chars.len() <= 8 {
        return "****".to_string();
    }
    let head: String = chars[..4].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}…{tail}")
}

/// `text` with each secret of `secrets` (from `secrets_in_versions`) replaced by its masked form.
pub fn mask_secrets(text: &str, secrets: &[(String, String)]) -> String {
    let mut text = text.to_string();
    for (clear, masked) in secrets {
        if text.contains(clear.as_str()) {
            text = text.replace(clear.as_str(), masked);
        }
    }
    text
}
