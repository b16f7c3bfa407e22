//! "Copy": one button that puts a text into the clipboard and says so in place. The confirmation
//! replaces the button's words inside a box of fixed width (so nothing around it moves) and is
//! announced to screen readers by a polite live region; a refusal says so instead of "Copied".
use leptos::prelude::*;

use crate::platform::clipboard::copy_text;

#[derive(Clone, Copy, PartialEq)]
enum Copied {
    Not,
    Done,
    Refused,
}

/// A button labelled `label` ("Copy", "Copy as Markdown") whose accessible name is `name` (what it
/// copies, e.g. "Copy code"); `text` is read when pressed, so it copies what shows then.
#[component]
pub fn CopyButton(
    #[prop(into)] label: String,
    #[prop(into)] name: String,
    text: Callback<(), String>,
) -> impl IntoView {
    let copied = RwSignal::new(Copied::Not);
    let copy = move |_| {
        let text = text.run(());
        leptos::task::spawn_local(async move {
            let done = copy_text(&text).await;
            copied.set(if done { Copied::Done } else { Copied::Refused });
            // The confirmation stays until the next press or for a few seconds, whichever first.
            gloo_timers::future::TimeoutFuture::new(2_500).await;
            copied.set(Copied::Not);
        });
    };
    let shown = {
        let label = label.clone();
        move || match copied.get() {
            Copied::Not => label.clone(),
            Copied::Done => "Copied".to_string(),
            Copied::Refused => "Not copied".to_string(),
        }
    };
    let said = move || match copied.get() {
        Copied::Not => "",
        Copied::Done => "Copied to the clipboard",
        Copied::Refused => "The browser refused the clipboard: select the text and copy it",
    };
    view! {
        <span class="copy">
            <button type="button" class="copy-button" aria-label=name data-copied=move || (copied.get() == Copied::Done).then_some("") on:click=copy>
                // Both words take the same place; only the one that applies shows.
                <span class="copy-label" aria-hidden="true">{shown}</span>
                <span class="copy-width" aria-hidden="true">{label}</span>
                <span class="copy-width" aria-hidden="true">"Not copied"</span>
            </button>
            <span class="visually-hidden" role="status">{said}</span>
        </span>
    }
}
