//! Markdown in model text, rendered safely, and the standalone HTML export built on it.
use crate::common;

use consilium_engine::html_report::session_html;
use consilium_engine::testing::{ScriptedCaller, XSS_CORPUS};
use consilium_engine::text::rich::{
    parse, parse_report, plain_text, to_html, to_plain, Block, Inline, MAX_NESTING,
};

#[test]
fn markdown_becomes_blocks_and_inlines() {
    let blocks = parse("# Plan\n\nUse **Rust** for *parsing*, see [docs](https://example.com/a?b=1).\n\n- one\n- two `x`\n\n1. first\n\n```\ncode <here>\n```\n\n> quoted");
    assert_eq!(
        blocks[0],
        Block::Heading(1, vec![Inline::Text("Plan".into())])
    );
    let html = to_html(&blocks);
    assert!(
        html.contains("<strong>Rust</strong>") && html.contains("<em>parsing</em>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<a href=\"https://example.com/a?b=1\" rel=\"noopener noreferrer nofollow\">docs</a>"
        ),
        "{html}"
    );
    assert!(
        html.contains("<ul><li><p>one</p></li><li><p>two <code>x</code></p></li></ul>"),
        "{html}"
    );
    assert!(html.contains("<ol><li><p>first</p></li></ol>"), "{html}");
    assert!(
        html.contains("<pre><code>code &lt;here&gt;\n</code></pre>"),
        "{html}"
    );
    assert!(
        html.contains("<blockquote><p>quoted</p></blockquote>"),
        "{html}"
    );
    assert!(to_html(&parse("[m](mailto:a@b.c)")).contains("<a href=\"mailto:a@b.c\""));
}

#[test]
fn raw_html_is_text_and_only_web_and_mail_links_survive() {
    for payload in XSS_CORPUS {
        let html = to_html(&parse(payload));
        for forbidden in [
            "<script",
            "<img",
            "<iframe",
            "<svg",
            "<div",
            "<b ",
            "onerror=\"",
            "onload=\"",
            "href=\"javascript",
            "href=\" javascript",
            "href=\"JAVASCRIPT",
            "href=\"data:",
        ] {
            assert!(!html.contains(forbidden), "{payload} -> {html}");
        }
        // Nothing of it is lost: the text is still there to read.
        assert!(
            plain_text(&parse(payload)).contains("__xss") || payload.contains("<<"),
            "{payload}"
        );
    }
    assert_eq!(
        to_html(&parse("<script>alert(1)</script>")),
        "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
    assert_eq!(
        to_html(&parse("[x](javascript:alert(1))")),
        "<p>x (javascript:alert(1))</p>"
    );
}

#[test]
fn the_html_export_is_standalone_escaped_and_readable_for_every_protocol() {
    let mut consult = common::run(common::demo_session(), &ScriptedCaller::over_demo()).0;
    let html = session_html(&consult);
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("default-src 'none'"), "no script, no request");
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"));
    assert!(html.contains("Demo: scripted participants"));
    let verdict = consult.consult().round4.clone().unwrap().recommendation;
    assert!(html.contains(&verdict[..40]), "the verdict is in it");
    // Model text with HTML stays text.
    consult
        .consult_mut()
        .round4
        .as_mut()
        .unwrap()
        .recommendation = XSS_CORPUS.join("\n\n");
    let html = session_html(&consult);
    let body = &html[html.find("<body>").unwrap()..];
    for forbidden in [
        "<script",
        "<img",
        "<iframe",
        "<svg onload",
        "onerror=\"",
        "href=\"javascript",
    ] {
        assert!(!body.contains(forbidden), "{forbidden} in {body}");
    }
    // The export draws the confidence meter as an SVG of its own; none comes from model text.
    assert_eq!(body.matches("<svg").count(), 1, "{body}");
}

#[test]
fn reports_and_model_text_render_tables_in_a_scrolling_box() {
    let text = "| a | b |\n|---|---|\n| <b>1</b> | [x](javascript:y) |";
    let html = to_html(&parse_report(text));
    assert_eq!(
        html,
        "<div class=\"table-scroll\"><table><thead><tr><th scope=\"col\">a</th><th scope=\"col\">b</th></tr></thead>\
<tbody><tr><td>&lt;b&gt;1&lt;/b&gt;</td><td>x (javascript:y)</td></tr></tbody></table></div>"
    );
    assert_eq!(
        plain_text(&parse_report(text)),
        "a · b\n<b>1</b> · x (javascript:y)\n\n"
    );
    // The app's model text has the same table (the app scrolls it in its own box, never the page).
    assert_eq!(parse(text), parse_report(text));
}

/// A free-text answer as small local models write it: a table, a code block whose indentation
/// matters, bold and a link. Nothing of it is shown as raw pipes or backticks.
const FREE_TEXT_ANSWER: &str = "**Adopt Rust** for the new service only.\n\n\
| option | risk |\n|---|---|\n| Rust | low |\n| C++ | high |\n\n\
```rust\nfn main() {\n    if ready {\n        ship();\n    }\n}\n```\n\nSee [the book](https://doc.rust-lang.org/book/).";

#[test]
fn a_free_text_answer_keeps_its_table_code_indentation_bold_and_link() {
    let blocks = parse(FREE_TEXT_ANSWER);
    assert!(matches!(blocks[1], Block::Table { ref rows, .. } if rows.len() == 2));
    assert_eq!(
        blocks[2],
        Block::Code("fn main() {\n    if ready {\n        ship();\n    }\n}\n".into())
    );
    let html = to_html(&blocks);
    assert!(html.contains("<strong>Adopt Rust</strong>"), "{html}");
    assert!(html.contains("<td>C++</td><td>high</td>"), "{html}");
    assert!(
        html.contains("rel=\"noopener noreferrer nofollow\">the book</a>"),
        "{html}"
    );
    assert!(!html.contains('|') && !html.contains("```"), "{html}");
}

#[test]
fn plain_text_drops_the_marks_and_keeps_the_words() {
    let plain = to_plain(FREE_TEXT_ANSWER);
    assert!(
        plain.starts_with("Adopt Rust for the new service only."),
        "{plain}"
    );
    assert!(plain.contains("Rust · low"), "{plain}");
    assert!(
        plain.contains("        ship();"),
        "code keeps its indentation: {plain}"
    );
    for mark in ["**", "```", "|---"] {
        assert!(!plain.contains(mark), "{mark} in {plain}");
    }
}

/// How deep the tree goes below `blocks`.
fn depth(blocks: &[Block]) -> usize {
    fn inline_depth(inlines: &[Inline]) -> usize {
        inlines
            .iter()
            .map(|inline| match inline {
                Inline::Emphasis(inner) | Inline::Strong(inner) | Inline::Strike(inner) => {
                    1 + inline_depth(inner)
                }
                Inline::Link { children, .. } => 1 + inline_depth(children),
                _ => 1,
            })
            .max()
            .unwrap_or(0)
    }
    blocks
        .iter()
        .map(|block| match block {
            Block::Quote(inner) => 1 + depth(inner),
            Block::List { items, .. } => {
                1 + items.iter().map(|item| depth(item)).max().unwrap_or(0)
            }
            Block::Paragraph(inlines) | Block::Heading(_, inlines) => 1 + inline_depth(inlines),
            _ => 1,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn a_crafted_reply_nested_ten_thousand_deep_is_capped_and_keeps_its_words() {
    for crafted in [
        format!("{}the deepest words", "> ".repeat(10_000)),
        format!("{}the deepest words", "- ".repeat(10_000)),
        format!(
            "{}the deepest words{}",
            "*_".repeat(5_000),
            "_*".repeat(5_000)
        ),
    ] {
        let blocks = parse(&crafted);
        assert!(
            // The deepest element, then a paragraph and its text.
            depth(&blocks) <= MAX_NESTING + 2,
            "nested {} deep",
            depth(&blocks)
        );
        assert!(plain_text(&blocks).contains("the deepest words"));
        // Drawing it (recursive) does not overflow.
        assert!(to_html(&blocks).contains("the deepest words"));
    }
    // Ordinary nesting is untouched.
    let blocks = parse("> quoted\n> > twice\n\n- a\n  - b\n    - c");
    // Three quotes, a paragraph, its text.
    assert_eq!(depth(&parse("> > > three")), 5);
    assert!(plain_text(&blocks).contains("twice"));
}
