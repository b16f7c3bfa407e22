//! A review's share link never carries a secret the scan found: it is masked wherever it appears
//! (the code, its amendments, an opinion quoting it), as the Markdown and HTML reports show it. The
//! JSON backup keeps the code verbatim, and the page says so on export.
use consilium_engine::library::share::{json_export_notice, read_shared, share_payload};
use consilium_engine::record::review::body::ReviewConfig;
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::review::report::markdown::fix_requests_of;
use consilium_engine::review::{amend, run_review};
use consilium_engine::testing::{text_reply, FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{html_report, record::Session};
use futures::executor::block_on;
use serde_json::json;

const NOW: u64 = 1_700_000_000_000;
const KEY: &str = "AKIAQ3EGRU7XK5N2ZD4W";

fn reviewed(code: &str, config: ReviewConfig, caller: &ScriptedCaller) -> Session {
    let session = Session::new_review("r-share".into(), code.into(), config, NOW);
    block_on(run_review(
        session,
        caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

/// Every member approves, and the SRE quotes the key in its opinion and its fix item.
fn quoting_caller() -> ScriptedCaller {
    let fine = json!({"state": "SYNTHESIS", "confidence": 90, "opinion": "Fine.", "fix_items": []});
    let quoting = json!({"state": "SYNTHESIS", "confidence": 90,
        "opinion": format!("Line 4 commits {KEY}; rotate it."),
        "fix_items": [{"severity": "critical", "path": "app/config.py", "line_start": 4, "line_end": 4,
            "rule": "no hard-coded secrets", "current": format!("AWS_ACCESS_KEY_ID = \"{KEY}\""),
            "recommended_action": "Read it from the environment."}]});
    ScriptedCaller::new(move |_| Ok(text_reply(fine.to_string())))
        .reply("r1-sre", quoting.to_string())
}

#[test]
fn a_share_link_masks_the_secret_the_scan_found_wherever_it_appears() {
    let session = reviewed(DEMO_DIFF, demo_review_config(), &quoting_caller());
    assert!(session.subject.contains(KEY), "the record keeps the code");
    let payload = share_payload(&session);
    assert!(!payload.contains(KEY), "the link carries the key in clear");
    assert!(!payload.contains("Q3EGRU7XK5N2ZD"));
    let shared = read_shared(&payload).unwrap();
    assert!(shared.subject.contains("AWS_ACCESS_KEY_ID = \"AKIA…4W\""));
    let sre = shared.review().rounds[0]
        .opinions
        .iter()
        .find(|o| o.member_id == "sre")
        .unwrap();
    assert_eq!(sre.opinion, "Line 4 commits AKIA…4W; rotate it.");
    // The rest of the review is as it was.
    assert_eq!(
        shared.review().verdict,
        session.review().verdict.clone().map(|mut v| {
            for f in &mut v.fix_items {
                f.item.current = f.item.current.replace(KEY, "AKIA…4W");
            }
            v
        })
    );
    // As the reports show it: masked, even where a member quoted it.
    for report in [
        html_report::report_markdown(&session),
        html_report::session_html(&session),
        fix_requests_of(&session),
        html_report::report_markdown(&shared),
    ] {
        assert!(report.contains("AKIA…4W") && !report.contains(KEY));
    }
}

#[test]
fn amended_code_and_private_key_blocks_are_masked_too() {
    let key_block = "diff --git a/deploy/id_rsa b/deploy/id_rsa\n--- /dev/null\n+++ b/deploy/id_rsa\n@@ -0,0 +1,4 @@\n+-----BEGIN RSA PRIVATE KEY-----\n+MIIEowIBAAKCAQEAvX3s9Tq8pLr2m1Zb7wQ9\n+k2J8fX0aB1cD3eF5gH7iJ9kL1mN3oP5qR7sT\n+-----END RSA PRIVATE KEY-----\n";
    let vetoing = ScriptedCaller::new(|r| {
        let text = match r.call_id.as_str() {
            "r1-sre" => {
                json!({"state": "VETO", "confidence": 95, "opinion": "A key is committed.", "fix_items": []})
            }
            "r1-business_driver-compromise" => {
                json!({"compromise": "Ship later.", "cost_of_delay": "Little."})
            }
            "r1-sre-accept" => json!({"accept": false, "reason": "No."}),
            _ => {
                json!({"state": "SYNTHESIS", "confidence": 90, "opinion": "Fine.", "fix_items": []})
            }
        };
        Ok(text_reply(text.to_string()))
    });
    let clean = reviewed("fn a() {}\n", demo_review_config(), &vetoing);
    // A review vetoed over a leaked key is amended with code that holds a private key.
    let mut amended = reviewed(DEMO_DIFF, demo_review_config(), &vetoing);
    amend(&mut amended, key_block.to_string(), NOW).unwrap();
    assert_eq!(amended.review().secret_hits.len(), 1);
    let payload = share_payload(&amended);
    for secret in [
        KEY,
        "MIIEowIBAAKCAQEAvX3s9Tq8pLr2m1Zb7wQ9",
        "k2J8fX0aB1cD3eF5gH7iJ9kL1mN3oP5qR7sT",
    ] {
        assert!(!payload.contains(secret), "{secret} in the link");
    }
    let shared = read_shared(&payload).unwrap();
    assert!(shared.review().amendments[0].contains("+MIIE…Q9"));
    // A review without secrets is shared as it is.
    assert_eq!(
        read_shared(&share_payload(&clean)).unwrap().subject,
        "fn a() {}\n"
    );
}

#[test]
fn the_json_backup_keeps_the_code_and_says_so_on_export() {
    let session = reviewed(DEMO_DIFF, demo_review_config(), &quoting_caller());
    let json = serde_json::to_string(&session).unwrap();
    assert!(json.contains(KEY), "the backup is verbatim");
    let notice = json_export_notice(&session).unwrap();
    assert!(
        notice.contains("verbatim") && notice.contains("app/config.py:4"),
        "{notice}"
    );
    assert!(!notice.contains(KEY));
    let clean = reviewed("fn a() {}\n", demo_review_config(), &quoting_caller());
    assert_eq!(json_export_notice(&clean), None);
}

/// Context files as the Review form attaches them.
fn with_context_files(files: &[(&str, &str)]) -> ReviewConfig {
    use consilium_engine::material::attach::attach;
    use consilium_engine::material::extract::source_from_bytes;
    let mut material = Vec::new();
    for (name, text) in files {
        let source = source_from_bytes(name, "text/plain", text.as_bytes()).unwrap();
        attach(&mut material, source).unwrap();
    }
    ReviewConfig {
        material,
        ..demo_review_config()
    }
}

const LIMITS_PY: &str = "MAX_RETRIES = 0\nAWS_ACCESS_KEY_ID = \"AKIAQ3EGRU7XK5N2ZD4W\"\n";
const DEPLOY_ENV: &str =
    "TOKEN=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8\nSECRET=AKIAZ7YX6WV5UT4SR3QP\n";
const NOTES_MD: &str = "# Notes\nThe helpers never retry.\n";

#[test]
fn the_json_export_notice_names_the_context_files_that_hold_a_secret_too() {
    // A key in the code and in two of three context files.
    let config = with_context_files(&[
        ("limits.py", LIMITS_PY),
        ("notes.md", NOTES_MD),
        ("deploy.env", DEPLOY_ENV),
    ]);
    let session = reviewed(DEMO_DIFF, config, &quoting_caller());
    let json = serde_json::to_string(&session).unwrap();
    assert!(
        json.contains("ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
        "the backup is verbatim"
    );
    assert_eq!(
        json_export_notice(&session).unwrap(),
        "The JSON backup keeps the code verbatim, with the secret the scan found (app/config.py:4) \
         in clear, and the context files as attached, with the secrets the scan found in limits.py \
         and deploy.env in clear (the committee read them masked). Keep it private; the share \
         link and the Markdown and HTML reports mask them."
    );
    // A clean change whose one context file holds one key.
    let clean = reviewed(
        "fn a() {}\n",
        with_context_files(&[("limits.py", LIMITS_PY), ("notes.md", NOTES_MD)]),
        &quoting_caller(),
    );
    assert_eq!(
        json_export_notice(&clean).unwrap(),
        "The JSON backup keeps the context files as attached, with the secret the scan found in \
         limits.py in clear (the committee read it masked). Keep it private; the share link and \
         the Markdown and HTML reports mask it."
    );
    // The code's secret alone is said as before; clean files are not named.
    let code_only = reviewed(
        DEMO_DIFF,
        with_context_files(&[("notes.md", NOTES_MD)]),
        &quoting_caller(),
    );
    assert_eq!(
        json_export_notice(&code_only).unwrap(),
        "The JSON backup keeps the code verbatim, with the secret the scan found (app/config.py:4) \
         in clear. Keep it private; the share link and the Markdown and HTML reports mask it."
    );
    let none = reviewed(
        "fn a() {}\n",
        with_context_files(&[("notes.md", NOTES_MD)]),
        &quoting_caller(),
    );
    assert_eq!(json_export_notice(&none), None);
}
