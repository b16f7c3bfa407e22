//! Review with context files beside the diff: the committee reads them after the diff,
//! as Consult's material is rendered, with their secrets masked; a finding may quote them, and
//! each quote is checked with the material's own check. A finding the diff does not show counts
//! only when a quote of it is found; otherwise it is unverified, as any finding outside the diff.
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::material::quotes::QuoteMark;
use consilium_engine::record::review::body::{Finding, ReviewConfig, ReviewVerdict};
use consilium_engine::record::review::reply::Vote;
use consilium_engine::record::sources::Source;
use consilium_engine::record::Session;
use consilium_engine::review::demo::demo_review_config;
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::review::report::markdown::review_report;
use consilium_engine::review::run_review;
use consilium_engine::review::view::{context_files_read, fix_items_by_file};
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use futures::executor::block_on;
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;

/// The change: one line added to `src/handler.rs`, calling what `src/config.rs` defines.
const DIFF: &str = "\
diff --git a/src/handler.rs b/src/handler.rs
--- a/src/handler.rs
+++ b/src/handler.rs
@@ -1,2 +1,3 @@
 fn handle() {
+    let timeout = config::timeout_secs();
 }
";

/// The context file: the function the change calls, on line 3.
const CONFIG_RS: &str = "\
// Settings read at start.
pub fn timeout_secs() -> u64 {
    std::env::var(\"TIMEOUT\").unwrap().parse().unwrap()
}
";

fn context_files(files: &[(&str, &str)]) -> Vec<Source> {
    let mut material = Vec::new();
    for (name, text) in files {
        let source = source_from_bytes(name, "text/plain", text.as_bytes()).unwrap();
        attach(&mut material, source).unwrap();
    }
    material
}

fn config_with(material: Vec<Source>) -> ReviewConfig {
    ReviewConfig {
        material,
        ..demo_review_config()
    }
}

fn run(config: ReviewConfig, caller: &ScriptedCaller) -> Session {
    let session = Session::new_review("r-ctx".into(), DIFF.into(), config, NOW);
    block_on(run_review(
        session,
        caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn reply(state: &str, fixes: serde_json::Value) -> String {
    json!({"state": state, "confidence": 90, "opinion": format!("I say {state}."), "fix_items": fixes})
        .to_string()
}

/// A critical finding on the context file (not in the change), resting on `quote` cited at
/// `location` of S1.
fn finding_quoting(location: &str, quote: &str) -> serde_json::Value {
    json!([{
        "severity": "critical", "path": "src/config.rs", "line_start": 3, "line_end": 3,
        "rule": "no panics on bad configuration", "current": "unwrap on the environment",
        "recommended_action": "Return an error.",
        "citations": [{"source": "S1", "location": location, "quote": quote}]
    }])
}

/// Everyone agrees; the Architect raises `fixes` in round 1.
fn architect_raises(fixes: serde_json::Value) -> ScriptedCaller {
    ScriptedCaller::new(|_| Ok(text_reply(reply("SYNTHESIS", json!([])))))
        .reply("r1-architect", reply("SYNTHESIS", fixes))
}

fn verdict_finding(session: &Session) -> Finding {
    let verdict = session.review().verdict.clone().expect("a verdict");
    verdict
        .fix_items
        .into_iter()
        .find(|f| f.item.path == "src/config.rs")
        .expect("the context file's finding")
}

fn quote_marks(session: &Session) -> Vec<QuoteMark> {
    let body = session.review();
    let read =
        consilium_engine::review::context_files::as_the_committee_reads(&body.config.material);
    fix_items_by_file(
        body.verdict.as_ref(),
        &ParsedDiff::parse(&session.subject),
        &read,
    )
    .into_iter()
    .flat_map(|file| file.findings)
    .flat_map(|card| card.quotes)
    .map(|row| row.mark)
    .collect()
}

#[test]
fn a_finding_quoting_a_context_file_where_it_cites_is_verified_and_requests_changes() {
    let material = context_files(&[("config.rs", CONFIG_RS)]);
    let caller = architect_raises(finding_quoting(
        "lines 1-4",
        "std::env::var(\"TIMEOUT\").unwrap()",
    ));
    let session = run(config_with(material), &caller);
    let finding = verdict_finding(&session);
    assert!(finding.verified, "{:?}", finding.problem);
    assert_eq!(quote_marks(&session), [QuoteMark::Found]);
    assert_eq!(
        session.review().verdict.as_ref().unwrap().verdict,
        ReviewVerdict::RequestChanges
    );
}

#[test]
fn a_quote_found_elsewhere_in_a_context_file_is_support_with_its_place_corrected() {
    // Two blocks of 40 lines: the quote is in the second, cited in the first... and two away.
    let mut text = String::new();
    for n in 1..=120 {
        text.push_str(&format!("line number {n}\n"));
    }
    text.push_str("let secretless = \"the words the finding quotes\";\n");
    let material = context_files(&[("long.rs", &text)]);
    let caller = architect_raises(finding_quoting(
        "lines 1-40",
        "the words the finding quotes",
    ));
    let session = run(config_with(material), &caller);
    assert!(verdict_finding(&session).verified);
    assert_eq!(quote_marks(&session), [QuoteMark::FoundElsewhere]);
    let row = fix_items_by_file(
        session.review().verdict.as_ref(),
        &ParsedDiff::parse(DIFF),
        &session.review().config.material,
    )
    .into_iter()
    .flat_map(|f| f.findings)
    .flat_map(|c| c.quotes)
    .next()
    .unwrap();
    assert_eq!(row.mark_line, "found elsewhere: line 121");
    assert_eq!(row.source_line, "S1 · long.rs · cited lines 1-40");
}

#[test]
fn a_finding_whose_only_support_is_a_quote_not_found_is_unverified_and_carries_no_veto() {
    let material = context_files(&[("config.rs", CONFIG_RS)]);
    let caller = ScriptedCaller::new(|_| Ok(text_reply(reply("SYNTHESIS", json!([]))))).reply(
        "r1-architect",
        reply(
            "VETO",
            finding_quoting("line 3", "config.expect(\"a timeout\")"),
        ),
    );
    let session = run(config_with(material), &caller);
    let architect = session.review().rounds[0]
        .opinions
        .iter()
        .find(|o| o.member_id == "architect")
        .unwrap()
        .clone();
    assert_eq!(architect.said, Some(Vote::Veto));
    assert_eq!(
        architect.vote,
        Vote::Debate,
        "an unverified finding cannot carry a veto"
    );
    let finding = verdict_finding(&session);
    assert!(!finding.verified);
    assert_eq!(
        finding.problem.as_deref(),
        Some("src/config.rs is not in the change. Its quote is not found in the context files either.")
    );
    assert_eq!(quote_marks(&session), [QuoteMark::NotFound]);
    // Listed as not checked against the diff, as any finding outside it: the review approves.
    let verdict = session.review().verdict.clone().unwrap();
    assert_eq!(verdict.verdict, ReviewVerdict::Approved);
    assert!(
        verdict.reason.contains("Not checked against the diff"),
        "{}",
        verdict.reason
    );
}

#[test]
fn every_prompt_carries_the_context_files_after_the_diff_with_ids_and_numbered_lines() {
    let material = context_files(&[
        ("config.rs", CONFIG_RS),
        ("notes.md", "# Notes\nKeep it short.\n"),
    ]);
    let caller = architect_raises(json!([]));
    let session = run(config_with(material), &caller);
    let requests = caller.requests();
    assert!(!requests.is_empty());
    for request in requests.iter().filter(|r| r.call_id.starts_with("r1-")) {
        let prompt = &request.prompt;
        let diff_at = prompt
            .find("2 +     let timeout = config::timeout_secs();")
            .expect(prompt);
        let first = prompt.find("=== S1 · code · config.rs ===").expect(prompt);
        let second = prompt
            .find("=== S2 · Markdown · notes.md ===")
            .expect(prompt);
        assert!(
            diff_at < first && first < second,
            "the context files follow the diff"
        );
        assert!(prompt.contains("[S1 lines 1-4]\n// Settings read at start."));
        assert!(prompt.contains("[S2 lines 1-2]\n# Notes"));
        let (_, schema) = request.response_schema.clone().unwrap();
        assert!(
            schema.to_string().contains("\"citations\""),
            "each fix item may cite the context files"
        );
    }
    // The page lists what the committee read.
    let read = context_files_read(&session).unwrap();
    let names: Vec<&str> = read.sources.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["config.rs", "notes.md"]);
    assert!(review_report(&session).contains("## What the council read"));
}

#[test]
fn a_review_without_context_files_asks_for_no_citations() {
    let caller = architect_raises(json!([]));
    let session = run(config_with(Vec::new()), &caller);
    let request = &caller.requests()[0];
    assert!(!request.prompt.contains("Context files"));
    assert!(!request
        .response_schema
        .as_ref()
        .unwrap()
        .1
        .to_string()
        .contains("citations"));
    assert!(context_files_read(&session).is_none());
}

#[test]
fn a_secret_in_a_context_file_is_masked_in_every_prompt() {
    let env = "# deploy settings\nAWS_ACCESS_KEY_ID=AKIAQ3EGRU7XK5N2ZD4W\nREGION=eu-west-1\n";
    let material = context_files(&[("deploy.env", env)]);
    let caller = ScriptedCaller::new(|_| Ok(text_reply(reply("DEBATE", json!([])))));
    let session = run(config_with(material), &caller);
    let requests = caller.requests();
    assert!(requests.len() >= 2, "several rounds, several calls");
    for request in &requests {
        assert!(
            !request.prompt.contains("AKIAQ3EGRU7XK5N2ZD4W")
                && !request.system.contains("AKIAQ3EGRU7XK5N2ZD4W"),
            "{} carries the key in clear",
            request.call_id
        );
        assert!(request.prompt.contains("AWS_ACCESS_KEY_ID=AKIA…4W"));
        // The lines after it keep their numbers and text.
        assert!(request.prompt.contains("REGION=eu-west-1"));
    }
    // The record keeps the file verbatim (as the JSON backup keeps the code); a link does not.
    assert!(session.review().config.material[0]
        .text
        .contains("AKIAQ3EGRU7XK5N2ZD4W"));
    let link = consilium_engine::library::share::share_payload(&session);
    assert!(!link.contains("AKIAQ3EGRU7XK5N2ZD4W"));
}

#[test]
fn a_folder_gives_its_text_files_in_path_order_and_says_what_it_skipped() {
    use consilium_engine::material::folder::choose_folder_files;
    let paths: Vec<String> = [
        "app/src/main.rs",
        "app/logo.png",
        "app/.git/config",
        "app/node_modules/x/index.js",
        "app/README.md",
        "app/docs/guide.pdf",
        "app/src/lib.rs",
    ]
    .map(String::from)
    .to_vec();
    let choice = choose_folder_files(&paths, 20);
    let read: Vec<&str> = choice.read.iter().map(|i| paths[*i].as_str()).collect();
    assert_eq!(read, ["app/README.md", "app/src/lib.rs", "app/src/main.rs"]);
    assert_eq!(
        choice.skipped.as_deref(),
        Some("Skipped 4 files of app: 2 that are not text (guide.pdf, logo.png) and 2 in hidden or build folders.")
    );
    // Room for two more sources: the third text file is skipped and named.
    let choice = choose_folder_files(&paths, 2);
    assert_eq!(choice.read.len(), 2);
    assert!(choice
        .skipped
        .unwrap()
        .contains("1 past the limit of sources (app/src/main.rs)"));
    assert_eq!(
        choose_folder_files(&["f/a.rs".to_string()], 20).skipped,
        None
    );
}

#[test]
fn history_search_finds_a_review_by_its_context_files_name_and_text() {
    use consilium_engine::library::search::{searchable_text, Query, SearchText};
    let policy = "# Retry policy\nRetries back off with a quincunx schedule, at most five.\n";
    let config = config_with(context_files(&[("retry_policy.md", policy)]));
    let session = Session::new_review("r-search".into(), DIFF.into(), config, NOW);
    let text = SearchText::new(searchable_text(&session));
    let by_word = Query::parse("Quincunx")
        .find(&text)
        .expect("found by a word of the file");
    assert!(
        by_word.marked().contains("[quincunx]"),
        "{}",
        by_word.marked()
    );
    let by_name = Query::parse("retry_policy.md")
        .find(&text)
        .expect("found by the file's name");
    assert!(by_name.marked().contains("[retry_policy.md]"));
    // A review without them is not found by that word.
    let bare = Session::new_review("r-bare".into(), DIFF.into(), config_with(Vec::new()), NOW);
    assert!(Query::parse("quincunx")
        .find(&SearchText::new(searchable_text(&bare)))
        .is_none());
}
