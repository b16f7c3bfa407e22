//! How a secret is shown once found: enough to recognise it, never more than a third of it.

/// `AKIA4HKQ2ZT7XMPLW9QD` -> `AKIA…QD`; eight characters or fewer -> `****`. At most a third
/// of the characters show (6 of a 9-character password would be most of it): the first
/// two up to 11 characters, the first two and the last two up to 17, then the first four and
/// the last two.
pub fn masked(found: &str) -> String {
    let chars: Vec<char> = found.chars().collect();
    let (head, tail) = match chars.len() {
        0..=8 => return "****".to_string(),
        9..=11 => (2, 0),
        12..=17 => (2, 2),
        _ => (4, 2),
    };
    let head: String = chars[..head].iter().collect();
    let tail: String = chars[chars.len() - tail..].iter().collect();
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
