//! The IndexedDB database: opened once per tab, upgraded by version. Each version's step is a
//! migration kept forever, so a browser that skipped versions runs every step it missed.
use std::cell::RefCell;
use std::future::IntoFuture;
use std::rc::Rc;

use futures::future::{FutureExt, LocalBoxFuture, Shared};
use idb::{Database, DatabaseEvent, Factory, TransactionMode};
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

pub const DB_NAME: &str = "consilium";
/// The schema version: bump it and add a step to `upgrade` for any change of stores.
pub const DB_VERSION: u32 = 3;

/// Session id -> the whole record (JSON text).
pub const SESSIONS: &str = "sessions";
/// Session id -> what the history list shows (JSON text), so the list never loads records.
pub const SUMMARIES: &str = "summaries";
/// Session id -> everything the session says, for full-text search.
pub const TEXTS: &str = "texts";
/// Session id -> when it was deleted: a deleted session is never written again (no resurrection
/// by a tab that still runs or shows it).
pub const DELETED: &str = "deleted";

/// [session id, question index] -> one benchmark question's outcomes and calls (JSON text), kept
/// apart from the record so a save writes the question that changed (`outcomes.rs`). Version 2.
pub const OUTCOMES: &str = "outcomes";

/// Body key -> one source's body (its text, units and image, JSON text), stored once however many
/// sessions name it (a thread's turns all carry its material): the key is the content hash of the
/// body (`library::material_apart`, `material.rs`). Version 3.
pub const MATERIAL: &str = "material";
/// Session id -> the body keys its record names (a JSON array), read by a deletion to find the
/// bodies no session names any more. Version 3.
pub const MATERIAL_OF: &str = "material_of";

pub const ALL_STORES: [&str; 7] = [
    SESSIONS,
    SUMMARIES,
    TEXTS,
    DELETED,
    OUTCOMES,
    MATERIAL,
    MATERIAL_OF,
];

type Opening = Shared<LocalBoxFuture<'static, Result<Rc<Database>, String>>>;

thread_local! {
    static OPENING: RefCell<Option<Opening>> = const { RefCell::new(None) };
}

/// The database, opened (and migrated, local storage included) on first use.
pub async fn database() -> Result<Rc<Database>, String> {
    let opening = OPENING.with(|cell| {
        cell.borrow_mut()
            .get_or_insert_with(|| open_and_migrate().boxed_local().shared())
            .clone()
    });
    opening.await
}

async fn open_and_migrate() -> Result<Rc<Database>, String> {
    let database = Rc::new(open().await?);
    let legacy = super::legacy::has_legacy_sessions();
    let missing = super::reindex::missing(&database).await;
    if legacy || !missing.is_empty() {
        // Reads and writes records: a part of its own, loaded only by a database that needs it. One
        // that cannot load leaves this for the next start (the records are kept as they are).
        super::upkeep::upkeep(database.clone(), legacy, missing).await;
    }
    Ok(database)
}

async fn open() -> Result<Database, String> {
    let factory = Factory::new().map_err(|e| unavailable(&e))?;
    let mut request = factory
        .open(DB_NAME, Some(DB_VERSION))
        .map_err(|e| unavailable(&e))?;
    request.on_upgrade_needed(|event| {
        let old = event.old_version().unwrap_or(0);
        if let Ok(database) = event.database() {
            upgrade(&database, old);
        }
    });
    let mut database = request.await.map_err(|e| unavailable(&e))?;
    // Another tab with a newer version asks us to let go: close, so its upgrade is not blocked.
    database.on_version_change(|event| {
        if let Some(database) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::IdbDatabase>().ok())
        {
            database.close();
        }
    });
    Ok(database)
}

fn upgrade(database: &Database, old_version: u32) {
    if old_version < 1 {
        for store in [SESSIONS, SUMMARIES, TEXTS, DELETED] {
            let _ = database.create_object_store(store, idb::ObjectStoreParams::new());
        }
    }
    if old_version < 2 {
        let _ = database.create_object_store(OUTCOMES, idb::ObjectStoreParams::new());
    }
    if old_version < 3 {
        // Records stored before keep their material inline and read as they are; a save stores
        // it apart.
        for store in [MATERIAL, MATERIAL_OF] {
            let _ = database.create_object_store(store, idb::ObjectStoreParams::new());
        }
    }
}

fn unavailable(error: &idb::Error) -> String {
    format!(
        "This browser does not let the app use its storage ({}), for example in a private window \
         or with site data blocked. Sessions stay open in this tab only: export them to keep them.",
        describe(error)
    )
}

/// The DOM exception's name when there is one ("QuotaExceededError"), else the error's text.
pub fn describe(error: &idb::Error) -> String {
    let text = error.to_string();
    let debug = format!("{error:?}");
    if debug.contains("QuotaExceeded") || text.contains("QuotaExceeded") {
        "QuotaExceededError".to_string()
    } else {
        text
    }
}

pub fn key(id: impl AsRef<str>) -> JsValue {
    JsValue::from_str(id.as_ref())
}

/// All values of one store as strings (records are stored as JSON text).
pub async fn all_strings(
    database: &Database,
    store: &str,
) -> Result<Vec<(String, String)>, idb::Error> {
    let transaction = database.transaction(&[store], TransactionMode::ReadOnly)?;
    let object_store = transaction.object_store(store)?;
    // Both polled at once: a request future hears only events after its first poll.
    let (keys, values) = futures::join!(
        object_store.get_all_keys(None, None)?.into_future(),
        object_store.get_all(None, None)?.into_future()
    );
    let (keys, values) = (keys?, values?);
    Ok(strings_of(keys)
        .into_iter()
        .zip(strings_of(values))
        .filter_map(|(k, v)| Some((k?, v?)))
        .collect())
}

/// JS strings as Rust strings, in one crossing: the array is written as one JSON text in the
/// browser and read back here. A crossing per string (a thousand summaries) cost more than
/// reading them (20 ms of History's first open at 1,000 sessions). A value that is not a string
/// is None.
pub(crate) fn strings_of(values: Vec<wasm_bindgen::JsValue>) -> Vec<Option<String>> {
    let count = values.len();
    let array: js_sys::Array = values.into_iter().collect();
    let parsed = js_sys::JSON::stringify(&array)
        .ok()
        .and_then(|text| text.as_string())
        .and_then(|text| serde_json::from_str::<Vec<serde_json::Value>>(&text).ok());
    match parsed {
        Some(values) if values.len() == count => values
            .into_iter()
            .map(|value| match value {
                serde_json::Value::String(text) => Some(text),
                _ => None,
            })
            .collect(),
        // Not expected (stringify fails only on cycles, which stored values cannot have): one
        // crossing per string then.
        _ => array.iter().map(|value| value.as_string()).collect(),
    }
}
