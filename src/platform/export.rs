//! Saving a session to a file: JSON (the full record, with its schema_version), the Markdown or
//! standalone HTML report, and each protocol's own (a review's fix requests, a prioritization's
//! debate JSON and ranked CSV). All come from the session record, which never holds a key.
use consilium_engine::html_report::{thread_html, thread_markdown};
use consilium_engine::library::transfer::export_all;
use consilium_engine::prioritize::report::markdown::{prioritize_csv, prioritize_json};
use consilium_engine::record::review::body::ReviewBody;
use consilium_engine::review::report::markdown::fix_requests_of;
use consilium_engine::{record::Body, record::Protocol, record::Session};
use wasm_bindgen::{JsCast, JsValue};

/// One entry of the Export menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    Json,
    Markdown,
    Html,
    FixRequests,
    DebateJson,
    RankedCsv,
    BenchmarkCsv,
}

impl Export {
    /// What a session of `protocol` can be saved as, the common ones first.
    pub fn of(protocol: Protocol) -> Vec<Export> {
        let mut all = vec![Export::Html, Export::Markdown, Export::Json];
        match protocol {
            Protocol::Consult => {}
            Protocol::Review => all.push(Export::FixRequests),
            Protocol::Prioritize => all.extend([Export::RankedCsv, Export::DebateJson]),
            Protocol::Benchmark => all.push(Export::BenchmarkCsv),
        }
        all
    }

    pub fn label(self) -> &'static str {
        match self {
            Export::Json => "JSON (full record)",
            Export::Markdown => "Markdown report",
            Export::Html => "HTML report",
            Export::FixRequests => "Fix requests (Markdown)",
            Export::DebateJson => "Debate JSON",
            Export::RankedCsv => "Ranked backlog (CSV)",
            Export::BenchmarkCsv => "Results per question (CSV)",
        }
    }

    /// Saves `session` as this file.
    /// Saves the thread `turns` (in order) where this export carries every turn (the reports and
    /// the JSON), else `page`, the session shown.
    pub fn save_thread(self, turns: &[Session], page: &Session) -> Result<(), String> {
        let Some(first) = turns.first().filter(|_| turns.len() > 1) else {
            return self.save(page);
        };
        let stem = format!("{}-thread", file_stem(first));
        match self {
            Export::Json => {
                let now = String::from(js_sys::Date::new_0().to_iso_string());
                download(
                    &format!("{stem}.json"),
                    "application/json",
                    &export_all(turns, &now),
                )
            }
            Export::Markdown => download(
                &format!("{stem}.md"),
                "text/markdown",
                &thread_markdown(turns),
            ),
            Export::Html => download(&format!("{stem}.html"), "text/html", &thread_html(turns)),
            _ => self.save(page),
        }
    }

    pub fn save(self, session: &Session) -> Result<(), String> {
        match self {
            Export::Json => download_json(session),
            Export::Markdown => download_markdown(session),
            Export::Html => download_html(session),
            Export::FixRequests => download_fix_requests(session),
            Export::DebateJson => download_debate_json(session),
            Export::RankedCsv => download_ranked_csv(session),
            Export::BenchmarkCsv => download_benchmark_csv(session),
        }
    }
}

pub fn session_json(session: &Session) -> String {
    serde_json::to_string_pretty(session).expect("a session always serialises")
}

/// The protocol's report.
pub fn session_markdown(session: &Session) -> String {
    consilium_engine::html_report::report_markdown(session)
}

/// What a download of the session's report is called (`review-report.md` for a review).
pub fn markdown_name(session: &Session) -> String {
    match &session.body {
        Body::Consult(_) => format!("{}.md", file_stem(session)),
        Body::Review(_) => format!("{}-review-report.md", file_stem(session)),
        Body::Prioritize(_) => format!("{}-prioritization.md", file_stem(session)),
        Body::Benchmark(_) => format!("{}-benchmark.md", file_stem(session)),
    }
}

/// `fix-requests.md` of a review.
pub fn download_fix_requests(session: &Session) -> Result<(), String> {
    session
        .body_of::<ReviewBody>()
        .ok_or("This is not a review.")?;
    download(
        &format!("{}-fix-requests.md", file_stem(session)),
        "text/markdown",
        &fix_requests_of(session),
    )
}

/// A prioritization's debate in the seed's JSON shape (`DebateResult`), and its ranked backlog as
/// CSV.
pub fn download_debate_json(session: &Session) -> Result<(), String> {
    download(
        &format!("{}-debate.json", file_stem(session)),
        "application/json",
        &prioritize_json(session),
    )
}

pub fn download_ranked_csv(session: &Session) -> Result<(), String> {
    download(
        &format!("{}-ranked-backlog.csv", file_stem(session)),
        "text/csv",
        &prioritize_csv(session),
    )
}

/// A benchmark's per-question results, one row per question and arm.
pub fn download_benchmark_csv(session: &Session) -> Result<(), String> {
    let body = session.benchmark().ok_or("This is not a benchmark.")?;
    download(
        &format!("{}-benchmark-results.csv", file_stem(session)),
        "text/csv",
        &consilium_engine::benchmark::csv::results_csv(body),
    )
}

pub fn file_stem(session: &Session) -> String {
    let prefix = if session.demo {
        "consilium-demo"
    } else {
        "consilium"
    };
    format!("{prefix}-{}", session.id)
}

pub fn download_json(session: &Session) -> Result<(), String> {
    download(
        &format!("{}.json", file_stem(session)),
        "application/json",
        &session_json(session),
    )
}

pub fn download_markdown(session: &Session) -> Result<(), String> {
    download(
        &markdown_name(session),
        "text/markdown",
        &session_markdown(session),
    )
}

/// The standalone HTML report: one file, CSS inline, no script, no external request.
pub fn download_html(session: &Session) -> Result<(), String> {
    download(
        &format!("{}.html", file_stem(session)),
        "text/html",
        &consilium_engine::html_report::session_html(session),
    )
}

pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |e: JsValue| format!("The browser could not save the file ({e:?}).");
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("No document to save from.")?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "Not an anchor.".to_string())?;
    anchor.set_href(&url);
    anchor.set_download(filename);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
