//! Markdown exports carry model text, and Markdown viewers render inline HTML: a `<script>` or an
//! `<img onerror=...>` in a reply would run there. Every report is passed through here last.

/// `text` with `&`, `<` and `>` written as entities, which Markdown renders as the characters
/// themselves. A `>` that opens a line is kept: it is a Markdown quote marker, not HTML. Link and
/// image syntax is neutralised as the page does: `](` and `][` become `]\(` and
/// `]\[`, and a line opening with a reference definition (`[x]: url`) has its `[` escaped, so a
/// model's `![x](https://tracker/…)` or `[click](javascript:…)` shows as text, fetches nothing
/// and links nowhere. The reports write no link of their own.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let indent = line.len() - line.trim_start().len();
        let quote_marker = line[indent..].starts_with('>');
        let definition = line[indent..].starts_with('[') && line.contains("]:");
        let mut chars = line.char_indices().peekable();
        while let Some((at, ch)) = chars.next() {
            match ch {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' if !(quote_marker && at == indent) => out.push_str("&gt;"),
                '[' if definition && at == indent => out.push_str("\\["),
                ']' if matches!(chars.peek(), Some((_, '(' | '['))) => out.push_str("]\\"),
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

#[cfg(test)]
mod tests {
    use super::escape_html;

    #[test]
    fn model_links_and_images_are_text_in_markdown_exports() {
        assert_eq!(
            escape_html("![x](https://t.example/p.png)"),
            "![x]\\(https://t.example/p.png)"
        );
        assert_eq!(
            escape_html("[click](javascript:alert(1))"),
            "[click]\\(javascript:alert(1))"
        );
        assert_eq!(escape_html("![a][ref]"), "![a]\\[ref]");
        assert_eq!(
            escape_html("[ref]: https://t.example/"),
            "\\[ref]: https://t.example/"
        );
        assert_eq!(escape_html("> quoted [1] note"), "> quoted [1] note");
    }
}
