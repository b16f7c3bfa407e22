//! A searching consult's "Sources" as people read it (docs/design.md, "Sources from the web"):
//! every page the council's searches returned or its answers cite, once each by URL, with which
//! panelists' searches found it and who cited it. A link an answer names that its own call's search
//! did not return (for the judge: no search of the council) is marked "not from this search"; an
//! evidence entry resting only on such links is not evidence (`consult::evidence`). The page, the
//! Markdown and HTML exports and the share link read this one model.
use std::fmt::Write;

use consilium_providers::{comparable_url, SearchReport};

use crate::consult::evidence::{links_not_returned, Grounds};
use crate::foundation::ids::ParticipantId;
use crate::material::web::{check_links, council_searches, NOT_FROM_THIS_SEARCH};
use crate::record::consult::body::ConsultBody;
use crate::record::{CallStatus, Session};

/// How an evidence entry resting only on links no search returned is marked.
pub const LINKS_NOT_EVIDENCE: &str = "not evidence: its only links are not from this search";

/// Someone who cited a page, and whether a search of their own returned it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citer {
    pub label: String,
    /// False: the page is "not from this search" as this one cited it.
    pub from_search: bool,
}

/// One page, once, however many searches found it and answers cited it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSource {
    /// The URL as first met.
    pub url: String,
    /// The link to open: http(s) only; None for anything else (shown as text, never opened).
    pub href: Option<String>,
    /// The result's title, else the URL without its scheme.
    pub title: String,
    /// The text the answer rests on (a citation's), else the result's snippet.
    pub snippet: Option<String>,
    pub page_age: Option<String>,
    /// Panelists whose search returned it, in the council's order.
    pub found_by: Vec<String>,
    pub cited_by: Vec<Citer>,
    /// Some search of the council returned it; false: "not from this search".
    pub returned: bool,
}

impl WebSource {
    /// "found by Panelist 1, Panelist 2; cited by Panelist 1, Judge (not from its own search)":
    /// a seat's name may hold " · " itself ("Panelist 1 · gpt-4o"), so the parts part on ";".
    pub fn who(&self) -> String {
        let mut parts = Vec::new();
        if !self.found_by.is_empty() {
            parts.push(format!("found by {}", self.found_by.join(", ")));
        }
        if !self.cited_by.is_empty() {
            let cited: Vec<String> = self
                .cited_by
                .iter()
                .map(|c| {
                    if c.from_search || !self.returned {
                        c.label.clone()
                    } else {
                        format!("{} (not from its own search)", c.label)
                    }
                })
                .collect();
            parts.push(format!("cited by {}", cited.join(", ")));
        }
        parts.join("; ")
    }

    /// The mark a page no search returned wears; None for a returned one.
    pub fn mark(&self) -> Option<&'static str> {
        (!self.returned).then_some(NOT_FROM_THIS_SEARCH)
    }
}

/// The Sources section of a searching consult.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSources {
    pub sources: Vec<WebSource>,
    /// How many searches (queries) the council ran.
    pub queries: usize,
    /// Panelists that answered without search (their provider has none).
    pub without_search: Vec<String>,
    /// What went wrong inside a search, or that it found nothing: "Panelist 1, round 1: the search
    /// was rate limited".
    pub notes: Vec<String>,
    /// Verdict evidence entries (numbered from 1) resting only on links no search returned.
    pub not_evidence: Vec<usize>,
}

/// The link a page may open: http(s) only, trimmed.
pub fn web_href(url: &str) -> Option<String> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")).then(|| url.to_string())
}

/// Builds the rows, one per page (compared as `comparable_url` does).
#[derive(Default)]
struct Rows {
    sources: Vec<WebSource>,
}

impl Rows {
    fn row(&mut self, url: &str) -> &mut WebSource {
        let key = comparable_url(url);
        let at = match self
            .sources
            .iter()
            .position(|s| comparable_url(&s.url) == key)
        {
            Some(at) => at,
            None => {
                self.sources.push(WebSource {
                    url: url.to_string(),
                    href: web_href(url),
                    title: String::new(),
                    snippet: None,
                    page_age: None,
                    found_by: Vec::new(),
                    cited_by: Vec::new(),
                    returned: false,
                });
                self.sources.len() - 1
            }
        };
        &mut self.sources[at]
    }

    fn found(
        &mut self,
        url: &str,
        title: &str,
        snippet: Option<&String>,
        age: Option<&String>,
        by: &str,
    ) {
        let row = self.row(url);
        row.returned = true;
        if row.title.is_empty() {
            row.title = title.trim().to_string();
        }
        if row.snippet.is_none() {
            row.snippet = snippet.filter(|s| !s.trim().is_empty()).cloned();
        }
        if row.page_age.is_none() {
            row.page_age = age.cloned();
        }
        if !row.found_by.iter().any(|l| l == by) {
            row.found_by.push(by.to_string());
        }
    }

    fn cited(&mut self, url: &str, by: &str, from_search: bool) {
        let row = self.row(url);
        match row.cited_by.iter_mut().find(|c| c.label == by) {
            // Cited from a search once is enough.
            Some(citer) => citer.from_search |= from_search,
            None => row.cited_by.push(Citer {
                label: by.to_string(),
                from_search,
            }),
        }
    }
}

/// None for a consult that did not search the web.
pub fn web_sources(session: &Session) -> Option<WebSources> {
    let body = session.body_of::<ConsultBody>()?;
    let searched = session.calls.iter().any(|c| c.search.is_some());
    if !body.config.search_web && !searched {
        return None;
    }
    let mut rows = Rows::default();
    let mut notes = Vec::new();
    let mut queries = 0;
    // What each search returned and cited, call by call (round 1, then round 3).
    for call in session.calls.iter().filter(|c| c.status == CallStatus::Ok) {
        let Some(search) = &call.search else {
            continue;
        };
        let label = session.label_of(&call.participant_id);
        queries += search.queries.len();
        for result in &search.results {
            // The cited text, where the answer cites this page, says more than a snippet.
            let cited_text = search
                .citations
                .iter()
                .find(|c| comparable_url(&c.url) == comparable_url(&result.url))
                .and_then(|c| c.cited_text.as_ref());
            let snippet = cited_text.or(result.snippet.as_ref());
            rows.found(
                &result.url,
                &result.title,
                snippet,
                result.page_age.as_ref(),
                &label,
            );
        }
        for citation in &search.citations {
            rows.found(
                &citation.url,
                &citation.title,
                citation.cited_text.as_ref(),
                None,
                &label,
            );
            rows.cited(&citation.url, &label, true);
        }
        for words in search.error_words() {
            notes.push(format!("{label}, round {}: {words}", call.round));
        }
        if search.results.is_empty() && search.citations.is_empty() && search.errors.is_empty() {
            notes.push(format!(
                "{label}, round {}: the search found nothing",
                call.round
            ));
        }
    }
    // The links the answers name, each against its own call's search.
    for (agent, round, text) in answer_texts(body) {
        let own: Vec<&SearchReport> = session
            .calls
            .iter()
            .filter(|c| c.participant_id == agent && c.round == round)
            .filter_map(|c| c.search.as_ref())
            .collect();
        let label = session.label_of(&agent);
        for link in check_links(&text, own.iter().copied()) {
            rows.cited(&link.url, &label, link.returned);
        }
    }
    // The judge's links, against every search of the council.
    let searches = council_searches(&session.calls);
    let judge = session.label_of(&body.config.judge.id);
    for text in judge_texts(body) {
        for link in check_links(&text, searches.iter()) {
            rows.cited(&link.url, &judge, link.returned);
        }
    }
    for row in &mut rows.sources {
        if row.title.is_empty() {
            row.title = row
                .url
                .trim_start_matches("https://")
                .trim_start_matches("http://")
                .to_string();
        }
    }
    let grounds = Grounds {
        material: &body.config.material,
        searches: Some(&searches),
    };
    let not_evidence = body
        .round4
        .as_ref()
        .map(|verdict| links_not_returned(verdict, grounds))
        .unwrap_or_default();
    let without_search = if body.config.search_web {
        body.config
            .panelists
            .iter()
            .filter(|p| p.web_search.is_none())
            .map(|p| p.label.clone())
            .collect()
    } else {
        Vec::new()
    };
    Some(WebSources {
        sources: rows.sources,
        queries,
        without_search,
        notes,
        not_evidence,
    })
}

/// Each panelist's words in the rounds that search (1 and 3), with who wrote them.
fn answer_texts(body: &ConsultBody) -> Vec<(ParticipantId, u8, String)> {
    let mut texts = Vec::new();
    for answer in &body.round1 {
        let mut text = answer.position.clone();
        for point in &answer.key_points {
            text.push('\n');
            text.push_str(point);
        }
        text.push('\n');
        text.push_str(&answer.rationale);
        texts.push((answer.agent_id.clone(), 1, text));
    }
    if let Some(cross) = &body.round3 {
        for challenge in &cross.challenges {
            let mut text = challenge.challenge.clone();
            for evidence in &challenge.evidence {
                text.push('\n');
                text.push_str(evidence);
            }
            texts.push((challenge.challenger.clone(), 3, text));
        }
        for rebuttal in &cross.rebuttals {
            texts.push((rebuttal.agent.clone(), 3, rebuttal.rebuttal.clone()));
        }
    }
    texts
}

/// The verdict's words: its recommendation and each evidence entry.
fn judge_texts(body: &ConsultBody) -> Vec<String> {
    let Some(verdict) = &body.round4 else {
        return Vec::new();
    };
    std::iter::once(verdict.recommendation.clone())
        .chain(verdict.evidence.iter().map(|e| e.point.clone()))
        .collect()
}

/// "3 sources · 1 not from this search · 2 searches".
pub fn sources_summary(sources: &WebSources) -> String {
    let counted = crate::foundation::counted::counted;
    let mut text = counted(sources.sources.len(), "source");
    let unreturned = sources.sources.iter().filter(|s| !s.returned).count();
    if unreturned > 0 {
        let _ = write!(text, " · {unreturned} {NOT_FROM_THIS_SEARCH}");
    }
    if sources.queries > 0 {
        let _ = write!(text, " · {}", counted(sources.queries, "search"));
    }
    text
}

/// The Markdown section of the export (unescaped: the report escapes the whole text, so links are
/// written as their URL, which a Markdown viewer links by itself or shows as text).
pub fn web_sources_markdown(session: &Session) -> String {
    let Some(web) = web_sources(session) else {
        return String::new();
    };
    let mut out = format!("## Sources from the web\n\n{}\n\n", sources_summary(&web));
    for source in &web.sources {
        let _ = write!(
            out,
            "- **{}** {}",
            one_line(&source.title),
            source.url.trim()
        );
        if let Some(mark) = source.mark() {
            let _ = write!(out, " · **{mark}**");
        }
        let who = source.who();
        if !who.is_empty() {
            let _ = write!(out, " · {who}");
        }
        out.push('\n');
        if let Some(snippet) = &source.snippet {
            let _ = writeln!(out, "\n  > {}\n", one_line(snippet));
        }
    }
    if !web.without_search.is_empty() {
        let _ = writeln!(
            out,
            "\nAnswered without search (no search at their provider): {}.",
            web.without_search.join(", ")
        );
    }
    for note in &web.notes {
        let _ = writeln!(out, "\n{note}.");
    }
    if !web.not_evidence.is_empty() {
        let entries: Vec<String> = web.not_evidence.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(
            out,
            "\nEvidence {}: {LINKS_NOT_EVIDENCE}.",
            entries.join(", ")
        );
    }
    out.push('\n');
    out
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
