//! A searching consult's "Sources" on its session page: each page the council's searches found or
//! its answers cite, once, with who found and who cited it and the text cited; a link no search
//! returned is marked "not from this search" and never opens. Every text is the engine's view
//! model (`consult::view::web_sources`) rendered as text; links are http(s) only and carry
//! `rel="noopener noreferrer nofollow"`. Nothing from a result is fetched or rendered as HTML.
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::web_sources::{
    sources_summary, web_sources, WebSource, WebSources, LINKS_NOT_EVIDENCE,
};
use consilium_engine::text::rich::LINK_REL;
use leptos::prelude::*;

/// The Sources list, or nothing for a consult that did not search. It follows the record, so the
/// list grows as the searching calls come back.
#[component]
pub fn WebSourcesView(session: ShownSession) -> impl IntoView {
    let sources = Memo::new(move |_| session.with(|s| s.as_ref().and_then(web_sources)));
    move || sources.get().map(|web| view! { <SourcesList web=web /> })
}

#[component]
fn SourcesList(web: WebSources) -> impl IntoView {
    let summary = sources_summary(&web);
    let rows = web
        .sources
        .into_iter()
        .map(|source| view! { <SourceRow source=source /> })
        .collect_view();
    let without = (!web.without_search.is_empty()).then(|| {
        view! {
            <p class="muted web-without">
                {format!(
                    "Answered without search (no search at their provider): {}.",
                    web.without_search.join(", ")
                )}
            </p>
        }
    });
    let notes = web
        .notes
        .into_iter()
        .map(|note| view! { <li>{format!("{note}.")}</li> })
        .collect_view();
    let not_evidence = (!web.not_evidence.is_empty()).then(|| {
        let entries: Vec<String> = web.not_evidence.iter().map(|n| n.to_string()).collect();
        view! {
            <p class="error">{format!("Evidence {}: {LINKS_NOT_EVIDENCE}.", entries.join(", "))}</p>
        }
    });
    view! {
        <section class="web-sources" id="sources" aria-labelledby="sources-heading">
            <h3 id="sources-heading">"Sources"</h3>
            <p class="muted">{summary}</p>
            <ul class="web-source-list" aria-label="Sources from the web">{rows}</ul>
            {without}
            <ul class="web-notes muted">{notes}</ul>
            {not_evidence}
        </section>
    }
}

#[component]
fn SourceRow(source: WebSource) -> impl IntoView {
    let mark = source.mark();
    let who = source.who();
    // A page no search returned is named, never opened: the model may have made it up.
    let title = match (&source.href, mark) {
        (Some(href), None) => view! {
            <a href=href.clone() rel=LINK_REL target="_blank">{source.title.clone()}</a>
        }
        .into_any(),
        _ => view! { <span class="web-title">{source.title.clone()}</span> }.into_any(),
    };
    let age = source.page_age.clone().map(|age| format!(" · {age}"));
    view! {
        <li class="web-source" data-returned=source.returned.to_string()>
            <div class="web-head">
                {title}
                {mark.map(|mark| view! { <strong class="web-mark">{mark}</strong> })}
            </div>
            <div class="web-url">{source.url.clone()}{age}</div>
            {(!who.is_empty()).then(|| view! { <div class="web-who muted">{who}</div> })}
            {source.snippet.clone().map(|snippet| view! { <blockquote class="web-snippet">{snippet}</blockquote> })}
        </li>
    }
}
