//! What passes although it has a secret's shape: placeholders (`<your-key>`, `${TOKEN}`,
//! `xxxx…`, `changeme`), the providers' documented example keys, and values that are code,
//! paths, URLs, e-mail addresses, numbers or words rather than a secret.

/// Keys the providers print in their documentation (AWS's end in EXAMPLE, caught by the word).
const DOCUMENTED_EXAMPLES: &[&str] = &[
    // jwt.io's sample token.
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    // Stripe's API reference.
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
];

/// Parts of a value that say it stands for a secret rather than being one.
const PLACEHOLDER_PARTS: &[&str] = &[
    "example",
    "xxxx",
    "****",
    "...",
    "your",
    "placeholder",
    "changeme",
    "change_me",
    "change-me",
    "replace",
    "insert",
    "dummy",
    "redacted",
    "notreal",
    "not-a-real",
    "not_a_real",
    "<",
    ">",
    "${",
    "{{",
    "$(",
    "%(",
];

/// Whole values that stand for a secret (compared without case).
const PLACEHOLDER_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "secret",
    "token",
    "test",
    "testing",
    "dummy",
    "fake",
    "none",
    "null",
    "nil",
    "empty",
    "hidden",
    "todo",
    "tbd",
    "foo",
    "bar",
    "foobar",
    "admin",
    "root",
    "guest",
    "user",
    "username",
    "postgres",
    "mysql",
    "mongo",
    "redis",
    "default",
    "sample",
    "demo",
    "mypassword",
    "yourpassword",
    "secretpassword",
    "true",
    "false",
];

/// Placeholder words that are also parts of ordinary words ("Atmosphere2024" holds "here"):
/// they count only where a word of the value starts (`key_here`, `KeyHere`, `HERE`).
const PLACEHOLDER_WORD_STARTS: &[&str] = &["here"];

/// A documented example key or a placeholder, in any position a secret can be.
pub(super) fn is_placeholder(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    DOCUMENTED_EXAMPLES.contains(&value)
        || PLACEHOLDER_PARTS.iter().any(|p| lower.contains(p))
        || PLACEHOLDER_WORD_STARTS
            .iter()
            .any(|w| starts_a_word(value, &lower, w))
        || PLACEHOLDER_WORDS.contains(&lower.as_str())
        || is_variable(value)
        || (value.starts_with('%') && value.ends_with('%'))
        || has_sequence(value, 6)
        || entropy_bits(value) < 2.0
}

/// Whether `word` (lower case) occurs in `value` where a word starts: at the start, after a
/// character that is not a letter, or at a capital after a small letter.
fn starts_a_word(value: &str, lower: &str, word: &str) -> bool {
    let bytes = value.as_bytes();
    lower.match_indices(word).any(|(at, _)| {
        at == 0 || {
            let (before, first) = (bytes[at - 1], bytes[at]);
            !before.is_ascii_alphabetic()
                || (before.is_ascii_lowercase() && first.is_ascii_uppercase())
        }
    })
}

/// A variable standing for the value: `${TOKEN}`, `$(cat key)`, `$DB_PASSWORD`, `$password`.
/// A `$` before a mixed-case word with digits (`$ecretPa55`) is a password's first character,
/// not a variable.
fn is_variable(value: &str) -> bool {
    let Some(rest) = value.strip_prefix('$') else {
        return false;
    };
    if rest.starts_with(['{', '(']) || rest.is_empty() {
        return true;
    }
    let identifier = rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !rest.as_bytes()[0].is_ascii_digit();
    let one_case = !(rest.bytes().any(|b| b.is_ascii_lowercase())
        && rest.bytes().any(|b| b.is_ascii_uppercase()));
    let digits = rest.bytes().any(|b| b.is_ascii_digit());
    identifier && (one_case || !digits)
}

/// A key whose format matched is still a placeholder when its random part is not random.
pub(super) fn is_example_key(key: &str, random_part: &str) -> bool {
    is_placeholder(key) || entropy_bits(random_part) < 2.5
}

/// How a named value must look to count: a password may be short and plain; a token or key is
/// long and random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Strength {
    Password,
    Token,
}

/// True when `value`, given to a secret-named field (or as a URL's password), is a secret.
pub(super) fn is_secret_value(value: &str, strength: Strength) -> bool {
    let long_enough = match strength {
        Strength::Password => value.len() >= 6,
        Strength::Token => {
            value.len() >= 16
                && value.bytes().any(|b| b.is_ascii_digit())
                && value.bytes().any(|b| b.is_ascii_alphabetic())
                && entropy_bits(value) >= 3.0
        }
    };
    long_enough && !is_placeholder(value) && !is_not_a_secret(value) && entropy_bits(value) >= 2.0
}

/// Code, references, words, numbers, paths, URLs, e-mail addresses and hashes.
fn is_not_a_secret(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    // Generated secrets are ASCII; text in another script is a label or a message.
    !value.is_ascii()
        || value.contains(char::is_whitespace)
        || value.contains(['(', ')', '[', ']', '{', '}'])
        || value.starts_with('!')
        // Words and identifiers (`settings.API_KEY`, `client_credentials`), numbers.
        || value.bytes().all(|b| b.is_ascii_alphabetic() || b"_.-".contains(&b))
        || value.bytes().all(|b| b.is_ascii_digit() || b"_.-".contains(&b))
        || value.contains("://")
        || is_email(value)
        || ["/", "./", "../", "~/"].iter().any(|p| value.starts_with(p))
        || [".pem", ".key", ".crt", ".json", ".p12", ".pfx", ".txt", ".yaml", ".yml", ".env"]
            .iter()
            .any(|ext| lower.ends_with(ext))
        || ["sha1-", "sha256-", "sha384-", "sha512-", "sha256:", "sha512:", "md5:"]
            .iter()
            .any(|p| lower.starts_with(p))
}

/// An address: a local part, and a domain whose last label is a top-level domain of letters
/// (`P@ss.w0rd` is a password: "w0rd" is no top-level domain).
fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let top = domain.rsplit('.').next().unwrap_or("");
    top.len() >= 2
        && top.bytes().all(|b| b.is_ascii_alphabetic())
        && !local.is_empty()
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._+-".contains(&b))
        && domain.contains('.')
        && domain
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-".contains(&b))
}

/// `abcdef`, `123456`: a run of `length` characters each one after the other.
fn has_sequence(value: &str, length: usize) -> bool {
    let bytes = value.as_bytes();
    let mut run = 1;
    for pair in bytes.windows(2) {
        run = if pair[0].is_ascii_alphanumeric() && pair[1] == pair[0].wrapping_add(1) {
            run + 1
        } else {
            1
        };
        if run >= length {
            return true;
        }
    }
    false
}

/// Shannon entropy of the bytes, in bits per character: random keys score above 3, words and
/// repeated characters below.
pub(super) fn entropy_bits(text: &str) -> f64 {
    let mut counts = [0usize; 256];
    for b in text.bytes() {
        counts[b as usize] += 1;
    }
    let total = text.len() as f64;
    counts
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| {
            let p = n as f64 / total;
            -p * p.log2()
        })
        .sum()
}
