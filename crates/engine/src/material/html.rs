//! The visible text of HTML: tags dropped, `script`, `style` and the like skipped with their
//! content, entities decoded, block elements on lines of their own. A page (`HtmlMode::Page`)
//! and mammoth's rendering of a DOCX (`HtmlMode::Document`, whose headings become Markdown
//! headings so the council sees the document's structure) are read the same way.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HtmlMode {
    Page,
    Document,
}

const SKIPPED: &[&str] = &[
    "script", "style", "head", "noscript", "template", "svg", "iframe",
];
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "article",
    "header",
    "footer",
    "nav",
    "main",
    "aside",
    "blockquote",
    "pre",
    "table",
    "ul",
    "ol",
    "dl",
    "dt",
    "dd",
    "hr",
    "figure",
    "figcaption",
    "form",
    "title",
];

pub fn visible_text(html: &str, mode: HtmlMode) -> String {
    let mut out = String::new();
    let mut rest = html;
    let mut skipping: Option<String> = None;
    let mut cells_in_row = 0usize;
    // Inside a table cell, paragraphs and breaks (mammoth wraps every cell's text in <p>) stay on
    // the row's line.
    let mut in_cell = false;
    while let Some(open) = rest.find('<') {
        if skipping.is_none() {
            push_text(&mut out, &rest[..open]);
        }
        rest = &rest[open..];
        if rest.starts_with("<!--") {
            rest = rest.find("-->").map_or("", |end| &rest[end + 3..]);
            continue;
        }
        let Some(close) = rest.find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some(skipped) = &skipping {
            if closing && &name == skipped {
                skipping = None;
            }
            continue;
        }
        if !closing && SKIPPED.contains(&name.as_str()) && !tag.ends_with('/') {
            skipping = Some(name);
            continue;
        }
        if name == "td" || name == "th" {
            in_cell = !closing;
            if !closing {
                if cells_in_row > 0 {
                    while out.ends_with(' ') {
                        out.pop();
                    }
                    out.push_str(" | ");
                }
                cells_in_row += 1;
            }
            continue;
        }
        if in_cell && !matches!(name.as_str(), "tr" | "table") {
            if BLOCKS.contains(&name.as_str()) && !out.ends_with([' ', '\n']) {
                out.push(' ');
            }
            continue;
        }
        if BLOCKS.contains(&name.as_str()) {
            in_cell = false;
            new_line(&mut out);
            if name == "tr" {
                cells_in_row = 0;
            }
            if !closing && mode == HtmlMode::Document {
                if let Some(level) = heading_level(&name) {
                    out.push_str(&"#".repeat(level));
                    out.push(' ');
                } else if name == "li" {
                    out.push_str("- ");
                }
            }
        }
    }
    if skipping.is_none() {
        push_text(&mut out, rest);
    }
    let lines: Vec<&str> = out.lines().map(str::trim_end).collect();
    let mut text = String::new();
    let mut blank = false;
    for line in lines {
        let empty = line.trim().is_empty() || line.trim() == "-" || is_bare_heading(line);
        if empty {
            blank = !text.is_empty();
            continue;
        }
        if blank {
            text.push('\n');
            blank = false;
        }
        text.push_str(line.trim_start());
        text.push('\n');
    }
    text
}

fn is_bare_heading(line: &str) -> bool {
    let trimmed = line.trim();
    !trimmed.is_empty() && trimmed.chars().all(|c| c == '#')
}

fn heading_level(name: &str) -> Option<usize> {
    let digit = name.strip_prefix('h')?.parse::<usize>().ok()?;
    (1..=6).contains(&digit).then_some(digit)
}

fn new_line(out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

/// Text between tags: runs of whitespace as one space, entities decoded.
fn push_text(out: &mut String, raw: &str) {
    let decoded = decode_entities(raw);
    for (index, word) in decoded.split_whitespace().enumerate() {
        let starts_with_space = index > 0 || decoded.starts_with(char::is_whitespace);
        if starts_with_space && !out.is_empty() && !out.ends_with(['\n', ' ']) {
            out.push(' ');
        }
        out.push_str(word);
    }
    if decoded.ends_with(char::is_whitespace) && !decoded.trim().is_empty() {
        out.push(' ');
    }
}

fn decode_entities(raw: &str) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let end = rest[..rest.len().min(12)].find(';');
        let decoded = end.and_then(|end| entity(&rest[1..end]).map(|c| (c, end)));
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "ndash" => '–',
        "mdash" => '—',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "hellip" => '…',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "euro" => '€',
        "pound" => '£',
        "yen" => '¥',
        "deg" => '°',
        "times" => '×',
        "laquo" => '«',
        "raquo" => '»',
        "bull" => '•',
        "middot" => '·',
        "sect" => '§',
        _ => return None,
    })
}
