//! A password inside a URL or connection string: `postgres://app:<password>@db/app`,
//! `redis://:<password>@cache:6379`, `https://deploy:<password>@pypi.example.com/simple/`.
use super::values::{is_secret_value, Strength};
use super::LineSecret;

const KIND: &str = "a password in a URL or connection string";
/// Longest user:password part read, so a line of many `://` stays linear.
const MAX_USERINFO: usize = 256;

pub(super) fn find(line: &str) -> Vec<LineSecret> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = line[from..].find("://") {
        let scheme_end = from + at;
        from = scheme_end + 3;
        let has_scheme = scheme_end > 0 && bytes[scheme_end - 1].is_ascii_alphanumeric();
        if !has_scheme {
            continue;
        }
        // The user:password part ends at the '@' before the host; a '/' or a '?' first (a path
        // or a query: `localhost:3000?email=a@b.c` has none), a quote or a space
        // means there is none. A '#' is read as part of a password, as people write them.
        let rest = &bytes[from..bytes.len().min(from + MAX_USERINFO)];
        let Some(at_sign) = rest.iter().position(|&b| {
            b"@/?".contains(&b) || b.is_ascii_whitespace() || b"\"'`<>".contains(&b)
        }) else {
            continue;
        };
        if rest[at_sign] != b'@' {
            continue;
        }
        let userinfo = &line[from..from + at_sign];
        let Some((user, password)) = userinfo.split_once(':') else {
            continue;
        };
        let start = from + user.len() + 1;
        if password != user && is_secret_value(password, Strength::Password) {
            found.push(LineSecret {
                kind: KIND,
                start,
                end: start + password.len(),
            });
        }
        from += at_sign;
    }
    found
}
