//! The application root: the store in context, the header and the current view.
use leptos::prelude::*;

use crate::app::providers::sign_in::take_sign_in_return;
use crate::app::providers::sign_in_part;
use crate::app::{current_hash, AppState, Route};
use crate::platform::focus::{focus_id, focus_once_shown};
use crate::ui::history::lazy::history_view;
use crate::ui::session::lazy::{session_view, shared_view};
use crate::ui::session::new::NewSessionView;
use crate::ui::settings::lazy::settings_view;
use crate::ui::shortcuts::{listen_for_shortcuts, ShortcutsHelp};
use crate::ui::sidebar::lazy::LazySidebar;
use crate::ui::sidebar::{provide_sidebar, SidebarToggle};
use crate::ui::widgets::part_view::PartView;

#[component]
pub fn App() -> impl IntoView {
    // First: the return from a sign-in cleans the address the route is read from.
    let signed_in = take_sign_in_return();
    let state = AppState::new();
    provide_context(state);
    if let Some(returned) = signed_in {
        leptos::task::spawn_local(sign_in_part::finish(state, returned));
    }
    provide_sidebar();
    let help = listen_for_shortcuts(state);

    // Route -> URL fragment, and back/forward -> route.
    Effect::new(move |_| {
        let hash = state.route.get().to_hash();
        if current_hash() != hash {
            let _ = window().location().set_hash(&hash);
        }
    });
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        let route = Route::from_hash(&current_hash());
        if state.route.get_untracked() != route {
            state.route.set(route);
        }
    });

    view! {
        // The app's routes live in the URL fragment: following `#main` would read as a route
        // (New session), so the link moves focus itself and leaves the URL alone.
        <a class="skip-link" href="#main" on:click=|ev| { ev.prevent_default(); focus_id("main"); }>"Skip to content"</a>
        <header class="app-header">
            <SidebarToggle />
            <h1 class="brand">"Consilium"</h1>
            <nav aria-label="Main">
                <NavButton route=Route::New label="New session" />
                <NavButton route=Route::History label="History" />
                <NavButton route=Route::Settings label="Settings" />
            </nav>
            <button class="nav-button shortcuts-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)"
                on:click=move |_| { help.set(true); focus_once_shown(".shortcuts-help .close-help"); }>"?"</button>
        </header>
        <ShortcutsHelp open=help />
        // One polite live region for the whole app: each finished call and the end of a run.
        <p class="visually-hidden" role="status" aria-live="polite" id="run-announcer">
            {move || state.live.announcement.get()}
        </p>
        <Show when=move || state.settings_problems.with(|p| !p.is_empty()) && state.route.get() != Route::Settings>
            <p class="notice settings-problems" role="alert">
                "Some stored settings could not be read; the rest were kept. "
                <button class="link" on:click=move |_| state.go(Route::Settings)>"See which in Settings"</button>
            </p>
        </Show>
        <div class="app-layout">
        // With the session list it shows, loaded once the page is idle (`ui::sidebar::lazy`).
        <LazySidebar />
        <main id="main" tabindex="-1">
            {move || match state.route.get() {
                Route::New => view! { <NewSessionView /> }.into_any(),
                // The other views load on demand (each folder's `lazy.rs`): the first screen needs only this one.
                Route::Session(id) => {
                    view! { <PartView load=move || session_view(id.clone()) /> }.into_any()
                }
                Route::History => view! { <PartView load=history_view /> }.into_any(),
                Route::Settings => view! { <PartView load=settings_view /> }.into_any(),
                Route::Shared(data) => {
                    view! { <PartView load=move || shared_view(data.clone()) /> }.into_any()
                }
            }}
        </main>
        </div>
    }
}

#[component]
fn NavButton(route: Route, label: &'static str) -> impl IntoView {
    let state = expect_context::<AppState>();
    let target = route.clone();
    // Only the page itself: a session (new, running or stored) is not "History".
    let current = move || state.route.get() == route;
    view! {
        <button
            class="nav-button"
            class:active=current.clone()
            aria-current=move || if current() { Some("page") } else { None }
            on:click=move |_| state.go(target.clone())
        >
            {label}
        </button>
    }
}
