//! Browser tests of the session library's storage: the real IndexedDB of headless Chromium. All
//! tests of a binary share one page and one database, so each uses its own session ids.
#![cfg(target_arch = "wasm32")]

use std::collections::HashMap;

use consilium::platform::storage;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::{consult::demo::demo_config, consult::demo::DEMO_QUESTION, record::Session};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn session(id: &str) -> Session {
    Session::new_consult(
        id.into(),
        DEMO_QUESTION.to_string(),
        demo_config(),
        1_700_000_000_000,
    )
}

async fn listed(id: &str) -> bool {
    storage::list_sessions()
        .await
        .unwrap()
        .iter()
        .any(|s| s.id == id)
}

#[wasm_bindgen_test]
async fn a_session_round_trips_through_indexed_db() {
    let mut original = session("idb-roundtrip");
    // Quotes, a backslash, a tab and characters outside ASCII survive the list's read (its
    // strings cross from the browser in one JSON text).
    original.subject = "A question about zanzibarite deposits".into();
    original.title = "Zanzibarite: \"Ø\\ü\" 🦀\tnext".into();
    storage::save_session(&original).await.expect("saved");
    assert!(listed("idb-roundtrip").await);
    let summary = storage::list_sessions()
        .await
        .unwrap()
        .into_iter()
        .find(|s| s.id == "idb-roundtrip")
        .unwrap();
    assert_eq!(summary.title, original.title);
    let loaded = storage::load_session(&"idb-roundtrip".into())
        .await
        .unwrap()
        .expect("found");
    assert_eq!(loaded, original);
    let texts = storage::search_texts().await.unwrap();
    let text = texts
        .iter()
        .find(|(id, _)| id == "idb-roundtrip")
        .map(|(_, t)| t.as_str())
        .unwrap();
    assert!(
        text.contains("zanzibarite"),
        "the search text is stored with the session"
    );
    // A later version replaces the earlier one.
    original.state = "aborted".into();
    storage::save_session(&original).await.unwrap();
    assert_eq!(
        storage::load_session(&"idb-roundtrip".into())
            .await
            .unwrap()
            .unwrap()
            .state,
        "aborted"
    );
    assert!(storage::load_session(&"idb-nothing-here".into())
        .await
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn a_deleted_session_is_never_written_again_unless_imported() {
    let original = session("idb-deleted");
    storage::save_session(&original).await.unwrap();
    storage::delete_sessions(&["idb-deleted".into()])
        .await
        .unwrap();
    assert!(!listed("idb-deleted").await);
    assert!(storage::load_session(&"idb-deleted".into())
        .await
        .unwrap()
        .is_none());
    // A tab that still runs or shows it cannot bring it back.
    let error = storage::save_session(&original).await.unwrap_err();
    assert!(error.contains("was deleted"), "{error}");
    assert!(
        storage::load_session(&"idb-deleted".into())
            .await
            .unwrap()
            .is_none(),
        "the refused write left nothing"
    );
    assert!(!listed("idb-deleted").await);
    // Bringing it in on purpose does.
    storage::save_imported(&original).await.unwrap();
    assert!(listed("idb-deleted").await);
}

#[wasm_bindgen_test]
async fn many_sessions_are_deleted_at_once_and_the_others_stay() {
    let ids: Vec<SessionId> = (0..5).map(|i| format!("idb-many-{i}").into()).collect();
    for id in &ids {
        storage::save_session(&session(id.as_str())).await.unwrap();
    }
    storage::delete_sessions(&ids[..3]).await.unwrap();
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(listed(id.as_str()).await, i >= 3, "{id}");
    }
}

#[wasm_bindgen_test]
async fn sessions_in_local_storage_move_over_once_verified_and_unreadable_ones_stay() {
    let entries: HashMap<String, String> =
        serde_json::from_str(include_str!("fixtures/legacy-local-storage.json")).unwrap();
    // The move runs by itself when the database first opens: open it first, then seed, so this
    // pass is the one that finds the entries whatever order the tests run in.
    storage::list_sessions().await.unwrap();
    for (key, value) in &entries {
        local_storage().set_item(key, value).unwrap();
    }
    let report = storage::move_legacy_sessions().await.unwrap();
    let mut moved = report.moved.clone();
    moved.sort();
    assert_eq!(moved, ["c-legacy-v2", "c-v1-fixture"]);
    assert_eq!(report.left.len(), 1, "{:?}", report.left);
    assert!(report.left[0].starts_with("c-broken"), "{:?}", report.left);
    // Moved: readable from IndexedDB (the v1 record upgraded), gone from local storage.
    let v2 = storage::load_session(&"c-legacy-v2".into())
        .await
        .unwrap()
        .unwrap();
    let expected = Session::from_json_text(&entries["consilium.session.c-legacy-v2"]).unwrap();
    assert_eq!(v2, expected);
    let v1 = storage::load_session(&"c-v1-fixture".into())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(v1.schema_version, "2.0");
    assert!(v1.consult().round4.is_some());
    assert!(local_storage()
        .get_item("consilium.session.c-legacy-v2")
        .unwrap()
        .is_none());
    assert!(local_storage()
        .get_item("consilium.session.c-v1-fixture")
        .unwrap()
        .is_none());
    // Left: untouched, and said.
    assert_eq!(
        local_storage()
            .get_item("consilium.session.c-broken")
            .unwrap(),
        Some(entries["consilium.session.c-broken"].clone())
    );
    assert!(storage::migration_notice().unwrap().contains("c-broken"));
    assert!(
        local_storage()
            .get_item(storage::INDEX_KEY)
            .unwrap()
            .is_some(),
        "kept while an entry is left"
    );
    // A second pass moves nothing twice.
    let again = storage::move_legacy_sessions().await.unwrap();
    assert!(again.moved.is_empty());
    local_storage()
        .remove_item("consilium.session.c-broken")
        .unwrap();
    let last = storage::move_legacy_sessions().await.unwrap();
    assert!(last.left.is_empty());
    assert!(
        local_storage()
            .get_item(storage::INDEX_KEY)
            .unwrap()
            .is_none(),
        "the old index goes last"
    );
}

#[wasm_bindgen_test]
async fn a_record_that_no_longer_reads_is_reported_and_left_in_place() {
    let database = {
        let factory = idb::Factory::new().unwrap();
        factory
            .open(storage::DB_NAME, Some(storage::DB_VERSION))
            .unwrap()
            .await
            .unwrap()
    };
    let transaction = database
        .transaction(&["sessions"], idb::TransactionMode::ReadWrite)
        .unwrap();
    transaction
        .object_store("sessions")
        .unwrap()
        .put(
            &JsValue::from_str("{not json"),
            Some(&JsValue::from_str("idb-broken")),
        )
        .unwrap()
        .await
        .unwrap();
    transaction.await.unwrap();
    let error = storage::load_session(&"idb-broken".into())
        .await
        .unwrap_err();
    assert!(
        error.contains("could not be read") && error.contains("left untouched"),
        "{error}"
    );
    let (sessions, unreadable) = storage::all_sessions().await.unwrap();
    assert!(unreadable >= 1);
    assert!(sessions.iter().all(|s| s.id != "idb-broken"));
    database.close();
}

#[wasm_bindgen_test]
async fn each_change_is_announced_to_the_other_tabs() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let heard = Rc::new(RefCell::new(Vec::new()));
    let listener = storage::sync::listen({
        let heard = heard.clone();
        move |change| heard.borrow_mut().push(change)
    })
    .expect("BroadcastChannel");
    storage::save_session(&session("idb-announced"))
        .await
        .unwrap();
    storage::delete_sessions(&["idb-announced".into()])
        .await
        .unwrap();
    let mut waited = 0;
    while heard.borrow().len() < 2 && waited < 2_000 {
        gloo_timers::future::TimeoutFuture::new(20).await;
        waited += 20;
    }
    let heard = heard.borrow();
    assert!(
        matches!(&heard[0], storage::sync::Change::Saved(s) if s.id == "idb-announced"),
        "{heard:?}"
    );
    assert!(
        matches!(&heard[1], storage::sync::Change::Deleted(ids) if ids == &["idb-announced"]),
        "{heard:?}"
    );
    drop(listener);
}

#[wasm_bindgen_test]
async fn an_import_is_checked_session_by_session_and_never_overwrites() {
    use consilium_engine::{
        library::transfer::export_all, library::transfer::keep_both,
        library::transfer::parse_import,
    };
    let here = session("idb-import-here");
    storage::save_session(&here).await.unwrap();
    let mut other = session("idb-import-other");
    other.subject = "Imported question".into();
    let file = export_all(&[here.clone(), other.clone()], "2026-11-23T00:00:00.000Z");
    // Broken files: named problems.
    assert!(parse_import(&file[..file.len() - 30])
        .unwrap_err()
        .contains("cut short"));
    assert!(
        parse_import(&file.replace("\"version\": 1", "\"version\": 2"))
            .unwrap_err()
            .contains("version 2")
    );
    let unknown = file.replacen("\"protocol\": \"consult\"", "\"protocol\": \"tarot\"", 1);
    let incoming = parse_import(&unknown).unwrap();
    assert_eq!(incoming.refused.len(), 1, "{:?}", incoming.refused);
    assert!(
        incoming.refused[0].contains("\"tarot\" is unknown"),
        "{:?}",
        incoming.refused
    );
    // A good file: the id already here comes in under a new one; the stored session is untouched.
    let mut incoming = parse_import(&file).unwrap();
    let taken = storage::list_sessions()
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    let renamed = keep_both(&mut incoming.sessions, &taken);
    assert_eq!(
        renamed,
        vec![("idb-import-here".into(), "idb-import-here-copy2".into())]
    );
    for session in &incoming.sessions {
        storage::save_imported(session).await.unwrap();
    }
    assert_eq!(
        storage::load_session(&"idb-import-here".into())
            .await
            .unwrap()
            .unwrap(),
        here
    );
    assert!(listed("idb-import-here-copy2").await && listed("idb-import-other").await);
}
