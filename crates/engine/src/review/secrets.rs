//! Secret-like strings in the lines a change adds, found in code and handed to the committee as
//! facts, so a hard-coded key is never missed because a model overlooked it. Two kinds of hit:
//! well-known key formats (by prefix and alphabet), and a long, high-entropy string literal assigned
//! to a name that says it is a secret. No regex crate: each rule is a few lines, and the bundle
//! stays small.
use super::diff::ParsedDiff;
pub use crate::record::review::body::SecretHit;

/// A well-known key format: prefix, minimum length after it, allowed alphabet, description.
type KeyFormat = (&'static str, usize, fn(char) -> bool, &'static str);

const KEY_FORMATS: &[KeyFormat] = &[
    ("AKIA", 16, is_upper_alnum, "an AWS access key id"),
    ("ASIA", 16, is_upper_alnum, "an AWS temporary access key id"),
    ("ghp_", 36, is_alnum, "a GitHub personal access token"),
    (
        "github_pat_",
        40,
        is_token_char,
        "a GitHub fine-grained token",
    ),
    ("gho_", 36, is_alnum, "a GitHub OAuth token"),
    ("xoxb-", 20, is_token_char, "a Slack bot token"),
    ("xoxp-", 20, is_token_char, "a Slack user token"),
    ("sk_live_", 20, is_alnum, "a Stripe live secret key"),
    ("sk-ant-", 32, is_token_char, "an Anthropic API key"),
    ("sk-proj-", 32, is_token_char, "an OpenAI project key"),
    ("sk-", 32, is_token_char, "an OpenAI-style API key"),
    ("AIza", 35, is_token_char, "a Google API key"),
    ("-----BEGIN ", 0, |_| true, "a private key block"),
];

/// Names that say the value is a secret.
const SECRET_NAMES: &[&str] = &[
    "secret",
    "password",
    "passwd",
    "token",
    "api_key",
    "apikey",
    "access_key",
    "private_key",
    "credential",
    "auth",
];
const MIN_ASSIGNED_SECRET_CHARS: usize = 16;
/// Bits per character: random keys score above 3.5, words and placeholders below.
const MIN_ENTROPY_BITS: f64 = 3.5;

fn is_upper_alnum(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit()
}
fn is_alnum(c: char) -> bool {
    c.is_ascii_alphanumeric()
}
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

pub fn scan(diff: &ParsedDiff) -> Vec<SecretHit> {
    found(diff).into_iter().map(|(hit, _)| hit).collect()
}

/// Each secret the scan finds in `code`, in clear, with the masked form reports show, so what is
/// shared can be redacted as the report is (`library::share`). A private key block counts whole:
/// its BEGIN line and every added line up to its END line.
pub fn secrets_to_redact(code: &str) -> Vec<(String, String)> {
    let diff = ParsedDiff::parse(code);
    let mut secrets: Vec<(String, String)> = found(&diff)
        .into_iter()
        .map(|(hit, clear)| (clear, hit.masked))
        .collect();
    let mut in_key_block = false;
    for (_, line) in diff.added_lines() {
        if line.text.contains("-----BEGIN ") && line.text.contains("PRIVATE KEY") {
            in_key_block = true;
        } else if in_key_block {
            in_key_block = !line.text.contains("-----END ");
            let text = line.text.trim();
            if in_key_block && !text.is_empty() {
                secrets.push((text.to_string(), mask(text)));
            }
        }
    }
    secrets
}

/// The secrets in every version of a review's code (`subject`, then `amendments`), in clear and
/// masked, longest first so a secret inside another is masked with it.
pub fn secrets_in_versions(subject: &str, amendments: &[String]) -> Vec<(String, String)> {
    let mut secrets: Vec<(String, String)> = std::iter::once(subject)
        .chain(amendments.iter().map(String::as_str))
        .flat_map(secrets_to_redact)
        .collect();
    consilium_order::sort_by(&mut secrets, |a, b| b.0.len().cmp(&a.0.len()));
    secrets.dedup();
    secrets
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

/// The hits with the text each matched, in clear.
fn found(diff: &ParsedDiff) -> Vec<(SecretHit, String)> {
    let mut hits = Vec::new();
    for (path, line) in diff.added_lines() {
        if let Some((kind, found)) = key_format(&line.text).or_else(|| assigned_secret(&line.text))
        {
            let hit = SecretHit {
                path: path.to_string(),
                line: line.number,
                kind: kind.to_string(),
                masked: mask(&found),
            };
            hits.push((hit, found));
        }
    }
    hits
}

fn key_format(text: &str) -> Option<(&'static str, String)> {
    for (prefix, min_len, alphabet, kind) in KEY_FORMATS {
        let mut from = 0;
        while let Some(at) = text[from..].find(prefix) {
            let start = from + at;
            from = start + prefix.len();
            // A key starts a token: not inside a longer word ("task-" is not "sk-").
            let boundary = text[..start]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            if !boundary {
                continue;
            }
            if *min_len == 0 {
                if text[start..].contains("PRIVATE KEY") {
                    return Some((kind, text[start..].trim().to_string()));
                }
                continue;
            }
            let body: String = text[from..].chars().take_while(|c| alphabet(*c)).collect();
            if body.chars().count() >= *min_len {
                return Some((kind, format!("{prefix}{body}")));
            }
        }
    }
    None
}

/// `api_key = "k3J9..."`, `PASSWORD: 'x8!...'`, `"token": "..."`: a secret name, then an assigned
/// string literal that is long and random-looking.
fn assigned_secret(text: &str) -> Option<(&'static str, String)> {
    let lower = text.to_ascii_lowercase();
    let name_at = SECRET_NAMES.iter().filter_map(|n| lower.find(n)).min()?;
    let rest = &text[name_at..];
    let assign = rest.find(['=', ':'])?;
    let after = rest[assign + 1..].trim_start();
    let quote = after
        .chars()
        .next()
        .filter(|c| matches!(c, '"' | '\'' | '`'))?;
    let value: String = after[1..].chars().take_while(|c| *c != quote).collect();
    let looks_random = value.chars().count() >= MIN_ASSIGNED_SECRET_CHARS
        && !value.contains(char::is_whitespace)
        && !value.contains("${")
        && !value.starts_with('<')
        // Generated keys mix letters and digits; names and phrases ("production-db-password") do not.
        && value.chars().any(|c| c.is_ascii_digit())
        && value.chars().any(|c| c.is_ascii_alphabetic())
        && entropy_bits(&value) >= MIN_ENTROPY_BITS;
    looks_random.then_some({
        (
            "a high-entropy string assigned to a secret-named field",
            value,
        )
    })
}

/// Shannon entropy of the characters, in bits per character.
fn entropy_bits(text: &str) -> f64 {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return 0.0;
    }
    let mut counts = std::collections::HashMap::new();
    for c in &chars {
        *counts.entry(*c).or_insert(0usize) += 1;
    }
    let total = chars.len() as f64;
    counts
        .values()
        .map(|&n| {
            let p = n as f64 / total;
            -p * p.log2()
        })
        .sum()
}

fn mask(found: &str) -> String {
    let chars: Vec<char> = found.chars().collect();
    if chars.len() <= 8 {
        return "****".to_string();
    }
    let head: String = chars[..4].iter().collect();
    let tail: String = chars[chars.len() - 2..].iter().collect();
    format!("{head}…{tail}")
}
