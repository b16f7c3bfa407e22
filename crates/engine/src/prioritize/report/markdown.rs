//! The three exports of a prioritization: the seed's JSON (`DebateResult`), a Markdown report, and
//! the ranked backlog as CSV. Pure text from the record.
use std::fmt::Write;

use crate::foundation::money::format_usd;
use crate::prioritize::{concerns_for, debate_cost_usd, debate_result, final_disposition};
use crate::record::prioritize::body::Partner;
use crate::record::prioritize::debate::Disposition;
use crate::record::Session;
use crate::text::csv::{csv_field, push_row};

/// The seed's `DebateResult` as JSON (its field names), with the demo flag when it is one.
pub fn prioritize_json(session: &Session) -> String {
    let mut value = serde_json::to_value(debate_result(session)).expect("serialisable");
    if session.demo {
        value["demo"] = serde_json::Value::Bool(true);
    }
    serde_json::to_string_pretty(&value).expect("serialisable")
}

pub fn prioritize_markdown(session: &Session) -> String {
    let body = session.prioritize();
    let debate = &body.debate;
    let mut out = String::new();
    let _ = writeln!(out, "# Consilium prioritization\n");
    if session.demo {
        let _ = writeln!(out, "> **Demo**: scripted partners, not real models.\n");
    }
    let _ = writeln!(
        out,
        "Session `{}` · state {} · created {}\n",
        session.id, session.state, session.created_at
    );
    let _ = writeln!(out, "## Summary\n");
    if let Some(outcome) = &body.outcome {
        let _ = writeln!(out, "{outcome}\n");
    }
    let _ = writeln!(
        out,
        "- Rounds: {} / {}\n- Consensus: {}\n- Stalemate: {}\n- Cost: {} of a {} budget{}",
        debate.rounds_used(),
        debate.max_rounds,
        if debate.consensus_reached {
            "yes"
        } else {
            "no"
        },
        if debate.stalemate {
            "yes (budget exhausted)"
        } else {
            "no"
        },
        format_usd(debate_cost_usd(session)),
        format_usd(debate.budget_usd),
        match session.cost.unpriced_calls {
            0 => String::new(),
            n => format!(
                " ({} of unknown price not included)",
                crate::foundation::counted::counted(n as usize, "call")
            ),
        }
    );
    if body.config.independence_overridden {
        let _ = writeln!(
            out,
            "- Independence: the critic shares a model with another partner; the user chose to go on."
        );
    }
    if body.config.debate {
        let _ = writeln!(out, "\n## Partners\n");
        for seat in Partner::ALL {
            if let Some(p) = body.config.partner(seat) {
                let _ = writeln!(
                    out,
                    "- {}: {} ({})",
                    seat.title(),
                    p.model,
                    p.provider_label
                );
            }
        }
    }
    let _ = writeln!(out, "\n## Ranked backlog\n");
    let _ = writeln!(
        out,
        "| Rank | Id | Title | Disposition | Concerns |\n|---|---|---|---|---|"
    );
    for item in &body.ranked {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            item.priority_rank.unwrap_or(0),
            cell(&item.id),
            cell(&item.title),
            final_disposition(body, &item.id).map_or("-", Disposition::label),
            cell(&concerns_for(body, &item.id).join("; "))
        );
    }
    for round in &debate.rounds {
        let _ = writeln!(out, "\n## Round {}\n", round.round_number);
        let _ = writeln!(
            out,
            "**Champion** ({}): {}\n",
            round.champion_rankings.join(", "),
            round.champion_argument.trim()
        );
        let _ = writeln!(
            out,
            "**Critic** ({}):\n",
            round.critic_counter_rankings.join(", ")
        );
        for (id, concerns) in &round.critic_concerns {
            let _ = writeln!(out, "- {id}: {}", concerns.join("; "));
        }
        let _ = writeln!(
            out,
            "\n**Moderator**: {}\n",
            round.moderator_final_rankings.join(", ")
        );
        for (id, disposition) in &round.moderator_dispositions {
            let _ = writeln!(out, "- {id}: {}", disposition.label());
        }
        if round.consensus_reached {
            let _ = writeln!(out, "\nConsensus reached.");
        } else if let Some(refused) = &round.consensus_refused {
            let _ = writeln!(out, "\nConsensus not accepted: {refused}");
        }
    }
    if let Some(failure) = &session.failure {
        let _ = writeln!(out, "\n## Failure\n\n{failure}");
    }
    crate::text::markdown::escape_html(&out)
}

/// Markdown table cells: no line breaks, pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The ranked backlog as CSV (RFC 4180), ready for a spreadsheet.
pub fn prioritize_csv(session: &Session) -> String {
    let body = session.prioritize();
    let mut out = String::from(
        "priority_rank,id,title,type,disposition,effort,concerns,debate_session_id\r\n",
    );
    for item in &body.ranked {
        let assessment = body
            .debate
            .rounds
            .last()
            .and_then(|r| r.critic_assessments.get(&item.id));
        let effort = assessment
            .map(|a| a.effort.label().to_string())
            .or_else(|| item.effort.map(|e| e.label()))
            .unwrap_or_default();
        let fields = [
            item.priority_rank
                .map(|r| r.to_string())
                .unwrap_or_default(),
            item.id.clone(),
            item.title.clone(),
            item.kind.clone(),
            final_disposition(body, &item.id)
                .map_or("", Disposition::label)
                .to_string(),
            effort,
            concerns_for(body, &item.id).join("; "),
            item.debate_session_id
                .clone()
                .map(String::from)
                .unwrap_or_default(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        push_row(&mut out, &line);
    }
    out
}
