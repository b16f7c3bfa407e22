//! Past sessions: search, open, delete. They open offline, straight from browser storage.
use leptos::prelude::*;

use crate::app::{AppState, Route};
use crate::storage::{self, SessionSummary};

fn matches(summary: &SessionSummary, query: &str) -> bool {
    let query = query.trim().to_lowercase();
    query.is_empty()
        || summary.title.to_lowercase().contains(&query)
        || summary.state.to_lowercase().contains(&query)
        || summary.protocol.to_lowercase().contains(&query)
}

#[component]
pub fn HistoryView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.live.history;
    history.set(storage::list_sessions());
    let query = RwSignal::new(String::new());
    let shown = move || {
        history.with(|h| {
            h.iter()
                .filter(|s| matches(s, &query.get()))
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="history" aria-labelledby="history-title">
            <h2 id="history-title">"History"</h2>
            <label class="search">
                "Search"
                <input type="search" placeholder="Words from the question" prop:value=move || query.get() on:input=move |ev| query.set(event_target_value(&ev)) />
            </label>
            <Show when=move || history.with(Vec::is_empty)>
                <p class="muted">"No sessions yet. Start one, or run the demo council."</p>
            </Show>
            <ul class="session-list">
                <For each=shown key=|s| (s.id.clone(), s.updated_at.clone()) let:summary>
                    <HistoryItem summary=summary />
                </For>
            </ul>
        </section>
    }
}

#[component]
fn HistoryItem(summary: SessionSummary) -> impl IntoView {
    let state = expect_context::<AppState>();
    let open_id = summary.id.clone();
    let delete_id = summary.id.clone();
    let title = summary.title.clone();
    view! {
        <li class="session-item">
            <button class="link" on:click=move |_| state.go(Route::Session(open_id.clone()))>
                {summary.demo.then_some("[demo] ")}
                {summary.title.clone()}
            </button>
            <span class="muted">" " {summary.protocol.clone()} " · " {summary.state.clone()} " · " {summary.updated_at.clone()}</span>
            <button
                class="icon-button"
                aria-label=format!("Delete {title}")
                on:click=move |_| {
                    let confirmed = window().confirm_with_message("Delete this session from this browser?").unwrap_or(false);
                    if confirmed {
                        storage::delete_session(&delete_id);
                        state.live.history.set(storage::list_sessions());
                    }
                }
            >
                "Delete"
            </button>
        </li>
    }
}
