//! Why a file could not become a source, as a sentence naming the file, and the limits it is held
//! to. Nothing is attached when a file is refused; the files beside it are not affected.
use std::fmt;

/// The largest file read as text (text, Markdown, code, CSV/TSV, JSON, HTML): about 500,000
/// tokens, past every model's context window; bigger is almost surely not meant for a prompt.
pub const MAX_TEXT_BYTES: u64 = 2 * 1024 * 1024;
/// The largest image: Anthropic's limit per image (OpenAI and Gemini take larger ones).
pub const MAX_IMAGE_BYTES: u64 = 5 * 1024 * 1024;
/// The largest PDF or DOCX file the shell hands to its extraction library.
pub const MAX_DOCUMENT_BYTES: u64 = 30 * 1024 * 1024;
/// The most sources one question carries (a thread's earlier material counts too).
pub const MAX_SOURCES: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaterialError {
    /// The file has no bytes.
    Empty { name: String },
    /// Larger than the limit for its kind.
    TooLarge { name: String, size: u64, limit: u64 },
    /// Not text, and not an image or document the app reads.
    Binary { name: String },
    /// Text in an encoding other than UTF-8.
    NotUtf8 { name: String },
    /// More sources than `MAX_SOURCES`.
    TooMany { name: String, limit: usize },
    /// A PDF whose pages carry no text (scanned pages).
    ImageOnlyPdf { name: String },
    /// A PDF with a password.
    EncryptedPdf { name: String },
    /// The file says it is one kind and is not readable as it (`why` says what failed).
    Corrupt { name: String, why: String },
}

impl MaterialError {
    /// The file the error is about.
    pub fn name(&self) -> &str {
        match self {
            Self::Empty { name }
            | Self::TooLarge { name, .. }
            | Self::Binary { name }
            | Self::NotUtf8 { name }
            | Self::TooMany { name, .. }
            | Self::ImageOnlyPdf { name }
            | Self::EncryptedPdf { name }
            | Self::Corrupt { name, .. } => name,
        }
    }
}

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty { name } => write!(f, "{name} is empty (0 bytes): nothing to read."),
            Self::TooLarge { name, size, limit } => write!(
                f,
                "{name} is {} and the limit for this kind of file is {}: attach a part of it.",
                megabytes(*size),
                megabytes(*limit)
            ),
            Self::Binary { name } => write!(
                f,
                "{name} is not a kind of file the council can read (text, Markdown, code, CSV, \
                 JSON, HTML, PDF, DOCX, PNG, JPEG, WebP or GIF)."
            ),
            Self::NotUtf8 { name } => write!(
                f,
                "{name} is not UTF-8 text: save it as UTF-8 and attach it again."
            ),
            Self::TooMany { name, limit } => write!(
                f,
                "{name} was not attached: a question carries at most {limit} files."
            ),
            Self::ImageOnlyPdf { name } => write!(
                f,
                "{name} has no text on its pages (scanned images?): the council could not quote \
                 it. Attach the pages as images, or a PDF with text."
            ),
            Self::EncryptedPdf { name } => write!(
                f,
                "{name} is protected by a password: save an unprotected copy and attach that."
            ),
            Self::Corrupt { name, why } => write!(f, "{name} could not be read: {why}."),
        }
    }
}

impl std::error::Error for MaterialError {}

/// "1.5 MB", "820 KB", "12 bytes".
fn megabytes(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        let tenths = (bytes * 10).div_ceil(1024 * 1024);
        if tenths % 10 == 0 {
            format!("{} MB", tenths / 10)
        } else {
            format!("{}.{} MB", tenths / 10, tenths % 10)
        }
    } else if bytes >= 1024 {
        format!("{} KB", bytes.div_ceil(1024))
    } else {
        format!("{bytes} bytes")
    }
}
