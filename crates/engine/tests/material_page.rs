//! The session page's material (in the browser): every checked quote found beside
//! what cites it (an answer, a challenge, an evidence entry), its mark with where it is ("found on
//! page 3", "found elsewhere: line 100"), the passage as runs of text with the quote marked (never
//! markup), and the tally the "What the council read" section opens with.
use crate::common;

use common::{answer, run, session_with, unanimous_caller};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::view::material::{what_the_council_read, QuotePlace};
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::material::quotes::QuoteMark;
use consilium_engine::record::Session;
use consilium_engine::views::material::{quote_location, PassageSpan};
use serde_json::json;

/// A 130-line text (numbered blocks of lines: 1-40, 41-80, 81-120, 121-130), with a line that
/// reads as markup.
fn notes() -> String {
    (1..=130)
        .map(|n| match n {
            3 => "Invoicing has 14 open incidents this quarter.\n".to_string(),
            100 => "Deploys queue for two days on average.\n".to_string(),
            55 => "<b>Bold</b> & \"quoted\" stay text.\n".to_string(),
            n => format!("Filler line {n}.\n"),
        })
        .collect()
}

fn consulted() -> Session {
    let mut config = demo_config();
    attach(
        &mut config.material,
        source_from_bytes("notes.txt", "text/plain", notes().as_bytes()).unwrap(),
    )
    .unwrap();
    let mut first: serde_json::Value =
        serde_json::from_str(&answer("Extract invoicing first", 0.8)).unwrap();
    first["citations"] = json!([{"source": "S1", "location": "lines 1-40", "quote": "Invoicing has 14 open incidents"}]);
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
            {"point": "The team is too small", "covers": [], "citations": [{"source": "S1", "location": "line 9", "quote": "The team has two SREs"}]},
            {"point": "Judgement without a quote", "covers": []}
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
fn each_quote_is_found_beside_what_cites_it_with_its_mark_and_where() {
    let read = what_the_council_read(&consulted()).unwrap();
    let answer = read.quotes_at(&QuotePlace::Answer("panelist-1".into()));
    assert_eq!(answer.len(), 1);
    // Found in the cited block of lines, and named by its very line.
    assert_eq!(answer[0].quote.mark, QuoteMark::Found);
    assert_eq!(answer[0].quote.mark_line(), "found on line 3");
    assert_eq!(answer[0].quote.source_line(), "S1 · notes.txt");
    assert_eq!(answer[0].quote.tone(), "found");

    let challenge = read.quotes_at(&QuotePlace::Challenge(0));
    assert_eq!(challenge.len(), 1);
    assert_eq!(challenge[0].quote.mark, QuoteMark::FoundElsewhere);
    assert_eq!(challenge[0].quote.mark_line(), "found elsewhere: line 100");
    assert_eq!(
        challenge[0].quote.source_line(),
        "S1 · notes.txt · cited line 3"
    );
    assert_eq!(challenge[0].quote.tone(), "elsewhere");

    let found = read.quotes_at(&QuotePlace::Evidence(0));
    let missing = read.quotes_at(&QuotePlace::Evidence(1));
    assert_eq!(found[0].quote.mark_line(), "found on line 3");
    assert_eq!(missing[0].quote.mark_line(), "not found in the material");
    assert_eq!(missing[0].quote.tone(), "not-found");
    assert!(missing[0].passage.is_none(), "nothing to open");
    assert!(read.quotes_at(&QuotePlace::Evidence(2)).is_empty());
    // The entry resting on a quote not found is not evidence; the uncited one stands.
    assert!(read.is_evidence(0));
    assert!(!read.is_evidence(1));
    assert!(read.is_evidence(2));
    assert_eq!(
        read.tally().as_deref(),
        Some("4 quotes checked: 3 found, 1 not found in the material")
    );
}

#[test]
fn the_passage_is_runs_of_text_with_the_quoted_words_marked() {
    let read = what_the_council_read(&consulted()).unwrap();
    let shown = &read.quotes_at(&QuotePlace::Evidence(0))[0];
    let spans = shown.passage.as_ref().unwrap().spans();
    let marked: Vec<&PassageSpan> = spans.iter().filter(|s| s.marked).collect();
    assert_eq!(marked.len(), 1);
    // The source's own words (its case and spacing), not the model's.
    assert_eq!(marked[0].text, "Invoicing has 14 open incidents");
    assert_eq!(
        spans.first().unwrap().text,
        "Filler line 1.\nFiller line 2.\n"
    );
    assert!(spans.last().unwrap().text.starts_with(" this quarter.\n"));
    // Runs read in order give the passage back.
    let joined: String = spans.iter().map(|s| s.text.as_str()).collect();
    assert!(joined.contains("Filler line 2.\nInvoicing has 14 open incidents this quarter."));

    // A passage whose source reads as markup is still runs of text: the view escapes them.
    let mut config = demo_config();
    attach(
        &mut config.material,
        source_from_bytes("notes.txt", "text/plain", notes().as_bytes()).unwrap(),
    )
    .unwrap();
    let source = &config.material[0];
    let at = source.text.find("<b>Bold</b>").unwrap();
    let passage =
        consilium_engine::views::material::passage(source, (at, at + "<b>Bold</b>".len()));
    let spans = passage.spans();
    assert!(spans.iter().any(|s| s.marked && s.text == "<b>Bold</b>"));
    assert!(spans
        .iter()
        .any(|s| !s.marked && s.text.starts_with(" & \"quoted\"")));
}

#[test]
fn an_empty_run_is_left_out() {
    let mut config = demo_config();
    attach(
        &mut config.material,
        source_from_bytes("one.txt", "text/plain", b"The whole document.").unwrap(),
    )
    .unwrap();
    let source = &config.material[0];
    let spans = consilium_engine::views::material::passage(source, (0, source.text.len())).spans();
    assert_eq!(
        spans,
        [PassageSpan {
            text: "The whole document.".into(),
            marked: true
        }]
    );
}

#[test]
fn a_quote_in_a_text_is_located_by_its_own_lines() {
    let mut config = demo_config();
    attach(
        &mut config.material,
        source_from_bytes("notes.txt", "text/plain", notes().as_bytes()).unwrap(),
    )
    .unwrap();
    let source = &config.material[0];
    let at = |words: &str| {
        let start = source.text.find(words).unwrap();
        (start, start + words.len())
    };
    assert_eq!(
        quote_location(source, at("Deploys queue")).as_deref(),
        Some("line 100")
    );
    // Across a line break (and across the numbered blocks 1-40 and 41-80).
    assert_eq!(
        quote_location(source, at("Filler line 40.\nFiller line 41.")).as_deref(),
        Some("lines 40-41")
    );
    // A quote ending on its line break stays on its line.
    assert_eq!(
        quote_location(source, at("Filler line 7.\n")).as_deref(),
        Some("line 7")
    );
}

#[test]
fn the_tally_says_all_found_one_found_or_none() {
    let read = what_the_council_read(&consulted()).unwrap();
    let mut one = read.clone();
    one.quotes.truncate(1);
    assert_eq!(one.tally().as_deref(), Some("1 quote checked: found"));
    let mut none_found = read.clone();
    none_found.quotes.retain(|q| !q.quote.mark.is_found());
    assert_eq!(
        none_found.tally().as_deref(),
        Some("1 quote checked: not found in the material")
    );
    let mut all = read.clone();
    all.quotes.retain(|q| q.quote.mark.is_found());
    assert_eq!(all.tally().as_deref(), Some("3 quotes checked: all found"));
    all.quotes.clear();
    assert_eq!(all.tally(), None);
}

#[test]
fn who_could_not_see_a_source_is_said_in_one_line() {
    use consilium_engine::views::material::SourceRow;
    let row = |not_seen_by: &[&str]| SourceRow {
        id: "S2".into(),
        name: "chart.png".into(),
        kind: "image",
        extent: "an image".into(),
        tokens: "1,600 tokens".into(),
        not_seen_by: not_seen_by.iter().map(|s| s.to_string()).collect(),
        kept_note: None,
    };
    assert_eq!(row(&[]).unseen_line(), None);
    assert_eq!(
        row(&["Judge · gemma-3-270m"]).unseen_line().as_deref(),
        Some("Not seen by Judge · gemma-3-270m: its model does not see images.")
    );
    assert_eq!(
        row(&["Panelist 1 · a", "Panelist 2 · b", "Judge · c"])
            .unseen_line()
            .as_deref(),
        Some("Not seen by Panelist 1 · a, Panelist 2 · b and Judge · c: their models do not see images.")
    );
}
