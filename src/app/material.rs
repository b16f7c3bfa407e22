//! The material attached to a question: the sources read so far, what was refused and why, and
//! the commands that attach (files dropped, pasted or picked; pasted text) and remove. Reading a
//! file (its bytes, the PDF and DOCX readers, the engine's extraction) is a wasm part of its own,
//! `material`, fetched at the first attachment: the first screen carries only this state.
use consilium_engine::foundation::participants::Participant;
use consilium_engine::foundation::tokens::estimate_tokens;
use consilium_engine::material::attach::{attach_after, remove, Attached};
use consilium_engine::material::error::{MaterialError, MAX_DOCUMENT_BYTES, MAX_SOURCES};
use consilium_engine::material::extract::{
    sniff, source_from_bytes, source_from_docx_html, source_from_pdf_pages, Sniffed,
};
use consilium_engine::material::folder::choose_folder_files;
use consilium_engine::record::sources::Source;
use consilium_providers::capabilities::Known;
use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::platform::material::{docx_html, file_bytes, pdf_pages, ReaderError};
use crate::platform::split::{split_fn, PartUnavailable};
use crate::settings::Settings;

/// A question's material as its form holds it.
#[derive(Clone, Copy)]
pub struct Material {
    pub sources: RwSignal<Vec<Source>>,
    /// One sentence per file refused, naming it; cleared at the next attachment.
    pub refused: RwSignal<Vec<String>>,
    /// Files being read now (the chips say "reading…").
    pub reading: RwSignal<Vec<String>>,
    /// A later turn's: the thread's material, which it reads anyway. A file already there is not
    /// attached again, and a new one is numbered after it (as the turn will number it).
    pub earlier: RwSignal<Vec<Source>>,
}

impl Material {
    pub fn new() -> Self {
        Self {
            sources: RwSignal::new(Vec::new()),
            refused: RwSignal::new(Vec::new()),
            reading: RwSignal::new(Vec::new()),
            earlier: RwSignal::new(Vec::new()),
        }
    }

    /// Reads `files` (dropped, pasted or picked) and attaches each that can be read; each that
    /// cannot is named in `refused`, and nothing else changes.
    pub fn attach_files(self, files: Vec<web_sys::File>) {
        if files.is_empty() {
            return;
        }
        self.refused.set(Vec::new());
        let names: Vec<String> = files.iter().map(|f| f.name()).collect();
        self.reading.update(|r| r.extend(names.iter().cloned()));
        spawn_local(async move {
            let results = match read_in_part(files).await {
                Ok(reading) => reading.await,
                Err(_) => names
                    .iter()
                    .map(|name| {
                        Err(format!(
                            "{name} was not read: this part of the app could not be loaded. Check the connection and attach it again."
                        ))
                    })
                    .collect(),
            };
            for result in results {
                match result {
                    Ok(source) => self.add(source),
                    Err(sentence) => self.refused.update(|r| r.push(sentence)),
                }
            }
            self.reading
                .update(|r| r.retain(|name| !names.contains(name)));
        });
    }

    /// Pasted text (longer than a question usually is) as a source of its own: read as a file
    /// is, in the `material` part (the extraction stays off the first screen).
    pub fn attach_text(self, text: String) {
        let number =
            self.sources.with_untracked(Vec::len) + self.earlier.with_untracked(Vec::len) + 1;
        let name = format!("pasted text {number}.txt");
        let options = web_sys::FilePropertyBag::new();
        options.set_type("text/plain");
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(&text));
        match web_sys::File::new_with_str_sequence_and_options(&parts, &name, &options) {
            Ok(file) => self.attach_files(vec![file]),
            Err(_) => self.refused.set(vec![format!(
                "{name} was not attached: the browser could not hold the pasted text as a file."
            )]),
        }
    }

    /// A folder's files (a directory picker's): its text files only, chosen by their paths
    /// (`material::folder`), each named by its path in the folder; what was skipped is said
    /// beside the refusals.
    pub fn attach_folder(self, files: Vec<web_sys::File>) {
        let paths: Vec<String> = files.iter().map(path_in_folder).collect();
        let taken = self.sources.with_untracked(Vec::len) + self.earlier.with_untracked(Vec::len);
        let choice = choose_folder_files(&paths, MAX_SOURCES.saturating_sub(taken));
        let chosen = choice.read.iter().map(|&i| files[i].clone()).collect();
        self.refused.set(Vec::new());
        self.attach_files(chosen);
        if let Some(skipped) = choice.skipped {
            self.refused.update(|r| r.push(skipped));
        }
    }

    pub fn remove(self, id: &str) {
        self.sources.update(|sources| remove(sources, id));
    }

    fn add(self, source: Source) {
        let mut refusal = None;
        self.earlier.with_untracked(|earlier| {
            self.sources.update(
                |sources| match attach_after(earlier, sources, source.clone()) {
                    Ok(Attached::New(_)) => {}
                    Ok(Attached::AlreadyThere(id)) => {
                        refusal = Some(format!(
                            "{} is already attached, as {id}: it is carried once.",
                            source.name
                        ))
                    }
                    Err(error) => refusal = Some(error.to_string()),
                },
            )
        });
        if let Some(sentence) = refusal {
            self.refused.update(|r| r.push(sentence));
        }
    }
}

impl Default for Material {
    fn default() -> Self {
        Self::new()
    }
}

/// The council's participants with what their models take (images, context window), from the
/// user's answer, the model list, the table of known families or the default
/// (`ProviderSettings::capabilities`); a window only the default gives is left to the engine's
/// own default (the same number), so a record says which seats were known.
pub fn with_capabilities(
    mut participants: Vec<Participant>,
    settings: &Settings,
) -> Vec<Participant> {
    for participant in &mut participants {
        let Some(provider) = settings.provider(&participant.provider_id) else {
            continue;
        };
        let caps = provider.capabilities(&participant.model);
        participant.sees_images = Some(caps.sees_images);
        participant.context_tokens = (caps.context_from != Known::Default)
            .then(|| u32::try_from(caps.context_tokens).unwrap_or(u32::MAX));
    }
    participants
}

/// What every call needs beside the material at most, for `material::seats::seat_fits`: the
/// question, the reply's room and an allowance for the instructions and a round's own part
/// (the synthesis and challenges of rounds 3 and 4). A shim until the engine says it.
pub fn material_other_tokens(question: &str, max_tokens: u32) -> u32 {
    const INSTRUCTIONS_AND_ROUND: u32 = 3_000;
    let question = u32::try_from(estimate_tokens(question)).unwrap_or(u32::MAX);
    question
        .saturating_add(max_tokens)
        .saturating_add(INSTRUCTIONS_AND_ROUND)
}

split_fn! {
    material, preload _preload_material:
    /// Reading files into sources, to await.
    fn read_in_part(files: Vec<web_sys::File>) -> Result<LocalBoxFuture<'static, Vec<Result<Source, String>>>, PartUnavailable> {
        Ok(Box::pin(async move {
            let mut results = Vec::with_capacity(files.len());
            for file in files {
                results.push(read_file(&file).await);
            }
            results
        }))
    }
}

/// One file as a source, or the sentence that names it and says why not.
async fn read_file(file: &web_sys::File) -> Result<Source, String> {
    let name = path_in_folder(file);
    let size = file.size() as u64;
    if size == 0 {
        return Err(MaterialError::Empty { name }.to_string());
    }
    if size > MAX_DOCUMENT_BYTES {
        // Not even read into memory.
        return Err(MaterialError::TooLarge {
            name,
            size,
            limit: MAX_DOCUMENT_BYTES,
        }
        .to_string());
    }
    let bytes = file_bytes(file).await?;
    match sniff(&name, &bytes) {
        Sniffed::Pdf => {
            let pages = pdf_pages(&bytes)
                .await
                .map_err(|error| reader_refusal(&name, "PDF", error))?;
            source_from_pdf_pages(&name, size, pages).map_err(|e| e.to_string())
        }
        Sniffed::Docx => {
            let html = docx_html(&bytes)
                .await
                .map_err(|error| reader_refusal(&name, "DOCX", error))?;
            source_from_docx_html(&name, size, &html).map_err(|e| e.to_string())
        }
        Sniffed::Image(_) | Sniffed::Other => {
            source_from_bytes(&name, &file.type_(), &bytes).map_err(|e| e.to_string())
        }
    }
}

/// A file's path within a picked folder ("src/config.rs", so a finding's path can name it), or
/// its name when it was not picked with a folder.
fn path_in_folder(file: &web_sys::File) -> String {
    js_sys::Reflect::get(file, &wasm_bindgen::JsValue::from_str("webkitRelativePath"))
        .ok()
        .and_then(|path| path.as_string())
        .filter(|path| !path.is_empty())
        .unwrap_or_else(|| file.name())
}

/// A reader's failure as the engine words a refusal (an encrypted PDF, a damaged file), or the
/// shell's sentence when the reader itself could not load.
fn reader_refusal(name: &str, kind: &str, error: ReaderError) -> String {
    match error {
        ReaderError::Encrypted => MaterialError::EncryptedPdf { name: name.into() }.to_string(),
        ReaderError::Corrupt(why) => MaterialError::Corrupt {
            name: name.into(),
            why: format!("it is not a readable {kind} ({})", first_clause(&why)),
        }
        .to_string(),
        ReaderError::Load(_) => error.sentence(name, kind),
    }
}

/// A library's message up to its first sentence or colon: "Can't find end of central directory
/// : is this a zip file ? …" reads "Can't find end of central directory".
fn first_clause(message: &str) -> &str {
    message
        .split([':', '.', '\n'])
        .next()
        .unwrap_or(message)
        .trim()
}
