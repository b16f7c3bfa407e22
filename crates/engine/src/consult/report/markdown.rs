//! The Markdown report of a consultation, for export. Pure text from the session record; a demo
//! session says so at the top, and no provider credential exists in the record to leak.
use std::fmt::Write;

use crate::consult::dissent::{
    absent_panelists, dissent_on_record, empty_dissent_note_of, severity_name,
};
use crate::foundation::money::format_usd;
use crate::record::consult::artifacts::FREE_TEXT_LABEL;
use crate::record::consult::early_decision::DecidedBy;
use crate::record::Session;

fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
}

fn label(session: &Session, id: impl AsRef<str>) -> String {
    session.label_of(id)
}

/// Model text is escaped (see `markdown_text`), so no HTML in a reply runs in a Markdown viewer.
pub fn consult_markdown(session: &Session) -> String {
    let body = session.consult();
    let mut out = String::new();
    let _ = writeln!(out, "# Consilium consultation\n");
    if session.demo {
        let _ = writeln!(out, "> **Demo**: scripted participants, not real models.\n");
    }
    let _ = writeln!(out, "**Question:** {}\n", session.subject);
    if let Some(earlier) = &body.follows {
        let _ = writeln!(
            out,
            "**Follow-up of:** {} (session `{}`), which decided: {}\n",
            crate::record::title_of(&earlier.question),
            earlier.session_id,
            earlier.answer
        );
    }
    let _ = writeln!(
        out,
        "Session `{}` · {} · state {} · created {}\n",
        session.id,
        session.protocol().as_str(),
        session.state,
        session.created_at
    );
    if body.config.verbose {
        let _ = writeln!(out, "> {}\n", crate::consult::VERBOSE_NOTICE);
    }
    if let Some((member, panelist)) = body.member_turn.as_ref().zip(body.config.panelists.first()) {
        // One member asked alone: its answer, never a council decision.
        let _ = writeln!(
            out,
            "## {} answered alone\n\n({}, {}; one member's own view, not a council decision)\n",
            member.name(panelist),
            panelist.provider_label,
            panelist.model
        );
        if let Some(answer) = &member.answer {
            let _ = writeln!(out, "{answer}\n");
        }
    } else {
        council(&mut out, body);
    }
    if let Some(decision) = body.decision() {
        let verdict = decision.verdict;
        let heading = match decision.decided_by {
            DecidedBy::Verdict => "Verdict",
            _ => "Decision",
        };
        let _ = writeln!(out, "## {heading}\n\n{}\n", verdict.recommendation);
        let _ = writeln!(
            out,
            "Depth: {} · {}\n",
            body.config.depth_label(),
            decision.how_reached()
        );
        match decision.confidence_check {
            Some(check) if check.adjusted => {
                let _ = writeln!(
                    out,
                    "Confidence: **{}** (computed; {} {}: {})\n",
                    percent(check.computed_confidence),
                    decision.decided_by.said(),
                    percent(check.judge_confidence),
                    check.rule
                );
            }
            _ => {
                let _ = writeln!(out, "Confidence: **{}**\n", percent(verdict.confidence));
            }
        }
        let absent = decision
            .confidence_check
            .into_iter()
            .flat_map(absent_panelists);
        let absent: Vec<String> = absent.map(|id| label(session, &id)).collect();
        if !absent.is_empty() {
            let _ = writeln!(
                out,
                "Absent (no usable answer, not counted as agreeing): {}\n",
                absent.join(", ")
            );
        }
        let _ = writeln!(out, "### Evidence\n");
        for e in &verdict.evidence {
            let _ = writeln!(out, "- {}", e.point);
        }
        let dissent = dissent_on_record(body);
        let _ = writeln!(out, "\n### Dissent\n");
        if dissent.is_empty() {
            let note = empty_dissent_note_of(body).unwrap_or_default();
            let _ = writeln!(out, "{note}");
        }
        for entry in dissent {
            let d = &entry.dissent;
            let _ = writeln!(
                out,
                "- **{}** {}: {}",
                severity_name(d.severity),
                label(session, &d.agent),
                d.concern
            );
        }
        out.push('\n');
    }
    if !body.round1.is_empty() {
        let _ = writeln!(out, "## Round 1 · Independent answers\n");
        for a in &body.round1 {
            // Free text states no confidence, key points or rationale of its own.
            let marked = if a.free_text {
                FREE_TEXT_LABEL.to_string()
            } else {
                percent(a.confidence)
            };
            let _ = writeln!(
                out,
                "### {} ({marked})\n\n{}\n",
                label(session, &a.agent_id),
                a.position
            );
            if a.free_text {
                continue;
            }
            for k in &a.key_points {
                let _ = writeln!(out, "- {k}");
            }
            let _ = writeln!(out, "\n{}\n", a.rationale);
        }
    }
    if let Some(synthesis) = &body.round2 {
        let _ = writeln!(out, "## Round 2 · Synthesis\n\n### Consensus\n");
        for c in &synthesis.consensus_points {
            let who: Vec<String> = c
                .supporting_agents
                .iter()
                .map(|a| label(session, a))
                .collect();
            let _ = writeln!(
                out,
                "- {} ({}; {})",
                c.point,
                who.join(", "),
                percent(c.confidence)
            );
        }
        let _ = writeln!(out, "\n### Tensions\n");
        for t in &synthesis.tensions {
            let _ = writeln!(out, "- **{}**", t.topic);
            for v in &t.viewpoints {
                let _ = writeln!(out, "  - {}: {}", label(session, &v.agent), v.viewpoint);
            }
        }
        out.push('\n');
    }
    if let Some(cross) = &body.round3 {
        let _ = writeln!(out, "## Round 3 · Cross-examination\n");
        for c in &cross.challenges {
            let _ = writeln!(
                out,
                "- {} challenges {}: {}",
                label(session, &c.challenger),
                label(session, &c.target_agent),
                c.challenge
            );
            for e in &c.evidence {
                let _ = writeln!(out, "  - evidence: {e}");
            }
        }
        for r in &cross.rebuttals {
            let marked = if r.free_text {
                format!(" ({FREE_TEXT_LABEL})")
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "- Rebuttal by {}{marked}: {}",
                label(session, &r.agent),
                crate::text::markdown::list_item(&r.rebuttal)
            );
        }
        let _ = writeln!(out, "\n**Unresolved:**\n");
        if cross.unresolved.is_empty() {
            let _ = writeln!(out, "- nothing");
        }
        for u in &cross.unresolved {
            let _ = writeln!(out, "- {u}");
        }
        out.push('\n');
    }
    out.push_str(&crate::consult::view::material::material_markdown(session));
    out.push_str(&crate::consult::view::web_sources::web_sources_markdown(
        session,
    ));
    if let Some(reason) = &session.failure {
        let _ = writeln!(out, "## Failure\n\n{reason}\n");
    }
    if let Some(stats) = &body.token_efficiency_stats {
        // In the app's words: the filtering method's internal name stays in the JSON record.
        let _ = writeln!(
            out,
            "## Token efficiency\n\n{}\n",
            crate::consult::view::verdict::efficiency_line(stats, body.config.verbose)
        );
    }
    if let Some(ms) = crate::views::run_time::run_time_ms(session) {
        let took = crate::views::run_time::duration_words(ms);
        let _ = writeln!(out, "Run time: {took} (the calls' time)\n");
    }
    let cost = &session.cost;
    let _ = write!(out, "Cost: {}", format_usd(cost.spent_usd));
    if cost.unpriced_calls > 0 {
        let unpriced = crate::foundation::counted::counted(cost.unpriced_calls as usize, "call");
        let _ = write!(out, " plus {unpriced} at unknown price");
    }
    out.push('\n');
    crate::text::markdown::escape_html(&out)
}

/// The council's seats: each panelist, then the judge.
fn council(out: &mut String, body: &crate::record::consult::body::ConsultBody) {
    let _ = writeln!(out, "## Council\n");
    for p in &body.config.panelists {
        let _ = writeln!(out, "- {} ({}, {})", p.label, p.provider_label, p.model);
    }
    let judge = &body.config.judge;
    let _ = writeln!(
        out,
        "- Judge: {} ({}, {})\n",
        judge.label, judge.provider_label, judge.model
    );
}
