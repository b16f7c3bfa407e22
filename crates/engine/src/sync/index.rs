//! What each side knows of a record without its content: its versions, or that it was deleted. The
//! local index is kept beside the library; the remote one is the bucket's encrypted index. Both are
//! the same type, so one rule (`super::plan`) compares them.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::version::Version;

/// How long a deletion is remembered (90 days). A device that stays away longer than this may bring
/// a deleted session back: it still holds the record and no longer sees the tombstone, so it uploads
/// it as its own (README, "Sync", says so).
pub const TOMBSTONE_KEEP_MS: u64 = 90 * 24 * 60 * 60 * 1000;

/// One record as an index knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Entry {
    Live {
        /// The version of everything but the per-field parts (a session's rounds, its calls...).
        body: Version,
        /// The version of each field that merges on its own (a session's title; every setting).
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        fields: BTreeMap<String, Version>,
    },
    /// Deleted at `at` (the deletion's version); kept for `TOMBSTONE_KEEP_MS`.
    Deleted { at: Version },
}

impl Entry {
    /// A record written now with no per-field versions of its own.
    pub fn live(body: Version) -> Self {
        Self::Live {
            body,
            fields: BTreeMap::new(),
        }
    }

    /// The newest version of any part: what "newer record" means between a record and a deletion.
    pub fn newest(&self) -> &Version {
        match self {
            Self::Live { body, fields } => fields.values().fold(body, |a, b| a.max(b)),
            Self::Deleted { at } => at,
        }
    }

    pub fn is_deleted(&self) -> bool {
        matches!(self, Self::Deleted { .. })
    }
}

/// Every record one side knows, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Index {
    pub entries: BTreeMap<String, Entry>,
}

impl Index {
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.get(id)
    }

    /// Records an edit of the body made now on `device` (a saved session).
    pub fn touch_body(&mut self, id: &str, now_ms: u64, device: &str) {
        let previous = self.entries.get(id).map(Entry::newest).cloned();
        let body = super::version::next_version(previous.as_ref(), now_ms, device);
        match self.entries.get_mut(id) {
            Some(Entry::Live { body: b, .. }) => *b = body,
            _ => {
                self.entries.insert(id.to_string(), Entry::live(body));
            }
        }
    }

    /// Records an edit of one per-field part (a rename) made now on `device`.
    pub fn touch_field(&mut self, id: &str, field: &str, now_ms: u64, device: &str) {
        let previous = self.entries.get(id).map(Entry::newest).cloned();
        let version = super::version::next_version(previous.as_ref(), now_ms, device);
        match self.entries.get_mut(id) {
            Some(Entry::Live { fields, .. }) => {
                fields.insert(field.to_string(), version);
            }
            _ => {
                let mut fields = BTreeMap::new();
                fields.insert(field.to_string(), version.clone());
                self.entries.insert(
                    id.to_string(),
                    Entry::Live {
                        body: version,
                        fields,
                    },
                );
            }
        }
    }

    /// Records a deletion made now on `device`.
    pub fn delete(&mut self, id: &str, now_ms: u64, device: &str) {
        let previous = self.entries.get(id).map(Entry::newest).cloned();
        let at = super::version::next_version(previous.as_ref(), now_ms, device);
        self.entries.insert(id.to_string(), Entry::Deleted { at });
    }
}
