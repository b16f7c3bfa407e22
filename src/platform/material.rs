//! Reading attached files in the browser: their bytes, and the text of a PDF or a DOCX through the
//! readers in `public/material/extract.mjs` (pdf.js in its own worker, mammoth in one of ours),
//! imported at the first such file, never before: they are ~615 KB gzip the first screen does not
//! need. What the text means (sources, units, limits) is the engine's.
use js_sys::{Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Why a PDF or DOCX could not be read, as `extract.mjs` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReaderError {
    /// A PDF protected by a password.
    Encrypted,
    /// Not a PDF / DOCX, or damaged; the library's own words.
    Corrupt(String),
    /// The reader itself could not be fetched or started (offline before it was ever used).
    Load(String),
}

impl ReaderError {
    /// What to show for the file `name` of kind `kind` ("PDF", "DOCX"): "report.pdf cannot be
    /// read: it is protected by a password. …". The library's own words stay out of it (they
    /// name its internals); `detail` has them.
    pub fn sentence(&self, name: &str, kind: &str) -> String {
        match self {
            Self::Encrypted => format!(
                "{name} cannot be read: it is protected by a password. Save a copy without the password and attach that."
            ),
            Self::Corrupt(_) => format!(
                "{name} cannot be read: it is not a readable {kind} (damaged, or not what its name says)."
            ),
            Self::Load(_) => format!(
                "{name} was not read: the {kind} reader could not be loaded. Check the connection and attach it again."
            ),
        }
    }

    /// The library's or the browser's own words, for Details.
    pub fn detail(&self) -> &str {
        match self {
            Self::Encrypted => "password required",
            Self::Corrupt(detail) | Self::Load(detail) => detail,
        }
    }
}

/// The whole file, as bytes.
pub async fn file_bytes(file: &web_sys::File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| format!("{} could not be read.", file.name()))?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// The text of each page of a PDF, in order.
pub async fn pdf_pages(bytes: &[u8]) -> Result<Vec<String>, ReaderError> {
    let value = call_reader("pdfPages", bytes).await?;
    let pages: js_sys::Array = value
        .dyn_into()
        .map_err(|_| ReaderError::Corrupt("no pages came back".into()))?;
    Ok(pages
        .iter()
        .map(|page| page.as_string().unwrap_or_default())
        .collect())
}

/// A DOCX as HTML (headings as `<h1>`..`<h6>`), for the engine to turn into text.
pub async fn docx_html(bytes: &[u8]) -> Result<String, ReaderError> {
    let value = call_reader("docxHtml", bytes).await?;
    value
        .as_string()
        .ok_or_else(|| ReaderError::Corrupt("no text came back".into()))
}

/// Calls `extract.mjs`'s `function` with the bytes and waits for its promise.
async fn call_reader(function: &str, bytes: &[u8]) -> Result<JsValue, ReaderError> {
    let module = reader_module().await?;
    let f: Function = Reflect::get(&module, &function.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| ReaderError::Load(format!("the reader has no {function}")))?;
    let array = Uint8Array::from(bytes);
    let promise: Promise = f
        .call1(&JsValue::UNDEFINED, &array)
        .ok()
        .and_then(|p| p.dyn_into().ok())
        .ok_or_else(|| ReaderError::Load("the reader did not start".into()))?;
    JsFuture::from(promise).await.map_err(reader_error)
}

/// `public/material/extract.mjs`, imported once through boot.js's `consiliumImport` (the browser
/// keeps a module it has imported, so later calls cost nothing).
async fn reader_module() -> Result<JsValue, ReaderError> {
    let import: Function = Reflect::get(&js_sys::global(), &"consiliumImport".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| ReaderError::Load("the page cannot load the reader".into()))?;
    let promise: Promise = import
        .call1(&JsValue::UNDEFINED, &"./material/extract.mjs".into())
        .ok()
        .and_then(|p| p.dyn_into().ok())
        .ok_or_else(|| ReaderError::Load("the page cannot load the reader".into()))?;
    JsFuture::from(promise)
        .await
        .map_err(|_| ReaderError::Load("the reader could not be fetched".into()))
}

/// `{ code, message }` thrown by `extract.mjs` as a `ReaderError`.
fn reader_error(error: JsValue) -> ReaderError {
    let field = |name: &str| {
        Reflect::get(&error, &name.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let message = field("message");
    match field("code").as_str() {
        "encrypted" => ReaderError::Encrypted,
        "load" => ReaderError::Load(message),
        _ if message.is_empty() => ReaderError::Corrupt("unknown error".into()),
        _ => ReaderError::Corrupt(message),
    }
}
