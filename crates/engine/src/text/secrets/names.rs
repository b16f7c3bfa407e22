//! Names that say their value is a secret, read as words (`DB_PASSWORD`, `apiKey`,
//! `aws_secret_access_key`, `_authToken`), so "auth" inside author or oauth, or a token's URL,
//! type or lifetime, is not taken for one.
use super::values::Strength;

/// What every secret word contains.
const SECRET_STEMS: &[&str] = &[
    "pass", "pwd", "secret", "token", "key", "auth", "cred", "bearer",
];
/// Words whose value needs only to look like a password.
const PASSWORD_WORDS: &[&str] = &["password", "passwd", "pwd", "pass", "passphrase", "secret"];
/// Words whose value must look like a random key.
const TOKEN_WORDS: &[&str] = &[
    "token",
    "key",
    "auth",
    "authorization",
    "bearer",
    "credential",
    "credentials",
    "creds",
    "apikey",
    "accesskey",
    "privatekey",
    "masterkey",
    "signingkey",
    "encryptionkey",
    "licensekey",
    "accountkey",
    "authkey",
    "clientkey",
    "appkey",
    "authtoken",
    "accesstoken",
    "refreshtoken",
    "apitoken",
    "bottoken",
];
/// A last word that names something about the secret, not the secret: `TOKEN_URL`, `key_id`,
/// `secret_name`, `PASSWORD_MIN_LENGTH`, `token_type`, `access_token_expires_in`.
const DESCRIPTOR_WORDS: &[&str] = &[
    "id",
    "ids",
    "name",
    "names",
    "url",
    "urls",
    "uri",
    "uris",
    "endpoint",
    "endpoints",
    "host",
    "hostname",
    "domain",
    "server",
    "path",
    "paths",
    "file",
    "filename",
    "files",
    "dir",
    "location",
    "length",
    "len",
    "size",
    "type",
    "types",
    "kind",
    "header",
    "headers",
    "prefix",
    "suffix",
    "field",
    "fields",
    "param",
    "params",
    "env",
    "var",
    "variable",
    "count",
    "expiry",
    "expires",
    "expiration",
    "expire",
    "ttl",
    "timeout",
    "lifetime",
    "format",
    "pattern",
    "regex",
    "label",
    "hint",
    "policy",
    "rotation",
    "version",
    "algorithm",
    "alg",
    "mode",
    "enabled",
    "enable",
    "disabled",
    "required",
    "provider",
    "method",
    "scope",
    "scopes",
    "hash",
    "digest",
    "checksum",
    "arn",
    "ref",
    "store",
    "vault",
    "manager",
    "placeholder",
    "description",
    "text",
    "message",
    "title",
    "error",
    "column",
    "table",
    "index",
    "limit",
    "min",
    "max",
    "input",
    "form",
    "strength",
    "reset",
    "flow",
    "callback",
    "redirect",
    "service",
    "in",
    "at",
    "config",
    "settings",
    "option",
    "options",
    "sid",
    "rules",
    "validator",
];
/// Words that make a key or token an ordinary value: `primary_key`, `public_key`,
/// `page_token`, `csrf_token`.
const NOT_SECRET_QUALIFIERS: &[&str] = &[
    "public",
    "publishable",
    "primary",
    "foreign",
    "sort",
    "partition",
    "cache",
    "idempotency",
    "dedup",
    "lookup",
    "i18n",
    "translation",
    "page",
    "next",
    "pagination",
    "continuation",
    "cancellation",
    "csrf",
    "xsrf",
    "composite",
    "unique",
    "hot",
    "map",
    "row",
    "range",
    "object",
    "search",
];

/// How a value given to `name` must look to be a secret, or None when the name says nothing of
/// secrets.
pub(super) fn secret_strength(name: &str) -> Option<Strength> {
    // Most names on a line say nothing of secrets: skip them before splitting into words.
    let lower = name.to_ascii_lowercase();
    if !SECRET_STEMS.iter().any(|stem| lower.contains(stem)) {
        return None;
    }
    let words = words(name);
    let last = words.last()?;
    if DESCRIPTOR_WORDS.contains(&last.as_str())
        || words
            .iter()
            .any(|w| NOT_SECRET_QUALIFIERS.contains(&w.as_str()))
    {
        return None;
    }
    let password = |w: &String| {
        PASSWORD_WORDS.contains(&w.as_str())
            || w.ends_with("password")
            || w.ends_with("passwd")
            || w.ends_with("secret")
    };
    if words.iter().any(password) {
        Some(Strength::Password)
    } else if words.iter().any(|w| TOKEN_WORDS.contains(&w.as_str())) {
        Some(Strength::Token)
    } else {
        None
    }
}

/// True when `name` says the value is an AWS secret access key.
pub(super) fn is_aws_secret_name(name: &str) -> bool {
    let words = words(name);
    let has = |word: &str| words.iter().any(|w| w == word);
    has("secret") && (has("aws") || has("access"))
}

/// `DB_PASSWORD` -> [db, password]; `apiKey` -> [api, key]; `APIKey` -> [api, key];
/// `_authToken` -> [auth, token]; `oauth2_client` -> [oauth, client]; `token2` -> [token].
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let chars: Vec<char> = part.chars().collect();
        let mut word = String::new();
        for (i, &c) in chars.iter().enumerate() {
            let previous = i.checked_sub(1).map(|p| chars[p]);
            let next = chars.get(i + 1);
            let starts_word = c.is_ascii_uppercase()
                && previous.is_some_and(|p| {
                    p.is_ascii_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
                });
            if starts_word && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            word.push(c.to_ascii_lowercase());
        }
        if !word.is_empty() {
            words.push(word);
        }
    }
    // A number ending a word numbers the name, not its meaning: `DB_PASSWORD2`,
    // `token2` and `apiKey2` name a password, a token and a key as their first ones do.
    words
        .into_iter()
        .filter_map(|word| {
            let trimmed = word.trim_end_matches(|c: char| c.is_ascii_digit());
            (!trimmed.is_empty()).then(|| trimmed.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_as_words() {
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("_authToken"), ["auth", "token"]);
        assert_eq!(
            words("spring.datasource.password"),
            ["spring", "datasource", "password"]
        );
        assert_eq!(secret_strength("authorEmail"), None);
        assert_eq!(secret_strength("oauth_provider"), None);
        assert_eq!(secret_strength("TOKEN_URL"), None);
        assert_eq!(secret_strength("PGPASSWORD"), Some(Strength::Password));
        assert_eq!(secret_strength("x_api_key"), Some(Strength::Token));
        assert_eq!(secret_strength("DB_PASSWORD2"), Some(Strength::Password));
        assert_eq!(secret_strength("token2"), Some(Strength::Token));
        assert_eq!(secret_strength("apiKey2"), Some(Strength::Token));
    }
}
