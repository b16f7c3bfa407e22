//! Sessions that earlier versions kept in local storage (`consilium.session.<id>` plus an index)
//! move to IndexedDB once: each is written, read back and compared, and only then removed from
//! local storage. One that does not read stays where it is, and History says so.
use std::cell::RefCell;

use consilium_engine::record::Session;
use consilium_engine::{library::search::searchable_text, library::summary::SessionSummary};
use idb::{Database, TransactionMode};

use super::outcomes::Apart;
use super::{db, write_strings, Tombstone};

pub const INDEX_KEY: &str = "consilium.sessions";
pub const SESSION_PREFIX: &str = "consilium.session.";

thread_local! {
    static NOTICE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// What the move left behind, if anything (shown in History).
pub fn migration_notice() -> Option<String> {
    NOTICE.with(|n| n.borrow().clone())
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// What one pass of the move did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveReport {
    pub moved: Vec<String>,
    /// "<id> (<why>)" for each entry left in local storage.
    pub left: Vec<String>,
}

/// Runs the move again (it runs once by itself when the database opens); for tests and for a
/// retry after the user freed space.
pub async fn move_legacy_sessions() -> Result<MoveReport, String> {
    let database = super::db::database().await?;
    Ok(move_local_storage_sessions(&database).await)
}

/// Whether local storage still holds a session of an earlier version (the move then runs).
pub fn has_legacy_sessions() -> bool {
    let Some(storage) = local_storage() else {
        return false;
    };
    (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .any(|key| key.starts_with(SESSION_PREFIX))
}

pub async fn move_local_storage_sessions(database: &Database) -> MoveReport {
    let mut report = MoveReport::default();
    let Some(storage) = local_storage() else {
        return report;
    };
    let keys: Vec<String> = (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|key| key.starts_with(SESSION_PREFIX))
        .collect();
    let mut left = Vec::new();
    for key in &keys {
        let Some(text) = storage.get_item(key).ok().flatten() else {
            continue;
        };
        match move_one(database, &text).await {
            Ok(()) => {
                let _ = storage.remove_item(key);
                report.moved.push(key[SESSION_PREFIX.len()..].to_string());
            }
            // Deleted since (in a tab of the new version): the old copy goes too.
            Err(reason) if reason == super::DELETED_ELSEWHERE => {
                let _ = storage.remove_item(key);
            }
            Err(reason) => left.push(format!("{} ({reason})", &key[SESSION_PREFIX.len()..])),
        }
    }
    if left.is_empty() {
        let _ = storage.remove_item(INDEX_KEY);
        NOTICE.with(|n| *n.borrow_mut() = None);
        return report;
    }
    NOTICE.with(|n| {
        *n.borrow_mut() = Some(format!(
            "{} saved by an earlier version could not be moved to the new storage and were \
             left untouched in local storage: {}.",
            consilium_engine::foundation::counted::counted(left.len(), "session"),
            left.join("; ")
        ))
    });
    report.left = left;
    report
}

async fn move_one(database: &Database, text: &str) -> Result<(), String> {
    let session = Session::from_json_text(text).map_err(|e| e.to_string())?;
    let record = serde_json::to_string(&session).map_err(|e| e.to_string())?;
    let summary =
        serde_json::to_string(&SessionSummary::of(&session)).map_err(|e| e.to_string())?;
    // A session the user deleted in a newer tab is not brought back from an old copy.
    write_strings(
        database,
        session.id.as_str(),
        &record,
        &summary,
        Some(&searchable_text(&session)),
        // Written whole, as it was kept: the first save or opening stores a benchmark split.
        &Apart::none(),
        // Its material inline, as it was kept: the first save stores it apart.
        &super::material::Bodies::untouched(),
        Tombstone::Refuse,
    )
    .await?;
    let stored = async {
        let transaction = database.transaction(&[db::SESSIONS], TransactionMode::ReadOnly)?;
        transaction
            .object_store(db::SESSIONS)?
            .get(db::key(&session.id))?
            .await
    }
    .await
    .map_err(|e| db::describe(&e))?
    .and_then(|v| v.as_string());
    if stored.as_deref() == Some(record.as_str()) {
        Ok(())
    } else {
        Err("the copy read back differs".to_string())
    }
}
