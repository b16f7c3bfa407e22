//! How hard a new passphrase is to guess, by zxcvbn (Dropbox's estimator: dictionaries, names,
//! keyboard patterns, dates, repeats, l33t), pure (native tests). Only the vault's own wasm part
//! calls it, so its dictionaries never load with the first screen.
use zxcvbn::{zxcvbn, Score};

/// Words a guesser of this vault would try first.
const SITE_WORDS: &[&str] = &["consilium", "council", "vault", "passphrase"];

/// Refused below this: zxcvbn's 3 is "safely unguessable" against an offline attack on a slow
/// hash, which is what a copied vault faces.
const ENOUGH: Score = Score::Three;

/// Why `passphrase` is too weak for the vault, in plain words, or None when it will do.
pub fn passphrase_problem(passphrase: &str) -> Option<String> {
    if passphrase.chars().count() < 8 {
        return Some("Use a passphrase of at least 8 characters.".into());
    }
    let estimate = zxcvbn(passphrase, SITE_WORDS);
    if estimate.score() >= ENOUGH {
        return None;
    }
    let mut reason = String::from("This passphrase is too easy to guess");
    match estimate.feedback().and_then(|f| f.warning()) {
        Some(warning) => reason += &format!(": {}", sentence(&warning.to_string())),
        None => reason += ".",
    }
    let advice: Vec<String> = estimate
        .feedback()
        .map(|f| {
            f.suggestions()
                .iter()
                .map(|s| sentence(&s.to_string()))
                .collect()
        })
        .unwrap_or_default();
    if advice.is_empty() {
        reason += " Add a few uncommon words.";
    } else {
        reason += " ";
        reason += &advice.join(" ");
    }
    Some(reason)
}

/// zxcvbn's lines end with a full stop, or are given one.
fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.ends_with('.') {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_and_patterned_passphrases_are_refused_with_the_reason() {
        for weak in [
            "password",
            "12345678",
            "qwertyuiop",
            "Password1!",
            "consilium2024",
            "aaaaaaaaaaaa",
            "iloveyou123",
        ] {
            let reason = passphrase_problem(weak).unwrap_or_else(|| panic!("{weak} accepted"));
            assert!(
                reason.starts_with("This passphrase is too easy to guess"),
                "{reason}"
            );
            assert!(reason.ends_with('.'), "{reason}");
        }
        let reason = passphrase_problem("password").unwrap();
        assert!(reason.contains("common password"), "{reason}");
    }

    #[test]
    fn short_passphrases_are_refused_and_long_uncommon_ones_pass() {
        assert_eq!(
            passphrase_problem("short").as_deref(),
            Some("Use a passphrase of at least 8 characters.")
        );
        for strong in [
            "a long enough passphrase",
            "correct horse battery staple",
            "plum tractor velvet 1987 oyster",
        ] {
            assert_eq!(passphrase_problem(strong), None, "{strong}");
        }
    }
}
