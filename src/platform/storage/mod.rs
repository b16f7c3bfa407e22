//! Sessions in IndexedDB: one record per session, a light summary per session for the history
//! list and its search text, and a tombstone per deleted session. A benchmark's questions are
//! stored apart from its record, one entry each, written as each changes (`outcomes.rs`). A
//! session's material (a thread's turns all carry it) is stored apart too, one copy of each body
//! by its content hash, and joined again on every read (`material.rs`). Settings and remembered keys stay
//! in local storage (`settings.rs`, `keys.rs`). Sessions an earlier version kept in local storage
//! are moved over once, verified, and only then removed (`legacy.rs`). Every change is announced to
//! the other tabs (`sync.rs`). A write that fails (full quota, storage blocked) is reported and never
//! evicts or overwrites anything: the session stays in memory and can still be exported.
mod db;
mod full;
pub(crate) mod legacy;
mod material;
mod outcomes;
mod queue;
mod quota;
pub(crate) mod reindex;
pub mod sync;
mod upkeep;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::material_apart::material_apart;
use consilium_engine::library::search::searchable_text;
pub use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::outcomes_apart::{
    needs_split, split_questions, stored_record, StoredQuestion,
};
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::Body;
use consilium_engine::record::Session;
use idb::TransactionMode;
use outcomes::Apart;
use std::future::IntoFuture;
use wasm_bindgen::JsValue;

pub use db::{DB_NAME, DB_VERSION};
pub use legacy::{migration_notice, move_legacy_sessions, MoveReport, INDEX_KEY, SESSION_PREFIX};
pub use queue::{save_latest_soon, save_question_soon, save_soon, written, RecordNow, SessionNow};
pub use quota::{
    ask_persistence, dismiss_storage_advice, storage_advice_dismissed, usage, StorageUsage,
};
pub use reindex::rebuild_missing_now;
use sync::Change;

const FULL: &str = "Browser storage is full, so this was not saved. Nothing was deleted: the session \
                    is still open here. Export it, or delete old sessions in History, then try again.";
pub(crate) const DELETED_ELSEWHERE: &str =
    "This session was deleted (here or in another tab), so it was not \
                                 saved again. It is still open here: export it to keep it.";

/// For the settings and keys, which stay in local storage.
pub fn explain_storage_error(error: &gloo_storage::errors::StorageError) -> String {
    use gloo_storage::errors::StorageError;
    match error {
        StorageError::JsError(js) if js.name == "QuotaExceededError" => {
            "Browser storage is full, so this was not saved. Delete old sessions in History, then try again."
                .to_string()
        }
        StorageError::JsError(js) => format!("The browser refused to save ({}: {}).", js.name, js.message),
        other => format!("The browser refused to save ({other})."),
    }
}

fn explain(error: &idb::Error) -> String {
    match db::describe(error).as_str() {
        "QuotaExceededError" => FULL.to_string(),
        other => format!("The browser refused to save ({other}). The session is still open here: export it to keep it."),
    }
}

/// Stores a session (record, summary and search text in one transaction) and tells the other
/// tabs. Refused for a session that was deleted, so a tab still showing it cannot bring it back.
pub async fn save_session(session: &Session) -> Result<(), String> {
    write(session, Tombstone::Refuse).await?;
    sync::announce(&Change::Saved(SessionSummary::of(session)));
    Ok(())
}

/// Stores `session` as `save_session` does; when the browser's storage is full and the session
/// carries material, it is stored with only the passages the council cited instead (the run and
/// its exports keep the whole material in memory), and `Ok(Some(sentence))` says so.
pub async fn save_session_fitting(session: &Session) -> Result<Option<String>, String> {
    let full = match save_session(session).await {
        Ok(()) => return Ok(None),
        Err(message) if message == FULL && has_material(session) => message,
        Err(message) => return Err(message),
    };
    match full::cited_only(session.clone()).await {
        Some((lighter, sentence)) => save_session(&lighter)
            .await
            .map(|()| Some(sentence))
            .map_err(|_| full),
        None => Err(full),
    }
}

fn has_material(session: &Session) -> bool {
    session
        .body_of::<ConsultBody>()
        .is_some_and(|body| !body.config.material.is_empty())
}

/// Stores what changed of a running benchmark: its record (`record`, JSON, already split: no
/// result in it, `count` questions apart), its summary and the questions given, in one
/// transaction. Its search text (its questions and settings) is not written again: they do not
/// change while it runs, and its whole saves at the start and the end write it.
pub(crate) async fn save_questions(
    id: &str,
    record: &str,
    count: u32,
    summary: SessionSummary,
    changed: std::collections::BTreeMap<u32, StoredQuestion>,
) -> Result<SessionSummary, String> {
    let database = db::database().await?;
    let apart = Apart::given(changed.into_iter().collect(), count)?;
    let summary_text = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
    write_strings(
        &database,
        id,
        record,
        &summary_text,
        None,
        &apart,
        &material::Bodies::untouched(),
        Tombstone::Refuse,
    )
    .await?;
    apart.remember(id);
    sync::announce(&Change::Saved(summary.clone()));
    Ok(summary)
}

/// Stores a session the user brought in on purpose (an import, a shared link): a tombstone left
/// by an earlier deletion of the same id does not stop it.
pub async fn save_imported(session: &Session) -> Result<(), String> {
    write(session, Tombstone::Clear).await?;
    sync::announce(&Change::Saved(SessionSummary::of(session)));
    Ok(())
}

/// Sessions per transaction and per announcement when many are stored at once (an import): one
/// transaction and one announcement per session made a 1,000-session import take minutes, each
/// announcement redrawing every list of sessions.
const BATCH: usize = 100;

/// Stores sessions the user brought in on purpose (an import), as `save_imported` does, a batch per
/// transaction and per announcement; `progress` hears how many are stored so far. A batch the browser
/// refuses (a full quota, most often) is stored one by one up to the session that does not fit, so
/// as much as fits is kept: `Err` holds how many were stored and "<id>: <why>" of the first refused.
pub async fn save_imported_all(
    sessions: &[Session],
    mut progress: impl FnMut(usize),
) -> Result<usize, (usize, String)> {
    let mut stored = 0;
    for batch in sessions.chunks(BATCH) {
        match write_batch(batch).await {
            Ok(summaries) => {
                stored += summaries.len();
                sync::announce(&Change::SavedMany(summaries));
            }
            Err(_) => {
                for session in batch {
                    save_imported(session)
                        .await
                        .map_err(|why| (stored, format!("{}: {why}", session.id)))?;
                    stored += 1;
                }
            }
        }
        progress(stored);
    }
    Ok(stored)
}

/// One transaction for all of `sessions`, each written as `save_imported` writes it; their summaries.
async fn write_batch(sessions: &[Session]) -> Result<Vec<SessionSummary>, String> {
    let prepared = sessions
        .iter()
        .map(prepare)
        .collect::<Result<Vec<_>, _>>()?;
    let database = db::database().await?;
    let run = async {
        let transaction = database.transaction(&db::ALL_STORES, TransactionMode::ReadWrite)?;
        for p in &prepared {
            put_strings(
                &transaction,
                &p.id,
                &p.record,
                &p.summary_text,
                Some(&p.text),
                &p.apart,
                &p.material,
            )?;
            transaction
                .object_store(db::DELETED)?
                .delete(db::key(&p.id))?;
        }
        for p in &prepared {
            material::put_bodies(&transaction, &p.material).await?;
        }
        Ok::<bool, idb::Error>(transaction.await?.is_committed())
    };
    match run.await {
        Ok(true) => {}
        Ok(false) => return Err("the write was aborted".into()),
        Err(error) => return Err(explain(&error)),
    }
    Ok(prepared
        .into_iter()
        .map(|p| {
            p.apart.remember(&p.id);
            p.summary
        })
        .collect())
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Tombstone {
    Refuse,
    Clear,
}

/// A whole save, ready to write: the strings of its record, summary and search text, the
/// questions and the material stored apart. Made from the session at once, so the session need not be kept (or
/// copied) while the write waits for the database.
pub(crate) struct Prepared {
    id: String,
    record: String,
    summary: SessionSummary,
    summary_text: String,
    text: String,
    apart: Apart,
    material: material::Bodies,
}

/// A benchmark is written split: its record without the questions, and the questions that
/// changed (the summary is of the whole run; the search text of the record: questions and settings).
pub(crate) fn prepare(session: &Session) -> Result<Prepared, String> {
    let mut split = matches!(session.body, Body::Benchmark(_)).then(|| stored_record(session));
    let text = searchable_text(split.as_ref().unwrap_or(session));
    // The questions' text goes to its own entry: the record a running benchmark rewrites after
    // each question is then its configuration and summary.
    let questions = split.as_mut().and_then(split_questions);
    let stored = split.as_ref().unwrap_or(session);
    let apart = Apart::of(session, stored)?.with_questions(questions)?;
    // The material's bodies apart, each once by its content hash (the search text above is of
    // the whole session: it finds the material's names and text).
    let (record, material) = match material_apart(stored) {
        Some((record, bodies)) => (
            serde_json::to_string(&record),
            material::Bodies::of(&record, bodies),
        ),
        None => (
            serde_json::to_string(stored),
            material::Bodies::of(stored, Vec::new()),
        ),
    };
    let record = record.map_err(|e| e.to_string())?;
    let summary = SessionSummary::of(session);
    let summary_text = serde_json::to_string(&summary).map_err(|e| e.to_string())?;
    Ok(Prepared {
        id: session.id.to_string(),
        record,
        summary,
        summary_text,
        text,
        apart,
        material,
    })
}

async fn write(session: &Session, tombstone: Tombstone) -> Result<(), String> {
    write_prepared(prepare(session)?, tombstone)
        .await
        .map(|_| ())
}

/// Writes a prepared save; its summary once written.
async fn write_prepared(
    prepared: Prepared,
    tombstone: Tombstone,
) -> Result<SessionSummary, String> {
    let database = db::database().await?;
    write_strings(
        &database,
        &prepared.id,
        &prepared.record,
        &prepared.summary_text,
        Some(&prepared.text),
        &prepared.apart,
        &prepared.material,
        tombstone,
    )
    .await?;
    prepared.apart.remember(&prepared.id);
    Ok(prepared.summary)
}

/// Stores a prepared save as `save_session` does (refused for a deleted session; the other tabs
/// are told), and hands back its summary.
pub(crate) async fn save_prepared(prepared: Prepared) -> Result<SessionSummary, String> {
    let summary = write_prepared(prepared, Tombstone::Refuse).await?;
    sync::announce(&Change::Saved(summary.clone()));
    Ok(summary)
}

/// All requests are made before the first wait, so writes keep the order they were asked in; a
/// tombstone found aborts the transaction and nothing of it is kept.
pub(crate) async fn write_strings(
    database: &idb::Database,
    id: &str,
    record: &str,
    summary: &str,
    text: Option<&str>,
    apart: &Apart,
    material: &material::Bodies,
    tombstone: Tombstone,
) -> Result<(), String> {
    let key = db::key(id);
    let run = async {
        let transaction = database.transaction(&db::ALL_STORES, TransactionMode::ReadWrite)?;
        let records = transaction.object_store(db::SESSIONS)?;
        put_strings(&transaction, id, record, summary, text, apart, material)?;
        material::put_bodies(&transaction, material).await?;
        let deleted = transaction.object_store(db::DELETED)?;
        let refused = match tombstone {
            Tombstone::Refuse => deleted.get(key.clone())?.await?.is_some(),
            Tombstone::Clear => {
                deleted.delete(key.clone())?;
                false
            }
        };
        if refused {
            transaction.abort()?;
            return Ok(Written::Refused);
        }
        if transaction.await?.is_committed() {
            return Ok(Written::Yes);
        }
        // Aborted by the browser (a full quota, most often): its reason is on the transaction.
        let reason = records
            .transaction()
            .error()
            .map(|e| e.name())
            .unwrap_or_default();
        Ok::<Written, idb::Error>(Written::Aborted(reason))
    };
    match run.await {
        Ok(Written::Yes) => Ok(()),
        Ok(Written::Refused) => Err(DELETED_ELSEWHERE.to_string()),
        Ok(Written::Aborted(reason)) if reason == "QuotaExceededError" => Err(FULL.to_string()),
        Ok(Written::Aborted(reason)) => Err(format!(
            "The browser refused to save ({}). The session is still open here: export it to keep it.",
            if reason.is_empty() { "the write was aborted" } else { reason.as_str() }
        )),
        Err(error) => Err(explain(&error)),
    }
}

/// A session's record, summary, search text, questions kept apart and the material keys its
/// record names, put in `transaction` (the bodies are `material::put_bodies`').
/// idb's request futures hear only events after their first poll, so the writes are not awaited
/// one by one: the transaction's end says whether all of them were kept.
fn put_strings(
    transaction: &idb::Transaction,
    id: &str,
    record: &str,
    summary: &str,
    text: Option<&str>,
    apart: &Apart,
    material: &material::Bodies,
) -> Result<(), idb::Error> {
    let key = db::key(id);
    transaction
        .object_store(db::SESSIONS)?
        .put(&JsValue::from_str(record), Some(&key))?;
    transaction
        .object_store(db::SUMMARIES)?
        .put(&JsValue::from_str(summary), Some(&key))?;
    if let Some(text) = text {
        transaction
            .object_store(db::TEXTS)?
            .put(&JsValue::from_str(text), Some(&key))?;
    }
    material::put_keys(transaction, id, material)?;
    outcomes::put(transaction, id, apart)
}

enum Written {
    Yes,
    Refused,
    Aborted(String),
}

/// `Ok(None)` when there is no such session; `Err` names what is wrong with one that no longer
/// reads (it is left untouched).
pub async fn load_session(id: &SessionId) -> Result<Option<Session>, String> {
    let database = db::database().await?;
    let text = async {
        let transaction = database.transaction(&[db::SESSIONS], TransactionMode::ReadOnly)?;
        transaction
            .object_store(db::SESSIONS)?
            .get(db::key(id))?
            .await
    }
    .await
    .map_err(|e| {
        format!(
            "The stored session {id} could not be read ({}).",
            db::describe(&e)
        )
    })?;
    let Some(text) = text.and_then(|v| v.as_string()) else {
        return Ok(None);
    };
    let record = Session::from_json_text(&text).map_err(|e| {
        format!("The stored session {id} could not be read. {e} It was left untouched.")
    })?;
    let session = outcomes::read_into(&database, record).await?;
    let session = material::read_into(&database, session).await?;
    if needs_split(&session) {
        // A benchmark stored whole by an earlier version: stored split now (kept whole if refused).
        let _ = write(&session, Tombstone::Refuse).await;
    }
    Ok(Some(session))
}

/// Every session's summary, newest first.
pub async fn list_sessions() -> Result<Vec<SessionSummary>, String> {
    let database = db::database().await?;
    let rows = db::all_strings(&database, db::SUMMARIES)
        .await
        .map_err(|e| format!("The history could not be read ({}).", db::describe(&e)))?;
    let mut summaries: Vec<SessionSummary> = rows
        .iter()
        .filter_map(|(_, text)| serde_json::from_str(text).ok())
        .collect();
    consilium_order::sort_by(&mut summaries, |a, b| b.updated_at.cmp(&a.updated_at));
    Ok(summaries)
}

/// Every session's search text, by id.
pub async fn search_texts() -> Result<Vec<(SessionId, String)>, String> {
    let database = db::database().await?;
    db::all_strings(&database, db::TEXTS)
        .await
        .map(|texts| {
            texts
                .into_iter()
                .map(|(id, text)| (id.into(), text))
                .collect()
        })
        .map_err(|e| format!("The history could not be searched ({}).", db::describe(&e)))
}

/// The search texts of these sessions (one read, all requests at once); a missing one is left out.
pub async fn search_texts_of(ids: &[SessionId]) -> Result<Vec<(SessionId, String)>, String> {
    let database = db::database().await?;
    let read = async {
        let transaction = database.transaction(&[db::TEXTS], TransactionMode::ReadOnly)?;
        let store = transaction.object_store(db::TEXTS)?;
        let mut requests = Vec::with_capacity(ids.len());
        for id in ids {
            requests.push(store.get(db::key(id))?.into_future());
        }
        // Polled together: a request future hears only events after its first poll.
        let values = futures::future::join_all(requests).await;
        let mut found = Vec::with_capacity(ids.len());
        for (id, value) in ids.iter().zip(values) {
            if let Some(text) = value?.and_then(|v| v.as_string()) {
                found.push((id.clone(), text));
            }
        }
        Ok::<_, idb::Error>(found)
    };
    read.await
        .map_err(|e| format!("The history could not be searched ({}).", db::describe(&e)))
}

/// Every stored session (for "export all"), and how many records could not be read.
pub async fn all_sessions() -> Result<(Vec<Session>, usize), String> {
    let database = db::database().await?;
    let rows = db::all_strings(&database, db::SESSIONS)
        .await
        .map_err(|e| format!("The sessions could not be read ({}).", db::describe(&e)))?;
    let total = rows.len();
    let mut sessions = Vec::with_capacity(total);
    for (_, text) in &rows {
        if let Ok(record) = Session::from_json_text(text) {
            let Ok(session) = outcomes::read_into(&database, record).await else {
                continue;
            };
            if let Ok(session) = material::read_into(&database, session).await {
                sessions.push(session);
            }
        }
    }
    let unreadable = total - sessions.len();
    Ok((sessions, unreadable))
}

/// Every tombstone: the id of each deleted session and when it was deleted (ms), for sync.
pub async fn deleted_sessions() -> Result<Vec<(String, f64)>, String> {
    let database = db::database().await?;
    let run = async {
        let transaction = database.transaction(&[db::DELETED], TransactionMode::ReadOnly)?;
        let store = transaction.object_store(db::DELETED)?;
        // Both polled at once: a request future hears only events after its first poll.
        let (keys, values) = futures::join!(
            store.get_all_keys(None, None)?.into_future(),
            store.get_all(None, None)?.into_future()
        );
        Ok::<_, idb::Error>(
            keys?
                .into_iter()
                .zip(values?)
                .filter_map(|(k, v)| Some((k.as_string()?, v.as_f64()?)))
                .collect(),
        )
    };
    run.await
        .map_err(|e| format!("The history could not be read ({}).", db::describe(&e)))
}

/// Deletes sessions (record, summary, search text, and the material bodies no other session
/// names) and leaves a tombstone for each, in one transaction; the other tabs are told.
pub async fn delete_sessions(ids: &[SessionId]) -> Result<(), String> {
    let database = db::database().await?;
    let run = async {
        let transaction = database.transaction(&db::ALL_STORES, TransactionMode::ReadWrite)?;
        let now = JsValue::from_f64(js_sys::Date::now());
        for id in ids {
            let key = db::key(id);
            transaction
                .object_store(db::SESSIONS)?
                .delete(key.clone())?;
            transaction
                .object_store(db::SUMMARIES)?
                .delete(key.clone())?;
            transaction.object_store(db::TEXTS)?.delete(key.clone())?;
            outcomes::delete(&transaction, id.as_str())?;
            transaction
                .object_store(db::DELETED)?
                .put(&now, Some(&key))?;
        }
        // The bodies no remaining session names go too.
        material::delete_unnamed(&transaction, ids).await?;
        let result = transaction.await?;
        if result.is_committed() {
            Ok(())
        } else {
            Err(idb::Error::TransactionCommitError(JsValue::from_str(
                "the transaction was aborted",
            )))
        }
    };
    run.await.map_err(|e: idb::Error| {
        format!(
            "The browser refused to delete ({}). Nothing was deleted.",
            db::describe(&e)
        )
    })?;
    sync::announce(&Change::Deleted(ids.to_vec()));
    Ok(())
}
