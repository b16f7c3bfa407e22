//! The standalone HTML export: the protocol's Markdown report rendered through the same sanitised
//! tree as the app (`rich_text`), in one file with its CSS inline, no script and no external
//! request, that reads well on screen and on paper.
pub mod benchmark;

use crate::benchmark::outcomes::summarise_body;
use crate::benchmark::report::benchmark_markdown;
use crate::consult::report::consult_markdown;
use crate::money::format_usd;
use crate::prioritize::report::prioritize_markdown;
use crate::record::{Body, Session};
use crate::review::report::review_report;
use crate::rich_text::{escape, parse, to_html};

/// The protocol's Markdown report (the same one the Markdown export writes).
pub fn report_markdown(session: &Session) -> String {
    match &session.body {
        Body::Consult(_) => consult_markdown(session),
        Body::Review(_) => review_report(session),
        Body::Prioritize(_) => prioritize_markdown(session),
        Body::Benchmark(_) => benchmark_markdown(session),
    }
}

const STYLE: &str = "body{font:16px/1.55 system-ui,-apple-system,'Segoe UI',sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b1d21;background:#fff}\
h1,h2,h3,h4{line-height:1.25;margin:1.6em 0 .5em}h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:1px solid #d5d8dd;padding-bottom:.2em}\
p,li{overflow-wrap:anywhere}pre{background:#f3f4f6;padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}\
code{font-family:ui-monospace,monospace;font-size:.92em}blockquote{margin:0;padding-left:1rem;border-left:3px solid #d5d8dd;color:#454a52}\
a{color:#2446b3}.meta{color:#585d66;font-size:.9rem}\
@media print{body{margin:0;max-width:none;font-size:11pt}a{color:inherit}pre{white-space:pre-wrap}h2{break-after:avoid}}\
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8e9ec}pre{background:#1b1e24}a{color:#8fa8ff}.meta,blockquote{color:#a3a8b3}}";

/// One self-contained HTML document. The Content-Security-Policy meta tag forbids any script and
/// any request, so even a viewer that ignored our escaping would run and fetch nothing.
pub fn session_html(session: &Session) -> String {
    let mut title = String::new();
    escape(&session.title, &mut title);
    // A benchmark's report is tables, which the Markdown tree does not hold: it is written as HTML
    // from the results view model, every text escaped (`benchmark`).
    let body = match session.benchmark() {
        Some(bench) => format!(
            "<h1>{title}</h1>\n{}",
            benchmark::benchmark_report_body(
                &crate::views::benchmark::benchmark_results(
                    &summarise_body(bench),
                    &bench.questions
                ),
                &benchmark_facts(session),
            )
        ),
        None => to_html(&parse(&report_markdown(session))),
    };
    let demo = if session.demo {
        "<p class=\"meta\">Demo: scripted participants, not real models.</p>"
    } else {
        ""
    };
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{title}</title><style>{STYLE}{extra_style}</style></head>\n<body>\n{demo}{body}\n\
<p class=\"meta\">Exported from Consilium · {protocol} · {updated}</p>\n</body></html>\n",
        extra_style = if session.benchmark().is_some() {
            benchmark::benchmark_report_style()
        } else {
            ""
        },
        protocol = session.protocol().as_str(),
        updated = session.updated_at,
    )
}

/// What a benchmark ran on, above its results: the council's models, the judge, the spend.
fn benchmark_facts(session: &Session) -> Vec<(String, String)> {
    let Some(bench) = session.benchmark() else {
        return Vec::new();
    };
    let council = &bench.config.council;
    let panel: Vec<&str> = council.panelists.iter().map(|p| p.model.as_str()).collect();
    vec![
        ("Questions".into(), bench.questions.len().to_string()),
        ("Panel".into(), panel.join(", ")),
        ("Judge".into(), council.judge.model.clone()),
        ("Spent".into(), format_usd(session.cost.spent_usd)),
    ]
}
