//! The Markdown export of a consultation.
mod common;

use common::*;
use consilium_engine::consult_markdown;
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
