//! The Benchmark with web search on: the council's own setting (`ConsultConfig::
//! search_web`) makes each question's consultation search as a Consult does (round 1's answers
//! and round 3's cross-examination, never the synthesis or the verdict), and the best single
//! model's samples, which answer round 1's prompt, search too. What the record says of it is
//! here, so the page, the Markdown and HTML reports and the CSV say it alike.
use crate::foundation::money::format_usd;
use crate::material::web::seats_without_search;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::CostSummary;

/// How a run that searched is named after its question set: "Benchmark: 20 arithmetic questions
/// (seed 7), with web search".
pub const WITH_WEB_SEARCH: &str = "with web search";

/// Whether the benchmark's arms search the web.
pub fn searches_web(body: &BenchmarkBody) -> bool {
    body.config.council.search_web
}

/// What a searching benchmark's record says of its search: which calls searched, the seats that
/// answered without it, and the fees so far; None when it did not search.
pub fn search_note(body: &BenchmarkBody, cost: &CostSummary) -> Option<String> {
    if !searches_web(body) {
        return None;
    }
    let mut note =
        "Run with web search: each panelist's round-1 answer and cross-examination, and \
                    each sample of the best single model, searched with its provider's own \
                    search; the judge's calls (the synthesis, the judgment of the challenges and the \
                    verdict) did not."
            .to_string();
    if let Some(without) = seats_without_search(&body.config.council.panelists) {
        note.push(' ');
        note.push_str(&without);
    }
    note.push_str(&format!(
        " Web search fees: {} of the {} spent.",
        format_usd(cost.search_usd),
        format_usd(cost.spent_usd)
    ));
    Some(note)
}
