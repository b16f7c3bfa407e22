//! Browser storage full with large material: the session is stored with only the
//! passages the council cited, each such source saying so; every quote checks as it did (the same
//! mark at the same location, the same passage highlighted, the same entries not evidence), so a
//! reload loses neither the session nor its checks; the sentence names what was left out.
use crate::common;

use common::{answer, run, session_with, unanimous_caller};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::view::material::what_the_council_read;
use consilium_engine::library::storage_full::with_cited_passages_only;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::Session;
use consilium_engine::views::material::CITED_ONLY_NOTE;
use serde_json::json;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";

/// About 350 KB of text over 5,000 lines, three of them cited.
fn report() -> String {
    (1..=5_000)
        .map(|n| match n {
            3 => "Invoicing has 14 open incidents this quarter.\n".to_string(),
            100 => "Deploys queue for two days on average.\n".to_string(),
            4_000 => "Payments and ledgers share eleven tables.\n".to_string(),
            n => format!("Filler line {n} of the quarterly billing report, kept for the record.\n"),
        })
        .collect()
}

fn consulted() -> Session {
    let mut config = demo_config();
    attach(
        &mut config.material,
        source_from_bytes("report.txt", "text/plain", report().as_bytes()).unwrap(),
    )
    .unwrap();
    attach(
        &mut config.material,
        source_from_bytes("chart.png", "", PNG).unwrap(),
    )
    .unwrap();
    let mut first: serde_json::Value =
        serde_json::from_str(&answer("Extract invoicing first", 0.8)).unwrap();
    first["citations"] = json!([
        {"source": "S1", "location": "lines 1-40", "quote": "Invoicing has 14 open incidents"},
        {"source": "S1", "location": "line 30", "quote": "Payments and ledgers share eleven tables"}
    ]);
    let challenge = json!({
        "challenges": [{
            "target_agent": "panelist-1",
            "challenge": "Deploy contention costs more than waiting",
            "evidence": ["The deploy queue"],
            "citations": [{"source": "S1", "location": "line 3", "quote": "Deploys queue for two days"}]
        }],
        "defense": "I hold my answer."
    });
    let verdict = json!({
        "recommendation": "Extract invoicing this year.",
        "confidence": 80,
        "evidence": [
            {"point": "Invoicing is the trouble spot", "covers": [], "citations": [{"source": "S1", "location": "line 3", "quote": "invoicing  has 14 open incidents"}]},
            {"point": "The team is too small", "covers": [], "citations": [{"source": "S1", "location": "line 9", "quote": "The team has two SREs"}]}
        ],
        "dissent": []
    });
    let caller = unanimous_caller(0.8)
        .reply("r1-panelist-1", first.to_string())
        .reply("r3-panelist-2", challenge.to_string())
        .reply("r4-judge", verdict.to_string());
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
}

#[test]
fn the_session_is_kept_with_its_cited_passages_and_every_quote_checks_as_before() {
    let whole = consulted();
    let (kept, sentence) = with_cited_passages_only(&whole).expect("material to leave out");
    let material = &kept.consult().config.material;
    assert!(material.iter().all(|s| s.cited_only));
    // The cited blocks of 40 lines, not the 5,000 lines.
    assert!(
        material[0].text.len() < 12_000,
        "{}",
        material[0].text.len()
    );
    assert!(material[0]
        .text
        .contains("Payments and ledgers share eleven tables"));
    assert!(material[1].image.is_none(), "an image's bytes are left out");
    // Names, kinds, sizes, tokens and hashes stay: the page lists what the council read.
    for (before, after) in whole.consult().config.material.iter().zip(material) {
        assert_eq!(
            (&before.id, &before.name, before.kind, before.size_bytes),
            (&after.id, &after.name, after.kind, after.size_bytes)
        );
        assert_eq!((before.tokens, &before.hash), (after.tokens, &after.hash));
    }
    // The stored record is a small part of the whole.
    let size = |s: &Session| serde_json::to_string(s).unwrap().len();
    assert!(
        size(&kept) * 10 < size(&whole),
        "{} of {}",
        size(&kept),
        size(&whole)
    );

    // Every quote checks as it did: the same mark and location; the passage still highlights
    // the quoted words; the same entries are not evidence; the decision is untouched.
    let before = what_the_council_read(&whole).unwrap();
    let after = what_the_council_read(&kept).unwrap();
    assert_eq!(before.quotes.len(), 5);
    for (b, a) in before.quotes.iter().zip(&after.quotes) {
        assert_eq!(
            (b.quote.mark, b.quote.mark_line(), b.quote.source_line()),
            (a.quote.mark, a.quote.mark_line(), a.quote.source_line()),
            "{}",
            b.quote.quote
        );
        assert_eq!(b.passage.is_some(), a.passage.is_some());
        if let (Some(b), Some(a)) = (&b.passage, &a.passage) {
            assert_eq!(b.quote, a.quote);
        }
    }
    assert_eq!(before.not_evidence, after.not_evidence);
    assert_eq!(
        before
            .quotes
            .iter()
            .map(|q| q.quote.mark_line())
            .collect::<Vec<_>>(),
        [
            "found on line 3",
            "found elsewhere: line 4000",
            "found elsewhere: line 100",
            "found on line 3",
            "not found in the material"
        ]
    );
    assert_eq!(kept.consult().round4, whole.consult().round4);
    // Each source says it was stored cut, on the page.
    assert!(after
        .sources
        .iter()
        .all(|row| row.kept_note == Some(CITED_ONLY_NOTE)));
    assert!(before.sources.iter().all(|row| row.kept_note.is_none()));

    assert!(
        sentence.starts_with(
            "Browser storage is full, so this session was saved with only the passages the \
             council cited from report.txt and chart.png ("
        ),
        "{sentence}"
    );
    assert!(sentence.contains(" KB left out)"), "{sentence}");
    assert!(sentence.ends_with("export the session as JSON to keep it."));

    // Stored and read back, it is the same record.
    let text = serde_json::to_string(&kept).unwrap();
    assert_eq!(Session::from_json_text(&text).unwrap(), kept);
}

#[test]
fn nothing_to_leave_out_is_said_as_nothing() {
    let (session, _) = run(session_with(demo_config()), &unanimous_caller(0.8));
    assert!(with_cited_passages_only(&session).is_none());
    // A session already stored cut has nothing more to leave out.
    let (kept, _) = with_cited_passages_only(&consulted()).unwrap();
    assert!(with_cited_passages_only(&kept).is_none());
}
