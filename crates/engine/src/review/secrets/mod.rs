//! Secrets in a change (the line scanner is `text::secrets`), handed to the committee as facts, so
//! a hard-coded key is never missed because a model overlooked it.
//!
//! The committee hears of the added lines only (removing a key is the fix); what is shared (link,
//! reports, fix requests) masks the secrets of every line the diff shows, removed ones included.
use super::diff::ParsedDiff;
use crate::record::review::body::SecretHit;
use crate::text::mask::masked;
use crate::text::secrets::{opens_key_block, secrets_in_line};

pub fn scan(diff: &ParsedDiff) -> Vec<SecretHit> {
    let mut hits = Vec::new();
    for (path, line) in diff.added_lines() {
        for secret in secrets_in_line(&line.text) {
            hits.push(SecretHit {
                path: path.to_string(),
                line: line.number,
                kind: secret.kind.to_string(),
                masked: masked(&line.text[secret.start..secret.end]),
            });
        }
    }
    hits
}

/// Each secret in `code`, in clear, with the masked form reports show, so what is shared can be
/// redacted as the report is (`library::share`). Every line the diff shows counts (added, removed
/// and context), and a private key block counts whole: its BEGIN line and each line up to its END.
pub fn secrets_to_redact(code: &str) -> Vec<(String, String)> {
    let diff = ParsedDiff::parse(code);
    diff.files
        .iter()
        .flat_map(|f| f.hunks.iter())
        .flat_map(|hunk| secrets_in_lines(hunk.lines.iter().map(|line| line.text.as_str())))
        .collect()
}

/// Each secret in a context file's text (`context_files`), in clear and masked, longest first:
/// every line counts, as every line of a diff does, a private key block whole.
pub fn secrets_in_text(text: &str) -> Vec<(String, String)> {
    let mut secrets = secrets_in_lines(text.lines());
    consilium_order::sort_by(&mut secrets, |a, b| b.0.len().cmp(&a.0.len()));
    secrets.dedup();
    secrets
}

fn secrets_in_lines<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<(String, String)> {
    let mut secrets = Vec::new();
    let mut in_key_block = false;
    for text in lines {
        if in_key_block {
            in_key_block = !text.contains("-----END ");
            let body = text.trim();
            if in_key_block && !body.is_empty() {
                secrets.push((body.to_string(), masked(body)));
            }
            continue;
        }
        for secret in secrets_in_line(text) {
            let clear = &text[secret.start..secret.end];
            secrets.push((clear.to_string(), masked(clear)));
            // A block whose END is on another line: the lines between are the key.
            in_key_block |= opens_key_block(clear);
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
