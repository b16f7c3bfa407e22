//! The API keys of one run, handed to the driver with its start (`RunCommand::Start`): read once
//! on the page when the run starts, never stored by the driver, never in the session or the
//! settings. Each is a `Secret`, whose `Debug` prints "[redacted]", so no log or panic message shows
//! one.
use std::collections::BTreeMap;

use consilium_providers::Secret;
use serde::{Deserialize, Serialize};

/// Each provider's key for one run, by provider id. A provider without a key is absent (a local
/// server needs none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RunKeys(BTreeMap<String, Secret>);

impl RunKeys {
    /// The keys of `provider_ids` that `key_of` knows (the page reads them from `platform::keys`).
    pub fn of<'a>(
        provider_ids: impl IntoIterator<Item = &'a str>,
        key_of: impl Fn(&str) -> Option<String>,
    ) -> Self {
        Self(
            provider_ids
                .into_iter()
                .filter_map(|id| Some((id.to_string(), Secret::new(key_of(id)?))))
                .collect(),
        )
    }

    /// The key of `provider_id`, if the run was given one.
    pub fn get(&self, provider_id: &str) -> Option<&str> {
        self.0.get(provider_id).map(Secret::expose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_never_shows_in_debug_output() {
        let keys = RunKeys::of(["openai", "local"], |id| {
            (id == "openai").then(|| "sk-live-123".to_string())
        });
        let printed = format!("{keys:?}");
        assert!(!printed.contains("sk-live-123"), "{printed}");
        assert!(printed.contains("[redacted]"), "{printed}");
        assert_eq!(keys.get("openai"), Some("sk-live-123"));
        assert_eq!(keys.get("local"), None);
    }
}
