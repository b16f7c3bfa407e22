//! The sessions sidebar: recent sessions of every protocol (title, protocol, a chip, a relative
//! time) from the light summaries the app already keeps (never the full records), under date
//! headings, with a search, a rename and a deletion that can be undone (`item.rs`, `undo.rs`);
//! "New session" and the search stay at the top, "All history" is at the bottom. On a desktop it can be folded away (remembered);
//! on a phone it is a drawer opened from the header, which holds the focus while open, closes on
//! Escape and after a navigation, and gives the focus back to its button. In the split build the
//! sidebar is a part loaded once the first screen is idle (`lazy.rs`); `SidebarPlaceholder`
//! holds its place until then.
pub mod item;
pub mod lazy;
mod sync_line;
pub mod undo;

use std::time::Duration;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::{
    library::recent::RECENT_LIMIT, library::sidebar::sidebar_groups, library::sidebar::DateGroup,
    library::sidebar::SidebarQuery,
};
use gloo_storage::{LocalStorage, Storage};
use leptos::html::{Button, A};
use leptos::prelude::*;

use crate::app::{AppState, Route};
use item::{Editing, RecentItem};
use undo::UndoDelete;

const FOLDED_KEY: &str = "consilium.sidebar.folded";
const TOGGLE_ID: &str = "sessions-toggle";

/// Whether the phone drawer is open and the desktop sidebar folded; shared by the header's button
/// and the sidebar.
#[derive(Clone, Copy)]
pub struct SidebarState {
    drawer_open: RwSignal<bool>,
    folded: RwSignal<bool>,
}

/// Puts the sidebar's state in context; called once by the app root.
pub fn provide_sidebar() {
    let folded = LocalStorage::get::<bool>(FOLDED_KEY).unwrap_or(false);
    provide_context(SidebarState {
        drawer_open: RwSignal::new(false),
        folded: RwSignal::new(folded),
    });
}

/// The header's button that opens the drawer (shown on phones only, by the stylesheet).
#[component]
pub fn SidebarToggle() -> impl IntoView {
    let sidebar = expect_context::<SidebarState>();
    view! {
        <button
            id=TOGGLE_ID
            class="drawer-toggle"
            aria-controls="session-sidebar"
            aria-expanded=move || sidebar.drawer_open.get().to_string()
            on:click=move |_| sidebar.drawer_open.set(true)
        >
            "Sessions"
        </button>
    }
}

/// The sidebar's frame, empty or with `children` (the part's loading or failure message), while its
/// part loads: the same box, so the page does not move when the sidebar arrives.
#[component]
pub fn SidebarPlaceholder(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let SidebarState {
        drawer_open,
        folded,
    } = expect_context::<SidebarState>();
    view! {
        <aside
            id="session-sidebar"
            class="sidebar"
            class:open=move || drawer_open.get()
            class:folded=move || folded.get()
            aria-label="Sessions"
        >
            <div class="sidebar-inner">{children.map(|children| children())}</div>
        </aside>
    }
}

#[component]
pub fn SessionSidebar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let sidebar = expect_context::<SidebarState>();
    let SidebarState {
        drawer_open,
        folded,
    } = sidebar;
    let live = state.live;
    let library = state.library;
    // Relative times and date groups move on while the page stays open.
    let now = RwSignal::new(js_sys::Date::now() as u64);
    let _ = set_interval_with_handle(
        move || now.set(js_sys::Date::now() as u64),
        Duration::from_secs(60),
    );
    let search = RwSignal::new(String::new());
    let groups = Memo::new(move |_| {
        let running = live
            .running
            .get()
            .then(|| live.session.with(|s| s.as_ref().map(|s| s.id.clone())))
            .flatten();
        let hidden = library
            .pending_delete
            .with(|p| p.as_ref().map(|p| p.id.clone()));
        let now = now.get();
        search.with(|search| {
            let query = SidebarQuery {
                search,
                hidden: hidden.as_ref().map(SessionId::as_str),
                running: running.as_ref().map(SessionId::as_str),
            };
            library
                .sessions
                .with(|all| sidebar_groups(all, &query, now, utc_offset_minutes(now), RECENT_LIMIT))
        })
    });
    let entries_of = move |group: DateGroup| {
        groups.with(|all| {
            all.iter()
                .find(|g| g.group == group)
                .map(|g| g.entries.clone())
                .unwrap_or_default()
        })
    };
    let nothing_stored = move || {
        library.sessions.with(Vec::is_empty) && library.pending_delete.with(Option::is_none)
    };
    let nothing_found = move || !nothing_stored() && groups.with(Vec::is_empty);
    let current = Memo::new(move |_| match state.route.get() {
        Route::Session(id) => Some(id),
        _ => None,
    });
    let editing = Editing::default();
    let undo = NodeRef::<Button>::new();

    // A navigation (a link here, or anywhere else) closes the drawer.
    Effect::new(move |previous: Option<Route>| {
        let route = state.route.get();
        if previous.is_some_and(|p| p != route) {
            drawer_open.set(false);
        }
        route
    });
    let fold = move |value: bool| {
        folded.set(value);
        let _ = LocalStorage::set(FOLDED_KEY, value);
    };

    // The drawer holds the focus: Tab past the last control comes back to the first, and back.
    let first = NodeRef::<Button>::new();
    let last = NodeRef::<A>::new();
    Effect::new(move |_| {
        if drawer_open.get() {
            if let Some(close) = first.get() {
                let _ = close.focus();
            }
        }
    });
    let close = move || {
        drawer_open.set(false);
        if let Some(toggle) = document().get_element_by_id(TOGGLE_ID) {
            if let Ok(toggle) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(toggle) {
                let _ = toggle.focus();
            }
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if !drawer_open.get_untracked() {
            return;
        }
        if ev.key() == "Escape" {
            ev.prevent_default();
            close();
            return;
        }
        if ev.key() != "Tab" {
            return;
        }
        let active = document().active_element();
        let (Some(first), Some(last)) = (first.get(), last.get()) else {
            return;
        };
        let is = |element: &web_sys::HtmlElement| {
            active
                .as_ref()
                .is_some_and(|a| a == AsRef::<web_sys::Element>::as_ref(element))
        };
        if ev.shift_key() && is(&first) {
            ev.prevent_default();
            let _ = last.focus();
        } else if !ev.shift_key() && is(&last) {
            ev.prevent_default();
            let _ = first.focus();
        }
    };

    view! {
        <Show when=move || drawer_open.get()>
            <div class="drawer-backdrop" aria-hidden="true" on:click=move |_| close()></div>
        </Show>
        <aside
            id="session-sidebar"
            class="sidebar"
            class:open=move || drawer_open.get()
            class:folded=move || folded.get()
            aria-label="Sessions"
            role=move || drawer_open.get().then_some("dialog")
            aria-modal=move || drawer_open.get().then_some("true")
            on:keydown=on_keydown
        >
            <div class="sidebar-inner">
            // Stays at the top of the sidebar however long the list (sticky in the stylesheet).
            <div class="sidebar-head">
                <div class="sidebar-top">
                    <button class="drawer-close" node_ref=first aria-label="Close sessions" on:click=move |_| close()>"×"</button>
                    <a class="sidebar-new" href="#/new">"+ New session"</a>
                    <button
                        class="sidebar-fold"
                        aria-controls="recent-sessions"
                        aria-expanded="true"
                        aria-label="Hide recent sessions"
                        title="Hide recent sessions"
                        on:click=move |_| fold(true)
                    >
                        "«"
                    </button>
                </div>
                <input
                    type="search"
                    class="sidebar-search"
                    aria-label="Search sessions"
                    placeholder="Search sessions"
                    prop:value=move || search.get()
                    on:input=move |ev| search.set(event_target_value(&ev))
                />
            </div>
            <button
                class="sidebar-unfold"
                aria-controls="recent-sessions"
                aria-expanded="false"
                aria-label="Show recent sessions"
                title="Show recent sessions"
                on:click=move |_| fold(false)
            >
                "»"
            </button>
            <nav id="recent-sessions" class="recent" aria-label="Recent sessions">
                <h2 class="visually-hidden">"Recent"</h2>
                <Show when=nothing_stored>
                    <p class="muted sidebar-empty">"Your sessions will be listed here."</p>
                </Show>
                <Show when=nothing_found>
                    <p class="muted sidebar-empty" role="status">"No session matches."</p>
                </Show>
                <For each=move || groups.with(|all| all.iter().map(|g| g.group).collect::<Vec<_>>()) key=|group| *group let:group>
                    <h3 class="sidebar-group">{group.label()}</h3>
                    <ul class="recent-list">
                        <For
                            each=move || entries_of(group)
                            key=|e| (e.id.clone(), e.title.clone(), e.chip, e.when.clone())
                            let:entry
                        >
                            <RecentItem entry=entry current=current editing=editing undo=undo />
                        </For>
                    </ul>
                </For>
                <a class="sidebar-track" href="#/track-record">"Track record"</a>
                <a class="sidebar-all" href="#/history" node_ref=last>"All history"</a>
                <sync_line::SyncLine />
            </nav>
            </div>
        </aside>
        <UndoDelete undo=undo />
    }
}

/// The local time's lead on UTC at `now_ms`, in minutes (+60 in Paris in winter).
fn utc_offset_minutes(now_ms: u64) -> i64 {
    -(js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(now_ms as f64)).get_timezone_offset()
        as i64)
}
