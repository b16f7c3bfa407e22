//! Keyboard shortcuts: one table for what the keys do and what the "?" help panel lists, so the
//! two never disagree. Chat apps' habits: Ctrl/Cmd+Shift+O a new chat, Ctrl/Cmd+K search.

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortcutAction {
    NewSession,
    Search,
    CancelRun,
    Help,
    /// Ctrl/Cmd+Enter: each form handles it itself; listed so the panel names it.
    Ask,
}

/// One line of the help panel: the keys as a user presses them, and what they do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcut {
    pub action: ShortcutAction,
    pub keys: &'static str,
    pub does: &'static str,
}

/// Every shortcut, in the help panel's order.
pub const SHORTCUTS: [Shortcut; 5] = [
    Shortcut {
        action: ShortcutAction::NewSession,
        keys: "Ctrl/Cmd + Shift + O",
        does: "New session",
    },
    Shortcut {
        action: ShortcutAction::Search,
        keys: "Ctrl/Cmd + K",
        does: "Search the history",
    },
    Shortcut {
        action: ShortcutAction::CancelRun,
        keys: "Ctrl/Cmd + Shift + X",
        does: "Cancel the run",
    },
    Shortcut {
        action: ShortcutAction::Help,
        keys: "?",
        does: "Show these shortcuts",
    },
    Shortcut {
        action: ShortcutAction::Ask,
        keys: "Ctrl/Cmd + Enter",
        does: "Ask (in a question box or a form)",
    },
];

/// A key press as the page saw it.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyPress<'a> {
    /// `KeyboardEvent.key`: "o", "K", "?", "Enter"…
    pub key: &'a str,
    /// Ctrl or Cmd (Meta).
    pub command: bool,
    pub shift: bool,
    pub alt: bool,
    /// Focus is in a text field (input, textarea, select, contenteditable): "?" is a character
    /// there, not a request for help.
    pub in_text_field: bool,
}

/// The action a key press asks for, if any.
pub fn shortcut_for(press: KeyPress) -> Option<ShortcutAction> {
    if press.alt {
        return None;
    }
    let key = press.key.to_ascii_lowercase();
    match (press.command, press.shift, key.as_str()) {
        (true, true, "o") => Some(ShortcutAction::NewSession),
        (true, false, "k") => Some(ShortcutAction::Search),
        (true, true, "x") => Some(ShortcutAction::CancelRun),
        (false, _, "?") if !press.in_text_field => Some(ShortcutAction::Help),
        _ => None,
    }
}
