//! Model text as Markdown, rendered from the engine's sanitised tree (`consilium_engine::text::rich`)
//! as DOM nodes: no innerHTML anywhere, raw HTML arrives here as text, links only to http(s) and
//! mailto with `rel="noopener noreferrer nofollow"`. A table scrolls in its own box (never the
//! page); a code block keeps its indentation and has its own Copy button.
use consilium_engine::text::rich::{parse, Block, Inline, LINK_REL};
use leptos::prelude::*;

use crate::ui::widgets::copy::CopyButton;

/// `text` rendered as Markdown inside a `<div class=...>`.
#[component]
pub fn RichText(
    #[prop(into)] text: String,
    #[prop(optional)] class: &'static str,
) -> impl IntoView {
    let blocks = parse(&text);
    view! { <div class=format!("rich-text {class}")>{blocks_view(blocks)}</div> }
}

fn blocks_view(blocks: Vec<Block>) -> AnyView {
    blocks
        .into_iter()
        .map(block_view)
        .collect::<Vec<_>>()
        .into_any()
}

fn block_view(block: Block) -> AnyView {
    match block {
        Block::Paragraph(inlines) => view! { <p>{inlines_view(inlines)}</p> }.into_any(),
        Block::Heading(level, inlines) => match level {
            1 | 2 => view! { <h4>{inlines_view(inlines)}</h4> }.into_any(),
            3 => view! { <h5>{inlines_view(inlines)}</h5> }.into_any(),
            _ => view! { <h6>{inlines_view(inlines)}</h6> }.into_any(),
        },
        Block::Code(code) => {
            let copied = code.clone();
            view! {
                <div class="code-block">
                    <CopyButton label="Copy" name="Copy code" text=Callback::new(move |()| copied.clone()) />
                    <pre><code>{code}</code></pre>
                </div>
            }
            .into_any()
        }
        Block::Quote(inner) => view! { <blockquote>{blocks_view(inner)}</blockquote> }.into_any(),
        Block::List {
            ordered,
            start,
            items,
        } => {
            let items = items
                .into_iter()
                .map(|item| view! { <li>{blocks_view(item)}</li> })
                .collect::<Vec<_>>();
            if ordered {
                view! { <ol start=start.to_string()>{items}</ol> }.into_any()
            } else {
                view! { <ul>{items}</ul> }.into_any()
            }
        }
        Block::Rule => view! { <hr /> }.into_any(),
        Block::Table { head, rows } => {
            let head = head
                .into_iter()
                .map(|cell| view! { <th scope="col">{inlines_view(cell)}</th> })
                .collect::<Vec<_>>();
            let rows = rows
                .into_iter()
                .map(|row| {
                    let cells = row
                        .into_iter()
                        .map(|cell| view! { <td>{inlines_view(cell)}</td> })
                        .collect::<Vec<_>>();
                    view! { <tr>{cells}</tr> }
                })
                .collect::<Vec<_>>();
            // Focusable so a keyboard can scroll a table wider than the screen.
            view! {
                <div class="table-scroll" tabindex="0" role="group" aria-label="Table">
                    <table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>
                </div>
            }
            .into_any()
        }
    }
}

fn inlines_view(inlines: Vec<Inline>) -> AnyView {
    inlines
        .into_iter()
        .map(|inline| match inline {
            Inline::Text(text) => text.into_any(),
            Inline::Code(code) => view! { <code>{code}</code> }.into_any(),
            Inline::Emphasis(inner) => view! { <em>{inlines_view(inner)}</em> }.into_any(),
            Inline::Strong(inner) => view! { <strong>{inlines_view(inner)}</strong> }.into_any(),
            Inline::Strike(inner) => view! { <del>{inlines_view(inner)}</del> }.into_any(),
            Inline::Link { href, children } => {
                view! { <a href=href rel=LINK_REL target="_blank">{inlines_view(children)}</a> }
                    .into_any()
            }
            Inline::Break => view! { <br /> }.into_any(),
        })
        .collect::<Vec<_>>()
        .into_any()
}
