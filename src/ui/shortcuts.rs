//! Keyboard shortcuts for the whole app and the "?" panel that lists them, both from the engine's
//! one table (`views::shortcuts`): a new session, search, cancel the run, this help.
use consilium_engine::views::shortcuts::{shortcut_for, KeyPress, ShortcutAction, SHORTCUTS};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::{AppState, Route};
use crate::platform::focus::focus_once_shown;

/// Listens for the shortcuts on the window; returns whether the help panel shows.
pub fn listen_for_shortcuts(state: AppState) -> RwSignal<bool> {
    let help = RwSignal::new(false);
    let _ = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && help.get_untracked() {
            ev.prevent_default();
            return help.set(false);
        }
        let key = ev.key();
        let press = KeyPress {
            key: &key,
            command: ev.ctrl_key() || ev.meta_key(),
            shift: ev.shift_key(),
            alt: ev.alt_key(),
            in_text_field: focus_in_text_field(),
        };
        let Some(action) = shortcut_for(press) else {
            return;
        };
        ev.prevent_default();
        match action {
            ShortcutAction::NewSession => state.go(Route::New),
            ShortcutAction::Search => {
                state.go(Route::History);
                focus_once_shown("#history-search");
            }
            ShortcutAction::CancelRun => {
                if state.live.running.get_untracked() {
                    state.live.cancel_run();
                }
            }
            ShortcutAction::Help => {
                help.update(|open| *open = !*open);
                if help.get_untracked() {
                    focus_once_shown(".shortcuts-help .close-help");
                }
            }
            ShortcutAction::Ask => {}
        }
    });
    help
}

fn focus_in_text_field() -> bool {
    let Some(active) = document().active_element() else {
        return false;
    };
    let editable = active
        .dyn_ref::<web_sys::HtmlElement>()
        .is_some_and(|el| el.is_content_editable());
    editable || matches!(active.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
}

/// The shortcuts, listed: a dialog over the page, closed by its button or Escape.
#[component]
pub fn ShortcutsHelp(open: RwSignal<bool>) -> impl IntoView {
    let close = move |_| open.set(false);
    let rows = || {
        SHORTCUTS
            .iter()
            .map(|s| view! { <tr><th scope="row"><kbd>{s.keys}</kbd></th><td>{s.does}</td></tr> })
            .collect_view()
    };
    view! {
        <Show when=move || open.get()>
            <div class="shortcuts-backdrop" on:click=close></div>
            <div class="shortcuts-help" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title">
                <h2 id="shortcuts-title">"Keyboard shortcuts"</h2>
                <table class="shortcuts">
                    <tbody>{rows()}</tbody>
                </table>
                <button class="secondary close-help" on:click=close>"Close"</button>
            </div>
        </Show>
    }
}
