//! One sync, start to end (README, "Sync"): open the bucket's keys with the passphrase (or set them
//! up in an empty bucket), read its index, note what changed here since the last sync, let the
//! engine's rule plan it (`consilium_engine::sync::plan`), then upload, download, merge and delete
//! record by record, write the index, and only then delete the objects it no longer names. A bucket
//! that fails stops the sync with its problem named and writes no index (what was uploaded is named
//! by nothing yet, and the next sync finishes it); a record that does not decrypt or parse is skipped
//! and named, and the rest syncs.
use std::cell::RefCell;
use std::rc::Rc;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::foundation::timestamp::parse_rfc3339_ms;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::Session;
use consilium_engine::sync::fields::merge;
use consilium_engine::sync::format::{INDEX_OBJECT, KEYS_OBJECT};
use consilium_engine::sync::index::{Entry, Index};
use consilium_engine::sync::plan::plan;
use consilium_engine::sync::seen::{change, deletion_to_note, waiting, Change, Seen};
use consilium_engine::sync::settings::SETTINGS_ID;
use serde_json::Value;

use super::settings::{self, SettingsStep};
use crate::platform::keys;
use crate::platform::storage;
use crate::platform::sync::bucket::Bucket;
use crate::platform::sync::crypto::{self, SyncKeys};
use crate::platform::sync::local::{self, SyncState, PASSPHRASE_KEY_ID};

/// What a sync did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub uploaded: usize,
    pub downloaded: usize,
    pub merged: usize,
    pub deleted_here: usize,
    pub deleted_there: usize,
    /// Records left out, each with why (the rest synced).
    pub skipped: Vec<String>,
    /// This device's settings changed: taken from the bucket, or merged with its.
    pub settings_taken: bool,
}

impl Report {
    /// What this sync and `next` (the one that followed it) did together.
    pub fn and(mut self, next: Report) -> Report {
        self.uploaded += next.uploaded;
        self.downloaded += next.downloaded;
        self.merged += next.merged;
        self.deleted_here += next.deleted_here;
        self.deleted_there += next.deleted_there;
        self.skipped.extend(next.skipped);
        self.settings_taken |= next.settings_taken;
        self
    }
}

thread_local! {
    /// The keys derived in this tab, by bucket and passphrase: PBKDF2 runs once per tab, not per sync.
    static KEYS: RefCell<Option<(String, Rc<SyncKeys>)>> = const { RefCell::new(None) };
}

/// Downloaded sessions stored per transaction and per announcement, as an import stores them: one
/// of each per session made a first sync of 1,000 redraw every list of sessions 1,000 times.
const BATCH: usize = 100;

/// Syncs this device with the bucket in Settings -> Sync; `progress` hears how many of its steps
/// (records uploaded, downloaded, merged, deleted) are done of how many. Err is the sentence to show.
pub async fn sync_once(progress: &dyn Fn(usize, usize)) -> Result<Report, String> {
    let passphrase = keys::get_key(PASSPHRASE_KEY_ID)
        .filter(|p| !p.is_empty())
        .ok_or("Type the sync passphrase (Settings -> Sync).")?;
    let (bucket, config) = Bucket::from_settings()?;
    let cache_key = format!("{}\n{}\n{}", config.endpoint, config.bucket, passphrase);
    let sync_keys = open_keys(&bucket, &cache_key, &passphrase).await?;

    let remote = match bucket.get(INDEX_OBJECT).await.map_err(|p| p.sentence())? {
        None => Index::default(),
        Some(bytes) => crypto::open_index(&sync_keys, &bytes)
            .await
            .map_err(|e| e.sentence())?,
    };
    let now = js_sys::Date::now() as u64;
    let mut state = local::state();
    note_local_changes(&mut state, now).await?;
    settings::note(&mut state, &remote, now);
    let mut plan = plan(&state.index, &remote, now);
    let settings_step = settings::take_step(&mut plan);

    let mut report = Report::default();
    let mut to_write = plan.index.clone();
    let mut kept_here = plan.index.clone();
    let sync = Sync {
        bucket: &bucket,
        keys: &sync_keys,
    };
    let total =
        plan.upload.len() + plan.download.len() + plan.merge.len() + plan.delete_local.len();
    let mut done = 0;
    let mut step = || {
        done += 1;
        progress(done, total);
    };
    progress(0, total);
    for id in &plan.upload {
        match sync.upload(id, &plan.index.entries[id]).await? {
            Ok(()) => report.uploaded += 1,
            Err(why) => skip(&mut report, &mut to_write, &remote, id, why),
        }
        step();
    }
    let mut fetched = Vec::with_capacity(BATCH.min(plan.download.len()));
    for id in &plan.download {
        match sync.fetch_session(id, &remote.entries[id]).await? {
            Ok(session) => fetched.push(session),
            Err(why) => skip(&mut report, &mut kept_here, &state.index, id, why),
        }
        if fetched.len() == BATCH {
            store_batch(&mut fetched, &mut state, &plan.index, &mut report).await?;
        }
        step();
    }
    store_batch(&mut fetched, &mut state, &plan.index, &mut report).await?;
    for id in &plan.merge {
        let (here, there) = (&state.index.entries[id], &remote.entries[id]);
        match sync.merge(id, here, there, &plan.index.entries[id]).await? {
            Ok(session) => {
                see(&mut state, &session);
                report.merged += 1;
            }
            Err(why) => {
                skip(&mut report, &mut kept_here, &state.index, id, why);
                restore(&mut to_write, &remote, id);
            }
        }
        step();
    }
    match sync
        .settings(settings_step, &mut state, &remote, &plan.index)
        .await?
    {
        Ok(taken) => report.settings_taken = taken,
        Err(why) => {
            let id = SETTINGS_ID;
            match settings_step {
                SettingsStep::Upload => skip(&mut report, &mut to_write, &remote, id, why),
                _ => {
                    skip(&mut report, &mut kept_here, &state.index, id, why);
                    restore(&mut to_write, &remote, id);
                }
            }
        }
    }
    for id in &plan.delete_local {
        storage::delete_sessions(&[SessionId::from(id)]).await?;
        state.seen.remove(id);
        report.deleted_here += 1;
        step();
    }
    report.deleted_there = plan.delete_remote.len();

    if to_write != remote {
        let sealed = crypto::seal_index(&sync_keys, &to_write)
            .await
            .map_err(|e| e.sentence())?;
        bucket
            .put(INDEX_OBJECT, &sealed)
            .await
            .map_err(|p| p.sentence())?;
    }
    // The objects the index no longer names: older versions and deleted records. A failure here
    // only leaves an object nothing reads.
    for (id, old) in &remote.entries {
        let still_named = to_write.entries.get(id) == Some(old);
        if !still_named && !old.is_deleted() {
            if let Ok(name) = crypto::object_name(&sync_keys, id, old).await {
                let _ = bucket.delete(&name).await;
            }
        }
    }
    state.index = kept_here;
    state.last_synced_ms = Some(js_sys::Date::now() as u64);
    local::save_state(&state)?;
    Ok(report)
}

/// How many changes made here the bucket does not hold yet (`sync::seen::waiting`): what the next
/// sync will send.
pub async fn count_waiting() -> Result<usize, String> {
    let state = local::state();
    let sessions: Vec<(String, Seen)> = storage::list_sessions()
        .await?
        .iter()
        .map(|summary| (summary.id.to_string(), seen_of(summary)))
        .collect();
    let deletions: Vec<(String, u64)> = storage::deleted_sessions()
        .await?
        .into_iter()
        .map(|(id, at)| (id, at as u64))
        .collect();
    let now = js_sys::Date::now() as u64;
    Ok(waiting(
        &state.index,
        &state.seen,
        &sessions,
        &deletions,
        now,
    ))
}

/// Stores the downloaded sessions in `batch` (one transaction and one announcement) and notes them
/// in the sync state at once, as this sync's index has them: a sync left mid-way (the page closed)
/// keeps what it stored, and the next one neither fetches those again nor takes them for new here.
/// A full browser storage keeps what fit and stops the sync with the fix.
async fn store_batch(
    batch: &mut Vec<Session>,
    state: &mut SyncState,
    synced: &Index,
    report: &mut Report,
) -> Result<(), String> {
    if batch.is_empty() {
        return Ok(());
    }
    let (stored, refused) = match storage::save_imported_all(batch, |_| {}).await {
        Ok(stored) => (stored, None),
        Err((stored, why)) => (stored, Some(why)),
    };
    for session in &batch[..stored] {
        see(state, session);
        if let Some(entry) = synced.get(session.id.as_str()) {
            state
                .index
                .entries
                .insert(session.id.to_string(), entry.clone());
        }
    }
    report.downloaded += stored;
    batch.clear();
    local::save_state(state)?;
    match refused {
        None => Ok(()),
        Some(why) => Err(format!(
            "This browser's storage is full: the sessions that fit were kept, the rest wait in the bucket. Free space (delete or export sessions) and sync again. ({why})"
        )),
    }
}

/// The bucket's keys for `passphrase`: set up in an empty bucket, else opened from its keys.json (a
/// wrong passphrase stops here, before anything is read or written).
async fn open_keys(
    bucket: &Bucket,
    cache_key: &str,
    passphrase: &str,
) -> Result<Rc<SyncKeys>, String> {
    let cached = KEYS.with(|k| {
        k.borrow()
            .as_ref()
            .filter(|(key, _)| key == cache_key)
            .map(|(_, keys)| keys.clone())
    });
    if let Some(keys) = cached {
        return Ok(keys);
    }
    let keys = match bucket.get(KEYS_OBJECT).await.map_err(|p| p.sentence())? {
        Some(bytes) => {
            let json = String::from_utf8_lossy(&bytes);
            crypto::open_keys(passphrase, &json)
                .await
                .map_err(|e| e.sentence())?
        }
        None => {
            let (keys, json) = crypto::new_keys(passphrase)
                .await
                .map_err(|e| e.sentence())?;
            bucket
                .put(KEYS_OBJECT, json.as_bytes())
                .await
                .map_err(|p| p.sentence())?;
            keys
        }
    };
    let keys = Rc::new(keys);
    KEYS.with(|k| *k.borrow_mut() = Some((cache_key.to_string(), keys.clone())));
    Ok(keys)
}

/// Versions what changed here since the last sync (`sync::seen::change`): a session whose updated
/// time moved (its body), one renamed or judged (those fields), a deletion (its tombstone, while
/// within the keep time).
async fn note_local_changes(state: &mut SyncState, now: u64) -> Result<(), String> {
    let device = state.device.clone();
    for summary in storage::list_sessions().await? {
        let seen_now = seen_of(&summary);
        let known = state
            .index
            .get(summary.id.as_str())
            .is_some_and(|e| !e.is_deleted());
        match change(state.seen.get(summary.id.as_str()), &seen_now, known) {
            Change::Unchanged => {}
            Change::Body => {
                let at = parse_rfc3339_ms(&summary.updated_at).unwrap_or(now);
                state.index.touch_body(summary.id.as_str(), at, &device);
            }
            Change::Fields(fields) => {
                for field in fields {
                    state
                        .index
                        .touch_field(summary.id.as_str(), field, now, &device);
                }
            }
        }
        state.seen.insert(summary.id.to_string(), seen_now);
    }
    for (id, at) in storage::deleted_sessions().await? {
        let at = at as u64;
        if deletion_to_note(&state.index, &id, at, now) {
            state.index.delete(&id, at, &device);
            state.seen.remove(&id);
        }
    }
    Ok(())
}

fn seen_of(summary: &SessionSummary) -> Seen {
    Seen {
        updated_at: summary.updated_at.clone(),
        title: summary.title.clone(),
        judged_at: summary.judged_at.clone().unwrap_or_default(),
    }
}

fn see(state: &mut SyncState, session: &Session) {
    state.seen.insert(
        session.id.to_string(),
        seen_of(&SessionSummary::of(session)),
    );
}

/// Leaves `id` out of `index` as `before` had it, and names why.
fn skip(report: &mut Report, index: &mut Index, before: &Index, id: &str, why: String) {
    report.skipped.push(why);
    restore(index, before, id);
}

fn restore(index: &mut Index, before: &Index, id: &str) {
    match before.entries.get(id) {
        Some(entry) => index.entries.insert(id.to_string(), entry.clone()),
        None => index.entries.remove(id),
    };
}

/// One record's steps. The outer Err stops the sync (the bucket failed); the inner one skips the
/// record (it does not load, decrypt or parse).
pub(super) struct Sync<'a> {
    bucket: &'a Bucket,
    keys: &'a SyncKeys,
}

pub(super) type Step<T> = Result<Result<T, String>, String>;

impl Sync<'_> {
    pub(super) async fn put(&self, id: &str, entry: &Entry, data: &Value) -> Step<()> {
        let sealed = crypto::seal_record(self.keys, id, entry, data)
            .await
            .map_err(|e| e.sentence())?;
        let name = crypto::object_name(self.keys, id, entry)
            .await
            .map_err(|e| e.sentence())?;
        self.bucket
            .put(&name, &sealed)
            .await
            .map_err(|p| p.sentence())?;
        Ok(Ok(()))
    }

    async fn upload(&self, id: &str, entry: &Entry) -> Step<()> {
        let Some(session) = storage::load_session(&id.into()).await.ok().flatten() else {
            return Ok(Err(format!("A session here could not be read ({id}).")));
        };
        let data = serde_json::to_value(&session).map_err(|e| e.to_string())?;
        self.put(id, entry, &data).await
    }

    pub(super) async fn fetch(&self, id: &str, entry: &Entry) -> Step<Value> {
        let name = crypto::object_name(self.keys, id, entry)
            .await
            .map_err(|e| e.sentence())?;
        let Some(bytes) = self.bucket.get(&name).await.map_err(|p| p.sentence())? else {
            return Ok(Err(format!(
                "A session in the bucket is missing its object ({id}); the device that wrote it will upload it again."
            )));
        };
        Ok(crypto::open_record(self.keys, id, entry, &bytes)
            .await
            .map_err(|e| format!("{} ({id})", e.sentence())))
    }

    /// The session `data` holds, if it parses and is the one the index names `id`.
    fn parse(id: &str, data: Value) -> Result<Session, String> {
        match Session::from_json(data) {
            Ok(session) if session.id == id => Ok(session),
            Ok(_) => Err(format!(
                "A session in the bucket is not the one its index names ({id})."
            )),
            Err(e) => Err(format!("{e} ({id})")),
        }
    }

    async fn save(id: &str, data: Value) -> Step<Session> {
        let session = match Self::parse(id, data) {
            Ok(session) => session,
            Err(why) => return Ok(Err(why)),
        };
        storage::save_imported(&session).await?;
        Ok(Ok(session))
    }

    /// The bucket's session `id`, read and parsed (stored by `store_batch`).
    async fn fetch_session(&self, id: &str, entry: &Entry) -> Step<Session> {
        Ok(self
            .fetch(id, entry)
            .await?
            .and_then(|data| Self::parse(id, data)))
    }

    /// Each side holds a newer part: the merged record is saved here and uploaded as `merged`.
    async fn merge(&self, id: &str, here: &Entry, there: &Entry, merged: &Entry) -> Step<Session> {
        let remote = match self.fetch(id, there).await? {
            Ok(data) => data,
            Err(why) => return Ok(Err(why)),
        };
        let Some(session) = storage::load_session(&id.into()).await.ok().flatten() else {
            return Ok(Err(format!("A session here could not be read ({id}).")));
        };
        let local = serde_json::to_value(&session).map_err(|e| e.to_string())?;
        let data = merge(&local, here, &remote, there);
        let session = match Self::save(id, data.clone()).await? {
            Ok(session) => session,
            Err(why) => return Ok(Err(why)),
        };
        match self.put(id, merged, &data).await? {
            Ok(()) => Ok(Ok(session)),
            Err(why) => Ok(Err(why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Report;

    #[test]
    fn a_sync_that_followed_another_adds_to_what_it_did() {
        let first = Report {
            deleted_here: 1,
            skipped: vec!["one".into()],
            ..Report::default()
        };
        let second = Report {
            uploaded: 2,
            settings_taken: true,
            skipped: vec!["two".into()],
            ..Report::default()
        };
        let both = first.and(second);
        assert_eq!(
            (both.uploaded, both.deleted_here, both.settings_taken),
            (2, 1, true)
        );
        assert_eq!(both.skipped, ["one", "two"]);
    }
}
