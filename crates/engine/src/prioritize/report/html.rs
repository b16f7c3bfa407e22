//! Prioritize's decision in the export: the outcome sentence and its facts, the ranked backlog as a
//! table, and the bump chart of the moderator's rankings labelled with the opportunities' titles.
use crate::prioritize::debate_cost_usd;
use crate::prioritize::view::{
    bump_chart, chart_description, debate_facts, rank_movement, ranked_rows, RankingSource,
};
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::Session;
use crate::views::html::Html;

pub(crate) fn decision(session: &Session, html: &mut Html) {
    let Some(body) = session.body_of::<PrioritizeBody>() else {
        return;
    };
    let facts = debate_facts(body, debate_cost_usd(session), session.cost.unpriced_calls);
    html.raw("<section class=\"decision\" id=\"decision\"><h2>Outcome</h2>");
    match &facts.outcome {
        Some(outcome) => html.raw("<p class=\"answer\">").text(outcome).raw("</p>"),
        None => html.raw("<p class=\"muted\">No outcome yet.</p>"),
    };
    html.raw("<dl class=\"facts\">");
    for (term, value) in [
        ("Rounds", facts.rounds.as_str()),
        ("Consensus", facts.consensus),
        ("Stalemate", facts.stalemate),
        ("Cost", facts.cost.as_str()),
    ] {
        html.raw("<div><dt>")
            .raw(term)
            .raw("</dt><dd>")
            .text(value)
            .raw("</dd></div>");
    }
    html.raw("</dl>");
    if facts.independence_overridden {
        html.raw("<p class=\"notice\">The critic shares a model with another partner (independence overridden when it started).</p>");
    }
    if let Some(failure) = &session.failure {
        html.raw("<p class=\"failure\">").text(failure).raw("</p>");
    }
    html.raw("</section>\n");

    let rows = ranked_rows(body);
    if !rows.is_empty() {
        html.raw("<section class=\"ranked\"><h2>Ranked backlog</h2><div class=\"table-scroll\"><table class=\"cards\"><thead><tr>\
<th scope=\"col\">Rank</th><th scope=\"col\">Opportunity</th><th scope=\"col\">Disposition</th>\
<th scope=\"col\">Effort</th><th scope=\"col\">Approach</th><th scope=\"col\">Critic's concerns</th></tr></thead><tbody>");
        for row in rows {
            html.raw(&format!("<tr><td class=\"rank\" data-label=\"Rank\">{}</td><th scope=\"row\"><code>", row.rank))
                .text(&row.id)
                .raw("</code> ")
                .text(&row.title)
                .raw("</th><td data-label=\"Disposition\"><span class=\"badge disp\" data-disposition=\"")
                .text(row.disposition.unwrap_or(""))
                .raw("\">")
                .text(row.disposition.unwrap_or("-"))
                .raw("</span></td><td data-label=\"Effort\">")
                .text(row.effort.as_deref().unwrap_or("-"))
                .raw("</td><td data-label=\"Approach\">")
                .text(row.approach.unwrap_or("-"))
                .raw("</td><td data-label=\"Critic's concerns\">");
            if row.concerns.is_empty() {
                html.raw("<span class=\"muted\">none</span>");
            } else {
                html.raw("<ul>");
                for concern in &row.concerns {
                    html.raw("<li>").text(concern).raw("</li>");
                }
                html.raw("</ul>");
            }
            html.raw("</td></tr>");
        }
        html.raw("</tbody></table></div></section>\n");
    }

    let lines = rank_movement(body, RankingSource::Moderator);
    if body.debate.rounds.is_empty() || lines.is_empty() {
        return;
    }
    let chart = bump_chart(&lines);
    html.raw("<section class=\"movement\"><h2>Rank movement</h2><figure><svg class=\"bump\" viewBox=\"0 0 ")
        .raw(&format!("{} {}", chart.width, chart.height))
        .raw(&format!(
            "\" width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"",
            chart.width, chart.height
        ))
        .text(&chart_description(&lines, RankingSource::Moderator))
        .raw("\">");
    for (index, y) in chart.rows.iter().enumerate() {
        html.raw(&format!(
            "<text class=\"rank-label\" x=\"4\" y=\"{}\">#{}</text>",
            y + 4.0,
            index + 1
        ));
    }
    for (x, label) in &chart.columns {
        html.raw(&format!(
            "<line class=\"column\" x1=\"{x}\" x2=\"{x}\" y1=\"8\" y2=\"{}\"/><text class=\"column-label\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\">",
            chart.height - 8.0,
            chart.height - 2.0
        ))
        .text(label)
        .raw("</text>");
    }
    for (index, line) in chart.lines.iter().enumerate() {
        html.raw(&format!("<g class=\"line s{}\"><title>", index % 8))
            .text(&line.id)
            .raw("</title><path fill=\"none\" d=\"")
            .raw(&line.path)
            .raw("\"/>");
        for (x, y) in &line.points {
            html.raw(&format!("<circle cx=\"{x}\" cy=\"{y}\" r=\"4\"/>"));
        }
        html.raw(&format!(
            "<text x=\"{}\" y=\"{}\">",
            line.label_at.0, line.label_at.1
        ))
        .text(&line.label)
        .raw("</text></g>");
    }
    html.raw("</svg><figcaption>The moderator's ranking per round, first at the top.</figcaption></figure></section>\n");
}
