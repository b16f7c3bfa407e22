//! Settings in local storage: read (reporting what could not be), and written.
use gloo_storage::{LocalStorage, Storage};

use super::{migrate, Settings};

pub const SETTINGS_KEY: &str = "consilium.settings";
/// Where stored settings that could not all be read are kept, untouched, before anything is saved
/// over them: nothing the user set is lost, even a field this version cannot read.
pub const UNREADABLE_SETTINGS_KEY: &str = "consilium.settings.unreadable";

impl Settings {
    pub fn load() -> Self {
        Self::load_reporting().0
    }

    /// The stored settings, and a sentence per stored field that could not be read (its default
    /// is used, and the stored text is kept under `UNREADABLE_SETTINGS_KEY`).
    pub fn load_reporting() -> (Self, Vec<String>) {
        let Ok(Some(text)) = LocalStorage::raw().get_item(SETTINGS_KEY) else {
            return (Self::default(), Vec::new());
        };
        let (settings, problems) = match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(value) => migrate(value),
            Err(error) => (
                Self::default(),
                vec![format!(
                    "The stored settings are not valid JSON ({error}), so the defaults are used."
                )],
            ),
        };
        if !problems.is_empty() {
            let _ = LocalStorage::raw().set_item(UNREADABLE_SETTINGS_KEY, &text);
        }
        (settings, problems)
    }

    pub fn save(&self) -> Result<(), String> {
        LocalStorage::set(SETTINGS_KEY, self)
            .map_err(|e| crate::platform::storage::explain_storage_error(&e))?;
        if let Some(saved) = AFTER_SAVE.with(|hook| hook.borrow().clone()) {
            saved();
        }
        Ok(())
    }
}

thread_local! {
    /// Told after each save in this tab (other tabs hear the storage event): sync, once it is set
    /// up, sends the changed settings soon after, as it does after a saved session.
    static AFTER_SAVE: std::cell::RefCell<Option<std::rc::Rc<dyn Fn()>>> =
        const { std::cell::RefCell::new(None) };
}

/// Calls `saved` after each save of the settings in this tab (one listener: the last set).
pub fn after_save(saved: impl Fn() + 'static) {
    AFTER_SAVE.with(|hook| *hook.borrow_mut() = Some(std::rc::Rc::new(saved)));
}

/// The stored settings as JSON (the defaults' when none are stored): what sync makes its settings
/// record from (`consilium_engine::sync::settings`).
pub fn stored_json() -> serde_json::Value {
    LocalStorage::raw()
        .get_item(SETTINGS_KEY)
        .ok()
        .flatten()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| serde_json::to_value(Settings::default()).unwrap_or_default())
}

/// Stores settings that arrived as JSON (sync's record, taken here) when every field reads; Err
/// names the first that does not, and nothing is stored.
pub fn save_json(value: serde_json::Value) -> Result<Settings, String> {
    let (settings, problems) = migrate(value);
    if let Some(problem) = problems.into_iter().next() {
        return Err(problem);
    }
    settings.save()?;
    Ok(settings)
}
