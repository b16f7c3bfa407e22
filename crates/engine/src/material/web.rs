//! Links checked against what a search returned (docs/design.md, "Sources from the web"): a URL an
//! answer cites that no search of its own call returned is "not from this search"; a URL the
//! judge cites must come from some panelist's search. An evidence entry whose only support is
//! such a link is not evidence, as an entry resting only on a quote not found in the material.
use consilium_providers::{comparable_url, SearchReport};

use crate::foundation::participants::Participant;
use crate::record::{CallRecord, CallStatus};
use serde::Serialize;

/// The words a link that no search returned wears wherever it shows.
pub const NOT_FROM_THIS_SEARCH: &str = "not from this search";

/// Every http(s) URL in `text`, in order, once each: bare, in a Markdown link `[x](url)` or in
/// angle brackets, without the punctuation that closes the sentence around it.
pub fn urls_in(text: &str) -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(at) = next_scheme(rest) {
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '`'))
            .unwrap_or(tail.len());
        let url = trim_closing(&tail[..end]);
        if url.len() > "https://".len() && !urls.iter().any(|u| u == url) {
            urls.push(url.to_string());
        }
        rest = &tail[end.max(1)..];
    }
    urls
}

fn next_scheme(text: &str) -> Option<usize> {
    let https = text.find("https://");
    let http = text.find("http://");
    match (https, http) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A URL without what closes the sentence or the Markdown around it: `.` `,` `;` `:` `!` `?`
/// and a `)` or `]` with no opening partner inside the URL (Wikipedia's `(disambiguation)` stays).
fn trim_closing(url: &str) -> &str {
    let mut url = url;
    loop {
        let Some(last) = url.chars().last() else {
            return url;
        };
        let unbalanced = |open: char, close: char| {
            last == close && url.matches(open).count() < url.matches(close).count()
        };
        if matches!(last, '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '*')
            || unbalanced('(', ')')
            || unbalanced('[', ']')
        {
            url = &url[..url.len() - last.len_utf8()];
        } else {
            return url;
        }
    }
}

/// One link an answer cites, checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinkCheck {
    pub url: String,
    /// A search the call (or, for the judge, the council) ran returned it.
    pub returned: bool,
    /// The result's title, when it was returned.
    pub title: Option<String>,
}

/// The links in `text`, each checked against `searches`.
pub fn check_links<'s>(
    text: &str,
    searches: impl IntoIterator<Item = &'s SearchReport> + Clone,
) -> Vec<LinkCheck> {
    urls_in(text)
        .into_iter()
        .map(|url| {
            let wanted = comparable_url(&url);
            let title = searches.clone().into_iter().find_map(|search| {
                search
                    .results
                    .iter()
                    .find(|r| comparable_url(&r.url) == wanted)
                    .map(|r| r.title.clone())
            });
            let returned = searches
                .clone()
                .into_iter()
                .any(|search| search.returned(&url));
            LinkCheck {
                url,
                returned,
                title,
            }
        })
        .collect()
}

/// Every search of a call the council used (its reply read), in the order of its calls: what
/// the judge's links are checked against.
pub fn council_searches(calls: &[CallRecord]) -> Vec<SearchReport> {
    calls
        .iter()
        .filter(|c| c.status == CallStatus::Ok)
        .filter_map(|c| c.search.clone())
        .collect()
}

/// Whether an evidence entry rests only on links no search returned: it names at least one link
/// and none was returned. Such an entry is not evidence.
pub fn rests_only_on_unreturned_links<'s>(
    entry: &str,
    searches: impl IntoIterator<Item = &'s SearchReport> + Clone,
) -> bool {
    let checks = check_links(entry, searches);
    !checks.is_empty() && checks.iter().all(|check| !check.returned)
}

/// Whether a council can search the web at all: one of its panelists' providers has search
/// (`Participant::web_search`). A setting to search is offered only then.
pub fn can_search(panelists: &[Participant]) -> bool {
    panelists.iter().any(|p| p.web_search.is_some())
}

/// The panelists that cannot search, named before the start of a searching consult ("Panelist 3 ·
/// gemma-3-270m cannot search the web: it answers without it."); None when every one can.
pub fn seats_without_search(panelists: &[Participant]) -> Option<String> {
    let without: Vec<&str> = panelists
        .iter()
        .filter(|p| p.web_search.is_none())
        .map(|p| p.label.as_str())
        .collect();
    match without.as_slice() {
        [] => None,
        [one] => Some(format!(
            "{one} cannot search the web (its provider has no search): it answers without it."
        )),
        many => Some(format!(
            "{} cannot search the web (their providers have no search): they answer without it.",
            many.join(", ")
        )),
    }
}
