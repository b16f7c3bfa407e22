//! The secret scan finds every secret on a line, and only secrets: each point of the
//! issue as its own test, then the labelled corpus (`fixtures/secrets_corpus.jsonl`: fabricated
//! values in the providers' documented formats, and hard negatives) with its precision and recall.
use consilium_engine::library::share::share_payload;
use consilium_engine::review::demo::demo_review_config;
use consilium_engine::review::diff::ParsedDiff;
use consilium_engine::review::report::markdown::fix_requests_of;
use consilium_engine::review::{run_review, secrets};
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::text::mask::mask_secrets;
use consilium_engine::{html_report, record::Session};
use futures::executor::block_on;
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;

/// The secrets found in `code`, in clear.
fn found(code: &str) -> Vec<String> {
    let mut clear: Vec<String> = secrets::secrets_to_redact(code)
        .into_iter()
        .map(|(clear, _)| clear)
        .collect();
    clear.sort();
    clear
}

fn sorted(values: &[&str]) -> Vec<String> {
    let mut values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    values.sort();
    values
}

#[test]
fn the_boto3_line_yields_both_its_secrets() {
    let line = r#"s3 = boto3.client("s3", aws_access_key_id="AKIA4HKQ2ZT7XMPLW9QD", aws_secret_access_key="q8Zr3vN0fKpL2sT7wYbX1cVe9uJ4mHdA6gRkP5oQ")"#;
    let hits = secrets::scan(&ParsedDiff::parse(line));
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(hits.iter().all(|h| h.line == 1));
    assert_eq!(
        found(line),
        sorted(&[
            "AKIA4HKQ2ZT7XMPLW9QD",
            "q8Zr3vN0fKpL2sT7wYbX1cVe9uJ4mHdA6gRkP5oQ"
        ])
    );
    let masked = mask_secrets(line, &secrets::secrets_in_versions(line, &[]));
    assert!(!masked.contains("AKIA4HKQ2ZT7XMPLW9QD"), "{masked}");
    assert!(
        !masked.contains("q8Zr3vN0fKpL2sT7wYbX1cVe9uJ4mHdA6gRkP5oQ"),
        "{masked}"
    );
}

#[test]
fn urls_emails_and_author_ids_are_not_secrets() {
    for line in [
        r#"TOKEN_URL = "https://oauth2.googleapis.com/token""#,
        r#"auth_url: "https://auth.example.com/v1""#,
        r#"author_id = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b""#,
        r#"authorEmail = "jane.doe42@example.org""#,
        r#"oauth_client_id = "5f3a9c2e7b1d4f6a8c0e2b4d6f8a0c2e""#,
    ] {
        assert_eq!(secrets::scan(&ParsedDiff::parse(line)), [], "{line}");
    }
}

#[test]
fn documented_example_keys_and_placeholders_pass() {
    for line in [
        r#"AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE""#,
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        r#"api_key = "<your-key>""#,
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "DATABASE_URL=postgres://postgres:postgres@localhost:5432/test",
        r#"url: mysql://root:${MYSQL_ROOT_PASSWORD}@db:3306/app"#,
    ] {
        assert_eq!(found(line), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn unquoted_configuration_values_are_read() {
    for (line, secret) in [
        ("DB_PASSWORD=Zq7rT2vLp9xW4m", "Zq7rT2vLp9xW4m"),
        ("  password: Zq7rT2vLp9xW4m", "Zq7rT2vLp9xW4m"),
        ("password = Zq7rT2vLp9xW4m", "Zq7rT2vLp9xW4m"),
        (
            "JWT_SECRET=3f9a1c7e5b2d8f0a4c6e1b3d5f7a9c0e",
            "3f9a1c7e5b2d8f0a4c6e1b3d5f7a9c0e",
        ),
        (
            "_auth=ZGVwbG95OlpxN3JUMnZMcDl4VzRt",
            "ZGVwbG95OlpxN3JUMnZMcDl4VzRt",
        ),
    ] {
        assert_eq!(found(line), [secret], "{line}");
    }
}

#[test]
fn credentials_in_urls_and_connection_strings_are_found() {
    for (line, secret) in [
        (
            r#"DATABASE_URL = "postgres://app:Hq3vZ8kLm2Rt@db.internal:5432/app""#,
            "Hq3vZ8kLm2Rt",
        ),
        (
            "REDIS_URL=redis://:Hq3vZ8kLm2Rt@redis.internal:6379/0",
            "Hq3vZ8kLm2Rt",
        ),
        (
            r#"MONGO_URI = "mongodb+srv://admin:Hq3vZ8kLm2Rt@cluster0.ab1cd.mongodb.net/test""#,
            "Hq3vZ8kLm2Rt",
        ),
        (
            r#"conn = "Server=tcp:sql.example.net,1433;User ID=app;Password=Hq3vZ8kLm2Rt;Encrypt=True;""#,
            "Hq3vZ8kLm2Rt",
        ),
    ] {
        assert_eq!(found(line), [secret], "{line}");
    }
}

#[test]
fn gitleaks_formats_beyond_the_first_twelve_are_found() {
    for secret in [
        "glpat-Xq7vK2mZ9rT4bN8cL1pW",
        "npm_Xq7vK2mZ9rT4bN8cL1pWd6sF3hJ0gY5aE2uQ",
        "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",
        "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",
        "dop_v1_3f9a1c7e5b2d8f0a4c6e1b3d5f7a9c0e3f9a1c7e5b2d8f0a4c6e1b3d5f7a9c0e",
    ] {
        let line = format!("value = {secret}");
        assert_eq!(found(&line), [secret], "{line}");
    }
}

#[test]
fn a_removed_key_is_masked_in_the_link_and_the_reports() {
    const REMOVED: &str = "AKIA4HKQ2ZT7XMPLW9QD";
    let diff = format!(
        "diff --git a/app/config.py b/app/config.py\n--- a/app/config.py\n+++ b/app/config.py\n\
         @@ -1,2 +1,2 @@\n import os\n-AWS_ACCESS_KEY_ID = \"{REMOVED}\"\n\
         +AWS_ACCESS_KEY_ID = os.environ[\"AWS_ACCESS_KEY_ID\"]\n"
    );
    // Removing a key is the fix: it is no fact against the change, but it is never shown in clear.
    assert_eq!(secrets::scan(&ParsedDiff::parse(&diff)), []);
    let quoting = json!({"state": "SYNTHESIS", "confidence": 90,
        "opinion": format!("Good: {REMOVED} is gone; rotate it."), "fix_items": []});
    let caller = ScriptedCaller::new(move |_| Ok(text_reply(quoting.to_string())));
    let session = Session::new_review("r-removed".into(), diff, demo_review_config(), NOW);
    let session = block_on(run_review(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ));
    for shared in [
        share_payload(&session),
        html_report::report_markdown(&session),
        html_report::session_html(&session),
        fix_requests_of(&session),
    ] {
        assert!(!shared.contains(REMOVED), "the removed key in clear");
        assert!(!shared.contains("HKQ2ZT7XMPLW9"));
    }
}

/// One labelled line of the corpus.
struct Labelled {
    kind: String,
    line: String,
    secrets: Vec<String>,
}

/// Where the corpus file splits every long token: no committed line is a key that
/// GitHub's push protection or a user's own scanner would flag; the values are joined here.
const SPLIT: &str = "{{/}}";

fn corpus() -> Vec<Labelled> {
    let text = include_str!("fixtures/secrets_corpus.jsonl");
    let joined = |value: &serde_json::Value| value.as_str().unwrap().replace(SPLIT, "");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let row: serde_json::Value = serde_json::from_str(l).unwrap();
            Labelled {
                kind: row["kind"].as_str().unwrap().to_string(),
                line: joined(&row["line"]),
                secrets: row["secrets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(joined)
                    .collect(),
            }
        })
        .collect()
}

/// No committed line of the corpus holds a key-like run: every run of key characters is cut
/// into pieces of at most 11 (no provider's key is that short).
#[test]
fn the_corpus_file_holds_no_key_in_one_piece() {
    let text = include_str!("fixtures/secrets_corpus.jsonl");
    for line in text.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let stored = row["line"].as_str().unwrap();
        let longest = stored
            .split(|c: char| !(c.is_ascii_alphanumeric() || "_-+/=".contains(c)))
            .map(str::len)
            .max()
            .unwrap_or(0);
        assert!(longest < 12, "{stored}");
    }
}

/// Each shape on its own: an e-mail in a URL's query is no password; a password
/// holding a placeholder word inside a word, starting with `$` or shaped like an address is still
/// one; numbered names are secret names; name-value pairs are read; a short secret's mask shows
/// at most a third of it.
#[test]
fn the_shapes_of_issue_45_are_read_as_they_are() {
    assert_eq!(
        found("http://localhost:3000?email=test@test.com"),
        Vec::<String>::new()
    );
    assert_eq!(found(r#"password = "Atmosphere2024""#), ["Atmosphere2024"]);
    assert_eq!(found(r#"password = "key_here""#), Vec::<String>::new());
    assert_eq!(found(r#"password: "$ecretPa55""#), ["$ecretPa55"]);
    assert_eq!(found("password: $DB_PASSWORD"), Vec::<String>::new());
    assert_eq!(found(r#"smtp_password = "P@ss.w0rd""#), ["P@ss.w0rd"]);
    assert_eq!(
        found(r#"contact_password_reset = "ops@example.org""#),
        Vec::<String>::new()
    );
    let token: String = ["q8Zr3vN0fK", "pL2sT7wYbX", "1cVe9uJ4mH"].concat();
    for name in ["DB_PASSWORD2", "token2", "apiKey2"] {
        let line = format!(r#"{name} = "{token}""#);
        assert_eq!(found(&line), [token.clone()], "{line}");
    }
    assert_eq!(
        found(r#"{"name": "DB_PASSWORD", "value": "kV9#mQ2!xR7p"}"#),
        ["kV9#mQ2!xR7p"]
    );
    assert_eq!(
        found(r#"{"name": "LOG_LEVEL", "value": "debug"}"#),
        Vec::<String>::new()
    );
    let line = r#"password = "Kx9!mQ2#p""#;
    let secrets = secrets::secrets_in_versions(line, &[]);
    let (clear, masked) = &secrets[0];
    assert_eq!(clear, "Kx9!mQ2#p");
    let shown = masked.chars().filter(|c| *c != '…').count();
    assert!(
        shown * 4 <= clear.len(),
        "{masked} shows {shown} of {}",
        clear.len()
    );
}

#[test]
fn the_corpus_is_found_with_precision_and_recall_of_at_least_0_97() {
    let corpus = corpus();
    let kinds: std::collections::BTreeSet<&str> = corpus
        .iter()
        .filter(|c| !c.secrets.is_empty())
        .map(|c| c.kind.as_str())
        .collect();
    assert!(corpus.len() >= 300 && kinds.len() >= 20);
    let (mut true_positives, mut false_positives, mut false_negatives) = (0usize, 0usize, 0usize);
    let mut misses = Vec::new();
    for labelled in &corpus {
        let found = found(&labelled.line);
        let expected = sorted(
            &labelled
                .secrets
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        );
        let hits = found.iter().filter(|f| expected.contains(f)).count();
        true_positives += hits;
        false_positives += found.len() - hits;
        false_negatives += expected.iter().filter(|e| !found.contains(e)).count();
        if found != expected {
            misses.push(format!(
                "{}: {}\n  expected {:?}\n  found    {:?}",
                labelled.kind, labelled.line, expected, found
            ));
        }
    }
    let precision = true_positives as f64 / (true_positives + false_positives).max(1) as f64;
    let recall = true_positives as f64 / (true_positives + false_negatives).max(1) as f64;
    let secrets: usize = corpus.iter().map(|c| c.secrets.len()).sum();
    println!(
        "secret corpus: {} lines ({} with secrets, {} without), {secrets} secrets, {} kinds; \
         precision {precision:.3} ({true_positives} of {} found), recall {recall:.3} \
         ({true_positives} of {secrets}); {false_positives} false positives, {false_negatives} missed",
        corpus.len(),
        corpus.iter().filter(|c| !c.secrets.is_empty()).count(),
        corpus.iter().filter(|c| c.secrets.is_empty()).count(),
        kinds.len(),
        true_positives + false_positives,
    );
    for miss in &misses {
        println!("{miss}");
    }
    assert!(
        precision >= 0.97 && recall >= 0.97,
        "precision {precision:.3}, recall {recall:.3}"
    );
}

/// The scan runs on the browser's main thread over every line of big diffs: it stays linear in
/// the line, even on a minified line of 200 KB full of operators and colons.
#[test]
fn long_lines_scan_in_linear_time() {
    let minified = "a:b=c:d,".repeat(25_000);
    let base64 = format!(
        "data:image/png;base64,{}==",
        "iVBORw0KGgoAAAANSUhEUgAA+/".repeat(8_000)
    );
    let started = std::time::Instant::now();
    for line in [&minified, &base64] {
        assert_eq!(found(line), Vec::<String>::new());
    }
    let elapsed = started.elapsed();
    println!("400 KB of long lines scanned in {elapsed:?}");
    assert!(elapsed.as_secs() < 10, "{elapsed:?}");
}

/// A secret on the first line of pasted code never reaches the session's title (the
/// page's and the tab's title, lists, exports, the share sheet), not even its start where the
/// title is cut at 80 characters.
#[test]
fn a_secret_on_the_first_line_is_masked_in_the_title() {
    use consilium_engine::review::body::review_title;
    let key = ["q8Zr3vN0fK", "pL2sT7wYbX", "1cVe9uJ4mH", "dA6gRkP5oQ"].concat();
    let line = format!("aws_secret_access_key = \"{key}\"");
    let title = review_title(&format!("{line}\nprint('hi')\n"));
    assert!(!title.contains(&key[..8]), "{title}");
    assert!(
        title.starts_with("Review of pasted code: aws_secret_access_key"),
        "{title}"
    );
    // Cut mid-secret at 80 characters: no run of the secret's characters survives either.
    let padded = format!("{}{line}", "x = 1; ".repeat(7));
    let title = review_title(&format!("{padded}\n"));
    assert!(!title.contains(&key[..6]), "{title}");
    let session = consilium_engine::record::Session::new_review(
        "r-title".into(),
        format!("{line}\n"),
        demo_review_config(),
        NOW,
    );
    assert!(!session.title.contains(&key[..8]), "{}", session.title);
}

#[test]
fn a_secret_pasted_into_a_question_is_masked_wherever_a_title_goes() {
    use consilium_engine::views::session::{heading, tab_title};
    let key = ["sk-proj-", "Zr3vN0fKpL2sT7wYbX1cVe9uJ4mHdA6gRkP5oQ8n"].concat();
    let question = format!("Why does my OpenAI key {key} get a 401 from the chat endpoint today?");
    let session = Session::new_consult(
        "c-title".into(),
        question.clone(),
        consilium_engine::consult::demo::demo_config(),
        NOW,
    );
    // The page shows the question as asked; everything that leaves it as a title is masked.
    assert_eq!(heading(&session), question);
    for title in [
        session.title.clone(),
        tab_title(&session),
        html_report::session_html(&session)
            .split("<title>")
            .nth(1)
            .unwrap()
            .split("</title>")
            .next()
            .unwrap()
            .to_string(),
    ] {
        assert!(!title.contains(&key[8..16]), "{title}");
        assert!(title.contains("Why does my OpenAI key sk-p…"), "{title}");
    }
}
