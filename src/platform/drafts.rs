//! Drafts in local storage, as plain text under the engine's keys (`views::draft`): read when a
//! form opens, written as the user types, removed when its run starts.
use consilium_engine::views::draft::draft_to_keep;
use gloo_storage::{LocalStorage, Storage};

/// The draft kept under `key`, or empty.
pub fn load_draft(key: &str) -> String {
    LocalStorage::raw()
        .get_item(key)
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `text` under `key` (removed when blank or too large). A full storage keeps the last
/// draft that fit: the text itself is still in the box.
pub fn save_draft(key: &str, text: &str) {
    let storage = LocalStorage::raw();
    let _ = match draft_to_keep(text) {
        Some(text) => storage.set_item(key, text),
        None => storage.remove_item(key),
    };
}

pub fn clear_draft(key: &str) {
    let _ = LocalStorage::raw().remove_item(key);
}
