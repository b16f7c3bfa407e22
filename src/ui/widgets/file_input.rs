//! Reading the file a form's file input was given, as text.
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The text of the file chosen in the input that fired `ev`, handed to `read` with the file's
/// name (`Err` with the sentence to show when it cannot be read as text); nothing when no file
/// was chosen.
pub fn read_chosen_file(
    ev: &leptos::ev::Event,
    read: impl FnOnce(String, Result<String, String>) + 'static,
) {
    let input = event_target::<web_sys::HtmlInputElement>(ev);
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    spawn_local(async move {
        let name = file.name();
        let text = match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(text) => Ok(text.as_string().unwrap_or_default()),
            Err(_) => Err(format!("The file {name} could not be read as text.")),
        };
        read(name, text);
    });
}
