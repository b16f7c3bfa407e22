//! Review's decision in the export: the verdict in plain words, then the fix items by file, each
//! with its severity, its lines and the diff lines it cites, then what the secret scan found.
use crate::record::review::body::ReviewBody;
use crate::record::Session;
use crate::review::amendment_offer;
use crate::review::context_files::as_the_committee_reads;
use crate::review::view::{context_files_read, fix_items_by_file, verdict_words};
use crate::views::html::Html;

pub(crate) fn decision(session: &Session, html: &mut Html) {
    let Some(body) = session.body_of::<ReviewBody>() else {
        return;
    };
    html.raw("<section class=\"decision\" id=\"decision\"><h2>Verdict</h2>");
    match &body.verdict {
        Some(verdict) => {
            html.raw("<p class=\"answer verdict\" data-verdict=\"")
                .raw(verdict.verdict.label())
                .raw("\">")
                .raw(verdict_words(verdict.verdict))
                .raw("</p><div class=\"reason\">")
                .markdown(&verdict.reason)
                .raw("</div>");
            if verdict.majority_abstain_warning {
                html.raw("<p class=\"notice\">Most of the committee abstained: this quorum rests on few members.</p>");
            }
            if amendment_offer(session).is_some() {
                html.raw("<p class=\"muted\">The code can still be amended: that starts a new deliberation.</p>");
            }
        }
        None => {
            html.raw("<p class=\"muted\">No verdict yet.</p>");
        }
    }
    if let Some(failure) = &session.failure {
        html.raw("<p class=\"failure\">").text(failure).raw("</p>");
    }
    html.raw("</section>\n");

    let read = as_the_committee_reads(&body.config.material);
    let files = fix_items_by_file(body.verdict.as_ref(), &body.parsed(&session.subject), &read);
    let count: usize = files.iter().map(|f| f.findings.len()).sum();
    html.raw(&format!(
        "<section class=\"fixes\" id=\"fix-items\"><h2>Fix items <span class=\"count\">{count}</span></h2>"
    ));
    if files.is_empty() {
        html.raw("<p class=\"muted\">None.</p>");
    }
    for file in files {
        html.raw("<h3><code>").text(&file.path).raw("</code></h3>");
        for card in file.findings {
            let item = &card.finding.item;
            let severity = item.severity.label();
            html.raw("<article class=\"finding\" data-verified=\"")
                .raw(if card.finding.verified {
                    "true"
                } else {
                    "false"
                })
                .raw("\" data-severity=\"")
                .raw(severity)
                .raw("\"><p class=\"finding-head\"><span class=\"badge sev-")
                .raw(severity)
                .raw("\">")
                .raw(severity)
                .raw("</span> <strong class=\"lines\">")
                .text(&card.lines)
                .raw("</strong> · ")
                .text(&item.rule)
                .raw(" <span class=\"muted\">(")
                .raw(card.source)
                .raw("; ")
                .raw(card.status)
                .raw(")</span></p><p>")
                .text(&item.recommended_action)
                .raw("</p>");
            if !card.cited.is_empty() {
                html.raw("<pre class=\"cited\"><code>")
                    .text(card.cited.trim_end())
                    .raw("</code></pre>");
            } else if !item.current.trim().is_empty() {
                html.raw("<p class=\"current\">Now: <code>")
                    .text(&item.current)
                    .raw("</code></p>");
            }
            for quote in &card.quotes {
                html.raw("<p class=\"quote\" data-mark=\"")
                    .raw(quote.tone)
                    .raw("\">“")
                    .text(&quote.quote)
                    .raw("” <span class=\"muted\">(")
                    .text(&quote.source_line)
                    .raw("): ")
                    .text(&quote.mark_line)
                    .raw("</span></p>");
            }
            if let Some(problem) = &card.finding.problem {
                html.raw("<p class=\"muted\">").text(problem).raw("</p>");
            }
            html.raw("</article>");
        }
    }
    html.raw("</section>\n");
    if !body.secret_hits.is_empty() {
        html.raw("<section class=\"secrets\"><h2>Secret scan</h2><ul>");
        for hit in &body.secret_hits {
            html.raw("<li><code>")
                .text(&format!("{}:{}", hit.path, hit.line))
                .raw("</code> ")
                .text(&hit.kind)
                .raw(" (")
                .text(&hit.masked)
                .raw(")</li>");
        }
        html.raw("</ul></section>\n");
    }
    if let Some(read) = context_files_read(session) {
        html.raw("<section class=\"material\"><h2>What the council read</h2><ul>");
        for row in &read.sources {
            html.raw("<li><strong>")
                .text(&row.id)
                .raw("</strong> ")
                .text(&row.name)
                .raw(" <span class=\"muted\">(")
                .text(&format!("{}, {}, {}", row.kind, row.extent, row.tokens))
                .raw(")</span></li>");
        }
        html.raw("</ul>");
        if let Some(tally) = &read.tally {
            html.raw("<p class=\"muted\">").text(tally).raw("</p>");
        }
        html.raw("</section>\n");
    }
}
