//! One session in the sidebar: its link, and "Rename" (inline: Enter or leaving the field saves,
//! Escape cancels) and "Delete" (undone from the toast, `undo.rs`). A session this tab runs has
//! neither: its run saves its own copy.
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::recent::RecentEntry;
use leptos::html::{Button, Input};
use leptos::prelude::*;

use crate::app::{AppState, Route};

/// The session whose title is being edited, if any: one at a time, kept when the list redraws.
#[derive(Clone, Copy, Default)]
pub struct Editing(RwSignal<Option<SessionId>>);

#[component]
pub fn RecentItem(
    entry: RecentEntry,
    current: Memo<Option<SessionId>>,
    editing: Editing,
    /// The toast's Undo button: the focus goes there once a session is deleted.
    undo: NodeRef<Button>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let Editing(editing) = editing;
    let id = StoredValue::new(entry.id.clone());
    let title = StoredValue::new(entry.title.clone());
    // A thread's latest follow-up, under its first question.
    let subtitle = StoredValue::new(entry.subtitle.clone());
    let is_current = move || current.with(|c| c.as_ref() == Some(&*id.read_value()));
    let is_editing = move || editing.with(|e| e.as_ref() == Some(&*id.read_value()));
    let can_change = entry.chip != "Running";
    let field = NodeRef::<Input>::new();
    let rename_button = NodeRef::<Button>::new();

    Effect::new(move |_| {
        if is_editing() {
            if let Some(field) = field.get() {
                let _ = field.focus();
                field.select();
            }
        }
    });
    let finish = move |save: bool| {
        // Leaving the field after Enter or Escape finds nothing left to do.
        if !is_editing() {
            return;
        }
        editing.set(None);
        if save {
            if let Some(field) = field.get_untracked() {
                state
                    .library
                    .rename(state.live, id.get_value(), field.value());
            }
        }
        if let Some(button) = rename_button.get_untracked() {
            let _ = button.focus();
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            ev.prevent_default();
            finish(true);
        }
        "Escape" => {
            // Not the drawer's Escape: only the rename is cancelled.
            ev.prevent_default();
            ev.stop_propagation();
            finish(false);
        }
        _ => {}
    };
    let delete = move |_| {
        if is_current() {
            state.go(Route::New);
        }
        state
            .library
            .delete_soon(state.live, id.get_value(), title.get_value());
        request_animation_frame(move || {
            if let Some(undo) = undo.get_untracked() {
                let _ = undo.focus();
            }
        });
    };

    view! {
        <li class="recent-row" class:editing=is_editing>
            <Show
                when=is_editing
                fallback=move || view! {
                    <a
                        class="recent-item"
                        href=format!("#/session/{}", id.read_value())
                        aria-current=move || is_current().then_some("page")
                        // Another session opens at its top, not where the last page was scrolled to.
                        on:click=|_| window().scroll_to_with_x_and_y(0.0, 0.0)
                    >
                        <span class="recent-title">{title.get_value()}</span>
                        {subtitle.get_value().map(|latest| view! { <span class="recent-subtitle">{latest}</span> })}
                        <span class="recent-meta">
                            <span class="recent-protocol">{entry.protocol}</span>
                            {entry.demo.then(|| view! { <span class="badge demo-badge">"demo"</span> })}
                            <span class="chip" data-tone=entry.tone>{entry.chip}</span>
                            <span class="recent-when">{entry.when.clone()}</span>
                        </span>
                    </a>
                }
            >
                <input
                    class="recent-rename"
                    node_ref=field
                    aria-label="Title"
                    maxlength="200"
                    value=title.get_value()
                    on:keydown=on_key
                    on:blur=move |_| finish(true)
                />
            </Show>
            <Show when=move || can_change>
                <div class="recent-actions">
                    <button
                        class="recent-action"
                        node_ref=rename_button
                        aria-label=move || format!("Rename {}", title.read_value())
                        title="Rename"
                        on:click=move |_| editing.set(Some(id.get_value()))
                    >
                        "✎"
                    </button>
                    <button
                        class="recent-action"
                        aria-label=move || format!("Delete {}", title.read_value())
                        title="Delete"
                        on:click=delete
                    >
                        "✕"
                    </button>
                </div>
            </Show>
        </li>
    }
}
