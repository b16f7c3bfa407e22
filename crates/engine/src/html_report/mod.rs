//! The standalone HTML export, decision first: each protocol's decision as its session page opens
//! on it (Consult's answer, confidence chip, meter and stance matrix; Review's verdict and fix items
//! with their lines; Prioritize's outcome, ranked backlog and bump chart), drawn from the same view
//! models, then the rest of the protocol's Markdown report rendered through the sanitised tree of
//! `rich_text` with its tables as tables. One file, CSS inline (light and dark, and print), no
//! script and no external request. Every text is escaped; a review's secrets are masked.
mod style;
mod thread;

pub use thread::{thread_html, thread_markdown};

use crate::benchmark::report::benchmark_markdown;
use crate::consult::report::markdown::consult_markdown;
use crate::foundation::money::format_usd;
use crate::prioritize::report::markdown::prioritize_markdown;
use crate::record::{Body, Session};
use crate::review::report::markdown::review_report;
use crate::review::secrets::secrets_in_versions;
use crate::text::rich::{escape, parse_report, to_html, Block, Inline};
use crate::views::html::Html;
use crate::views::session::{heading, masked_heading};

/// The protocol's Markdown report (the same one the Markdown export writes).
pub fn report_markdown(session: &Session) -> String {
    let report = match &session.body {
        Body::Consult(_) => consult_markdown(session),
        Body::Review(_) => review_report(session),
        Body::Prioritize(_) => prioritize_markdown(session),
        Body::Benchmark(_) => benchmark_markdown(session),
    };
    match outcome_markdown(session) {
        Some(outcome) => format!("{}\n\n{outcome}", report.trim_end()),
        None => report,
    }
}

/// "## Outcome": how the user judged the decision, with the note and the earlier judgments.
fn outcome_markdown(session: &Session) -> Option<String> {
    let outcome = session.outcome.as_ref()?;
    let mut out = format!("## Outcome\n\n{}.\n", outcome.line());
    if !outcome.note.is_empty() {
        out.push_str(&format!("\nNote: {}\n", outcome.note));
    }
    if !outcome.history.is_empty() {
        out.push_str("\nEarlier judgments:\n\n");
        for earlier in outcome.history.iter().rev() {
            let day = earlier.judged_at.get(..10).unwrap_or(&earlier.judged_at);
            out.push_str(&format!("- {}, judged {day}", earlier.verdict.word()));
            if !earlier.note.is_empty() {
                out.push_str(&format!(": {}", earlier.note));
            }
            out.push('\n');
        }
    }
    Some(out)
}

/// The Markdown report's sections the decision above already shows (by their `##` heading), so
/// the export says each thing once.
fn shown_above(session: &Session) -> &'static [&'static str] {
    match &session.body {
        Body::Consult(_) => &["Verdict", "Sources from the web", "Outcome"],
        Body::Review(_) => &["Verdict", "Secret scan", "Fix items", "Outcome"],
        Body::Prioritize(_) => &["Summary", "Ranked backlog", "Outcome"],
        Body::Benchmark(_) => &["Outcome"],
    }
}

/// The report after its header (title, demo note, session line: the page's header says them),
/// without the sections `skipped`.
fn rest_of_report(blocks: Vec<Block>, skipped: &[&str]) -> Vec<Block> {
    let mut kept = Vec::new();
    let mut skipping = true;
    for block in blocks {
        if let Block::Heading(level, inlines) = &block {
            if *level <= 2 {
                let title = heading_text(inlines);
                skipping = *level == 1 || skipped.contains(&title.as_str());
            }
        }
        if !skipping {
            kept.push(block);
        }
    }
    kept
}

fn heading_text(inlines: &[Inline]) -> String {
    crate::text::rich::plain_text(&[Block::Paragraph(inlines.to_vec())])
        .trim()
        .to_string()
}

/// The secrets the export masks: a review's, found in its code and amendments.
fn secrets_of(session: &Session) -> Vec<(String, String)> {
    match &session.body {
        Body::Review(body) => secrets_in_versions(&session.subject, &body.amendments),
        _ => Vec::new(),
    }
}

/// One self-contained HTML document. The Content-Security-Policy meta tag forbids any script and
/// any request, so even a viewer that ignored our escaping would run and fetch nothing.
pub fn session_html(session: &Session) -> String {
    let mut html = Html::new(secrets_of(session));
    html.raw("<header>");
    if session.demo {
        html.raw("<p class=\"demo\">Demo: scripted participants, not real models.</p>");
    }
    html.raw("<p class=\"kind\">")
        .text(kind_name(session))
        .raw("</p><h1>")
        .text(&heading(session))
        .raw("</h1><p class=\"meta\">State ")
        .text(&session.state)
        .raw(" · created ")
        .text(&session.created_at.to_string());
    // The time the run took (the calls' time), once it made a call.
    if let Some(took) = crate::views::run_time::run_time_line(session) {
        html.raw(" · ").text(&took);
    }
    html.raw(" · session <code>")
        .text(session.id.as_str())
        .raw("</code></p>");
    // How the user judged it, said at the top as the page says it.
    if let Some(outcome) = &session.outcome {
        html.raw("<p class=\"outcome\">").text(&outcome.line());
        if !outcome.note.is_empty() {
            html.raw(" · ").text(&outcome.note);
        }
        html.raw("</p>");
    }
    html.raw("</header>\n<main>\n");
    html.raw(&session_main(session));
    let mut title = String::new();
    escape(&masked_heading(session), &mut title);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta name=\"color-scheme\" content=\"light dark\">\
<title>{title} · Consilium</title><style>{style}{extra_style}</style></head>\n<body>\n{body}</main>\n\
<footer class=\"meta\">Exported from Consilium · {protocol} · {updated}</footer>\n</body></html>\n",
        style = style::STYLE,
        extra_style = if session.benchmark().is_some() {
            crate::benchmark_council::report::results::benchmark_report_style()
        } else {
            ""
        },
        body = html.out,
        protocol = session.protocol().as_str(),
        updated = session.updated_at,
    )
}

/// A session as its page opens on it: the decision first (each protocol's own), then the rest of
/// its report. The standalone document and each turn of a thread's document are drawn alike.
pub(crate) fn session_main(session: &Session) -> String {
    let mut html = Html::new(secrets_of(session));
    match &session.body {
        Body::Consult(_) => {
            crate::consult::report::html::decision(session, &mut html);
            crate::consult::report::html::web_sources(session, &mut html);
        }
        Body::Review(_) => crate::review::report::html::decision(session, &mut html),
        Body::Prioritize(_) => crate::prioritize::report::html::decision(session, &mut html),
        // A benchmark's results are tables written from the results view model, every text
        // escaped; its Markdown report would say them again.
        Body::Benchmark(bench) => {
            html.raw(
                &crate::benchmark_council::report::results::benchmark_report_body(
                    &crate::benchmark_council::view::results::benchmark_body_results(bench),
                    &benchmark_facts(session),
                ),
            );
        }
    }
    let rest = if session.benchmark().is_some() {
        Vec::new()
    } else {
        rest_of_report(
            parse_report(&report_markdown(session)),
            shown_above(session),
        )
    };
    if !rest.is_empty() {
        html.raw("<section class=\"record\">\n")
            .raw(&to_html(&rest))
            .raw("\n</section>\n");
    }
    html.out
}

fn kind_name(session: &Session) -> &'static str {
    match &session.body {
        Body::Consult(_) => "Consilium consultation",
        Body::Review(_) => "Consilium code review",
        Body::Prioritize(_) => "Consilium prioritization",
        Body::Benchmark(_) => "Consilium benchmark",
    }
}

/// What a benchmark ran on, above its results: the council's models, the judge, the spend.
fn benchmark_facts(session: &Session) -> Vec<(String, String)> {
    let Some(bench) = session.benchmark() else {
        return Vec::new();
    };
    let council = &bench.config.council;
    let panel: Vec<&str> = council.panelists.iter().map(|p| p.model.as_str()).collect();
    let mut facts = vec![
        ("Questions".into(), bench.questions.len().to_string()),
        ("Panel".into(), panel.join(", ")),
        ("Judge".into(), council.judge.model.clone()),
        ("Spent".into(), format_usd(session.cost.spent_usd)),
    ];
    if let Some(note) = crate::benchmark::search::search_note(bench, &session.cost) {
        facts.push(("Web search".into(), note));
    }
    facts
}
