//! A session's material stored apart from its record: the record keeps each source's metadata and
//! the key of its body, the bodies are kept once per content, and joining them again gives back
//! the session exactly as saved. Two turns of a thread name one body; a source kept with its cited
//! passages only stays in the record; a body the store no longer has leaves a session that still
//! opens, its source saying what is missing.
use crate::common;

use std::collections::HashMap;

use common::*;
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::view::thread::next_turn;
use consilium_engine::library::material_apart::{
    join_material, material_apart, stored_keys, StoredBody,
};
use consilium_engine::library::search::searchable_text;
use consilium_engine::library::storage_full::with_cited_passages_only;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::sources::Source;
use consilium_engine::record::Session;
use consilium_engine::review::demo::demo_review_config;
use consilium_engine::views::material::{source_rows, BODY_MISSING_NOTE};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";

/// About 200 KB over 3,000 lines.
fn report() -> String {
    (1..=3_000)
        .map(|n| format!("Line {n} of the quarterly billing report, kept for the record here.\n"))
        .collect()
}

fn source(name: &str, media: &str, bytes: &[u8]) -> Source {
    source_from_bytes(name, media, bytes).unwrap()
}

/// A decided first turn that read the report and a chart.
fn first_turn() -> Session {
    let mut config = demo_config();
    config.depth = Depth::Full;
    attach(
        &mut config.material,
        source("report.txt", "text/plain", report().as_bytes()),
    )
    .unwrap();
    attach(&mut config.material, source("chart.png", "", PNG)).unwrap();
    let (session, _) = run(
        Session::new_consult(
            "t-1".into(),
            "Should we split billing?".into(),
            config,
            NOW_MS,
        ),
        &unanimous_caller(0.9),
    );
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
}

fn by_key(bodies: &[StoredBody]) -> HashMap<String, String> {
    bodies
        .iter()
        .map(|b| (b.key.clone(), b.text.clone()))
        .collect()
}

#[test]
fn a_session_split_and_joined_again_is_the_session_saved() {
    let whole = first_turn();
    let (record, bodies) = material_apart(&whole).expect("material to store apart");
    assert_eq!(bodies.len(), 2, "one body per source");
    for source in &record.consult().config.material {
        assert!(source.text.is_empty() && source.units.is_empty() && source.image.is_none());
        assert!(source.stored_apart.is_some());
        assert!(!source.hash.is_empty() && !source.name.is_empty());
    }
    assert_eq!(stored_keys(&record).len(), 2);
    // The record is small: the report's 200 KB went apart.
    let record_text = serde_json::to_string(&record).unwrap();
    let whole_text = serde_json::to_string(&whole).unwrap();
    assert!(record_text.len() + 150_000 < whole_text.len());
    // Through its stored text, as the browser keeps it.
    let read = Session::from_json_text(&record_text).unwrap();
    let joined = join_material(read, &by_key(&bodies));
    assert_eq!(joined, whole);
    assert_eq!(serde_json::to_string(&joined).unwrap(), whole_text);
    assert_eq!(searchable_text(&joined), searchable_text(&whole));
}

#[test]
fn two_turns_of_a_thread_name_one_body_per_source() {
    let first = first_turn();
    let second = next_turn(
        std::slice::from_ref(&first),
        "t-2".into(),
        "Which module first?",
        NOW_MS + 1,
    )
    .expect("a follow-up");
    assert_eq!(second.consult().config.material.len(), 2);
    let (_, first_bodies) = material_apart(&first).unwrap();
    let (second_record, second_bodies) = material_apart(&second).unwrap();
    assert_eq!(first_bodies, second_bodies, "the same keys and bodies");
    // Stored once: the second turn's record joins with the bodies the first stored.
    let joined = join_material(second_record, &by_key(&first_bodies));
    assert_eq!(joined, second);
}

#[test]
fn a_source_kept_with_its_cited_passages_only_stays_in_the_record() {
    let whole = first_turn();
    let (kept, _) = with_cited_passages_only(&whole).expect("material to leave out");
    assert!(
        material_apart(&kept).is_none(),
        "nothing goes apart: stored as today"
    );
    assert!(stored_keys(&kept).is_empty());
    assert_eq!(join_material(kept.clone(), &HashMap::new()), kept);
}

#[test]
fn a_session_without_material_is_stored_as_it_is() {
    let (session, _) = run(
        Session::new_consult("t-0".into(), "A question?".into(), demo_config(), NOW_MS),
        &unanimous_caller(0.9),
    );
    assert!(material_apart(&session).is_none());
    assert_eq!(join_material(session.clone(), &HashMap::new()), session);
}

#[test]
fn a_record_with_its_bodies_inline_reads_as_it_is() {
    // Stored by an earlier version: nothing to join.
    let whole = first_turn();
    assert!(stored_keys(&whole).is_empty());
    assert_eq!(join_material(whole.clone(), &HashMap::new()), whole);
}

#[test]
fn a_body_not_found_leaves_its_source_named_and_saying_so() {
    let whole = first_turn();
    let (record, bodies) = material_apart(&whole).unwrap();
    // The chart's body is there, the report's is not.
    let report_key = record.consult().config.material[0]
        .stored_apart
        .clone()
        .unwrap();
    let mut found = by_key(&bodies);
    found.remove(&report_key);
    let joined = join_material(record, &found);
    let material = &joined.consult().config.material;
    assert_eq!(material[0].name, "report.txt");
    assert!(material[0].text.is_empty() && material[0].cited_only);
    assert_eq!(
        material[0].stored_apart.as_deref(),
        Some(report_key.as_str())
    );
    assert_eq!(material[1], whole.consult().config.material[1]);
    let rows = source_rows(material, &[]);
    assert_eq!(rows[0].kept_note, Some(BODY_MISSING_NOTE));
    assert_eq!(rows[1].kept_note, None);
    // Saved again as it is now, and whole again once the body is back.
    let (again, more) = material_apart(&joined).unwrap();
    assert_eq!(more.len(), 1, "only the chart's body");
    assert_eq!(stored_keys(&again).len(), 2);
    let text = serde_json::to_string(&again).unwrap();
    let rejoined = join_material(Session::from_json_text(&text).unwrap(), &by_key(&bodies));
    assert_eq!(rejoined, whole);
}

#[test]
fn a_reviews_context_files_go_apart_too() {
    let mut config = demo_review_config();
    attach(
        &mut config.material,
        source("billing.rs", "text/plain", report().as_bytes()),
    )
    .unwrap();
    let session = Session::new_review("r-1".into(), "diff".into(), config, NOW_MS);
    let (record, bodies) = material_apart(&session).expect("context files go apart");
    assert_eq!(bodies.len(), 1);
    assert_eq!(join_material(record, &by_key(&bodies)), session);
}
