//! What this device last synced of a session, and what changed here since: the body when its
//! updated time moved (a run, a resume), else each field the user edits afterwards whose value moved
//! (a rename, a judgment of its outcome), so a rename here and an outcome there both survive.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::fields::SESSION_FIELDS;
use super::index::{Entry, Index, TOMBSTONE_KEEP_MS};

/// One session as this device last synced it (or as it is now, to compare).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub updated_at: String,
    pub title: String,
    /// When its outcome was last judged ("" while not judged): judging, or judging again, moves it.
    /// States saved before outcomes synced read as not judged.
    #[serde(default)]
    pub judged_at: String,
}

impl Seen {
    /// The value of the user-editable field `name` (one of `SESSION_FIELDS`).
    fn field(&self, name: &str) -> &str {
        match name {
            "title" => &self.title,
            "outcome" => &self.judged_at,
            _ => "",
        }
    }
}

/// What a sync versions for one session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Unchanged,
    /// New here, or its body changed (its fields travel with it).
    Body,
    /// Only these fields were edited.
    Fields(Vec<&'static str>),
}

/// What changed in a session since `before` (None: never synced from here); `known`: the index
/// holds it live (a session it lacks, or holds deleted, is new here).
pub fn change(before: Option<&Seen>, now: &Seen, known: bool) -> Change {
    let Some(before) = before.filter(|_| known) else {
        return Change::Body;
    };
    if before.updated_at != now.updated_at {
        return Change::Body;
    }
    let edited: Vec<&'static str> = SESSION_FIELDS
        .iter()
        .copied()
        .filter(|name| before.field(name) != now.field(name))
        .collect();
    if edited.is_empty() {
        Change::Unchanged
    } else {
        Change::Fields(edited)
    }
}

/// A deletion made here at `deleted_at_ms` that the next sync writes to the index: one still within
/// the keep time that the index does not already hold as deleted.
pub fn deletion_to_note(index: &Index, id: &str, deleted_at_ms: u64, now_ms: u64) -> bool {
    let fresh = deleted_at_ms.saturating_add(TOMBSTONE_KEEP_MS) >= now_ms;
    fresh && !index.get(id).is_some_and(Entry::is_deleted)
}

/// How many changes made here the bucket does not hold yet ("3 waiting"): each session new or
/// changed since the last sync (`change`) and each deletion the next sync will note
/// (`deletion_to_note`). `index` and `seen` are what the last successful sync left; a sync that
/// failed left them as they were, so its changes still count, and go with the next sync.
pub fn waiting(
    index: &Index,
    seen: &BTreeMap<String, Seen>,
    sessions: &[(String, Seen)],
    deletions: &[(String, u64)],
    now_ms: u64,
) -> usize {
    let changed = sessions
        .iter()
        .filter(|(id, now)| {
            let known = index.get(id).is_some_and(|e| !e.is_deleted());
            change(seen.get(id), now, known) != Change::Unchanged
        })
        .count();
    let deleted = deletions
        .iter()
        .filter(|(id, at)| deletion_to_note(index, id, *at, now_ms))
        .count();
    changed + deleted
}
