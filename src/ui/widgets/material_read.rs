//! "What the council read" (docs/design.md, "Material: what the council reads"), for any protocol
//! that reads material (a consult's sources, a review's context files): each source with its kind,
//! extent and tokens and who could not see it, and how the quotes checked out; and one checked
//! quote as it shows beside what cites it. Everything is the engine's view model
//! (`views::material`); a passage arrives as runs of text, so the highlight is a `<mark>` around
//! escaped text, never markup.
use consilium_engine::views::material::{PassageSpan, QuoteRow, SourceRow};
use leptos::prelude::*;

/// The section: the sources, with the quotes' tally when anything was quoted.
#[component]
pub fn SourcesRead(sources: Vec<SourceRow>, tally: Option<String>) -> impl IntoView {
    let sources = sources.into_iter().map(source_view).collect_view();
    view! {
        <section class="material-read" aria-labelledby="material-title">
            <h3 id="material-title">"What the council read"</h3>
            {tally.map(|tally| view! { <p class="material-tally muted">{tally}</p> })}
            <ul class="material-sources">{sources}</ul>
        </section>
    }
}

fn source_view(row: SourceRow) -> impl IntoView {
    let unseen = row
        .unseen_line()
        .map(|line| view! { <p class="source-unseen">{line}</p> });
    let kept = row
        .kept_note
        .map(|note| view! { <p class="source-kept muted">{note}</p> });
    // An image's extent is its kind again ("an image"): said once.
    let mut facts = vec![row.kind.to_string()];
    if row.kind != "image" {
        facts.push(row.extent);
    }
    facts.push(row.tokens);
    view! {
        <li class="material-source" data-source=row.id.clone()>
            <span class="source-id">{row.id.clone()}</span>
            <div class="source-body">
                <span class="source-name">{row.name}</span>
                <span class="source-facts">{facts.join(" · ")}</span>
                {unseen}
                {kept}
            </div>
        </li>
    }
}

/// One checked quote: the words, the mark with where they are, the source, and the passage
/// (`where_found` names it to a screen reader: "S1 · notes.txt · line 4").
pub fn quote_item(
    quote: String,
    tone: &'static str,
    found: bool,
    mark_line: String,
    source_line: String,
    passage: Option<(Vec<PassageSpan>, String)>,
) -> impl IntoView {
    let icon = if found { "✓" } else { "✗" };
    let passage = passage.map(|(spans, where_found)| {
        let runs = spans.into_iter().map(span_view).collect_view();
        view! {
            <details class="quote-passage">
                <summary>"Show the passage"<span class="visually-hidden">{format!(" in {where_found}")}</span></summary>
                <p class="passage model-text">{runs}</p>
            </details>
        }
    });
    view! {
        <li class="checked-quote" data-mark=tone>
            <q class="quote-words model-text">{quote}</q>
            <p class="quote-meta">
                <span class="quote-mark" data-tone=tone><span aria-hidden="true">{icon}" "</span>{mark_line}</span>
                <span class="quote-source">{source_line}</span>
            </p>
            {passage}
        </li>
    }
}

/// Quotes a finding cites, each checked (nothing when there are none).
pub fn quote_rows(rows: Vec<QuoteRow>) -> Option<impl IntoView> {
    (!rows.is_empty()).then(|| {
        let items = rows
            .into_iter()
            .map(|row| {
                quote_item(
                    row.quote,
                    row.tone,
                    row.mark.is_found(),
                    row.mark_line,
                    row.source_line,
                    row.passage.map(|p| (p.spans(), row.where_found)),
                )
            })
            .collect_view();
        view! { <ul class="checked-quotes" aria-label="Quotes checked against the context files">{items}</ul> }
    })
}

fn span_view(span: PassageSpan) -> AnyView {
    if span.marked {
        view! { <mark>{span.text}</mark> }.into_any()
    } else {
        view! { {span.text} }.into_any()
    }
}
