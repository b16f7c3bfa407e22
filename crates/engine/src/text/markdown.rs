//! Markdown exports carry model text, and Markdown viewers render inline HTML: a `<script>` or an
//! `<img onerror=...>` in a reply would run there. Every report is passed through here last.

/// `text` with `&`, `<` and `>` written as entities, which Markdown renders as the characters
/// themselves. A `>` that opens a line is kept: it is a Markdown quote marker, not HTML.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let indent = line.len() - line.trim_start().len();
        let quote_marker = line[indent..].starts_with('>');
        for (at, ch) in line.char_indices() {
            match ch {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' if !(quote_marker && at == indent) => out.push_str("&gt;"),
                other => out.push(other),
            }
        }
    }
    out
}

/// Model text as the body of a Markdown list item: every line after the first indented under the
/// item's marker, so a free-text defence's table, list or code block stays inside its item (and a
/// code block keeps its own indentation on top of it).
pub fn list_item(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (index, line) in text.trim_end().split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str("  ");
            }
        }
        out.push_str(line);
    }
    out
}
