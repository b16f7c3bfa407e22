//! What "Copy" puts in the clipboard: a decision as Markdown (the card's parts, in its order) and
//! as plain text (the same words without Markdown's marks).
use crate::common;

use common::*;
use consilium_engine::consult::view::copy::{decision_markdown, decision_plain};
use consilium_engine::consult::view::verdict::{confidence_chip, decision};
use consilium_engine::testing::ScriptedCaller;

#[test]
fn a_decision_copies_as_markdown_in_the_cards_order() {
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let decision = decision(&session).expect("a decision");
    let markdown = decision_markdown(&decision);
    assert!(markdown.starts_with("## Decision\n\n"), "{markdown}");
    assert!(
        markdown.contains(decision.recommendation.trim()),
        "{markdown}"
    );
    let chip = confidence_chip(&decision);
    assert!(
        markdown.contains(&format!("Confidence: {chip}")),
        "{markdown}"
    );
    let at = |part: &str| {
        markdown
            .find(part)
            .unwrap_or_else(|| panic!("{part} in {markdown}"))
    };
    assert!(at("Confidence:") < at("### Dissent"));
    for line in &decision.dissent {
        assert!(markdown.contains(&line.concern), "{markdown}");
    }
    if !decision.evidence.is_empty() {
        assert!(at("### Dissent") < at("### Evidence"));
        assert!(markdown.contains(&format!("- {}", decision.evidence[0])));
    }
}

#[test]
fn a_decision_copies_as_plain_text_without_markdowns_marks() {
    let (mut session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    session
        .consult_mut()
        .round4
        .as_mut()
        .unwrap()
        .recommendation = "**Adopt Rust** for the service.\n\n| option | risk |\n|---|---|\n| Rust | low |\n\n```\nfn main() {\n    ship();\n}\n```".into();
    let decision = decision(&session).expect("a decision");
    let plain = decision_plain(&decision);
    assert!(
        plain.starts_with("Decision\nAdopt Rust for the service."),
        "{plain}"
    );
    assert!(plain.contains("option · risk\nRust · low"), "{plain}");
    assert!(plain.contains("fn main() {\n    ship();\n}"), "{plain}");
    for mark in ["**", "##", "```", "|", "- **"] {
        assert!(!plain.contains(mark), "{mark} in {plain}");
    }
    // Markdown keeps them.
    let markdown = decision_markdown(&decision);
    assert!(markdown.contains("**Adopt Rust**") && markdown.contains("| Rust | low |"));
}
