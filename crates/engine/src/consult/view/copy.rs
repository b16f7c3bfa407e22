//! What "Copy" puts in the clipboard for a decision: the decision card as Markdown (the
//! recommendation as the judge wrote it, its confidence, dissent and evidence, as the card reads
//! them), or the same as plain text for a chat or a mail that shows Markdown's marks as they are.
use std::fmt::Write;

use crate::consult::dissent::severity_name;
use crate::consult::view::verdict::{confidence_chip, Decision};
use crate::text::rich::to_plain;

/// The decision as Markdown, in the card's order.
pub fn decision_markdown(decision: &Decision) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## Decision\n\n{}\n", decision.recommendation.trim());
    let _ = writeln!(out, "Confidence: {}\n", confidence_chip(decision));
    let _ = writeln!(out, "{} · {}\n", decision.depth, decision.how_reached);
    if !decision.absent.is_empty() {
        let _ = writeln!(
            out,
            "Absent (no usable answer, not counted as agreeing): {}\n",
            decision.absent.join(", ")
        );
    }
    let _ = writeln!(out, "### Dissent\n");
    if decision.dissent.is_empty() {
        let _ = writeln!(out, "{}\n", decision.empty_dissent_note);
    } else {
        for line in &decision.dissent {
            let _ = writeln!(
                out,
                "- **{}** {}: {}",
                severity_name(line.severity),
                line.agent_label,
                line.concern
            );
        }
        out.push('\n');
    }
    if !decision.evidence.is_empty() {
        let _ = writeln!(out, "### Evidence\n");
        for point in &decision.evidence {
            let _ = writeln!(out, "- {point}");
        }
    }
    out.trim_end().to_string() + "\n"
}

/// The decision as plain text: the Markdown's words without its marks.
pub fn decision_plain(decision: &Decision) -> String {
    to_plain(&decision_markdown(decision)) + "\n"
}
