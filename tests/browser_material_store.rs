//! Browser tests of the material stored apart from the records, in the real IndexedDB of headless
//! Chromium: a thread's turns keep one copy of a source's body, every session reads back whole,
//! a body goes when the last session that names it does, a record stored with its material inline
//! still reads, a body not found leaves a session that opens, and the search finds the material.
//! Run with `cargo test --target wasm32-unknown-unknown -p consilium --test browser_material_store`.
#![cfg(target_arch = "wasm32")]

use consilium::platform::storage;
use consilium_engine::consult::demo::{demo_config, DEMO_QUESTION};
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::material_apart::material_apart;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::Session;
use consilium_engine::views::material::BODY_MISSING_NOTE;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";

/// About 200 KB over 3,000 lines; `word` in each, so each test has a source of its own.
fn report(word: &str) -> String {
    (1..=3_000)
        .map(|n| format!("Line {n} of the {word} report, kept for the record with the rest.\n"))
        .collect()
}

/// A turn of a thread: the thread's material (the same report and chart) in its config.
fn turn(id: &str, word: &str) -> Session {
    let mut config = demo_config();
    let text = report(word);
    attach(
        &mut config.material,
        source_from_bytes(&format!("{word}.txt"), "text/plain", text.as_bytes()).unwrap(),
    )
    .unwrap();
    attach(
        &mut config.material,
        source_from_bytes("chart.png", "", PNG).unwrap(),
    )
    .unwrap();
    Session::new_consult(
        id.into(),
        DEMO_QUESTION.to_string(),
        config,
        1_700_000_000_000,
    )
}

fn body_keys(session: &Session) -> Vec<String> {
    material_apart(session)
        .unwrap()
        .1
        .into_iter()
        .map(|b| b.key)
        .collect()
}

async fn raw_database() -> idb::Database {
    // The app opens (and upgrades) it first.
    storage::list_sessions().await.unwrap();
    idb::Factory::new()
        .unwrap()
        .open(storage::DB_NAME, Some(storage::DB_VERSION))
        .unwrap()
        .await
        .unwrap()
}

/// Which of `keys` the material store holds.
async fn stored(keys: &[String]) -> Vec<bool> {
    let database = raw_database().await;
    let transaction = database
        .transaction(&["material"], idb::TransactionMode::ReadOnly)
        .unwrap();
    let store = transaction.object_store("material").unwrap();
    let mut there = Vec::new();
    for key in keys {
        let found = store
            .get_key(JsValue::from_str(key))
            .unwrap()
            .await
            .unwrap();
        there.push(found.is_some());
    }
    database.close();
    there
}

async fn all_bodies() -> usize {
    let database = raw_database().await;
    let transaction = database
        .transaction(&["material"], idb::TransactionMode::ReadOnly)
        .unwrap();
    let count = transaction
        .object_store("material")
        .unwrap()
        .count(None)
        .unwrap()
        .await
        .unwrap();
    database.close();
    count as usize
}

async fn raw_record(id: &str) -> String {
    let database = raw_database().await;
    let transaction = database
        .transaction(&["sessions"], idb::TransactionMode::ReadOnly)
        .unwrap();
    let text = transaction
        .object_store("sessions")
        .unwrap()
        .get(JsValue::from_str(id))
        .unwrap()
        .await
        .unwrap()
        .and_then(|v| v.as_string())
        .unwrap();
    database.close();
    text
}

async fn put_raw(store: &str, key: &str, text: Option<&str>) {
    let database = raw_database().await;
    let transaction = database
        .transaction(&[store], idb::TransactionMode::ReadWrite)
        .unwrap();
    let object_store = transaction.object_store(store).unwrap();
    match text {
        Some(text) => {
            object_store
                .put(&JsValue::from_str(text), Some(&JsValue::from_str(key)))
                .unwrap()
                .await
                .unwrap();
        }
        None => {
            object_store
                .delete(JsValue::from_str(key))
                .unwrap()
                .await
                .unwrap();
        }
    }
    transaction.await.unwrap();
    database.close();
}

async fn load(id: &str) -> Session {
    storage::load_session(&id.into())
        .await
        .unwrap()
        .expect("found")
}

#[wasm_bindgen_test]
async fn two_turns_of_a_thread_keep_one_copy_and_it_goes_with_the_last() {
    let first = turn("mat-turn-1", "quarterly");
    let second = turn("mat-turn-2", "quarterly");
    let keys = body_keys(&first);
    assert_eq!(keys, body_keys(&second));
    let before = all_bodies().await;
    storage::save_session(&first).await.unwrap();
    storage::save_session(&second).await.unwrap();
    assert_eq!(stored(&keys).await, vec![true, true]);
    assert_eq!(all_bodies().await, before + 2, "one body per source");
    // The records keep the sources' names and hashes, not their text.
    let record = raw_record("mat-turn-1").await;
    assert!(record.len() < 20_000, "{} bytes", record.len());
    assert!(record.contains("quarterly.txt") && !record.contains("Line 2 of the quarterly"));
    assert_eq!(load("mat-turn-1").await, first);
    assert_eq!(load("mat-turn-2").await, second);
    let (all, _) = storage::all_sessions().await.unwrap();
    assert!(all.contains(&first) && all.contains(&second));
    // Saved again (a run saves many times): nothing is written twice.
    storage::save_session(&second).await.unwrap();
    assert_eq!(all_bodies().await, before + 2);

    storage::delete_sessions(&["mat-turn-1".into()])
        .await
        .unwrap();
    assert_eq!(
        stored(&keys).await,
        vec![true, true],
        "the other turn names them"
    );
    assert_eq!(load("mat-turn-2").await, second);
    storage::delete_sessions(&["mat-turn-2".into()])
        .await
        .unwrap();
    assert_eq!(stored(&keys).await, vec![false, false]);
    assert_eq!(all_bodies().await, before);
}

#[wasm_bindgen_test]
async fn a_body_another_session_names_stays_when_one_is_deleted_among_many() {
    // The chart is in both; the reports differ.
    let one = turn("mat-many-1", "annual");
    let other = turn("mat-many-2", "monthly");
    storage::save_session(&one).await.unwrap();
    storage::save_session(&other).await.unwrap();
    let (one_keys, other_keys) = (body_keys(&one), body_keys(&other));
    assert_eq!(one_keys[1], other_keys[1], "the same chart");
    storage::delete_sessions(&["mat-many-1".into()])
        .await
        .unwrap();
    assert_eq!(stored(&one_keys).await, vec![false, true]);
    assert_eq!(load("mat-many-2").await, other);
    storage::delete_sessions(&["mat-many-2".into()])
        .await
        .unwrap();
}

#[wasm_bindgen_test]
async fn a_record_stored_with_its_material_inline_reads_and_a_save_stores_it_apart() {
    let old = turn("mat-inline", "legacy");
    let inline = serde_json::to_string(&old).unwrap();
    put_raw("sessions", "mat-inline", Some(&inline)).await;
    assert_eq!(load("mat-inline").await, old);
    let (all, _) = storage::all_sessions().await.unwrap();
    assert!(all.contains(&old));
    storage::save_session(&old).await.unwrap();
    assert!(raw_record("mat-inline").await.len() < 20_000);
    assert_eq!(stored(&body_keys(&old)).await, vec![true, true]);
    assert_eq!(load("mat-inline").await, old);
    storage::delete_sessions(&["mat-inline".into()])
        .await
        .unwrap();
}

#[wasm_bindgen_test]
async fn a_body_not_found_leaves_a_session_that_opens_and_says_so() {
    let whole = turn("mat-missing", "lost");
    storage::save_session(&whole).await.unwrap();
    let keys = body_keys(&whole);
    put_raw("material", &keys[0], None).await;
    let loaded = load("mat-missing").await;
    let material = &loaded.consult().config.material;
    assert_eq!(material[0].name, "lost.txt");
    assert!(material[0].text.is_empty() && material[0].cited_only);
    let rows = consilium_engine::views::material::source_rows(material, &[]);
    assert_eq!(rows[0].kept_note, Some(BODY_MISSING_NOTE));
    assert_eq!(material[1], whole.consult().config.material[1]);
    // The whole session saved again (the tab that still has it) brings the body back.
    storage::save_session(&whole).await.unwrap();
    assert_eq!(load("mat-missing").await, whole);
    storage::delete_sessions(&["mat-missing".into()])
        .await
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_search_finds_a_session_by_its_materials_name_and_text() {
    let session = turn("mat-search", "zanzibarite");
    storage::save_session(&session).await.unwrap();
    let texts = storage::search_texts_of(&["mat-search".into()])
        .await
        .unwrap();
    let text = &texts[0].1;
    assert!(text.contains("zanzibarite.txt"));
    assert!(text.contains("Line 7 of the zanzibarite report"));
    storage::delete_sessions(&["mat-search".into()])
        .await
        .unwrap();
}

#[wasm_bindgen_test]
async fn an_import_keeps_one_copy_and_reads_back_whole() {
    let sessions = vec![
        turn("mat-import-1", "imported"),
        turn("mat-import-2", "imported"),
    ];
    let keys = body_keys(&sessions[0]);
    let before = all_bodies().await;
    storage::save_imported_all(&sessions, |_| {}).await.unwrap();
    assert_eq!(stored(&keys).await, vec![true, true]);
    assert_eq!(all_bodies().await, before + 2);
    assert_eq!(load("mat-import-1").await, sessions[0]);
    assert_eq!(load("mat-import-2").await, sessions[1]);
    storage::delete_sessions(&["mat-import-1".into(), "mat-import-2".into()])
        .await
        .unwrap();
    assert_eq!(stored(&keys).await, vec![false, false]);
}

/// What a deletion's scan of the keys every session names costs, with 1,000 sessions that carry
/// material (a source of their own each, and a shared one): printed, and held under a generous
/// bound so a slip to reading records shows.
#[wasm_bindgen_test]
async fn deleting_among_a_thousand_sessions_with_material_is_cheap() {
    let sessions: Vec<Session> = (0..1_000)
        .map(|n| {
            let mut session = Session::new_consult(
                format!("mat-k-{n}").into(),
                DEMO_QUESTION.to_string(),
                demo_config(),
                1_700_000_000_000,
            );
            let config = &mut session.consult_mut().config;
            let text = format!("Note {n}: the ledger has {n} open questions.\n");
            attach(
                &mut config.material,
                source_from_bytes("note.txt", "text/plain", text.as_bytes()).unwrap(),
            )
            .unwrap();
            attach(
                &mut config.material,
                source_from_bytes("chart.png", "", PNG).unwrap(),
            )
            .unwrap();
            session
        })
        .collect();
    storage::save_imported_all(&sessions, |_| {}).await.unwrap();
    let ids: Vec<SessionId> = sessions.iter().map(|s| s.id.clone()).collect();
    let started = js_sys::Date::now();
    storage::delete_sessions(&ids[..1]).await.unwrap();
    let one = js_sys::Date::now() - started;
    let started = js_sys::Date::now();
    storage::delete_sessions(&ids[1..11]).await.unwrap();
    let ten = js_sys::Date::now() - started;
    // A session without material scans nothing.
    let plain = Session::new_consult(
        "mat-k-plain".into(),
        DEMO_QUESTION.to_string(),
        demo_config(),
        1,
    );
    storage::save_session(&plain).await.unwrap();
    let started = js_sys::Date::now();
    storage::delete_sessions(&["mat-k-plain".into()])
        .await
        .unwrap();
    let without = js_sys::Date::now() - started;
    console_log!(
        "delete among 1,000 sessions with material: one {one} ms, ten {ten} ms; one without \
         material {without} ms"
    );
    assert!(one < 1_000.0 && ten < 1_000.0, "{one} ms, {ten} ms");
    assert_eq!(stored(&body_keys(&sessions[0])).await, vec![false, true]);
    storage::delete_sessions(&ids[11..]).await.unwrap();
    assert_eq!(stored(&body_keys(&sessions[0])).await[1], false);
}
