//! The per-field merge: a record whose parts changed on two devices between syncs (a rename here, a
//! follow-up turn there) keeps both. The body (everything not named as a field) comes from the side
//! with the newer body; each field from the side with its newer version. Records are JSON objects
//! here, so the rule needs no knowledge of any protocol's record.
use serde_json::{Map, Value};

use super::index::Entry;

/// A session's parts that merge on their own: what the user edits after the run, each a top-level
/// key of the record (the title, and the outcome once judged: `record::outcome`). The index versions
/// each (`seen::change` says which moved) and `merge` keeps the newer one.
pub const SESSION_FIELDS: &[&str] = &["title", "outcome"];

/// The merged record of `local` and `remote` (JSON objects) by their entries' versions. Anything that
/// is not an object, or an entry that is a deletion, leaves `local` as it is: the plan merges only
/// two live records.
pub fn merge(local: &Value, local_entry: &Entry, remote: &Value, remote_entry: &Entry) -> Value {
    let (
        Entry::Live {
            body: local_body,
            fields: local_fields,
        },
        Entry::Live {
            body: remote_body,
            fields: remote_fields,
        },
        Some(local_object),
        Some(remote_object),
    ) = (
        local_entry,
        remote_entry,
        local.as_object(),
        remote.as_object(),
    )
    else {
        return local.clone();
    };
    let mut merged: Map<String, Value> = if remote_body > local_body {
        remote_object.clone()
    } else {
        local_object.clone()
    };
    let names = local_fields.keys().chain(remote_fields.keys());
    for name in names {
        let remote_newer = match (local_fields.get(name), remote_fields.get(name)) {
            (Some(l), Some(r)) => r > l,
            (None, Some(_)) => true,
            _ => false,
        };
        let source = if remote_newer {
            remote_object
        } else {
            local_object
        };
        match source.get(name) {
            Some(value) => merged.insert(name.clone(), value.clone()),
            None => merged.remove(name),
        };
    }
    Value::Object(merged)
}

/// The top-level fields of `after` that differ from `before` (added, changed or removed), sorted: what
/// a settings save versions as edited.
pub fn changed_fields(before: &Value, after: &Value) -> Vec<String> {
    let empty = Map::new();
    let before = before.as_object().unwrap_or(&empty);
    let after = after.as_object().unwrap_or(&empty);
    let mut names: Vec<String> = before
        .keys()
        .chain(after.keys())
        .filter(|name| before.get(*name) != after.get(*name))
        .cloned()
        .collect();
    names.sort();
    names.dedup();
    names
}
