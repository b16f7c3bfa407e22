//! The search texts History has read, kept in step with the list: after a change (here or in
//! another tab) only the texts of sessions whose summary changed are read again. A run in another
//! tab saves about 20 times, and re-reading every text each time cost 140 ms at 1,000 sessions.
use std::collections::HashMap;

use super::search::{Query, SearchHit, SearchText};
use super::summary::SessionSummary;
use crate::foundation::ids::SessionId;

/// Each session's `updated_at` and title, by id: what a text was read for. The title counts
/// too: a rename keeps `updated_at` (the session keeps its place), yet its text changed.
pub type Stamps = HashMap<SessionId, String>;

pub fn stamps(history: &[SessionSummary]) -> Stamps {
    history
        .iter()
        .map(|s| (s.id.clone(), format!("{}\n{}", s.updated_at, s.title)))
        .collect()
}

pub struct SearchCache {
    texts: HashMap<SessionId, SearchText>,
    /// The stamp each text was read for.
    read_for: Stamps,
    /// The list's stamps when texts were last asked for.
    seen: Stamps,
}

impl SearchCache {
    /// `read`: (id, text) pairs; `seen`: the list's stamps taken before they were read, so a save
    /// during the read leaves its session stale.
    pub fn new(read: Vec<(SessionId, String)>, seen: Stamps) -> Self {
        let mut cache = SearchCache {
            texts: HashMap::new(),
            read_for: Stamps::new(),
            seen,
        };
        cache.insert(read);
        cache
    }

    /// Texts read again after `stale`.
    pub fn insert(&mut self, read: Vec<(SessionId, String)>) {
        for (id, text) in read {
            if let Some(stamp) = self.seen.get(&id) {
                self.read_for.insert(id.clone(), stamp.clone());
            }
            self.texts.insert(id, SearchText::new(text));
        }
    }

    /// Follows the list: drops the texts of deleted sessions and returns the ids whose text must
    /// be read (new sessions, and sessions saved since their text was read), sorted.
    pub fn stale(&mut self, history: &[SessionSummary]) -> Vec<SessionId> {
        self.seen = stamps(history);
        let seen = &self.seen;
        self.texts.retain(|id, _| seen.contains_key(id));
        self.read_for.retain(|id, _| seen.contains_key(id));
        let mut ids: Vec<SessionId> = seen
            .iter()
            .filter(|(id, stamp)| self.read_for.get(*id) != Some(*stamp))
            .map(|(id, _)| id.clone())
            .collect();
        consilium_order::sort(&mut ids);
        ids
    }

    pub fn find(&self, query: &Query) -> HashMap<SessionId, SearchHit> {
        self.texts
            .iter()
            .filter_map(|(id, text)| query.find(text).map(|hit| (id.clone(), hit)))
            .collect()
    }
}
