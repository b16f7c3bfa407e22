//! Browser tests of a benchmark's storage in the real IndexedDB of headless Chromium: its record
//! and its questions stored apart (`platform::storage::outcomes`), a save that rewrites only the
//! question that changed, a record stored whole by an earlier version opening and being stored
//! split, and a deletion that takes the questions along. Each test uses its own session ids.
#![cfg(target_arch = "wasm32")]

use consilium::platform::storage;
use consilium_engine::benchmark::questions::arithmetic_questions;
use consilium_engine::benchmark_council::testing::KnownAccuracyCaller;
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, Generator, QuestionSource,
};
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, consult::demo::demo_config,
    record::Session,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const NOW_MS: u64 = 1_700_000_000_000;

/// A finished benchmark of `count` questions on scripted models (the best single model's samples
/// included, so the run has calls of its own).
async fn finished_benchmark(id: &str, count: usize) -> Session {
    let mut council = demo_config();
    council.demo = false;
    for (seat, model) in council
        .panelists
        .iter_mut()
        .zip(["model-a", "model-b", "model-c"])
    {
        seat.model = model.into();
    }
    council.judge.model = "judge-model".into();
    let config = BenchmarkConfig {
        source: QuestionSource::Generated {
            generator: Generator::Arithmetic,
            count: count as u32,
            seed: 7,
        },
        council,
        best_single: BestSingle::Auto,
        budget_usd: None,
        parallel_per_provider: 4,
        seed: 7,
    };
    let questions = arithmetic_questions(count, 7);
    let caller = KnownAccuracyCaller::new(
        &questions,
        &[
            ("model-a", 0.9),
            ("model-b", 0.6),
            ("model-c", 0.3),
            ("judge-model", 0.5),
        ],
        11,
    );
    let session = Session::new_benchmark(id.into(), config, questions, NOW_MS);
    let ended = run_benchmark(
        session,
        &ConsultCouncil,
        &caller,
        &FixedClock(NOW_MS),
        &RecordingSink::default(),
    )
    .await;
    assert_eq!(ended.state, "complete", "{:?}", ended.failure);
    assert!(!ended.calls.is_empty());
    ended
}

async fn database() -> idb::Database {
    idb::Factory::new()
        .unwrap()
        .open(storage::DB_NAME, Some(storage::DB_VERSION))
        .unwrap()
        .await
        .unwrap()
}

fn question_key(id: &str, index: u32) -> JsValue {
    js_sys::Array::of2(&JsValue::from_str(id), &JsValue::from_f64(index as f64)).into()
}

async fn raw(store: &str, key: JsValue) -> Option<String> {
    let database = database().await;
    let transaction = database
        .transaction(&[store], idb::TransactionMode::ReadOnly)
        .unwrap();
    let value = transaction
        .object_store(store)
        .unwrap()
        .get(key)
        .unwrap()
        .await
        .unwrap();
    database.close();
    value.and_then(|v| v.as_string())
}

async fn put_raw(store: &str, key: JsValue, text: &str) {
    let database = database().await;
    let transaction = database
        .transaction(&[store], idb::TransactionMode::ReadWrite)
        .unwrap();
    transaction
        .object_store(store)
        .unwrap()
        .put(&JsValue::from_str(text), Some(&key))
        .unwrap();
    transaction.await.unwrap();
    database.close();
}

async fn question_count(id: &str) -> u32 {
    let mut count = 0;
    while raw("outcomes", question_key(id, count)).await.is_some() {
        count += 1;
    }
    count
}

#[wasm_bindgen_test]
async fn a_benchmark_is_stored_as_a_record_and_one_entry_per_question_and_reads_back_whole() {
    let ended = finished_benchmark("idb-bench-split", 4).await;
    storage::save_session(&ended).await.unwrap();
    let record = raw("sessions", JsValue::from_str("idb-bench-split"))
        .await
        .expect("the record");
    let record: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["body"]["results_apart"], 4);
    assert_eq!(record["body"]["results"], serde_json::json!([]));
    assert_eq!(
        record["calls"],
        serde_json::json!([]),
        "the samples' calls are with their question"
    );
    assert_eq!(question_count("idb-bench-split").await, 4);
    let loaded = storage::load_session(&"idb-bench-split".into())
        .await
        .unwrap()
        .expect("found");
    assert_eq!(loaded, ended);
    let (all, _) = storage::all_sessions().await.unwrap();
    assert_eq!(
        all.iter().find(|s| s.id == "idb-bench-split"),
        Some(&ended),
        "export all reads the questions too"
    );
}

#[wasm_bindgen_test]
async fn a_save_rewrites_only_the_question_that_changed() {
    let mut session = finished_benchmark("idb-bench-one", 3).await;
    storage::save_session(&session).await.unwrap();
    // Question 1's entry replaced behind the app's back: a save that rewrote every question
    // would put the app's version back.
    let first = raw("outcomes", question_key("idb-bench-one", 0))
        .await
        .unwrap();
    let marked = first.replacen("\"elapsed_ms\":", "\"elapsed_ms\":4242,\"was\":", 1);
    assert_ne!(marked, first);
    put_raw("outcomes", question_key("idb-bench-one", 0), &marked).await;
    if let consilium_engine::record::Body::Benchmark(body) = &mut session.body {
        body.results[2].elapsed_ms += 1;
    }
    storage::save_session(&session).await.unwrap();
    assert_eq!(
        raw("outcomes", question_key("idb-bench-one", 0))
            .await
            .unwrap(),
        marked,
        "an unchanged question is not written again"
    );
    let third: serde_json::Value = serde_json::from_str(
        &raw("outcomes", question_key("idb-bench-one", 2))
            .await
            .unwrap(),
    )
    .unwrap();
    let expected = session.benchmark().unwrap().results[2].elapsed_ms;
    assert_eq!(third["result"]["elapsed_ms"], expected);
}

#[wasm_bindgen_test]
async fn a_benchmark_stored_whole_by_an_earlier_version_opens_and_is_stored_split() {
    let ended = finished_benchmark("idb-bench-old", 3).await;
    // The shape every version before this one wrote: one record with everything.
    let whole = serde_json::to_string(&ended).unwrap();
    put_raw("sessions", JsValue::from_str("idb-bench-old"), &whole).await;
    assert_eq!(question_count("idb-bench-old").await, 0);
    let loaded = storage::load_session(&"idb-bench-old".into())
        .await
        .unwrap()
        .expect("found");
    assert_eq!(loaded, ended);
    // Migrated on opening: the record lost its results, each question has its entry.
    let record = raw("sessions", JsValue::from_str("idb-bench-old"))
        .await
        .unwrap();
    assert!(
        record.len() < whole.len() / 2,
        "{} of {}",
        record.len(),
        whole.len()
    );
    assert!(record.contains("\"results_apart\":3"));
    assert_eq!(question_count("idb-bench-old").await, 3);
    assert_eq!(
        storage::load_session(&"idb-bench-old".into())
            .await
            .unwrap()
            .unwrap(),
        ended
    );
}

#[wasm_bindgen_test]
async fn a_deleted_benchmark_takes_its_questions_along_and_a_missing_one_is_named() {
    let ended = finished_benchmark("idb-bench-gone", 2).await;
    storage::save_session(&ended).await.unwrap();
    storage::delete_sessions(&["idb-bench-gone".into()])
        .await
        .unwrap();
    assert_eq!(question_count("idb-bench-gone").await, 0);

    let ended = finished_benchmark("idb-bench-hole", 2).await;
    storage::save_session(&ended).await.unwrap();
    let database = database().await;
    let transaction = database
        .transaction(&["outcomes"], idb::TransactionMode::ReadWrite)
        .unwrap();
    transaction
        .object_store("outcomes")
        .unwrap()
        .delete(question_key("idb-bench-hole", 1))
        .unwrap();
    transaction.await.unwrap();
    database.close();
    let error = storage::load_session(&"idb-bench-hole".into())
        .await
        .unwrap_err();
    assert!(error.contains("question 2"), "{error}");
}

/// A save that reads its session when its write starts (`save_latest_soon`, a running benchmark's
/// whole saves: no copy is made to hand it over): a change made after asking, before the write
/// starts, is written; its report hears the summary; a session no longer there writes nothing.
#[wasm_bindgen_test]
async fn a_latest_save_writes_the_session_as_it_is_when_its_write_starts() {
    use std::cell::RefCell;
    use std::rc::Rc;
    // The save queue runs on the app's executor (the app starts it as it mounts).
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let shown = Rc::new(RefCell::new(Some(
        finished_benchmark("idb-bench-latest", 3).await,
    )));
    let read: storage::SessionNow = {
        let shown = Rc::clone(&shown);
        Rc::new(move |visit| {
            if let Some(session) = shown.borrow().as_ref() {
                visit(session);
            }
        })
    };
    let (done, reported) = futures::channel::oneshot::channel();
    storage::save_latest_soon(
        &"idb-bench-latest".into(),
        Rc::clone(&read),
        move |result| {
            let _ = done.send(result);
        },
    );
    // Changed after the save was asked for: the write waits for a paint, so it reads this.
    if let Some(consilium_engine::record::Body::Benchmark(body)) =
        shown.borrow_mut().as_mut().map(|s| &mut s.body)
    {
        body.results[1].elapsed_ms += 7;
    }
    let summary = reported.await.unwrap().expect("written");
    assert_eq!(summary.id, "idb-bench-latest");
    let loaded = storage::load_session(&"idb-bench-latest".into())
        .await
        .unwrap()
        .expect("found");
    assert_eq!(Some(&loaded), shown.borrow().as_ref());
    assert_eq!(question_count("idb-bench-latest").await, 3);

    // Gone before its write starts: nothing is written, nothing reported, and the queue goes on.
    let gone = shown.borrow_mut().take().unwrap();
    storage::save_latest_soon(&"idb-bench-latest".into(), read, |_| {
        panic!("nothing to report")
    });
    storage::written().await;
    let still = storage::load_session(&"idb-bench-latest".into())
        .await
        .unwrap()
        .expect("found");
    assert_eq!(still, gone);
}
