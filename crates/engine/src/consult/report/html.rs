//! Consult's decision in the export: the one-line answer, the confidence chip, the meter (an SVG:
//! the allowed band, the computed value, the judge's mark) with its "Why?" lines, the full
//! recommendation, the dissent and the evidence; then the compact stance matrix.
use crate::consult::VERBOSE_NOTICE;
use crate::record::consult::body::ConsultBody;
use crate::record::Session;
use crate::views::html::Html;
use crate::{
    consult::dissent::severity_name, consult::view::stance::stance_matrix,
    consult::view::stance::ColumnKind, consult::view::stance::StanceKind,
    consult::view::stance::StanceMatrix, consult::view::verdict::answer_above,
    consult::view::verdict::confidence_chip, consult::view::verdict::confidence_why,
    consult::view::verdict::decision as decision_of, consult::view::verdict::dissent_level,
    consult::view::verdict::one_line_answer, consult::view::verdict::ConfidenceMeter,
};

pub(crate) fn decision(session: &Session, html: &mut Html) {
    let verbose = session
        .body_of::<ConsultBody>()
        .is_some_and(|b| b.config.verbose);
    if verbose {
        html.raw("<p class=\"notice\">")
            .text(VERBOSE_NOTICE)
            .raw("</p>");
    }
    if let Some(member) = crate::consult::view::thread::member_answer_of(session) {
        // One member asked alone: its answer, never a council decision.
        html.raw("<section class=\"member-answer\" id=\"decision\"><h2>")
            .text(&member.heading)
            .raw("</h2><p class=\"muted\">")
            .text(&format!(
                "{} · one member's own view, not a council decision",
                member.model
            ))
            .raw("</p>");
        match &member.answer {
            Some(answer) => html.raw("<p>").text(answer).raw("</p>"),
            None => html.raw("<p class=\"muted\">No answer yet.</p>"),
        };
        if let Some(failure) = &session.failure {
            html.raw("<p class=\"failure\">").text(failure).raw("</p>");
        }
        html.raw("</section>\n");
        return;
    }
    html.raw("<section class=\"decision\" id=\"decision\"><h2>Decision</h2>");
    let Some(decision) = decision_of(session) else {
        html.raw("<p class=\"muted\">No decision yet.</p>");
        if let Some(failure) = &session.failure {
            html.raw("<p class=\"failure\">").text(failure).raw("</p>");
        }
        html.raw("</section>\n");
        return;
    };
    html.raw("<p class=\"answer\">")
        .text(&one_line_answer(&decision.recommendation))
        .raw("</p>");
    html.raw("<p class=\"confidence\"><span class=\"chip\" data-level=\"")
        .text(&dissent_level(&decision.dissent).replace(' ', "-"))
        .raw("\">")
        .text(&confidence_chip(&decision))
        .raw("</span></p>");
    html.raw("<p class=\"how-reached\">")
        .text(&format!(
            "Depth: {} · {}",
            decision.depth, decision.how_reached
        ))
        .raw("</p>");
    if let Some(meter) = &decision.meter {
        meter_svg(meter, html);
    }
    html.raw("<dl class=\"why\">");
    for line in confidence_why(&decision) {
        html.raw("<div><dt>")
            .text(line.term)
            .raw("</dt><dd>")
            .text(&line.value)
            .raw("</dd></div>");
    }
    html.raw("</dl>");
    if answer_above(&decision.recommendation).is_some() {
        html.raw("<h3>Recommendation</h3><div class=\"recommendation\">")
            .markdown(&decision.recommendation)
            .raw("</div>");
    }
    if !decision.absent.is_empty() {
        html.raw("<p class=\"absent\">Absent (no usable answer, not counted as agreeing): ")
            .text(&decision.absent.join(", "))
            .raw("</p>");
    }
    html.raw("<h3>Dissent, by severity</h3>");
    if decision.dissent.is_empty() {
        html.raw("<p class=\"muted\">")
            .text(&decision.empty_dissent_note)
            .raw("</p>");
    } else {
        html.raw("<ul class=\"dissent\">");
        for entry in &decision.dissent {
            let severity = severity_name(entry.severity);
            html.raw("<li><span class=\"badge sev-")
                .raw(severity)
                .raw("\">")
                .raw(severity)
                .raw("</span> <strong>")
                .text(&entry.agent_label)
                .raw("</strong>: ")
                .text(&entry.concern);
            if entry.added_by_engine {
                html.raw(
                    " <span class=\"muted\">(added by the engine: the judge left it out)</span>",
                );
            }
            html.raw("</li>");
        }
        html.raw("</ul>");
    }
    if !decision.evidence.is_empty() {
        html.raw("<h3>Evidence that survived cross-examination</h3><ul>");
        for point in &decision.evidence {
            html.raw("<li>").text(point).raw("</li>");
        }
        html.raw("</ul>");
    }
    html.raw("</section>\n");
    if let Some(matrix) = stance_matrix(session).filter(|m| !m.columns.is_empty()) {
        matrix_table(&matrix, html);
    }
}

/// The meter's width in SVG units.
const METER_WIDTH: f64 = 300.0;

fn at(fraction: f64) -> String {
    format!("{:.1}", fraction.clamp(0.0, 1.0) * METER_WIDTH)
}

/// The computed confidence as a bar inside the band the rules allow, the judge's number as a
/// mark; its words as the image's name and, for paper, under it.
fn meter_svg(meter: &ConfidenceMeter, html: &mut Html) {
    html.raw("<figure class=\"meter\"><svg viewBox=\"0 0 300 34\" width=\"300\" height=\"34\" role=\"img\" aria-label=\"")
        .text(&format!("Confidence: {}", meter.text))
        .raw("\"><rect class=\"track\" x=\"0\" y=\"8\" width=\"300\" height=\"14\" rx=\"7\"/>");
    html.raw(&format!(
        "<rect class=\"band\" x=\"{}\" y=\"8\" width=\"{}\" height=\"14\"/>",
        at(meter.band_low),
        at(meter.band_high - meter.band_low)
    ));
    html.raw(&format!(
        "<rect class=\"fill\" x=\"0\" y=\"11\" width=\"{}\" height=\"8\" rx=\"4\"/>",
        at(meter.computed)
    ));
    html.raw(&format!(
        "<line class=\"judge\" x1=\"{x}\" x2=\"{x}\" y1=\"2\" y2=\"28\"/>",
        x = at(meter.judge)
    ));
    html.raw("</svg><figcaption><span class=\"key fill\"></span> computed <span class=\"key band\"></span> allowed band <span class=\"key judge\"></span> judge<br>")
        .text(&meter.text)
        .raw("</figcaption></figure>");
}

/// The compact matrix: short headers (the full title on hover and in the list under it), an icon
/// per stance with its count, each stance in words for screen readers and under "In words".
fn matrix_table(matrix: &StanceMatrix, html: &mut Html) {
    let kind = |kind: ColumnKind| match kind {
        ColumnKind::Consensus => "Consensus",
        ColumnKind::Tension => "Tension",
    };
    html.raw("<section class=\"stance\"><h2>Who stood where</h2><ul class=\"legend\">");
    for stance in StanceKind::ALL {
        html.raw("<li><span class=\"icon ")
            .raw(stance.name())
            .raw("\" aria-hidden=\"true\">")
            .raw(stance.icon())
            .raw("</span> ")
            .raw(stance.meaning())
            .raw("</li>");
    }
    html.raw("</ul><div class=\"table-scroll\"><table class=\"matrix\"><thead><tr><th scope=\"col\">Panelist</th>");
    for (index, column) in matrix.columns.iter().enumerate() {
        html.raw("<th scope=\"col\" title=\"")
            .text(&column.title)
            .raw("\"><span class=\"kind\">")
            .raw(kind(column.kind))
            .raw(&format!(" {}</span> ", index + 1))
            .text(&column.short)
            .raw("</th>");
    }
    html.raw("</tr></thead><tbody>");
    for row in &matrix.rows {
        html.raw("<tr><th scope=\"row\">")
            .text(&row.label)
            .raw("</th>");
        for marks in &row.cells {
            if marks.is_empty() {
                html.raw("<td class=\"none\"><span aria-hidden=\"true\">–</span><span class=\"vh\">no stance</span></td>");
                continue;
            }
            html.raw("<td>");
            for mark in marks {
                html.raw("<span class=\"icon ")
                    .raw(mark.kind.name())
                    .raw("\" title=\"")
                    .text(&mark.text)
                    .raw("\" aria-hidden=\"true\">")
                    .raw(mark.kind.icon());
                if mark.count > 1 {
                    html.raw(&mark.count.to_string());
                }
                html.raw("</span><span class=\"vh\">")
                    .text(&mark.text)
                    .raw("</span> ");
            }
            html.raw("</td>");
        }
        html.raw("</tr>");
    }
    html.raw("</tbody></table></div><ol class=\"columns\">");
    for column in &matrix.columns {
        html.raw("<li><span class=\"kind\">")
            .raw(kind(column.kind))
            .raw("</span> ")
            .text(&column.title)
            .raw("</li>");
    }
    html.raw("</ol><details><summary>In words</summary><ul>");
    for row in &matrix.rows {
        html.raw("<li><strong>")
            .text(&row.label)
            .raw("</strong><ul>");
        for (marks, column) in row.cells.iter().zip(&matrix.columns) {
            if marks.is_empty() {
                continue;
            }
            let said: Vec<&str> = marks.iter().map(|m| m.text.as_str()).collect();
            html.raw("<li>")
                .text(&format!(
                    "{} · {}: {}",
                    kind(column.kind),
                    column.title,
                    said.join("; ")
                ))
                .raw("</li>");
        }
        html.raw("</ul></li>");
    }
    html.raw("</ul></details></section>\n");
}

/// A searching consult's Sources in the export: each page once, its title a link (http(s) only,
/// escaped, `rel="noopener noreferrer nofollow"`), who found and cited it, the cited snippet; a
/// page no search returned marked "not from this search". Nothing from a result is rendered as
/// HTML: every text is escaped.
pub(crate) fn web_sources(session: &Session, html: &mut Html) {
    use crate::consult::view::web_sources::{
        sources_summary, web_sources as sources_of, LINKS_NOT_EVIDENCE,
    };
    use crate::text::rich::LINK_REL;
    let Some(web) = sources_of(session) else {
        return;
    };
    html.raw("<section class=\"web-sources\" id=\"sources\"><h2>Sources from the web</h2><p class=\"muted\">")
        .text(&sources_summary(&web))
        .raw("</p><ul>");
    for source in &web.sources {
        html.raw(if source.returned {
            "<li>"
        } else {
            "<li class=\"not-returned\">"
        });
        // A page no search returned is named, never linked: the model may have made it up.
        match source.href.as_ref().filter(|_| source.returned) {
            Some(href) => html
                .raw("<a href=\"")
                .text(href)
                .raw("\" rel=\"")
                .raw(LINK_REL)
                .raw("\">")
                .text(&source.title)
                .raw("</a>"),
            None => html.text(&source.title),
        };
        html.raw(" <span class=\"url\">")
            .text(&source.url)
            .raw("</span>");
        if let Some(mark) = source.mark() {
            html.raw(" <strong class=\"mark\">")
                .text(mark)
                .raw("</strong>");
        }
        let who = source.who();
        if !who.is_empty() {
            html.raw("<br><span class=\"muted\">")
                .text(&who)
                .raw("</span>");
        }
        if let Some(snippet) = &source.snippet {
            html.raw("<blockquote>").text(snippet).raw("</blockquote>");
        }
        html.raw("</li>");
    }
    html.raw("</ul>");
    if !web.without_search.is_empty() {
        html.raw("<p class=\"muted\">")
            .text(&format!(
                "Answered without search (no search at their provider): {}.",
                web.without_search.join(", ")
            ))
            .raw("</p>");
    }
    for note in &web.notes {
        html.raw("<p class=\"muted\">")
            .text(&format!("{note}."))
            .raw("</p>");
    }
    if !web.not_evidence.is_empty() {
        let entries: Vec<String> = web.not_evidence.iter().map(|n| n.to_string()).collect();
        html.raw("<p class=\"failure\">")
            .text(&format!(
                "Evidence {}: {LINKS_NOT_EVIDENCE}.",
                entries.join(", ")
            ))
            .raw("</p>");
    }
    html.raw("</section>\n");
}
