//! Past sessions: filter (protocol, state, date), sort, full-text search with highlighted matches,
//! open, delete one or many, and how much storage they take. The list is the light summaries; the
//! search texts are read once, on the first search; after a change (here or in another tab) only
//! the texts of the sessions whose summary changed are read again.
use std::collections::{HashMap, HashSet};

use consilium_engine::foundation::counted::counted;
use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::list::{history_count_line, short_time, shown_ids, storage_line};
use consilium_engine::library::thread::{hits_by_entry, one_per_thread};
use consilium_engine::record::Protocol;
use consilium_engine::views::run_time::took;
use consilium_engine::views::session::state_words;
use consilium_engine::{
    library::filter::FilterControl, library::filter::HistoryFilter, library::search::Query,
    library::search::SearchHit, library::search_cache::stamps, library::search_cache::SearchCache,
    library::summary::SessionSummary,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::runs::start::launch_demo;
use crate::app::{AppState, Route};
use crate::platform::storage;
use crate::ui::widgets::run_start_status::RunStartStatus;
use transfer::HistoryTransfer;

pub mod lazy;
pub mod transfer;

/// Rows shown at first, and added by "Show more": the DOM stays small at thousands of sessions.
const PAGE: usize = 100;

#[component]
pub fn HistoryView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let filter = RwSignal::new(HistoryFilter::default());
    let query = RwSignal::new(String::new());
    let hits = RwSignal::new(None::<HashMap<SessionId, SearchHit>>);
    let texts = StoredValue::new_local(None::<SearchCache>);
    let selected = RwSignal::new(HashSet::<SessionId>::new());
    let limit = RwSignal::new(PAGE);
    let message = RwSignal::new(None::<String>);

    // A change of the history (here or in another tab) makes some search texts stale: only those
    // are read again (SearchCache).
    Effect::new(move |_| {
        let stale = history.with(|all| {
            texts
                .try_update_value(|t| t.as_mut().map(|t| t.stale(all)))
                .flatten()
        });
        match stale {
            Some(ids) if !ids.is_empty() => spawn_local(async move {
                let read = storage::search_texts_of(&ids).await.unwrap_or_default();
                texts.update_value(|t| {
                    if let Some(t) = t.as_mut() {
                        t.insert(read);
                    }
                });
                search(query.get_untracked(), texts, hits, history);
            }),
            _ => search(query.get_untracked(), texts, hits, history),
        }
    });
    Effect::new(move |_| search(query.get(), texts, hits, history));

    // A session the sidebar is deleting (its undo still showing) is gone from here too.
    let deleting = state.library.pending_delete;
    let shown = Memo::new(move |_| {
        let now = js_sys::Date::now() as u64;
        let gone = deleting.with(|p| p.as_ref().map(|p| p.id.clone()));
        let mut ids = history
            .with(|all| hits.with(|hits| filter.with(|f| shown_ids(all, f, hits.as_ref(), now))));
        ids.retain(|id| gone.as_ref() != Some(id));
        ids
    });
    let entry_hits = Signal::derive(move || {
        hits.with(|hits| {
            hits.as_ref()
                .map(|hits| history.with(|all| hits_by_entry(all, hits)))
        })
    });
    // "N of M match" only when a filter or a search leaves some out.
    let count_text = move || {
        let narrowed = filter.with(HistoryFilter::narrows) || hits.with(Option::is_some);
        history_count_line(history.with(Vec::len), shown.with(Vec::len), narrowed)
    };
    // A thread of follow-ups is one row, with its latest turn's question under its first: made
    // once per change of the history, not again for each "Show more" or filter.
    let entries = Memo::new(move |_| {
        history.with(|all| {
            one_per_thread(all)
                .into_iter()
                .map(|s| (s.id.clone(), s))
                .collect::<HashMap<SessionId, SessionSummary>>()
        })
    });
    let rows = move || {
        entries.with(|by_id| {
            shown.with(|ids| {
                ids.iter()
                    .take(limit.get())
                    .filter_map(|id| by_id.get(id).cloned())
                    .collect::<Vec<_>>()
            })
        })
    };
    let delete_selected = move |_| {
        let ids: Vec<SessionId> = selected.with_untracked(|s| s.iter().cloned().collect());
        if ids.is_empty() {
            return;
        }
        let question = format!(
            "Delete {} from this browser? This cannot be undone.",
            counted(ids.len(), "session")
        );
        if !window().confirm_with_message(&question).unwrap_or(false) {
            return;
        }
        spawn_local(async move {
            match storage::delete_sessions(&ids).await {
                Ok(()) => {
                    selected.set(HashSet::new());
                    message.set(Some(format!("Deleted {}.", counted(ids.len(), "session"))));
                }
                Err(error) => message.set(Some(error)),
            }
        });
    };
    // (A `>` inside `view!` would close the tag.)
    let more_to_show = move || shown.with(Vec::len).gt(&limit.get());
    let select_shown = move |_| {
        let ids: HashSet<SessionId> = shown.with_untracked(|ids| ids.iter().cloned().collect());
        selected.set(ids);
    };

    view! {
        <section class="history" aria-labelledby="history-title">
            <h2 id="history-title">"History"</h2>
            <p class="history-track-record">
                <a href="#/track-record">"Track record"</a>
                " · how your judged decisions held up"
            </p>
            {storage::migration_notice().map(|notice| view! { <p class="notice" role="alert">{notice}</p> })}
            <div class="history-tools">
                <label class="search">
                    "Search"
                    <input
                        type="search"
                        id="history-search"
                        placeholder="Questions, answers, findings…"
                        prop:value=move || query.get()
                        on:input=move |ev| {
                            limit.set(PAGE);
                            query.set(event_target_value(&ev));
                        }
                    />
                </label>
                <FilterControls filter=filter />
            </div>
            <div class="history-actions">
                <p class="muted" role="status">{count_text}</p>
                <button on:click=select_shown disabled=move || shown.with(Vec::is_empty)>"Select all shown"</button>
                <button
                    on:click=move |_| selected.set(HashSet::new())
                    disabled=move || selected.with(HashSet::is_empty)
                >
                    "Clear selection"
                </button>
                <button class="danger" on:click=delete_selected disabled=move || selected.with(HashSet::is_empty)>
                    {move || format!("Delete selected ({})", selected.with(HashSet::len))}
                </button>
            </div>
            <p class="notice" role="status">{move || message.get()}</p>
            <Show when=move || history.with(Vec::is_empty)>
                <EmptyHistory />
            </Show>
            <ul class="session-list">
                // Keyed by what a row shows, so a rename in the sidebar shows here at once.
                <For each=rows key=|s| (s.id.clone(), s.updated_at.clone(), s.title.clone()) let:summary>
                    <HistoryItem summary=summary hits=entry_hits selected=selected />
                </For>
            </ul>
            <Show when=more_to_show>
                <button on:click=move |_| limit.update(|l| *l += PAGE)>
                    {move || format!("Show more ({} not shown)", shown.with(Vec::len).saturating_sub(limit.get()))}
                </button>
            </Show>
            // Keeping and bringing back sessions: below the list, where the list is the point.
            <div class="history-transfer">
                <HistoryTransfer message=message />
                <StorageStatus />
            </div>
        </section>
    }
}

/// No sessions yet: say what History will hold, and offer the three demos, which fill it.
#[component]
fn EmptyHistory() -> impl IntoView {
    let state = expect_context::<AppState>();
    let problem = RwSignal::new(None::<String>);
    let demo = move |protocol: Protocol| move |_| launch_demo(state, protocol, problem);
    view! {
        <div class="empty-history">
            <p>"No sessions yet. Every consult, review and prioritization you run is kept here, in this browser."</p>
            <p>"See one finished in seconds, at no cost:"</p>
            <div class="empty-history-demos">
                <button on:click=demo(Protocol::Consult)>"Consult demo"</button>
                <button on:click=demo(Protocol::Review)>"Review demo"</button>
                <button on:click=demo(Protocol::Prioritize)>"Prioritize demo"</button>
            </div>
            <p class="error" role="alert">{move || problem.get()}</p>
            <RunStartStatus />
        </div>
    }
}

/// Runs `query` over the search texts, reading them first if they are not at hand.
fn search(
    query: String,
    texts: StoredValue<Option<SearchCache>, LocalStorage>,
    hits: RwSignal<Option<HashMap<SessionId, SearchHit>>>,
    history: RwSignal<Vec<SessionSummary>>,
) {
    let parsed = Query::parse(&query);
    if parsed.is_empty() {
        hits.set(None);
        return;
    }
    let run = move |texts: &SearchCache| texts.find(&parsed);
    if let Some(found) = texts.with_value(|t| t.as_ref().map(run)) {
        hits.set(Some(found));
        return;
    }
    let seen = history.with_untracked(|h| stamps(h));
    spawn_local(async move {
        let all = storage::search_texts().await.unwrap_or_default();
        texts.set_value(Some(SearchCache::new(all, seen)));
        // The box may have changed while the texts were read: search for what it says now.
        search(query, texts, hits, history);
    });
}

/// The list's filters and sort: one select per control, as the engine offers them.
#[component]
fn FilterControls(filter: RwSignal<HistoryFilter>) -> impl IntoView {
    FilterControl::ALL
        .into_iter()
        .map(|control| {
            let choose = move |ev| {
                let value = event_target_value(&ev);
                filter.update(|f| f.choose(control, &value));
            };
            let choices = control
                .choices()
                .iter()
                .map(|(value, text)| view! { <option value=*value>{*text}</option> })
                .collect_view();
            view! {
                <label>
                    {control.label()}
                    <select on:change=choose>{choices}</select>
                </label>
            }
        })
        .collect_view()
}

#[component]
fn HistoryItem(
    summary: SessionSummary,
    /// By entry: a thread's row shows the snippet of a match in any of its turns.
    hits: Signal<Option<HashMap<SessionId, SearchHit>>>,
    selected: RwSignal<HashSet<SessionId>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let id = summary.id.clone();
    let open_id = id.clone();
    let title = summary.title.clone();
    let checked = {
        let id = id.clone();
        move || selected.with(|s| s.contains(&id))
    };
    let toggle = {
        let id = id.clone();
        move |_| {
            selected.update(|s| {
                if !s.remove(&id) {
                    s.insert(id.clone());
                }
            })
        }
    };
    let snippet = move || {
        hits.with(|h| h.as_ref().and_then(|h| h.get(&id).cloned()))
            .filter(|hit| !hit.segments.is_empty())
            .map(|hit| {
                let parts = hit
                    .segments
                    .into_iter()
                    .map(|s| {
                        if s.hit {
                            view! { <mark>{s.text}</mark> }.into_any()
                        } else {
                            s.text.into_any()
                        }
                    })
                    .collect::<Vec<_>>();
                view! { <p class="snippet">{parts}</p> }
            })
    };
    let when = short_time(&summary.updated_at);
    view! {
        <li class="session-item">
            <input type="checkbox" aria-label=format!("Select {title}") prop:checked=checked on:change=toggle />
            <button class="link" on:click=move |_| state.go(Route::Session(open_id.clone()))>
                {summary.title.clone()}
                // A badge says "demo", once, rather than a "[demo]" in every title.
                {summary.demo.then(|| view! { " " <span class="badge demo-badge">"demo"</span> })}
            </button>
            <span class="muted">{summary.protocol.clone()} " · " {state_words(&summary.state)}
                {summary.depth_line().map(|line| view! { " · " <span class="depth-line">{line}</span> })}
                {summary.run_ms.map(|ms| view! { " · " <span class="run-time">{took(ms)}</span> })}
                " · " <span class="when">{when}</span></span>
            {summary.latest_turn.clone().map(|latest| view! { <p class="latest-turn">"Latest follow-up: " {latest}</p> })}
            {(!summary.outcome.is_empty()).then(|| view! { <p class="outcome">{summary.outcome_line()}</p> })}
            {snippet}
        </li>
    }
}

/// Storage used and available, and whether the browser promised to keep it; where it did not,
/// advice to keep the history safe, said once (dismissed for good).
#[component]
fn StorageStatus() -> impl IntoView {
    let usage = LocalResource::new(storage::usage);
    let text = move || {
        let usage = usage.get().flatten()?;
        Some(storage_line(
            usage.used_bytes,
            usage.quota_bytes,
            usage.persisted,
        ))
    };
    let dismissed = RwSignal::new(storage::storage_advice_dismissed());
    let not_kept = move || {
        usage
            .get()
            .flatten()
            .is_some_and(|u| u.persisted != Some(true))
    };
    view! {
        <p class="muted storage-status">{text}</p>
        <Show when=move || not_kept() && !dismissed.get()>
            <div class="notice storage-advice" role="note">
                <p>
                    "This browser has not promised to keep your history: it may delete it when space runs low, "
                    "and Safari deletes it after 7 days without a visit. Keep a copy with “Export all”, or install "
                    "Consilium (Safari: Share, then “Add to Home Screen”; Chrome: “Install app”), which keeps its storage."
                </p>
                <button class="secondary" on:click=move |_| {
                    storage::dismiss_storage_advice();
                    dismissed.set(true);
                }>"Got it"</button>
            </div>
        </Show>
    }
}
