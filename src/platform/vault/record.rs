//! How tabs share one stored vault, pure (native tests). A tab never writes back what it holds in
//! memory: each write re-reads the stored record, applies this tab's changes to the keys it holds
//! and is stored only over the revision it read (else it reads again). A key removed while the
//! vault is locked cannot be taken out of the ciphertext, so its provider id (never a key) is listed
//! in the record in clear, and the next unlock, in any tab, drops it for good.
use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

pub type Keys = BTreeMap<String, String>;

/// The record's field counting its writes (`format::VaultFile::revision`).
const REVISION: &str = "revision";
/// The record's field listing providers whose key was removed while it was locked.
const DROPPED: &str = "dropped";

/// One change a tab makes to the remembered keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Put { provider: String, key: String },
    Drop(String),
}

/// `keys` with `changes` applied in order.
pub fn apply(mut keys: Keys, changes: &[Change]) -> Keys {
    for change in changes {
        match change {
            Change::Put { provider, key } => {
                keys.insert(provider.clone(), key.clone());
            }
            Change::Drop(provider) => {
                keys.remove(provider);
            }
        }
    }
    keys
}

fn object(json: &str) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_str(json).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// How many times the record was written (0 for records written before revisions were counted).
pub fn revision_of(json: &str) -> u64 {
    object(json)
        .and_then(|o| o.get(REVISION)?.as_u64())
        .unwrap_or(0)
}

/// The providers whose key was removed while the vault was locked.
pub fn dropped_of(json: &str) -> BTreeSet<String> {
    object(json)
        .and_then(|o| {
            let list = o.get(DROPPED)?.as_array()?.clone();
            Some(
                list.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
            )
        })
        .unwrap_or_default()
}

/// The record with `provider` listed as dropped and its revision raised (so a tab that read it
/// before writes again over the new one); None when it is not a record.
pub fn with_dropped(json: &str, provider: &str) -> Option<String> {
    let mut record = object(json)?;
    let mut dropped = dropped_of(json);
    dropped.insert(provider.to_string());
    record.insert(DROPPED.into(), dropped.into_iter().collect());
    record.insert(REVISION.into(), (revision_of(json) + 1).into());
    serde_json::to_string(&record).ok()
}

/// The keys a record holds: those sealed in it, less those dropped while it was locked.
pub fn without_dropped(mut keys: Keys, dropped: &BTreeSet<String>) -> Keys {
    keys.retain(|provider, _| !dropped.contains(provider));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(pairs: &[(&str, &str)]) -> Keys {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn changes_apply_in_order_to_what_the_vault_holds() {
        let stored = keys(&[("a", "1"), ("b", "2")]);
        let changes = [
            Change::Drop("a".into()),
            Change::Put {
                provider: "c".into(),
                key: "3".into(),
            },
            Change::Put {
                provider: "b".into(),
                key: "2b".into(),
            },
            Change::Drop("missing".into()),
        ];
        assert_eq!(apply(stored, &changes), keys(&[("b", "2b"), ("c", "3")]));
    }

    #[test]
    fn a_key_removed_while_locked_is_listed_by_provider_and_raises_the_revision() {
        let record = r#"{"version":2,"ciphertext":"00","revision":4}"#;
        assert_eq!(revision_of(record), 4);
        assert!(dropped_of(record).is_empty());
        let once = with_dropped(record, "p-or").unwrap();
        let twice = with_dropped(&once, "p-x").unwrap();
        let again = with_dropped(&twice, "p-or").unwrap();
        assert_eq!(revision_of(&again), 7);
        assert_eq!(
            dropped_of(&again),
            ["p-or", "p-x"].map(String::from).into_iter().collect()
        );
        // The rest of the record is kept as it was.
        let value: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(value["ciphertext"], "00");
        assert_eq!(value["version"], 2);
        // A record from before revisions were counted, and things that are not records.
        assert_eq!(revision_of(r#"{"version":1}"#), 0);
        assert_eq!(
            revision_of(&with_dropped(r#"{"version":1}"#, "a").unwrap()),
            1
        );
        assert_eq!(with_dropped("not json", "a"), None);
        assert_eq!(with_dropped("[1]", "a"), None);
    }

    #[test]
    fn the_keys_a_record_holds_leave_out_those_dropped_while_locked() {
        let dropped = ["a".to_string()].into_iter().collect();
        assert_eq!(
            without_dropped(keys(&[("a", "1"), ("b", "2")]), &dropped),
            keys(&[("b", "2")])
        );
    }
}
