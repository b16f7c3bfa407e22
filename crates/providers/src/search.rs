//! Web search through each provider's own feature, with the user's key: what a call asks for,
//! what the reply says was searched and found, and which of it the answer cites.
//!
//! - OpenRouter: the `web` plugin (`plugins: [{"id": "web", "max_results": N}]`); the reply's
//!   `message.annotations` (streamed in `delta.annotations`) of type `url_citation`.
//! - OpenAI: its search models (`gpt-5-search-api`, `gpt-4o-search-preview`, ...) through Chat
//!   Completions' `web_search_options`, with the same `url_citation` annotations. Chosen over the
//!   Responses API's `web_search` tool because the codec speaks Chat Completions for every
//!   OpenAI-shaped server; the Responses format would be a fourth adapter for one provider.
//! - Anthropic: the `web_search_20250305` server tool (`max_uses`); `server_tool_use` blocks carry
//!   the queries, `web_search_tool_result` blocks the results (or an error code), and text blocks'
//!   `citations` of type `web_search_result_location` what the answer cites.
//! - Gemini: `tools: [{"google_search": {}}]`; `groundingMetadata` holds `webSearchQueries`,
//!   `groundingChunks` (the results) and `groundingSupports` (which text cites which chunk).
//!
//! OpenRouter's and OpenAI's replies list only what they cite: there the cited pages are the
//! results. Whatever the format, a URL the answer names that is in no result of its own call is
//! "not from this search" (the engine's rule, on [`SearchReport::returned`]).
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::types::ProviderKind;

/// A call's request to search the web.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSearch {
    /// At most this many searches (Anthropic `max_uses`) or results (OpenRouter `max_results`).
    pub max_uses: u32,
}

impl Default for WebSearch {
    fn default() -> Self {
        // OpenRouter's own default is 5 results; Anthropic's calls seldom need more searches.
        WebSearch { max_uses: 5 }
    }
}

/// How a model can search, as far as the codec knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSupport {
    /// Search and the response schema in the same call.
    WithSchema,
    /// Search only in a call without a response schema: the call answers in prose.
    WithoutSchema,
    /// No search (local servers; OpenAI's models other than its search models).
    None,
}

/// Whether `model` of `kind` can search, and whether with structured output.
pub fn search_support(kind: ProviderKind, model: &str) -> SearchSupport {
    let bare = model.rsplit('/').next().unwrap_or(model);
    match kind {
        // The plugin runs before the model and leaves the request's format alone.
        ProviderKind::OpenRouter => SearchSupport::WithSchema,
        ProviderKind::OpenAi if is_openai_search_model(bare) => SearchSupport::WithoutSchema,
        ProviderKind::OpenAi => SearchSupport::None,
        // Structured output is a forced tool call, which leaves the model no turn to search.
        ProviderKind::Anthropic => SearchSupport::WithoutSchema,
        // Gemini combines grounding with a response schema from its 3 models on.
        ProviderKind::Gemini if gemini_generation(bare).is_some_and(|g| g >= 3) => {
            SearchSupport::WithSchema
        }
        ProviderKind::Gemini => SearchSupport::WithoutSchema,
        ProviderKind::OpenAiCompatible => SearchSupport::None,
    }
}

fn is_openai_search_model(model: &str) -> bool {
    model.contains("-search-preview") || model.contains("-search-api")
}

/// `gemini-2.5-flash` -> 2, `gemini-3-pro-preview` -> 3.
fn gemini_generation(model: &str) -> Option<u32> {
    let rest = model.strip_prefix("models/").unwrap_or(model);
    let rest = rest.strip_prefix("gemini-")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// One page a search returned.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchResult {
    pub url: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The cited text or the page's snippet, where the format gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
    /// How old the page is, as the provider says it (Anthropic's `page_age`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_age: Option<String>,
}

/// A place in the answer that cites a page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UrlCitation {
    pub url: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The page's text the answer rests on, where the format gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited_text: Option<String>,
    /// The cited span of the answer, as the provider counts it (characters for OpenAI-shaped
    /// replies, UTF-8 bytes for Gemini, the text block for Anthropic); None when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
}

/// What one call searched, found and cited.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queries: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<SearchResult>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub citations: Vec<UrlCitation>,
    /// Searches the provider says it ran and bills (Anthropic's `web_search_requests`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub searches: u32,
    /// Errors the search reported inside a successful reply (Anthropic's error codes:
    /// `max_uses_exceeded`, `too_many_requests`, `query_too_long`, `unavailable`, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl SearchReport {
    /// Whether `url` is a page this call's search returned (or cited, where the format lists only
    /// what it cites), compared without scheme, `www.`, fragment and trailing slash.
    pub fn returned(&self, url: &str) -> bool {
        let wanted = comparable_url(url);
        self.results
            .iter()
            .map(|r| r.url.as_str())
            .chain(self.citations.iter().map(|c| c.url.as_str()))
            .any(|known| comparable_url(known) == wanted)
    }

    /// The report's error codes in words a person reads.
    pub fn error_words(&self) -> Vec<String> {
        self.errors
            .iter()
            .map(|code| search_error_words(code))
            .collect()
    }

    pub(crate) fn add_result(&mut self, result: SearchResult) {
        if !result.url.is_empty() && !self.results.iter().any(|r| r.url == result.url) {
            self.results.push(result);
        }
    }

    pub(crate) fn add_citation(&mut self, citation: UrlCitation) {
        if !citation.url.is_empty() && !self.citations.contains(&citation) {
            self.citations.push(citation);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        *self == SearchReport::default()
    }
}

/// A URL as two mentions of the same page compare: lower-case host, no scheme, no `www.`, no
/// fragment, no trailing slash.
pub fn comparable_url(url: &str) -> String {
    let url = url.trim();
    let url = url.split('#').next().unwrap_or(url);
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .unwrap_or(url);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let path = path.trim_end_matches('/');
    if path.is_empty() {
        host.to_string()
    } else {
        format!("{host}/{path}")
    }
}

/// Anthropic's search error codes, in words.
pub fn search_error_words(code: &str) -> String {
    match code {
        "max_uses_exceeded" => {
            "the model wanted more searches than the call allows (max uses reached)".into()
        }
        "too_many_requests" => "the search was rate limited".into(),
        "query_too_long" => "a search query was too long".into(),
        "invalid_input" => "the search was refused as invalid input".into(),
        "unavailable" => "the search service was unavailable".into(),
        other => format!("the search failed ({other})"),
    }
}

/// OpenAI-shaped `annotations` (a reply's `message.annotations` or a chunk's
/// `delta.annotations`): every `url_citation`.
pub(crate) fn read_url_annotations(annotations: Option<&Value>, report: &mut SearchReport) {
    let Some(list) = annotations.and_then(Value::as_array) else {
        return;
    };
    for annotation in list {
        if annotation.get("type").and_then(Value::as_str) != Some("url_citation") {
            continue;
        }
        // OpenAI and OpenRouter nest the fields under `url_citation`; some servers flatten them.
        let fields = annotation.get("url_citation").unwrap_or(annotation);
        let text = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_string);
        let index = |key: &str| fields.get(key).and_then(Value::as_u64).map(|n| n as usize);
        let citation = UrlCitation {
            url: text("url").unwrap_or_default(),
            title: text("title").unwrap_or_default(),
            cited_text: text("content").filter(|c| !c.is_empty()),
            start: index("start_index"),
            end: index("end_index"),
        };
        report.add_result(SearchResult {
            url: citation.url.clone(),
            title: citation.title.clone(),
            snippet: citation.cited_text.clone(),
            page_age: None,
        });
        report.add_citation(citation);
    }
}

/// Gemini's `groundingMetadata`: its queries, its chunks as results, and each support as a
/// citation of the chunks it names.
pub(crate) fn read_grounding(metadata: Option<&Value>, report: &mut SearchReport) {
    let Some(metadata) = metadata else {
        return;
    };
    for query in metadata
        .get("webSearchQueries")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if !report.queries.iter().any(|q| q == query) {
            report.queries.push(query.to_string());
        }
    }
    let chunks: Vec<SearchResult> = metadata
        .get("groundingChunks")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|chunk| {
            let web = chunk.get("web").unwrap_or(&Value::Null);
            let text = |key: &str| {
                web.get(key)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            SearchResult {
                url: text("uri"),
                title: text("title"),
                snippet: None,
                page_age: None,
            }
        })
        .collect();
    for chunk in &chunks {
        report.add_result(chunk.clone());
    }
    for support in metadata
        .get("groundingSupports")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let segment = support.get("segment").unwrap_or(&Value::Null);
        let index = |key: &str| segment.get(key).and_then(Value::as_u64).map(|n| n as usize);
        let cited_text = segment
            .get("text")
            .and_then(Value::as_str)
            .map(str::to_string);
        for chunk in support
            .get("groundingChunkIndices")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .filter_map(|i| chunks.get(i as usize))
        {
            report.add_citation(UrlCitation {
                url: chunk.url.clone(),
                title: chunk.title.clone(),
                cited_text: cited_text.clone(),
                // Gemini omits startIndex when it is 0.
                start: index("startIndex").or(Some(0)),
                end: index("endIndex"),
            });
        }
    }
}

/// Anthropic's `web_search_tool_result` block: its results, or its error code.
pub(crate) fn read_anthropic_results(block: &Value, report: &mut SearchReport) {
    let content = block.get("content").unwrap_or(&Value::Null);
    if let Some(code) = content.get("error_code").and_then(Value::as_str) {
        report.errors.push(code.to_string());
        return;
    }
    for result in content.as_array().into_iter().flatten() {
        let text = |key: &str| result.get(key).and_then(Value::as_str).map(str::to_string);
        report.add_result(SearchResult {
            url: text("url").unwrap_or_default(),
            title: text("title").unwrap_or_default(),
            snippet: None,
            page_age: text("page_age"),
        });
    }
}

/// An Anthropic citation (a text block's `citations` entry or a `citations_delta`), if it cites
/// a search result, placed at `start` of the answer.
pub(crate) fn read_anthropic_citation(citation: &Value, start: usize) -> Option<UrlCitation> {
    if citation.get("type").and_then(Value::as_str) != Some("web_search_result_location") {
        return None;
    }
    let text = |key: &str| {
        citation
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    Some(UrlCitation {
        url: text("url")?,
        title: text("title").unwrap_or_default(),
        cited_text: text("cited_text"),
        start: Some(start),
        end: None,
    })
}

/// The query of a `server_tool_use` block's input (`{"query": "..."}`).
pub(crate) fn anthropic_query(input: &Value) -> Option<String> {
    input
        .get("query")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Searches billed per Anthropic's `usage.server_tool_use.web_search_requests`.
pub(crate) fn anthropic_searches(usage: Option<&Value>) -> Option<u32> {
    usage?
        .pointer("/server_tool_use/web_search_requests")
        .and_then(Value::as_u64)
        .map(|n| n as u32)
}

/// What one provider charges for search, beside tokens.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchFee {
    pub usd_per_unit: f64,
    pub unit: SearchUnit,
}

/// What a search fee counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchUnit {
    /// Each result fetched (OpenRouter's web plugin).
    Result,
    /// Each search the provider ran (Anthropic).
    Search,
    /// Each call with search on (OpenAI's search models).
    Call,
    /// Each prompt grounded with search (Gemini before 3).
    GroundedPrompt,
    /// Each search query the model ran (Gemini 3).
    Query,
}

/// The providers' published search prices (December 2026), editable in the app's price table:
/// OpenRouter $4 per 1,000 results, Anthropic $10 per 1,000 searches, OpenAI $10 per 1,000 calls of
/// `gpt-5-search-api` and $25 per 1,000 of the `-search-preview` models, Gemini 3 $14 per 1,000
/// queries and earlier Gemini $35 per 1,000 grounded prompts. None where there is no search.
pub fn default_search_fee(kind: ProviderKind, model: &str) -> Option<SearchFee> {
    let bare = model.rsplit('/').next().unwrap_or(model);
    let fee = |per_thousand: f64, unit| SearchFee {
        usd_per_unit: per_thousand / 1000.0,
        unit,
    };
    match (kind, search_support(kind, model)) {
        (_, SearchSupport::None) => None,
        (ProviderKind::OpenRouter, _) => Some(fee(4.0, SearchUnit::Result)),
        (ProviderKind::Anthropic, _) => Some(fee(10.0, SearchUnit::Search)),
        (ProviderKind::OpenAi, _) if bare.contains("-search-preview") => {
            Some(fee(25.0, SearchUnit::Call))
        }
        (ProviderKind::OpenAi, _) => Some(fee(10.0, SearchUnit::Call)),
        (ProviderKind::Gemini, SearchSupport::WithSchema) => Some(fee(14.0, SearchUnit::Query)),
        (ProviderKind::Gemini, _) => Some(fee(35.0, SearchUnit::GroundedPrompt)),
        (ProviderKind::OpenAiCompatible, _) => None,
    }
}

impl SearchFee {
    /// The fee of one call that asked to search and whose reply lists `report` (None: it lists
    /// no search). OpenRouter's plugin bills every result it fetched and OpenAI's search models
    /// every call, cited or not, and both list only what the answer cites: a reply of theirs that
    /// lists nothing still paid, at the most the call may fetch (`bills_unlisted`).
    pub fn cost_usd(&self, report: Option<&SearchReport>, asked: WebSearch) -> f64 {
        let Some(report) = report else {
            return if self.bills_unlisted() {
                self.bound_usd(asked)
            } else {
                0.0
            };
        };
        let units = match self.unit {
            // OpenRouter bills the results it fetched, which it does not list: the asked maximum.
            SearchUnit::Result => asked.max_uses,
            SearchUnit::Search => report.searches.max(report.queries.len() as u32),
            SearchUnit::Call => 1,
            SearchUnit::GroundedPrompt => u32::from(!report.results.is_empty()),
            SearchUnit::Query => report.queries.len() as u32,
        };
        f64::from(units) * self.usd_per_unit
    }

    /// Whether a searching call is billed though its reply lists no search: the search ran before
    /// the model answered, and the reply lists only the pages the answer cites (OpenRouter's
    /// plugin, per result fetched; OpenAI's search models, per call).
    pub fn bills_unlisted(&self) -> bool {
        matches!(self.unit, SearchUnit::Result | SearchUnit::Call)
    }

    /// The most one call may cost in search fees, for the budget and the estimate.
    pub fn bound_usd(&self, asked: WebSearch) -> f64 {
        let units = match self.unit {
            SearchUnit::Call | SearchUnit::GroundedPrompt => 1,
            SearchUnit::Result | SearchUnit::Search | SearchUnit::Query => asked.max_uses,
        };
        f64::from(units) * self.usd_per_unit
    }
}
