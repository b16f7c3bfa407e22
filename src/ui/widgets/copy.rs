//! "Copy": one button that puts a text into the clipboard and says so in place. The confirmation
//! shows over the page beside the button (so nothing around it moves) and is announced to screen
//! readers by a polite live region; a refusal says so instead of "Copied".
use leptos::prelude::*;

use crate::platform::clipboard::copy_text;

#[derive(Clone, Copy, PartialEq)]
enum Copied {
    Not,
    Done,
    Refused,
}

/// A button labelled `label` ("Copy", "Copy text") whose accessible name is `name`, which starts
/// with the label and says what it copies ("Copy code"); `text` is read when pressed.
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
            // The confirmation stays a few seconds.
            gloo_timers::future::TimeoutFuture::new(2_500).await;
            copied.set(Copied::Not);
        });
    };
    let said = move || match copied.get() {
        Copied::Not => "",
        Copied::Done => "Copied to the clipboard",
        Copied::Refused => "The browser refused the clipboard: select the text and copy it",
    };
    view! {
        <span class="copy">
            // The button's words never change (its name keeps them, for voice control); the
            // confirmation shows beside it, over the page, so nothing moves.
            <button type="button" class="copy-button" aria-label=name data-copied=move || (copied.get() == Copied::Done).then_some("") on:click=copy>
                {label}
            </button>
            <span class="copy-done" aria-hidden="true" data-refused=move || (copied.get() == Copied::Refused).then_some("")
                hidden=move || copied.get() == Copied::Not>
                {move || if copied.get() == Copied::Refused { "Not copied" } else { "Copied" }}
            </span>
            <span class="visually-hidden" role="status">{said}</span>
        </span>
    }
}
