//! A call's streamed text as it arrives. Each delta is appended to one string and bumps a counter;
//! the card reads the text as fields at most every `READ_EVERY_MS` (see `live_reply`), so a token
//! costs its own length however long the reply is, and a long reply is read a few times a second
//! rather than once per token.
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct StreamText {
    full: StoredValue<String>,
    arrived: RwSignal<u64>,
}

impl Default for StreamText {
    fn default() -> Self {
        Self::new()
    }
}

impl StreamText {
    pub fn new() -> Self {
        Self {
            full: StoredValue::new(String::new()),
            arrived: RwSignal::new(0),
        }
    }

    /// Appends `delta`; `restart` first drops what came before (a retried stream starts over).
    pub fn push(&self, delta: &str, restart: bool) {
        self.full.update_value(|text| {
            if restart {
                text.clear();
            }
            text.push_str(delta);
        });
        self.arrived.update(|n| *n += 1);
    }

    /// Subscribes the running effect to new text.
    pub fn track(&self) {
        self.arrived.track();
    }

    /// Reads the text without copying it; None once the run's signals are gone.
    pub fn with_text<T>(&self, read: impl FnOnce(&str) -> T) -> Option<T> {
        self.full.try_with_value(|text| read(text))
    }

    /// The whole text (for tests).
    pub fn text(&self) -> String {
        self.with_text(str::to_string).unwrap_or_default()
    }
}
