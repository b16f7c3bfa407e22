//! Summaries and search texts are derived from the records, so they can always be rebuilt: any
//! record without them (written by a version before they existed, restored from a backup of the
//! records alone, or after an upgrade cleared them because their rules changed) gets them when the
//! database opens.
use std::collections::HashSet;
use std::future::IntoFuture;

use consilium_engine::record::benchmark::outcomes_apart::stored_record;
use consilium_engine::record::Session;
use consilium_engine::{library::search::searchable_text, library::summary::SessionSummary};
use idb::{Database, TransactionMode};
use wasm_bindgen::JsValue;

use super::db;

/// Records read and indexed per transaction: keeps each step short.
const BATCH: usize = 50;

async fn keys(database: &Database, store: &str) -> Result<HashSet<String>, idb::Error> {
    let transaction = database.transaction(&[store], TransactionMode::ReadOnly)?;
    let keys = transaction
        .object_store(store)?
        .get_all_keys(None, None)?
        .into_future()
        .await?;
    Ok(keys.into_iter().filter_map(|k| k.as_string()).collect())
}

/// The records without a summary or a search text (read from the keys alone: cheap, so it runs
/// on every start, while indexing, which reads records, is in a part loaded only when needed).
pub async fn missing(database: &Database) -> Vec<String> {
    let (Ok(records), Ok(summaries), Ok(texts)) = (
        keys(database, db::SESSIONS).await,
        keys(database, db::SUMMARIES).await,
        keys(database, db::TEXTS).await,
    ) else {
        return Vec::new();
    };
    records
        .into_iter()
        .filter(|id| !summaries.contains(id) || !texts.contains(id))
        .collect()
}

/// Indexes these records; returns how many were indexed.
pub async fn index_missing(database: &Database, missing: &[String]) -> usize {
    let mut indexed = 0;
    for batch in missing.chunks(BATCH) {
        indexed += index_batch(database, batch).await.unwrap_or(0);
    }
    indexed
}

/// For tests: rebuilds what is missing on the open database; returns how many records were indexed.
pub async fn rebuild_missing_now() -> Result<usize, String> {
    let database = db::database().await?;
    let missing = missing(&database).await;
    Ok(index_missing(&database, &missing).await)
}

async fn index_batch(database: &Database, ids: &[String]) -> Result<usize, idb::Error> {
    let read = database.transaction(&[db::SESSIONS], TransactionMode::ReadOnly)?;
    let store = read.object_store(db::SESSIONS)?;
    let requests = ids
        .iter()
        .map(|id| Ok(store.get(db::key(id))?.into_future()))
        .collect::<Result<Vec<_>, idb::Error>>()?;
    let texts = futures::future::join_all(requests).await;
    // A record that does not read is left as it is: opening it says what is wrong.
    let records: Vec<Session> = texts
        .into_iter()
        .filter_map(|text| text.ok().flatten()?.as_string())
        .filter_map(|text| Session::from_json_text(&text).ok())
        .collect();
    // A split benchmark's summary counts its questions: read them in; and the material's bodies.
    let mut sessions = Vec::with_capacity(records.len());
    for record in records {
        let Ok(session) = super::outcomes::read_into(database, record).await else {
            continue;
        };
        // The search text finds the material's names and text: its bodies read in.
        if let Ok(session) = super::material::read_into(database, session).await {
            sessions.push(session);
        }
    }
    let write = database.transaction(&[db::SUMMARIES, db::TEXTS], TransactionMode::ReadWrite)?;
    let summaries = write.object_store(db::SUMMARIES)?;
    let texts = write.object_store(db::TEXTS)?;
    for session in &sessions {
        let key = db::key(&session.id);
        let summary = serde_json::to_string(&SessionSummary::of(session)).unwrap_or_default();
        summaries.put(&JsValue::from_str(&summary), Some(&key))?;
        texts.put(
            &JsValue::from_str(&searchable_text(&stored_record(session))),
            Some(&key),
        )?;
    }
    write.await?;
    Ok(sessions.len())
}
