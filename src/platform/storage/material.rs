//! Material bodies stored apart from the records, one copy per content (`MATERIAL`, keyed by the
//! content hash of the body), and the keys each session's record names (`MATERIAL_OF`), so a
//! deletion knows which bodies no session names any more. The split and the join are the
//! engine's (`library::material_apart`); a save writes the bodies the store does not have yet, in
//! the same transaction as the record, and a read joins them again, so every caller above the
//! store sees whole sessions.
use std::collections::{HashMap, HashSet};
use std::future::IntoFuture;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::material_apart::{join_material, stored_keys, StoredBody};
use consilium_engine::record::Session;
use idb::{Database, TransactionMode};
use wasm_bindgen::JsValue;

use super::db;

/// What a save writes of the material: the bodies its record names (to store if absent) and the
/// keys it names. `keys: None` leaves what the store knows of the session as it is (a benchmark's
/// question saves, which never carry material).
pub(crate) struct Bodies {
    pub bodies: Vec<StoredBody>,
    pub keys: Option<Vec<String>>,
}

impl Bodies {
    /// Nothing written, nothing named changed.
    pub fn untouched() -> Self {
        Self {
            bodies: Vec::new(),
            keys: None,
        }
    }

    /// The bodies of `record` (as stored: its sources without them) and every key it names.
    pub fn of(record: &Session, bodies: Vec<StoredBody>) -> Self {
        Self {
            bodies,
            keys: Some(stored_keys(record)),
        }
    }
}

/// The keys the record names, put in `transaction` (no entry for a record that names none).
pub(crate) fn put_keys(
    transaction: &idb::Transaction,
    id: &str,
    bodies: &Bodies,
) -> Result<(), idb::Error> {
    let Some(keys) = &bodies.keys else {
        return Ok(());
    };
    let store = transaction.object_store(db::MATERIAL_OF)?;
    if keys.is_empty() {
        store.delete(db::key(id))?;
    } else {
        let text = serde_json::to_string(keys).unwrap_or_default();
        store.put(&JsValue::from_str(&text), Some(&db::key(id)))?;
    }
    Ok(())
}

/// Writes the bodies the store does not have yet (a thread's later turns name the bodies its first
/// stored: each is asked for by key, and only a missing one is written). In `transaction`, so a
/// deletion in another tab cannot remove a body between the look and the record's write.
pub(crate) async fn put_bodies(
    transaction: &idb::Transaction,
    bodies: &Bodies,
) -> Result<(), idb::Error> {
    if bodies.bodies.is_empty() {
        return Ok(());
    }
    let store = transaction.object_store(db::MATERIAL)?;
    let mut looks = Vec::with_capacity(bodies.bodies.len());
    for body in &bodies.bodies {
        looks.push(store.get_key(db::key(&body.key))?.into_future());
    }
    // Polled together: a request future hears only events after its first poll.
    let found = futures::future::join_all(looks).await;
    for (body, found) in bodies.bodies.iter().zip(found) {
        if found?.is_none() {
            store.put(&JsValue::from_str(&body.text), Some(&db::key(&body.key)))?;
        }
    }
    Ok(())
}

/// The record whole again: the bodies it names read (one request each, all at once) and joined. A
/// body not found leaves its source without it, saying so (`join_material`); a record that names
/// none (no material, or stored with it inline by an earlier version) is returned as it is.
pub(crate) async fn read_into(database: &Database, record: Session) -> Result<Session, String> {
    let keys = stored_keys(&record);
    if keys.is_empty() {
        return Ok(record);
    }
    let read = async {
        let transaction = database.transaction(&[db::MATERIAL], TransactionMode::ReadOnly)?;
        let store = transaction.object_store(db::MATERIAL)?;
        let mut requests = Vec::with_capacity(keys.len());
        for key in &keys {
            requests.push(store.get(db::key(key))?.into_future());
        }
        let values = futures::future::join_all(requests).await;
        let mut bodies = HashMap::with_capacity(keys.len());
        for (key, value) in keys.iter().zip(values) {
            if let Some(text) = value?.and_then(|v| v.as_string()) {
                bodies.insert(key.clone(), text);
            }
        }
        Ok::<_, idb::Error>(bodies)
    };
    let bodies = read.await.map_err(|e| {
        format!(
            "The material of the stored session {} could not be read ({}).",
            record.id,
            db::describe(&e)
        )
    })?;
    Ok(join_material(record, &bodies))
}

/// In a deletion's `transaction`, after its records' entries are deleted: the bodies that `ids`
/// named and no other session names are deleted too. Reads the keys every remaining session
/// names (one small entry per session with material).
pub(crate) async fn delete_unnamed(
    transaction: &idb::Transaction,
    ids: &[SessionId],
) -> Result<(), idb::Error> {
    let named_by = transaction.object_store(db::MATERIAL_OF)?;
    let mut looks = Vec::with_capacity(ids.len());
    for id in ids {
        looks.push(named_by.get(db::key(id))?.into_future());
    }
    for id in ids {
        named_by.delete(db::key(id))?;
    }
    let mut candidates: HashSet<String> = HashSet::new();
    for value in futures::future::join_all(looks).await {
        if let Some(text) = value?.and_then(|v| v.as_string()) {
            candidates.extend(serde_json::from_str::<Vec<String>>(&text).unwrap_or_default());
        }
    }
    // Sessions without material name nothing: nothing more to read.
    if candidates.is_empty() {
        return Ok(());
    }
    // Made after the deletions above, so it reads what the remaining sessions name.
    let remaining = named_by.get_all(None, None)?.await?;
    for text in db::strings_of(remaining).into_iter().flatten() {
        for key in serde_json::from_str::<Vec<String>>(&text).unwrap_or_default() {
            candidates.remove(&key);
        }
    }
    let bodies = transaction.object_store(db::MATERIAL)?;
    for key in candidates {
        bodies.delete(db::key(&key))?;
    }
    Ok(())
}
