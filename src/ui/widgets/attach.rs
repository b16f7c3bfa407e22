//! Attaching material to a question: a file picker (several files at once), and the handlers a
//! question box puts on itself for dropped files and pasted files, images or long text; each
//! source as a chip (name, kind, size, tokens) that opens a preview and can be removed, and each
//! refused file named with the reason.
use consilium_engine::foundation::counted::thousands;
use consilium_engine::foundation::words::byte_size;
use consilium_engine::material::seats::{Cut, CutOffer};
use consilium_engine::record::sources::Source;
use leptos::prelude::*;

use crate::app::material::Material;

/// Pasted text this long becomes a source of its own instead of part of the question.
pub const PASTE_AS_SOURCE_CHARS: usize = 2_000;

/// The files of a drop, or None when it carried none.
fn dropped_files(ev: &web_sys::DragEvent) -> Option<Vec<web_sys::File>> {
    let files = ev.data_transfer()?.files()?;
    let list: Vec<_> = (0..files.length()).filter_map(|i| files.get(i)).collect();
    (!list.is_empty()).then_some(list)
}

/// Files dropped on an attach area (a composer, the question box, Review's context files) are
/// attached; a drop with none is left to the browser.
pub fn on_drop(ev: &web_sys::DragEvent, material: Material, dropping: RwSignal<bool>) {
    dropping.set(false);
    if let Some(files) = dropped_files(ev) {
        ev.prevent_default();
        material.attach_files(files);
    }
}

/// What a paste into the question box brings: files (an image from the clipboard) to attach,
/// long text to attach as a source, or nothing (short text goes into the question as usual).
pub fn on_paste(ev: &web_sys::ClipboardEvent, material: Material) {
    let Some(data) = ev.clipboard_data() else {
        return;
    };
    if let Some(files) = data.files() {
        let list: Vec<_> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        if !list.is_empty() {
            ev.prevent_default();
            material.attach_files(list);
            return;
        }
    }
    let text = data.get_data("text/plain").unwrap_or_default();
    if text.chars().count() >= PASTE_AS_SOURCE_CHARS {
        ev.prevent_default();
        material.attach_text(text);
    }
}

thread_local! {
    /// Attach areas made so far, for each one's own hint id.
    static AREAS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The picker, the chips and the refusals.
#[component]
pub fn AttachArea(material: Material) -> impl IntoView {
    let on_pick = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let files: Vec<_> = input
            .files()
            .map(|files| (0..files.length()).filter_map(|i| files.get(i)).collect())
            .unwrap_or_default();
        // The same file can be picked again after it is removed.
        input.set_value("");
        material.attach_files(files);
    };
    // A page may show several (the follow-up composer, "Ask again" beside each answer).
    let hint_id = AREAS.with(|count| {
        count.set(count.get() + 1);
        format!("attach-hint-{}", count.get())
    });
    view! {
        <div class="attach">
            <label class="attach-pick button secondary">
                "Attach files"
                <input type="file" multiple class="visually-hidden" on:change=on_pick
                    aria-describedby=hint_id.clone() />
            </label>
            <span id=hint_id class="muted attach-hint">
                "or drop or paste them here: text, Markdown, code, CSV, JSON, HTML, PDF, DOCX, images"
            </span>
            <ul class="attach-chips" aria-label="Attached material">
                <For each=move || material.sources.get() key=|s| (s.id.clone(), s.hash.clone()) let:source>
                    <SourceChip source=source material=material />
                </For>
                <For each=move || material.reading.get() key=|name| name.clone() let:name>
                    <li class="attach-chip reading" aria-busy="true">{name}" · reading…"</li>
                </For>
            </ul>
            <Show when=move || material.refused.with(|r| !r.is_empty())>
                <ul class="attach-refused" role="alert">
                    {move || material.refused.get().into_iter().map(|sentence| view! { <li>{sentence}</li> }).collect_view()}
                </ul>
            </Show>
        </div>
    }
}

/// One source: its summary opens the preview; the button removes it.
#[component]
fn SourceChip(source: Source, material: Material) -> impl IntoView {
    let id = source.id.clone();
    let summary = format!(
        "{} · {} · {} · {} tokens",
        source.name,
        source.kind.label(),
        byte_size(source.size_bytes),
        thousands(u64::from(source.tokens))
    );
    let remove_label = format!("Remove {}", source.name);
    let preview = match &source.image {
        Some(image) => view! {
            <img class="attach-preview-image" alt=source.name.clone()
                src=format!("data:{};base64,{}", image.media_type, image.data_base64) />
        }
        .into_any(),
        None => view! { <pre class="attach-preview">{preview_text(&source.text)}</pre> }.into_any(),
    };
    view! {
        <li class="attach-chip" data-source=source.id.clone()>
            <details>
                <summary>{source.id.clone()}" · "{summary}</summary>
                {preview}
            </details>
            <button type="button" class="chip-remove" aria-label=remove_label
                on:click=move |_| material.remove(&id)>"×"</button>
        </li>
    }
}

/// The start of a source's text, enough to recognise it (shown as text, never as HTML).
fn preview_text(text: &str) -> String {
    const PREVIEW_CHARS: usize = 1_500;
    match text.char_indices().nth(PREVIEW_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// What each seat cannot take, and the cut that makes the tightest seat fit, offered as a button
/// that says exactly what it leaves out ("Cut the material: pages 31-80 of report.pdf left out");
/// the question form, the follow-up composers and Review's form ("Cut the context files: …") show
/// the same. `what`: the material's name on the button.
#[component]
pub fn SeatNotices(
    notices: Vec<String>,
    offer: Option<CutOffer>,
    on_cut: impl Fn(Vec<Cut>) + Clone + Send + Sync + 'static,
    #[prop(default = "the material")] what: &'static str,
) -> impl IntoView {
    let list = (!notices.is_empty()).then(|| {
        view! {
            <ul class="notice material-seats" role="status">
                {notices.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
            </ul>
        }
    });
    let offer = offer.map(|offer| {
        let label = format!("Cut {what}: {}", offer.said);
        let cuts = offer.cuts;
        view! {
            <button type="button" class="secondary material-cut"
                on:click=move |_| on_cut(cuts.clone())>{label}</button>
        }
    });
    view! { {list} {offer} }
}
