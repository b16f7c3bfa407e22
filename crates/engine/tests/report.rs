//! The Markdown export of a consultation.
use crate::common;

use common::*;
use consilium_engine::consult::report::markdown::consult_markdown;
use consilium_engine::testing::ScriptedCaller;

#[test]
fn the_report_of_a_demo_consult_says_demo_and_carries_every_round_and_the_verdict() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let report = consult_markdown(&session);
    assert!(
        report.contains("> **Demo**: scripted participants"),
        "{report}"
    );
    assert!(report.contains(&session.subject));
    let verdict = session
        .consult()
        .round4
        .as_ref()
        .expect("the demo reaches a verdict");
    assert!(report.contains(&verdict.recommendation));
    for artifact in &session.consult().round1 {
        assert!(report.contains(&artifact.position));
    }
    for heading in [
        "## Verdict",
        "### Evidence",
        "### Dissent",
        "## Round 1",
        "## Round 2",
        "## Round 3",
        "## Token efficiency",
    ] {
        assert!(report.contains(heading), "missing {heading}");
    }
    for dissent in &verdict.dissent {
        assert!(report.contains(&dissent.concern));
    }
}

#[test]
fn an_unfinished_consult_reports_what_it_has_without_a_verdict() {
    let mut session = demo_session();
    session.failure = Some("The judge's synthesis (round 2) failed.".into());
    let report = consult_markdown(&session);
    assert!(!report.contains("## Verdict"));
    assert!(report.contains("## Failure"));
    assert!(report.contains("The judge's synthesis (round 2) failed."));
}

const HOSTILE: &str = "<script>alert(1)</script> & <img src=x onerror=alert(2)>";

fn assert_inert(report: &str) {
    assert!(
        !report.contains("<script") && !report.contains("<img"),
        "{report}"
    );
    assert!(
        report.contains(
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;"
        ),
        "{report}"
    );
}

#[test]
fn model_html_in_the_markdown_export_is_escaped_so_no_viewer_runs_it() {
    let (mut session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let consilium_engine::record::Body::Consult(body) = &mut session.body else {
        panic!("a consult session");
    };
    body.round1[0].position = HOSTILE.into();
    body.round4
        .as_mut()
        .expect("the demo reaches a verdict")
        .recommendation = HOSTILE.into();
    let report = consult_markdown(&session);
    assert_inert(&report);
    // The report's own Markdown is untouched: the demo quote marker still opens its line.
    assert!(report.contains("\n> **Demo**"), "{report}");
}

#[test]
fn the_shared_escape_keeps_quote_markers_and_escapes_everything_else() {
    use consilium_engine::text::markdown::escape_html;
    assert_eq!(escape_html("> quoted a > b"), "> quoted a &gt; b");
    assert_eq!(
        escape_html("  > indented\nx<y & z"),
        "  > indented\nx&lt;y &amp; z"
    );
    assert_eq!(escape_html("Café — 你好"), "Café — 你好");
}
