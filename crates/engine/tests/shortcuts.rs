//! Keyboard shortcuts: the keys and the help panel come from one table.
use consilium_engine::views::shortcuts::{shortcut_for, KeyPress, ShortcutAction, SHORTCUTS};

fn press(key: &str, command: bool, shift: bool) -> KeyPress<'_> {
    KeyPress {
        key,
        command,
        shift,
        ..KeyPress::default()
    }
}

#[test]
fn each_shortcut_does_what_the_help_panel_says() {
    assert_eq!(
        shortcut_for(press("O", true, true)),
        Some(ShortcutAction::NewSession)
    );
    assert_eq!(
        shortcut_for(press("k", true, false)),
        Some(ShortcutAction::Search)
    );
    assert_eq!(
        shortcut_for(press("X", true, true)),
        Some(ShortcutAction::CancelRun)
    );
    assert_eq!(
        shortcut_for(press("?", false, true)),
        Some(ShortcutAction::Help)
    );
    for action in [
        ShortcutAction::NewSession,
        ShortcutAction::Search,
        ShortcutAction::CancelRun,
        ShortcutAction::Help,
    ] {
        assert!(
            SHORTCUTS.iter().any(|s| s.action == action),
            "{action:?} listed"
        );
    }
}

#[test]
fn typing_is_never_taken_for_a_shortcut() {
    // "?" typed in a question box is a character.
    let typed = KeyPress {
        in_text_field: true,
        ..press("?", false, true)
    };
    assert_eq!(shortcut_for(typed), None);
    // Plain letters, Ctrl+O without Shift (the browser's own), Ctrl+Shift+K, Alt combinations.
    assert_eq!(shortcut_for(press("o", false, false)), None);
    assert_eq!(shortcut_for(press("o", true, false)), None);
    assert_eq!(shortcut_for(press("k", true, true)), None);
    let alt = KeyPress {
        alt: true,
        ..press("k", true, false)
    };
    assert_eq!(shortcut_for(alt), None);
    // Ctrl+K works from a text field too (as in chat apps).
    let from_field = KeyPress {
        in_text_field: true,
        ..press("k", true, false)
    };
    assert_eq!(shortcut_for(from_field), Some(ShortcutAction::Search));
}
