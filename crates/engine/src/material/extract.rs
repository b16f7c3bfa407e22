//! A file becomes a source: its kind recognised by its bytes (images by their magic numbers, text
//! by being UTF-8 without control bytes, code by its look as well as its extension), its text
//! extracted and cut into numbered locations. PDF and DOCX are read by JavaScript libraries in the
//! shell (pdf.js gives each page's text, mammoth gives HTML); their output comes here to be
//! numbered like every other source. The `id` is left empty: `attach` numbers sources.
use super::bytes::{base64, content_hash};
use super::error::{MaterialError, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, MAX_TEXT_BYTES};
use super::html::{visible_text, HtmlMode};
use crate::foundation::tokens::estimate_tokens;
use crate::record::sources::{ImageData, Source, SourceKind, Unit, UnitKind};

/// Lines per numbered location of a text source: small enough that a cited range is near its
/// quote, large enough that the labels cost little (one label per 40 lines).
pub const LINES_PER_UNIT: u32 = 40;
/// What an image costs in a prompt when its size says nothing better: Anthropic's ~1,600 tokens
/// for a picture near 1,200 x 1,200 px (OpenAI's high detail is 765 to 1,105).
pub const IMAGE_TOKENS: u32 = 1_600;

/// What the bytes of a file are, for the shell to route it: PDF and DOCX to their libraries,
/// the rest to `source_from_bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    Pdf,
    Docx,
    Image(&'static str),
    /// Anything else: `source_from_bytes` decides (text, or refused).
    Other,
}

/// Recognises a file by its first bytes (and a ZIP by its name: DOCX is a ZIP).
pub fn sniff(name: &str, bytes: &[u8]) -> Sniffed {
    if bytes.starts_with(b"%PDF-") {
        Sniffed::Pdf
    } else if bytes.starts_with(b"PK\x03\x04") && extension(name) == "docx" {
        Sniffed::Docx
    } else if let Some(media_type) = image_type(bytes) {
        Sniffed::Image(media_type)
    } else {
        Sniffed::Other
    }
}

fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// A text file or an image as a source. `media_type` is what the browser said (may be empty);
/// the bytes decide: an image by its magic number, text when it is UTF-8 with no control bytes.
pub fn source_from_bytes(
    name: &str,
    media_type: &str,
    bytes: &[u8],
) -> Result<Source, MaterialError> {
    let size = bytes.len() as u64;
    if bytes.is_empty() {
        return Err(MaterialError::Empty { name: name.into() });
    }
    match sniff(name, bytes) {
        Sniffed::Image(image_media_type) => return image_source(name, image_media_type, bytes),
        Sniffed::Pdf | Sniffed::Docx => {
            return Err(MaterialError::Corrupt {
                name: name.into(),
                why: "a PDF or DOCX file must be opened by its own reader; this one was not".into(),
            })
        }
        Sniffed::Other => {}
    }
    if size > MAX_TEXT_BYTES {
        return Err(MaterialError::TooLarge {
            name: name.into(),
            size,
            limit: MAX_TEXT_BYTES,
        });
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if looks_binary(bytes) {
        return Err(MaterialError::Binary { name: name.into() });
    }
    let text =
        std::str::from_utf8(bytes).map_err(|_| MaterialError::NotUtf8 { name: name.into() })?;
    let text = text.replace("\r\n", "\n");
    let kind = text_kind(name, media_type, &text);
    let source = match kind {
        SourceKind::Table => table_source(name, size, &text, delimiter(name, media_type, &text)),
        SourceKind::Html => {
            let visible = visible_text(&text, HtmlMode::Page);
            lines_source(name, size, SourceKind::Html, visible)
        }
        _ => lines_source(name, size, kind, text),
    };
    if source.text.trim().is_empty() {
        return Err(MaterialError::Empty { name: name.into() });
    }
    Ok(source)
}

/// A document read by a library of the page (PDF, DOCX) past the stated size is refused by name.
fn within_document_limit(name: &str, size_bytes: u64) -> Result<(), MaterialError> {
    if size_bytes > MAX_DOCUMENT_BYTES {
        return Err(MaterialError::TooLarge {
            name: name.into(),
            size: size_bytes,
            limit: MAX_DOCUMENT_BYTES,
        });
    }
    Ok(())
}

/// A PDF as pdf.js read it: one string per page, in order. Pages are the locations. A PDF whose
/// pages carry no text at all is refused: there would be nothing to read or quote.
pub fn source_from_pdf_pages(
    name: &str,
    size_bytes: u64,
    pages: Vec<String>,
) -> Result<Source, MaterialError> {
    within_document_limit(name, size_bytes)?;
    if pages.iter().all(|page| page.trim().is_empty()) {
        return Err(MaterialError::ImageOnlyPdf { name: name.into() });
    }
    let mut text = String::new();
    let mut units = Vec::with_capacity(pages.len());
    for (index, page) in pages.iter().enumerate() {
        if index > 0 {
            text.push_str("\n\n");
        }
        let start = text.len();
        text.push_str(page.trim_end());
        let number = index as u32 + 1;
        units.push(Unit {
            kind: UnitKind::Page,
            first: number,
            last: number,
            start,
            end: text.len(),
        });
    }
    Ok(finish(name, size_bytes, SourceKind::Pdf, text, units))
}

/// A DOCX as mammoth's `convertToHtml` gave it: headings kept as Markdown headings (`## Scope`),
/// paragraphs, list items and table rows one to a line, numbered by lines.
pub fn source_from_docx_html(
    name: &str,
    size_bytes: u64,
    html: &str,
) -> Result<Source, MaterialError> {
    within_document_limit(name, size_bytes)?;
    let text = visible_text(html, HtmlMode::Document);
    if text.trim().is_empty() {
        return Err(MaterialError::Empty { name: name.into() });
    }
    Ok(lines_source(name, size_bytes, SourceKind::Docx, text))
}

fn image_source(name: &str, media_type: &str, bytes: &[u8]) -> Result<Source, MaterialError> {
    let size = bytes.len() as u64;
    if size > MAX_IMAGE_BYTES {
        return Err(MaterialError::TooLarge {
            name: name.into(),
            size,
            limit: MAX_IMAGE_BYTES,
        });
    }
    Ok(Source {
        id: String::new(),
        kind: SourceKind::Image,
        name: name.into(),
        size_bytes: size,
        hash: content_hash(bytes),
        text: String::new(),
        units: Vec::new(),
        image: Some(ImageData {
            media_type: media_type.into(),
            data_base64: base64(bytes),
        }),
        tokens: IMAGE_TOKENS,
        url: None,
        cited_only: false,
        stored_apart: None,
    })
}

/// NUL or other C0 control bytes (tab, line feed, carriage return and form feed aside) in the
/// first 8 KB: no text file has them.
fn looks_binary(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .take(8 * 1024)
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C))
}

fn extension(name: &str) -> String {
    name.rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default()
}

const CODE_EXTENSIONS: &[&str] = &[
    "rs",
    "py",
    "js",
    "mjs",
    "cjs",
    "ts",
    "tsx",
    "jsx",
    "go",
    "java",
    "kt",
    "kts",
    "c",
    "h",
    "cc",
    "cpp",
    "hpp",
    "cs",
    "rb",
    "php",
    "swift",
    "scala",
    "sh",
    "bash",
    "zsh",
    "sql",
    "lua",
    "r",
    "pl",
    "hs",
    "ml",
    "ex",
    "exs",
    "erl",
    "clj",
    "dart",
    "vue",
    "svelte",
    "css",
    "scss",
    "toml",
    "yaml",
    "yml",
    "xml",
    "ini",
    "cfg",
    "gradle",
    "dockerfile",
    "makefile",
    "tf",
];

/// The kind of a UTF-8 text: by extension or media type when they say, else by content.
fn text_kind(name: &str, media_type: &str, text: &str) -> SourceKind {
    let ext = extension(name);
    let media_type = media_type.to_ascii_lowercase();
    let head = text
        .trim_start()
        .get(..256.min(text.trim_start().len()))
        .unwrap_or("");
    let head_lower = head.to_ascii_lowercase();
    if matches!(ext.as_str(), "csv" | "tsv")
        || media_type.contains("csv")
        || media_type.contains("tab-separated")
    {
        return SourceKind::Table;
    }
    if matches!(ext.as_str(), "html" | "htm" | "xhtml")
        || media_type.contains("html")
        || head_lower.starts_with("<!doctype html")
        || head_lower.starts_with("<html")
    {
        return SourceKind::Html;
    }
    let json_like = head.starts_with('{') || head.starts_with('[');
    if (ext == "json" || media_type.contains("json") || json_like)
        && serde_json::from_str::<serde_json::Value>(text).is_ok()
    {
        return SourceKind::Json;
    }
    if matches!(ext.as_str(), "md" | "markdown" | "mdx") || media_type.contains("markdown") {
        return SourceKind::Markdown;
    }
    if CODE_EXTENSIONS.contains(&ext.as_str()) || looks_like_code(text) {
        return SourceKind::Code;
    }
    if looks_like_markdown(text) {
        return SourceKind::Markdown;
    }
    SourceKind::Text
}

/// Code by its look: a shebang, or among the first 200 non-blank lines at least a third end in
/// `;`, `{` or `}` or open with a declaration keyword.
fn looks_like_code(text: &str) -> bool {
    if text.starts_with("#!") {
        return true;
    }
    const OPENERS: &[&str] = &[
        "fn ",
        "pub ",
        "def ",
        "class ",
        "import ",
        "from ",
        "function ",
        "const ",
        "let ",
        "var ",
        "#include",
        "package ",
        "use ",
        "return ",
        "if (",
        "for (",
        "struct ",
        "impl ",
        "async ",
        "export ",
        "public ",
        "private ",
        "func ",
        "}",
    ];
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .take(200)
        .collect();
    if lines.len() < 3 {
        return false;
    }
    let code_lines = lines
        .iter()
        .filter(|line| {
            line.ends_with(';')
                || line.ends_with('{')
                || line.ends_with('}')
                || OPENERS.iter().any(|opener| line.starts_with(opener))
        })
        .count();
    code_lines * 3 >= lines.len()
}

fn looks_like_markdown(text: &str) -> bool {
    text.lines().take(200).any(|line| {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        (1..=6).contains(&hashes) && line[hashes..].starts_with(' ')
    })
}

/// Tab for TSV (by name, media type, or a first line with tabs and no commas), else comma.
fn delimiter(name: &str, media_type: &str, text: &str) -> u8 {
    let first = text.lines().next().unwrap_or("");
    if extension(name) == "tsv"
        || media_type.contains("tab-separated")
        || (first.contains('\t') && !first.contains(','))
    {
        b'\t'
    } else {
        b','
    }
}

/// A text numbered by lines, `LINES_PER_UNIT` to a location.
fn lines_source(name: &str, size: u64, kind: SourceKind, text: String) -> Source {
    let mut units = Vec::new();
    let mut line = 0u32;
    let mut unit_start = 0usize;
    let mut first = 1u32;
    let mut offset = 0usize;
    for piece in text.split_inclusive('\n') {
        line += 1;
        offset += piece.len();
        if line % LINES_PER_UNIT == 0 {
            units.push(Unit {
                kind: UnitKind::Lines,
                first,
                last: line,
                start: unit_start,
                end: offset,
            });
            unit_start = offset;
            first = line + 1;
        }
    }
    if unit_start < text.len() {
        units.push(Unit {
            kind: UnitKind::Lines,
            first,
            last: line,
            start: unit_start,
            end: text.len(),
        });
    }
    finish(name, size, kind, text, units)
}

/// A CSV or TSV table: the header as row 0, each record a row, its fields joined by " | " on one
/// line (quoted fields with commas or line breaks read as one field).
fn table_source(name: &str, size: u64, text: &str, delimiter: u8) -> Source {
    let rows = read_rows(text, delimiter);
    let mut out = String::new();
    let mut units = Vec::with_capacity(rows.len());
    for (number, fields) in rows.iter().enumerate() {
        let start = out.len();
        let line = fields
            .iter()
            .map(|field| field.replace('\n', " "))
            .collect::<Vec<_>>()
            .join(" | ");
        out.push_str(&line);
        units.push(Unit {
            kind: UnitKind::Row,
            first: number as u32,
            last: number as u32,
            start,
            end: out.len(),
        });
        out.push('\n');
    }
    finish(name, size, SourceKind::Table, out, units)
}

fn read_rows(text: &str, delimiter: u8) -> Vec<Vec<String>> {
    let mut reader = csv_core::ReaderBuilder::new().delimiter(delimiter).build();
    let mut input = text.as_bytes();
    let mut rows = Vec::new();
    let mut fields = Vec::new();
    let mut field = Vec::<u8>::new();
    let mut buffer = [0u8; 4096];
    loop {
        let (result, read, written) = reader.read_field(input, &mut buffer);
        input = &input[read..];
        field.extend_from_slice(&buffer[..written]);
        match result {
            csv_core::ReadFieldResult::InputEmpty if input.is_empty() => {
                // Ask once more with no input: the reader finishes the last field.
                let (result, _, written) = reader.read_field(&[], &mut buffer);
                field.extend_from_slice(&buffer[..written]);
                if let csv_core::ReadFieldResult::Field { record_end } = result {
                    fields.push(String::from_utf8_lossy(&field).into_owned());
                    field.clear();
                    if record_end {
                        rows.push(std::mem::take(&mut fields));
                    }
                    continue;
                }
                break;
            }
            csv_core::ReadFieldResult::InputEmpty | csv_core::ReadFieldResult::OutputFull => {}
            csv_core::ReadFieldResult::Field { record_end } => {
                fields.push(String::from_utf8_lossy(&field).into_owned());
                field.clear();
                if record_end {
                    rows.push(std::mem::take(&mut fields));
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
    }
    if !fields.is_empty() {
        rows.push(fields);
    }
    rows.retain(|row| !(row.len() == 1 && row[0].trim().is_empty()));
    rows
}

fn finish(name: &str, size: u64, kind: SourceKind, text: String, units: Vec<Unit>) -> Source {
    Source {
        id: String::new(),
        kind,
        name: name.into(),
        size_bytes: size,
        hash: content_hash(text.as_bytes()),
        tokens: u32::try_from(estimate_tokens(&text)).unwrap_or(u32::MAX),
        text,
        units,
        image: None,
        url: None,
        cited_only: false,
        stored_apart: None,
    }
}
