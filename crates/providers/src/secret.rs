//! A secret as the app holds it: a provider's key, the vault's or the sync's passphrase. Its
//! `Debug` prints "[redacted]", so no log, panic message or derived `Debug` of what holds it shows
//! one; the text itself only through `expose`, where it is sent or used.
use std::fmt;

use serde::{Deserialize, Serialize};

/// It serialises (as its text) only so that a run's start can cross to the run's worker
/// (postMessage); nothing that is stored (a session, the settings, a save) may hold one.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The text itself, for the request that sends it or the derivation that uses it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::Secret;

    #[test]
    fn a_secret_never_shows_in_debug_output() {
        #[derive(Debug)]
        #[allow(dead_code)]
        enum Holder {
            Passphrase(Secret),
        }
        let printed = format!("{:?}", Holder::Passphrase(Secret::new("correct horse")));
        assert_eq!(printed, "Passphrase([redacted])");
        assert_eq!(Secret::new("correct horse").expose(), "correct horse");
    }
}
