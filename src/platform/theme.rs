//! Light or dark: the system's choice unless the user picked one, kept in local storage and set
//! as `data-theme` on the root element (the stylesheet reads it; `public/boot.js` sets it before
//! the wasm loads, so a reload never flashes the other scheme).
use gloo_storage::{LocalStorage, Storage};

/// Where the choice is kept (read by `public/boot.js` too).
const THEME_KEY: &str = "consilium.theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn stored(self) -> Option<&'static str> {
        match self {
            Theme::System => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
        }
    }
}

/// The choice kept on this device (the system's when none or an unknown one).
pub fn chosen_theme() -> Theme {
    match LocalStorage::raw()
        .get_item(THEME_KEY)
        .ok()
        .flatten()
        .as_deref()
    {
        Some("light") => Theme::Light,
        Some("dark") => Theme::Dark,
        _ => Theme::System,
    }
}

/// Keeps `theme` and applies it to the page at once.
pub fn choose_theme(theme: Theme) {
    let storage = LocalStorage::raw();
    let _ = match theme.stored() {
        Some(name) => storage.set_item(THEME_KEY, name),
        None => storage.remove_item(THEME_KEY),
    };
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match theme.stored() {
        Some(name) => root.set_attribute("data-theme", name),
        None => root.remove_attribute("data-theme"),
    };
}
