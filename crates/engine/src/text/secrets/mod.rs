//! Secret-like strings in text, found in code: every secret on a line counts, found three ways
//! (`formats`: the providers' documented key formats and private key blocks; `urls`: a password
//! inside a URL or connection string; `assigned`: a value given to a name that says it is a
//! secret, quoted or not, as code and configuration files write it), and each passes only when it
//! is not a placeholder or a documented example key (`values`). Hand-written matchers, each linear
//! in the line: no regex crate, so the browser bundle stays small. Review scans its diff with it
//! (`review::secrets`); a title masks what it finds (`record::title_of`), wherever the text came from.
mod assigned;
mod formats;
mod names;
mod urls;
mod values;

use crate::text::mask::masked;

/// One secret on a line: what it looks like, and its byte range in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineSecret {
    pub kind: &'static str,
    pub start: usize,
    pub end: usize,
}

/// Every secret on `line`, left to right. Where two ways find overlapping text, the more specific
/// one wins: a key format over a URL's password over a secret-named value.
pub fn secrets_in_line(line: &str) -> Vec<LineSecret> {
    let mut found = formats::find(line);
    for candidate in urls::find(line).into_iter().chain(assigned::find(line)) {
        if !found
            .iter()
            .any(|f| f.start < candidate.end && candidate.start < f.end)
        {
            found.push(candidate);
        }
    }
    found.sort_by_key(|f| f.start);
    found
}

/// Whether a secret found on a line opens a private key block (its lines up to END are the key).
pub fn opens_key_block(secret: &str) -> bool {
    formats::opens_key_block(secret)
}

/// `line` with every secret on it masked (`text::mask::masked`): for a title, a tab's title or a
/// share sheet's text made from what the user typed or pasted.
pub fn masked_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    for secret in secrets_in_line(line) {
        out.push_str(&line[at..secret.start]);
        out.push_str(&masked(&line[secret.start..secret.end]));
        at = secret.end;
    }
    out.push_str(&line[at..]);
    out
}
