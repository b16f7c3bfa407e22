//! The material a council reads (docs/design.md, "Material: what the council reads"): each
//! attachment, and later each web result, is a `Source` with an id (`S1`), a kind, a name and
//! numbered locations (`Unit`: pages, line ranges, table rows), each with its byte span in the
//! extracted text, so a quote the models cite can be checked against the place it names and the
//! passage shown highlighted. Stored with the session (extracted text and image bytes, never the
//! file); a thread keeps one copy of each source, by `hash`. What is done with sources (extraction,
//! the quote check, fitting them to seats) is `material`'s, a layer above.
use serde::{Deserialize, Serialize};

/// One document, table, image or web page the council reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// "S1", "S2"... in the order attached; prompts and citations name sources by it.
    pub id: String,
    pub kind: SourceKind,
    /// The file's name as attached (or a web result's title).
    pub name: String,
    /// The size of what was attached, in bytes (the file, not the extracted text).
    pub size_bytes: u64,
    /// Content hash of the extracted text, or of the image bytes: one copy per thread.
    pub hash: String,
    /// The extracted text the prompts carry and quotes are checked against; empty for an image.
    #[serde(default)]
    pub text: String,
    /// Numbered locations in `text`, in order, covering it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// The image itself, for a model that sees images.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageData>,
    /// Estimated tokens the source adds to every prompt (an image at the providers' usual cost).
    #[serde(default)]
    pub tokens: u32,
    /// A web result's address (`SourceKind::Web`); None for an attachment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Stored with only the passages the council cited (`text` holds them, the units follow them;
    /// an image without its bytes): the browser's storage was full when the session was saved
    /// (`library::storage_full`). The run itself read the whole source.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cited_only: bool,
    /// The key of its body (`text`, `units`, `image`) in the browser's store of material bodies,
    /// while the session's stored record holds the source without it (`library::material_apart`).
    /// None in every session as loaded, but one whose body was not found there: that source is
    /// then kept without its text, as `cited_only` (its page says why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored_apart: Option<String>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Source {
    pub fn is_image(&self) -> bool {
        self.kind == SourceKind::Image
    }

    /// The unit with this kind and number, e.g. page 3 or row 12.
    pub fn unit(&self, kind: UnitKind, number: u32) -> Option<&Unit> {
        self.units
            .iter()
            .find(|unit| unit.kind == kind && (unit.first..=unit.last).contains(&number))
    }

    /// The unit whose span holds byte `at` of `text`.
    pub fn unit_at(&self, at: usize) -> Option<&Unit> {
        self.units
            .iter()
            .find(|unit| unit.start <= at && at < unit.end)
            .or_else(|| self.units.last().filter(|unit| at == unit.end))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    Text,
    Markdown,
    Code,
    Table,
    Json,
    Html,
    Pdf,
    Docx,
    Image,
    Web,
}

impl SourceKind {
    /// As a chip and the material list name it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Markdown => "Markdown",
            Self::Code => "code",
            Self::Table => "table",
            Self::Json => "JSON",
            Self::Html => "HTML",
            Self::Pdf => "PDF",
            Self::Docx => "DOCX",
            Self::Image => "image",
            Self::Web => "web page",
        }
    }
}

/// A numbered location: a page, a range of lines, a table row (or its header). `first..=last`
/// are the numbers it covers (a page is one number, a line range several); `start..end` is its
/// byte span in the source's text (char boundaries).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub kind: UnitKind,
    pub first: u32,
    pub last: u32,
    pub start: usize,
    pub end: usize,
}

impl Unit {
    /// "page 3", "lines 41-80", "line 7", "row 12", "header".
    pub fn label(&self) -> String {
        let range = if self.first == self.last {
            self.first.to_string()
        } else {
            format!("{}-{}", self.first, self.last)
        };
        match self.kind {
            UnitKind::Page if self.first == self.last => format!("page {range}"),
            UnitKind::Page => format!("pages {range}"),
            UnitKind::Lines if self.first == self.last => format!("line {range}"),
            UnitKind::Lines => format!("lines {range}"),
            UnitKind::Row if self.first == 0 => "header".to_string(),
            UnitKind::Row if self.first == self.last => format!("row {range}"),
            UnitKind::Row => format!("rows {range}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Page,
    Lines,
    /// A table row; row 0 is the header.
    Row,
}

/// An image as a provider takes it: its media type ("image/png") and its bytes in base64
/// (standard alphabet, padded), as OpenAI's data URL, Anthropic's `source.data` and Gemini's
/// `inline_data.data` all want it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageData {
    pub media_type: String,
    pub data_base64: String,
}

/// A model's claim about the material: which source, where in it ("page 3", "row 12",
/// "lines 10-14"), and the words it quotes. Answers (round 1), challenges (round 3) and the
/// verdict's evidence carry them; `material::quotes` checks each in code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    /// A source id, "S1".
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub location: String,
    #[serde(default)]
    pub quote: String,
}
