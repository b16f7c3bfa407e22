//! A consult's material in every view: "What the council read", each checked
//! quote with its mark and its passage, the Markdown and HTML exports, the share link (names and
//! cited passages only, under its limit) and History's search.
use crate::common;

use common::{answer, run, session_with, unanimous_caller};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::view::material::{checked_quotes, what_the_council_read};
use consilium_engine::html_report::session_html;
use consilium_engine::library::search::searchable_text;
use consilium_engine::library::share::{
    base64url_encode, check_length, read_shared, share_payload,
};
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::{source_from_bytes, source_from_pdf_pages};
use consilium_engine::material::quotes::QuoteMark;
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::record::Session;
use serde_json::json;
use std::io::Write;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";

/// A 2-page profile, a long appendix (about 50,000 tokens) and a chart image.
fn config() -> ConsultConfig {
    let mut config = demo_config();
    let pages = vec![
        "Ingestion profile\nParsing takes 71% of the CPU time of the service.".to_string(),
        "Team\nTwo engineers have shipped Rust services before.".to_string(),
        "Plan\nA pilot in Q3.".to_string(),
    ];
    attach(
        &mut config.material,
        source_from_pdf_pages("profile.pdf", 5_000, pages).unwrap(),
    )
    .unwrap();
    let appendix: String = (1..=4_000)
        .map(|n| {
            format!(
                "Measurement {n}: batch {} parsed in {} ms.\n",
                n * 7,
                n % 97
            )
        })
        .collect();
    attach(
        &mut config.material,
        source_from_bytes("appendix.log", "", appendix.as_bytes()).unwrap(),
    )
    .unwrap();
    attach(
        &mut config.material,
        source_from_bytes("chart.png", "", PNG).unwrap(),
    )
    .unwrap();
    config.panelists[2].sees_images = Some(false);
    config.panelists[2].label = "Panelist 3 · gemma-3-270m".into();
    config
}

fn consulted() -> Session {
    let mut first = serde_json::from_str::<serde_json::Value>(&answer("Adopt Rust", 0.9)).unwrap();
    first["citations"] = json!([{"source": "S1", "location": "page 3", "quote": "Parsing takes 71% of the CPU time"}]);
    let verdict = json!({
        "recommendation": "Adopt Rust for the ingestion service, starting with a pilot.",
        "confidence": 80,
        "evidence": [
            {"point": "Parsing dominates", "covers": [], "citations": [{"source": "S1", "location": "page 1", "quote": "Parsing takes 71% of the CPU time"}]},
            {"point": "Rust halves cost", "covers": [], "citations": [{"source": "S1", "location": "page 2", "quote": "Rust halves the hosting cost"}]}
        ],
        "dissent": []
    });
    let caller = unanimous_caller(0.8)
        .reply("r1-panelist-1", first.to_string())
        .reply("r4-judge", verdict.to_string());
    let (session, _) = run(session_with(config()), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
}

#[test]
fn what_the_council_read_lists_each_source_and_who_could_not_see_it() {
    let read = what_the_council_read(&consulted()).unwrap();
    let rows: Vec<(&str, &str, &str)> = read
        .sources
        .iter()
        .map(|r| (r.id.as_str(), r.kind, r.extent.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("S1", "PDF", "3 pages"),
            ("S2", "text", "4,000 lines"),
            ("S3", "image", "an image")
        ]
    );
    assert!(read.sources[1].tokens.ends_with(" tokens"));
    // Unknown vision is no; panelist 3 is told its model cannot see images.
    assert!(read.sources[2]
        .not_seen_by
        .contains(&"Panelist 3 · gemma-3-270m".to_string()));
    assert!(read.sources[0].not_seen_by.is_empty());
    assert_eq!(read.not_evidence, [2]);
    // A consult without material has no such section.
    let (plain, _) = run(session_with(demo_config()), &unanimous_caller(0.8));
    assert!(what_the_council_read(&plain).is_none());
}

#[test]
fn every_cited_quote_is_shown_checked_with_the_passage_to_highlight() {
    let session = consulted();
    let quotes = checked_quotes(&session);
    let marks: Vec<(&str, QuoteMark)> = quotes.iter().map(|q| (q.place.as_str(), q.mark)).collect();
    assert_eq!(
        marks,
        [
            (
                "Demo panelist 1 · Pragmatic engineer's answer",
                QuoteMark::FoundElsewhere
            ),
            ("Evidence 1", QuoteMark::Found),
            ("Evidence 2", QuoteMark::NotFound),
        ]
    );
    // Found elsewhere: the location corrected, and shown with what was cited.
    assert_eq!(
        quotes[0].where_found(),
        "S1 · profile.pdf · page 1 (cited page 3)"
    );
    let material = &session.body_of::<ConsultBody>().unwrap().config.material;
    let passage = quotes[1].passage(material).unwrap();
    assert_eq!(passage.quote, "Parsing takes 71% of the CPU time");
    assert_eq!(passage.before, "Ingestion profile\n");
    // Within its page: the next page's text is not part of it.
    assert_eq!(passage.after, " of the service.…");
    assert_eq!(quotes[2].mark_label, "not found in the material");
    assert!(quotes[2].passage(material).is_none());
}

#[test]
fn the_markdown_and_html_exports_list_the_sources_and_quote_each_cited_passage() {
    let session = consulted();
    let markdown = consilium_engine::consult::report::markdown::consult_markdown(&session);
    assert!(markdown.contains("## What the council read"), "{markdown}");
    assert!(markdown.contains("- **S1** profile.pdf (PDF, 3 pages,"));
    assert!(markdown.contains("**found elsewhere**"));
    assert!(markdown.contains("\"Rust halves the hosting cost\" (S1 · profile.pdf · page 2): **not found in the material**"));
    assert!(markdown
        .contains("> Ingestion profile **Parsing takes 71% of the CPU time** of the service.…"));
    assert!(markdown.contains("Evidence 2: not evidence: its quotes are not in the material."));
    // The material's text is not in the report, only its cited passages.
    assert!(!markdown.contains("Measurement 17:"));
    let html = session_html(&session);
    assert!(
        html.contains("What the council read"),
        "no material section in the HTML"
    );
    assert!(html.contains("not found in the material"));
    assert!(!html.contains("Measurement 17:"));
}

#[test]
fn a_share_link_carries_names_and_cited_passages_only_and_stays_under_its_limit() {
    let session = consulted();
    let payload = share_payload(&session);
    assert!(payload.contains("appendix.log") && payload.contains("chart.png"));
    assert!(payload.contains("Parsing takes 71% of the CPU time"));
    assert!(
        !payload.contains("Two engineers have shipped"),
        "an uncited passage travels"
    );
    assert!(!payload.contains("Measurement 17:"));
    assert!(!payload.contains("data_base64"), "the image travels");
    // As the browser sends it: deflate-raw, base64url, under the link limit.
    let mut deflate =
        flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    deflate.write_all(payload.as_bytes()).unwrap();
    let link = format!("#/shared/{}", base64url_encode(&deflate.finish().unwrap()));
    println!(
        "share link with a 50,000-token appendix: {} characters",
        link.len()
    );
    check_length(&link).unwrap();
    // The shared copy checks every quote as the original did, and opens the same passages.
    let shared = read_shared(&payload).unwrap();
    assert_eq!(checked_quotes(&shared), checked_quotes(&session));
}

#[test]
fn history_search_finds_file_names_and_material_text() {
    let text = searchable_text(&consulted());
    assert!(text.contains("profile.pdf"));
    assert!(text.contains("Two engineers have shipped Rust services before."));
    assert!(
        !text.contains("iVBORw0KGgo"),
        "image bytes are not searchable text"
    );
}
