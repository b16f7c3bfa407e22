//! The merge rule, as data: given what this device knows (the local index) and what the bucket holds
//! (the remote index), which records to upload, download, merge or delete, and the index both sides
//! keep afterwards. Per record:
//! - only one side has it: it goes to the other (a record is never deleted because the bucket lacks
//!   it; a deletion only this side knows is written to the index);
//! - both have it: each part (the body; each per-field part, such as the title) takes the newer
//!   version. When one side already holds every newer part it is copied to the other; when each side
//!   holds some, the record is merged (download, take each part from its newer side, save, upload);
//! - one side deleted it: the deletion wins when it is newer than every part of the record;
//!   otherwise the record (edited after the deletion) comes back;
//! - a deletion older than `TOMBSTONE_KEEP_MS` still applies in this sync, then leaves both indexes.
//!
//! Syncing twice changes nothing: the second plan has no steps and the same index.
use std::collections::{BTreeMap, BTreeSet};

use super::index::{Entry, Index, TOMBSTONE_KEEP_MS};
use super::version::Version;

/// What one sync does, record by record (each list sorted by id).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// This device's record goes to the bucket (new there, or newer here).
    pub upload: Vec<String>,
    /// The bucket's record replaces this device's (new here, or newer there).
    pub download: Vec<String>,
    /// Each side holds some newer part: download, merge (`super::fields::merge`), save, upload.
    pub merge: Vec<String>,
    /// A newer deletion from another device: the record goes from this device.
    pub delete_local: Vec<String>,
    /// A newer deletion on this device: the record's object goes from the bucket.
    pub delete_remote: Vec<String>,
    /// Deletions past their keep time, dropped from both indexes.
    pub forget: Vec<String>,
    /// The index both sides hold once the steps are done.
    pub index: Index,
    /// The bucket's index differs from `index` and must be written.
    pub write_index: bool,
}

impl Plan {
    /// Nothing to upload, download, merge or delete (the index may still need writing).
    pub fn has_no_steps(&self) -> bool {
        self.upload.is_empty()
            && self.download.is_empty()
            && self.merge.is_empty()
            && self.delete_local.is_empty()
            && self.delete_remote.is_empty()
    }
}

/// The plan for `local` against `remote` at `now_ms` (this device's clock, used only for the
/// tombstones' keep time).
pub fn plan(local: &Index, remote: &Index, now_ms: u64) -> Plan {
    let ids: BTreeSet<&String> = local.entries.keys().chain(remote.entries.keys()).collect();
    let mut plan = Plan::default();
    let mut merged = BTreeMap::new();
    for id in ids {
        let entry = match (local.get(id), remote.get(id)) {
            (Some(l), None) => {
                if !l.is_deleted() {
                    plan.upload.push(id.clone());
                }
                l.clone()
            }
            (None, Some(r)) => {
                if !r.is_deleted() {
                    plan.download.push(id.clone());
                }
                r.clone()
            }
            (Some(l), Some(r)) => both(id, l, r, &mut plan),
            (None, None) => continue,
        };
        merged.insert(id.clone(), entry);
    }
    merged.retain(|id, entry| {
        let expired = matches!(entry, Entry::Deleted { at }
            if at.at_ms.saturating_add(TOMBSTONE_KEEP_MS) < now_ms);
        if expired {
            plan.forget.push(id.clone());
        }
        !expired
    });
    plan.index = Index { entries: merged };
    plan.write_index = plan.index != *remote;
    plan
}

/// The entry after syncing a record both sides know, with its step added to `plan`.
fn both(id: &str, local: &Entry, remote: &Entry, plan: &mut Plan) -> Entry {
    match (local, remote) {
        (Entry::Deleted { at: l }, Entry::Deleted { at: r }) => Entry::Deleted {
            at: l.max(r).clone(),
        },
        (Entry::Deleted { at }, live) => {
            if at > live.newest() {
                plan.delete_remote.push(id.to_string());
                local.clone()
            } else {
                plan.download.push(id.to_string());
                live.clone()
            }
        }
        (live, Entry::Deleted { at }) => {
            if at > live.newest() {
                plan.delete_local.push(id.to_string());
                remote.clone()
            } else {
                plan.upload.push(id.to_string());
                live.clone()
            }
        }
        (
            Entry::Live {
                body: local_body,
                fields: local_fields,
            },
            Entry::Live {
                body: remote_body,
                fields: remote_fields,
            },
        ) => {
            let merged = Entry::Live {
                body: local_body.max(remote_body).clone(),
                fields: newer_fields(local_fields, remote_fields),
            };
            if merged == *local && merged == *remote {
            } else if merged == *local {
                plan.upload.push(id.to_string());
            } else if merged == *remote {
                plan.download.push(id.to_string());
            } else {
                plan.merge.push(id.to_string());
            }
            merged
        }
    }
}

/// Each field's newer version of two sides (a field only one side has is that side's).
fn newer_fields(
    a: &BTreeMap<String, Version>,
    b: &BTreeMap<String, Version>,
) -> BTreeMap<String, Version> {
    let mut fields = a.clone();
    for (name, version) in b {
        if fields.get(name).is_none_or(|mine| version > mine) {
            fields.insert(name.clone(), version.clone());
        }
    }
    fields
}
