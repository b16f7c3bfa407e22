//! A value given to a name that says it is a secret, as code and configuration write it:
//! `api_key = "…"`, `"token": "…"`, `password := "…"`, `'secret' => '…'`, unquoted in `.env`,
//! YAML, INI, properties and `.npmrc` (`DB_PASSWORD=…`, `password: …`, `:_authToken=…`), in a
//! connection string (`Password=…;`), an `Authorization: Bearer …` header or an XML setting
//! (`<add key="DbPassword" value="…" />`).
use super::names::{is_aws_secret_name, secret_strength};
use super::values::{is_secret_value, Strength};
use super::LineSecret;

/// Longest name and value read around an operator, so a long line stays linear.
const MAX_NAME: usize = 64;
const MAX_VALUE: usize = 512;
const QUOTES: &[u8] = b"\"'`";
/// Where an unquoted value ends.
const UNQUOTED_END: &[u8] = b",;&)}]>\"'`:";
/// Scheme words before a credential in a header: `Authorization: Bearer <token>`.
const AUTH_SCHEMES: &[&str] = &["bearer ", "basic ", "token "];

pub(super) fn find(line: &str) -> Vec<LineSecret> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let Some((op_start, op_end)) = operator_at(bytes, i) else {
            i += 1;
            continue;
        };
        i = op_end;
        let Some(name) = name_before(line, op_start) else {
            continue;
        };
        let named = secret_strength(name).map(|s| (name, s)).or_else(|| {
            let typed = typed_name(line, op_start)?;
            Some((typed, secret_strength(typed)?))
        });
        let Some((name, strength)) = named else {
            continue;
        };
        let Some((start, end)) = value_after(line, op_end) else {
            continue;
        };
        let value = &line[start..end];
        if is_secret_value(value, strength) {
            found.push(LineSecret {
                kind: kind(name, value, strength),
                start,
                end,
            });
            i = end;
        }
    }
    found
}

fn kind(name: &str, value: &str, strength: Strength) -> &'static str {
    if is_aws_secret_name(name) && value.len() == 40 {
        "an AWS secret access key"
    } else if name.to_ascii_lowercase().contains("secret") {
        "a hard-coded secret"
    } else if strength == Strength::Password {
        "a hard-coded password"
    } else {
        "a high-entropy string assigned to a secret-named field"
    }
}

/// The assignment operator at `i` (`=`, `:`, `:=`, `=>`, `?=`, `||=`, `==`), as a byte range.
/// Not `::` (paths), `://` (URLs), `!=`, `<=` or `>=`.
fn operator_at(bytes: &[u8], i: usize) -> Option<(usize, usize)> {
    let previous = i.checked_sub(1).map(|p| bytes[p]);
    let next = bytes.get(i + 1).copied();
    match bytes[i] {
        b':' => {
            // YAML, JSON and object literals put a space or a quote after the colon; `a:b`
            // inside a string (an ARN, a URL's port) is no assignment.
            let spaced = next.is_some_and(|n| n == b' ' || n == b'\t' || QUOTES.contains(&n));
            if previous == Some(b':') || !(spaced || next == Some(b'=')) {
                None
            } else if next == Some(b'=') {
                Some((i, i + 2))
            } else {
                Some((i, i + 1))
            }
        }
        b'=' => {
            if previous.is_some_and(|p| b"!<>=:".contains(&p)) {
                return None;
            }
            let mut end = i + 1;
            while bytes.get(end) == Some(&b'=') {
                end += 1;
            }
            if bytes.get(end) == Some(&b'>') {
                end += 1;
            }
            let mut start = i;
            while start > 0 && b"?|+".contains(&bytes[start - 1]) {
                start -= 1;
            }
            Some((start, end))
        }
        _ => None,
    }
}

/// The name assigned to: `api_key` in `api_key = `, `"token": `, `ENV['TOKEN'] = `; for an XML
/// `value="…"`, the name in the element's `key="…"` or `name="…"`.
fn name_before(line: &str, op_start: usize) -> Option<&str> {
    let bytes = line.as_bytes();
    let mut end = op_start;
    while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    if end > 0 && bytes[end - 1] == b']' {
        end -= 1;
    }
    if end > 0 && QUOTES.contains(&bytes[end - 1]) {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && end - start < MAX_NAME && is_name_byte(bytes[start - 1]) {
        start -= 1;
    }
    let name = &line[start..end];
    if name.is_empty() {
        None
    } else if name.eq_ignore_ascii_case("value") {
        attribute_name(&line[..start])
    } else {
        Some(name)
    }
}

/// Longest type read between a name and its `=`.
const MAX_TYPE: usize = 40;

/// The name of a typed declaration, whose `=` follows its type: `CLIENT_SECRET` in
/// `const CLIENT_SECRET: &str =`, `apiKey` in `const apiKey: string =`.
fn typed_name(line: &str, op_start: usize) -> Option<&str> {
    let bytes = line.as_bytes();
    let type_start = op_start.saturating_sub(MAX_TYPE);
    let colon = bytes[type_start..op_start]
        .iter()
        .rposition(|&b| !(b.is_ascii_alphanumeric() || b" \t&'<>_".contains(&b)))
        .map(|at| type_start + at)
        .filter(|&at| bytes[at] == b':' && (at == 0 || bytes[at - 1] != b':'))?;
    name_before(line, colon)
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_-.".contains(&b)
}

/// The name a `value` is given to by its element or object: `<add key="DbPassword" ` ->
/// `DbPassword`, and the name-value pairs of JSON and YAML:
/// `{"name": "DB_PASSWORD", "value": ` -> `DB_PASSWORD` (Kubernetes' `env`, ECS task
/// definitions, GitHub's and Terraform's variable lists). The nearest such name before it wins.
fn attribute_name(before: &str) -> Option<&str> {
    let lower = before.to_ascii_lowercase();
    ["name", "key"]
        .iter()
        .flat_map(|word| {
            lower
                .match_indices(word)
                .map(move |(at, _)| (at, at + word.len()))
        })
        .filter(|&(at, _)| {
            at == 0 || {
                let b = before.as_bytes()[at - 1];
                !(b.is_ascii_alphanumeric() || b == b'_')
            }
        })
        .filter_map(|(at, end)| Some((at, quoted_after_operator(before, end)?)))
        .max_by_key(|&(at, _)| at)
        .map(|(_, name)| name)
}

/// After a name ending at `i`: an optional closing quote, `:` or `=`, then a quoted string,
/// whose content is returned.
fn quoted_after_operator(text: &str, mut i: usize) -> Option<&str> {
    let bytes = text.as_bytes();
    if bytes.get(i).is_some_and(|b| QUOTES.contains(b)) {
        i += 1;
    }
    while bytes.get(i).is_some_and(|b| matches!(b, b' ' | b'\t')) {
        i += 1;
    }
    if !bytes.get(i).is_some_and(|b| matches!(b, b':' | b'=')) {
        return None;
    }
    i += 1;
    while bytes.get(i).is_some_and(|b| matches!(b, b' ' | b'\t')) {
        i += 1;
    }
    let quote = *bytes.get(i).filter(|b| QUOTES.contains(b))?;
    let start = i + 1;
    let length = text[start..].bytes().position(|b| b == quote)?;
    Some(&text[start..start + length]).filter(|name| !name.is_empty())
}

/// The value assigned after `op_end`, as a byte range: a quoted string's content, or an
/// unquoted word; after an auth scheme (`Bearer`), the credential alone.
fn value_after(line: &str, op_end: usize) -> Option<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut i = op_end;
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    // Python's b"…", r"…" and u"…" are strings; an f"…" is code.
    if bytes.get(i).is_some_and(|b| b"bruBRU".contains(b))
        && bytes.get(i + 1).is_some_and(|b| QUOTES.contains(b))
    {
        i += 1;
    }
    let (start, end) = match bytes.get(i) {
        Some(quote) if QUOTES.contains(quote) => {
            let start = i + 1;
            let window = &bytes[start..bytes.len().min(start + MAX_VALUE)];
            let length = window.iter().position(|b| b == quote)?;
            (
                skip_auth_scheme(line, start, start + length),
                start + length,
            )
        }
        _ => {
            let start = skip_auth_scheme(line, i, bytes.len());
            let window = &bytes[start..bytes.len().min(start + MAX_VALUE)];
            let length = window
                .iter()
                .position(|b| b.is_ascii_whitespace() || UNQUOTED_END.contains(b))
                .unwrap_or(window.len());
            if start + length < bytes.len() && length == window.len() {
                return None;
            }
            (start, start + length)
        }
    };
    (start < end).then_some((start, end))
}

fn skip_auth_scheme(line: &str, start: usize, end: usize) -> usize {
    let value = &line.as_bytes()[start..end];
    AUTH_SCHEMES
        .iter()
        .find(|scheme| {
            value.len() > scheme.len()
                && value[..scheme.len()].eq_ignore_ascii_case(scheme.as_bytes())
        })
        .map_or(start, |scheme| start + scheme.len())
}
