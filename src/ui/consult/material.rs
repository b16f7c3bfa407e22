//! A consult's material on its session page (docs/design.md, "Material: what the council reads"):
//! the section "What the council read" (each source, its kind, extent and tokens, and who could not
//! see it), and every checked quote where it shows (the decision's evidence, the answers, the
//! challenges) with its mark and a control that opens the passage with the quoted words
//! highlighted. Everything is the engine's view model (`consult::view::material`); the passage
//! arrives as runs of text, so the highlight is a `<mark>` around escaped text, never markup made
//! of the source's words.
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::material::{
    what_the_council_read, QuotePlace, ShownQuote, WhatTheCouncilRead,
};
use consilium_engine::record::consult::body::ConsultBody;
use leptos::prelude::*;

use crate::ui::widgets::body_part;
use crate::ui::widgets::material_read::{quote_item, SourcesRead};

/// What the council read, recomputed only when the material or a round that can cite it changes
/// (checking quotes reads whole sources; a live run changes the session far more often).
pub fn material_read(session: ShownSession) -> Memo<Option<WhatTheCouncilRead>> {
    let cited = body_part(session, |b: &ConsultBody| {
        (!b.config.material.is_empty()).then(|| {
            (
                b.config.material.len(),
                b.round1.len(),
                b.round3.as_ref().map(|r| r.challenges.len()),
                b.round4.as_ref().map(|v| v.evidence.len()),
            )
        })
    });
    Memo::new(move |_| {
        cited.get()?;
        session.with_untracked(|s| s.as_ref().and_then(what_the_council_read))
    })
}

/// "What the council read": the sources, and how the quotes checked out.
#[component]
pub fn MaterialSection(read: WhatTheCouncilRead) -> impl IntoView {
    let tally = read.tally();
    view! { <SourcesRead sources=read.sources tally=tally /> }
}

/// The quotes cited at `at`, each checked; nothing when there are none (or no material).
pub fn quotes_at(read: &Option<WhatTheCouncilRead>, at: QuotePlace) -> Option<impl IntoView> {
    let quotes = read.as_ref()?.quotes_at(&at);
    (!quotes.is_empty()).then(|| view! { <CheckedQuotes quotes=quotes /> })
}

/// One evidence entry of a verdict: struck and flagged with why when the engine says it is not
/// evidence (`flag`: its quotes are not in the material, or its only links are not from the
/// council's searches), with the quotes it cites under it.
pub fn evidence_entry(
    read: &Option<WhatTheCouncilRead>,
    index: usize,
    text: String,
    flag: Option<&'static str>,
) -> impl IntoView {
    let struck = flag.is_some();
    view! {
        <li class="evidence-entry" data-not-evidence=struck.to_string()>
            <span class="evidence-text">{text}</span>
            {flag.map(|flag| view! { " " <span class="not-evidence-flag">{flag}</span> })}
            {quotes_at(read, QuotePlace::Evidence(index))}
        </li>
    }
}

#[component]
pub fn CheckedQuotes(quotes: Vec<ShownQuote>) -> impl IntoView {
    let items = quotes.into_iter().map(quote_view).collect_view();
    view! { <ul class="checked-quotes" aria-label="Quotes checked against the material">{items}</ul> }
}

fn quote_view(shown: ShownQuote) -> impl IntoView {
    let ShownQuote { quote, passage } = shown;
    let passage = passage.map(|p| (p.spans(), quote.where_found()));
    quote_item(
        quote.quote.trim().to_string(),
        quote.tone(),
        quote.mark.is_found(),
        quote.mark_line(),
        quote.source_line(),
        passage,
    )
}
