//! "Deleted · Undo": the toast a sidebar deletion leaves. Undo brings the session back; the
//! deletion is committed when the toast expires (`Library::delete_soon`) or is dismissed.
use leptos::html::Button;
use leptos::prelude::*;

use crate::app::AppState;

#[component]
pub fn UndoDelete(undo: NodeRef<Button>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let library = state.library;
    let pending = library.pending_delete;
    view! {
        // The live region is always there, so its message is read when it appears.
        <div class="undo-toast-region" role="status">
            <Show when=move || pending.with(Option::is_some)>
                <div class="undo-toast">
                    <span class="undo-toast-text">
                        "Deleted "
                        <q>{move || pending.with(|p| p.as_ref().map(|p| p.title.clone()))}</q>
                    </span>
                    <button node_ref=undo on:click=move |_| library.undo_delete()>"Undo"</button>
                    <button
                        class="undo-dismiss"
                        aria-label="Dismiss"
                        title="Dismiss"
                        on:click=move |_| library.commit_delete(state.live)
                    >
                        "×"
                    </button>
                </div>
            </Show>
        </div>
    }
}
