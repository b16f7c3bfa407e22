//! Markdown in model text, made safe to show: parsed with pulldown-cmark into a small tree in which
//! raw HTML is plain text, and links are kept only for http(s) and mailto (anything else, e.g.
//! `javascript:`, is shown as its text). The app renders the tree as DOM nodes (never innerHTML),
//! and `to_html` writes it, escaped, for the standalone HTML export.
use pulldown_cmark::{Event, Options, Parser, Tag};

#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Paragraph(Vec<Inline>),
    Heading(u8, Vec<Inline>),
    Code(String),
    Quote(Vec<Block>),
    List {
        ordered: bool,
        start: u64,
        items: Vec<Vec<Block>>,
    },
    Rule,
    /// A GitHub-style table: its header cells and its rows of cells.
    Table {
        head: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    Text(String),
    Code(String),
    Emphasis(Vec<Inline>),
    Strong(Vec<Inline>),
    Strike(Vec<Inline>),
    /// Only http(s) and mailto targets get here.
    Link {
        href: String,
        children: Vec<Inline>,
    },
    Break,
}

/// The `rel` every link carries.
pub const LINK_REL: &str = "noopener noreferrer nofollow";

pub fn safe_href(url: &str) -> Option<String> {
    let trimmed = url.trim();
    let lower = trimmed.to_ascii_lowercase();
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
        .then(|| trimmed.to_string())
}

enum Frame {
    Blocks(Vec<Block>),
    Inlines(Vec<Inline>),
}

/// The open containers while parsing; each closes into its parent.
enum Open {
    Paragraph,
    Heading(u8),
    Quote,
    List {
        ordered: bool,
        start: u64,
        items: Vec<Vec<Block>>,
    },
    Item,
    Emphasis,
    Strong,
    Strike,
    /// `Err(url)`: a target we do not link to, shown as text after the link's words.
    Link(Result<String, String>),
    CodeBlock,
    Table {
        head: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
    /// The header row or a body row, with its cells so far.
    TableRow {
        head: bool,
        cells: Vec<Vec<Inline>>,
    },
    TableCell,
    /// Anything else: its content, unwrapped.
    Span,
}

/// Model text as the app shows it: GitHub-style tables included (the app and the export put each
/// table in its own scrolling box, so a wide one scrolls itself, never the page).
pub fn parse(text: &str) -> Vec<Block> {
    parse_with(text, Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES)
}

/// A report (the HTML export): the same tree as [`parse`].
pub fn parse_report(text: &str) -> Vec<Block> {
    parse(text)
}

/// Model text as plain words, for a snippet or a copy as plain text: the Markdown's marks gone
/// (`**`, backticks, pipes, `#`), its words kept, blocks one per line.
pub fn to_plain(text: &str) -> String {
    plain_text(&parse(text)).trim_end().to_string()
}

/// The deepest the tree nests (quotes in quotes, lists in lists, emphasis in links...): what a
/// reader can follow. Deeper marks are dropped and their text kept in the last open element, so a
/// crafted reply ("> > > ..." ten thousand times) cannot overflow the stack of the code that draws
/// the tree.
pub const MAX_NESTING: usize = 24;

fn parse_with(text: &str, options: Options) -> Vec<Block> {
    let mut stack: Vec<(Open, Frame)> = Vec::new();
    let mut root: Vec<Block> = Vec::new();
    // For each tag open in the source, whether it opened an element (false past MAX_NESTING).
    let mut opened: Vec<bool> = Vec::new();
    let parser = Parser::new_ext(text, options);
    for event in parser {
        match event {
            Event::Start(_) if stack.len() >= MAX_NESTING => opened.push(false),
            Event::Start(tag) => {
                opened.push(true);
                let open = match tag {
                    // A block of raw HTML is a paragraph of its text.
                    Tag::Paragraph | Tag::HtmlBlock => Open::Paragraph,
                    Tag::Heading { level, .. } => Open::Heading(level as u8),
                    Tag::BlockQuote(_) => Open::Quote,
                    Tag::CodeBlock(_) => Open::CodeBlock,
                    Tag::List(start) => Open::List {
                        ordered: start.is_some(),
                        start: start.unwrap_or(1),
                        items: Vec::new(),
                    },
                    Tag::Item => Open::Item,
                    Tag::Emphasis => Open::Emphasis,
                    Tag::Strong => Open::Strong,
                    Tag::Strikethrough => Open::Strike,
                    Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => {
                        Open::Link(safe_href(&dest_url).ok_or_else(|| dest_url.to_string()))
                    }
                    Tag::Table(_) => Open::Table {
                        head: Vec::new(),
                        rows: Vec::new(),
                    },
                    Tag::TableHead => Open::TableRow {
                        head: true,
                        cells: Vec::new(),
                    },
                    Tag::TableRow => Open::TableRow {
                        head: false,
                        cells: Vec::new(),
                    },
                    Tag::TableCell => Open::TableCell,
                    // Footnotes and the like are not enabled; anything else keeps its text.
                    _ => Open::Span,
                };
                let frame = match open {
                    Open::Quote
                    | Open::List { .. }
                    | Open::Item
                    | Open::Table { .. }
                    | Open::TableRow { .. } => Frame::Blocks(Vec::new()),
                    _ => Frame::Inlines(Vec::new()),
                };
                stack.push((open, frame));
            }
            Event::End(_) => {
                if !opened.pop().unwrap_or(false) {
                    continue;
                }
                let Some((open, frame)) = stack.pop() else {
                    continue;
                };
                close(open, frame, &mut stack, &mut root);
            }
            Event::Text(text) => push_text(&mut stack, &mut root, &text),
            // Raw HTML is shown as the text it is.
            Event::Html(html) | Event::InlineHtml(html) => push_text(&mut stack, &mut root, &html),
            Event::Code(code) => push_inline(&mut stack, &mut root, Inline::Code(code.to_string())),
            Event::SoftBreak => push_text(&mut stack, &mut root, "\n"),
            Event::HardBreak => push_inline(&mut stack, &mut root, Inline::Break),
            Event::Rule => push_block(&mut stack, &mut root, Block::Rule),
            Event::TaskListMarker(done) => {
                push_text(&mut stack, &mut root, if done { "[x] " } else { "[ ] " })
            }
            _ => {}
        }
    }
    while let Some((open, frame)) = stack.pop() {
        close(open, frame, &mut stack, &mut root);
    }
    root
}

fn close(open: Open, frame: Frame, stack: &mut [(Open, Frame)], root: &mut Vec<Block>) {
    let inlines = |frame: Frame| match frame {
        Frame::Inlines(items) => items,
        Frame::Blocks(_) => Vec::new(),
    };
    let blocks = |frame: Frame| match frame {
        Frame::Blocks(items) => items,
        Frame::Inlines(items) => vec![Block::Paragraph(items)],
    };
    match open {
        Open::Paragraph => push_block(stack, root, Block::Paragraph(inlines(frame))),
        Open::Heading(level) => push_block(stack, root, Block::Heading(level, inlines(frame))),
        Open::Quote => push_block(stack, root, Block::Quote(blocks(frame))),
        Open::CodeBlock => {
            let text = inlines(frame)
                .into_iter()
                .map(|i| match i {
                    Inline::Text(t) | Inline::Code(t) => t,
                    _ => String::new(),
                })
                .collect();
            push_block(stack, root, Block::Code(text));
        }
        Open::List {
            ordered,
            start,
            mut items,
        } => {
            if let Frame::Blocks(rest) = frame {
                if !rest.is_empty() {
                    items.push(rest);
                }
            }
            push_block(
                stack,
                root,
                Block::List {
                    ordered,
                    start,
                    items,
                },
            );
        }
        Open::Item => {
            let item = blocks(frame);
            if let Some((Open::List { items, .. }, _)) = stack.last_mut() {
                items.push(item);
            } else {
                for block in item {
                    push_block(stack, root, block);
                }
            }
        }
        Open::Table { head, rows } => push_block(stack, root, Block::Table { head, rows }),
        Open::TableRow { head, cells } => {
            if let Some((Open::Table { head: h, rows }, _)) = stack.last_mut() {
                if head {
                    *h = cells;
                } else {
                    rows.push(cells);
                }
            }
        }
        Open::TableCell => {
            if let Some((Open::TableRow { cells, .. }, _)) = stack.last_mut() {
                cells.push(inlines(frame));
            }
        }
        Open::Emphasis => push_inline(stack, root, Inline::Emphasis(inlines(frame))),
        Open::Strong => push_inline(stack, root, Inline::Strong(inlines(frame))),
        Open::Strike => push_inline(stack, root, Inline::Strike(inlines(frame))),
        Open::Link(Ok(href)) => push_inline(
            stack,
            root,
            Inline::Link {
                href,
                children: inlines(frame),
            },
        ),
        Open::Span => {
            for inline in inlines(frame) {
                push_inline(stack, root, inline);
            }
        }
        Open::Link(Err(url)) => {
            for inline in inlines(frame) {
                push_inline(stack, root, inline);
            }
            if !url.trim().is_empty() {
                push_text(stack, root, &format!(" ({})", url.trim()));
            }
        }
    }
}

fn push_block(stack: &mut [(Open, Frame)], root: &mut Vec<Block>, block: Block) {
    match stack.last_mut() {
        None => root.push(block),
        Some((_, Frame::Blocks(blocks))) => blocks.push(block),
        // A block inside inline content (rare): keep its text.
        Some((_, Frame::Inlines(inlines))) => inlines.push(Inline::Text(plain_text(&[block]))),
    }
}

fn push_inline(stack: &mut [(Open, Frame)], root: &mut Vec<Block>, inline: Inline) {
    match stack.last_mut() {
        Some((_, Frame::Inlines(inlines))) => inlines.push(inline),
        // Text straight in a tight list item or at the top: an implicit paragraph.
        Some((_, Frame::Blocks(blocks))) => match blocks.last_mut() {
            Some(Block::Paragraph(inlines)) => inlines.push(inline),
            _ => blocks.push(Block::Paragraph(vec![inline])),
        },
        None => match root.last_mut() {
            Some(Block::Paragraph(inlines)) => inlines.push(inline),
            _ => root.push(Block::Paragraph(vec![inline])),
        },
    }
}

fn push_text(stack: &mut [(Open, Frame)], root: &mut Vec<Block>, text: &str) {
    if let Some((_, Frame::Inlines(inlines))) = stack.last_mut() {
        if let Some(Inline::Text(last)) = inlines.last_mut() {
            last.push_str(text);
            return;
        }
    }
    push_inline(stack, root, Inline::Text(text.to_string()));
}

/// The tree's text without markup.
pub fn plain_text(blocks: &[Block]) -> String {
    let mut out = String::new();
    html_or_text(blocks, &mut out, false);
    out
}

/// The tree as HTML, every text escaped, links with `rel` and only safe targets.
pub fn to_html(blocks: &[Block]) -> String {
    let mut out = String::new();
    html_or_text(blocks, &mut out, true);
    out
}

pub fn escape(text: &str, out: &mut String) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
}

fn html_or_text(blocks: &[Block], out: &mut String, html: bool) {
    let tag = |out: &mut String, name: &str| {
        if html {
            out.push('<');
            out.push_str(name);
            out.push('>');
        }
    };
    for block in blocks {
        match block {
            Block::Paragraph(inlines) => {
                tag(out, "p");
                inline_html(inlines, out, html);
                tag(out, "/p");
            }
            Block::Heading(level, inlines) => {
                let level = (*level).clamp(1, 6);
                tag(out, &format!("h{level}"));
                inline_html(inlines, out, html);
                tag(out, &format!("/h{level}"));
            }
            Block::Code(code) => {
                tag(out, "pre");
                tag(out, "code");
                push(code, out, html);
                tag(out, "/code");
                tag(out, "/pre");
            }
            Block::Quote(inner) => {
                tag(out, "blockquote");
                html_or_text(inner, out, html);
                tag(out, "/blockquote");
            }
            Block::List {
                ordered,
                start,
                items,
            } => {
                if !html {
                } else if *ordered && *start != 1 {
                    out.push_str(&format!("<ol start=\"{start}\">"));
                } else {
                    tag(out, if *ordered { "ol" } else { "ul" });
                }
                for item in items {
                    tag(out, "li");
                    html_or_text(item, out, html);
                    tag(out, "/li");
                }
                tag(out, if *ordered { "/ol" } else { "/ul" });
            }
            Block::Rule => tag(out, "hr"),
            Block::Table { head, rows } => table_html(head, rows, out, html),
        }
        if !html {
            out.push('\n');
        }
    }
}

/// A table in a scrolling box (a narrow screen scrolls the table, not the page); as text, one line
/// per row with its cells separated by " · ".
fn table_html(head: &[Vec<Inline>], rows: &[Vec<Vec<Inline>>], out: &mut String, html: bool) {
    let row = |out: &mut String, cells: &[Vec<Inline>], (open, close): (&str, &str)| {
        if html {
            out.push_str("<tr>");
        }
        for (index, inlines) in cells.iter().enumerate() {
            if html {
                out.push_str(open);
            } else if index > 0 {
                out.push_str(" · ");
            }
            inline_html(inlines, out, html);
            if html {
                out.push_str(close);
            }
        }
        out.push_str(if html { "</tr>" } else { "\n" });
    };
    if html {
        out.push_str("<div class=\"table-scroll\"><table><thead>");
    }
    row(out, head, ("<th scope=\"col\">", "</th>"));
    if html {
        out.push_str("</thead><tbody>");
    }
    for cells in rows {
        row(out, cells, ("<td>", "</td>"));
    }
    if html {
        out.push_str("</tbody></table></div>");
    }
}

fn push(text: &str, out: &mut String, html: bool) {
    if html {
        escape(text, out);
    } else {
        out.push_str(text);
    }
}

fn inline_html(inlines: &[Inline], out: &mut String, html: bool) {
    let wrap = |out: &mut String, name: &str, inner: &[Inline]| {
        if html {
            out.push_str(&format!("<{name}>"));
        }
        inline_html(inner, out, html);
        if html {
            out.push_str(&format!("</{name}>"));
        }
    };
    for inline in inlines {
        match inline {
            Inline::Text(text) => push(text, out, html),
            Inline::Code(code) => {
                if html {
                    out.push_str("<code>");
                }
                push(code, out, html);
                if html {
                    out.push_str("</code>");
                }
            }
            Inline::Emphasis(inner) => wrap(out, "em", inner),
            Inline::Strong(inner) => wrap(out, "strong", inner),
            Inline::Strike(inner) => wrap(out, "del", inner),
            Inline::Link { href, children } => {
                if html {
                    out.push_str("<a href=\"");
                    escape(href, out);
                    out.push_str(&format!("\" rel=\"{LINK_REL}\">"));
                }
                inline_html(children, out, html);
                if html {
                    out.push_str("</a>");
                }
            }
            Inline::Break => out.push_str(if html { "<br>" } else { "\n" }),
        }
    }
}
