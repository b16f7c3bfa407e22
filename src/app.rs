//! The application root: shared state in context, the header and the current view.
use leptos::prelude::*;

use crate::components::session::new::NewSessionView;
use crate::components::sidebar::{provide_sidebar, SidebarToggle};
use crate::driver::{HealthBook, LiveRun};
use crate::lazy::sidebar::LazySidebar;
use crate::lazy::{routes, PartView};
use crate::settings::Settings;

/// Which view is showing; mirrored in the URL fragment so a reload (or the back button) returns to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    New,
    Session(String),
    History,
    Settings,
    /// A session opened read-only from a share link: the compressed report itself.
    Shared(String),
}

impl Route {
    pub fn from_hash(hash: &str) -> Self {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        match path.split_once('/') {
            Some(("session", id)) if !id.is_empty() => Route::Session(id.to_string()),
            Some(("shared", data)) if !data.is_empty() => Route::Shared(data.to_string()),
            _ => match path {
                "history" => Route::History,
                "settings" => Route::Settings,
                _ => Route::New,
            },
        }
    }

    pub fn to_hash(&self) -> String {
        match self {
            Route::New => "#/new".into(),
            Route::Session(id) => format!("#/session/{id}"),
            Route::History => "#/history".into(),
            Route::Settings => "#/settings".into(),
            Route::Shared(data) => format!("#/shared/{data}"),
        }
    }
}

/// Everything components share, provided once as context.
#[derive(Clone, Copy)]
pub struct AppState {
    pub settings: RwSignal<Settings>,
    /// Stored settings fields that could not be read (their defaults are in use).
    pub settings_problems: RwSignal<Vec<String>>,
    pub route: RwSignal<Route>,
    pub live: LiveRun,
    /// Each provider's last check (in memory: a reload checks again when asked).
    pub health: HealthBook,
}

impl AppState {
    pub fn new() -> Self {
        let (settings, problems) = Settings::load_reporting();
        Self {
            settings: RwSignal::new(settings),
            settings_problems: RwSignal::new(problems),
            route: RwSignal::new(Route::from_hash(&current_hash())),
            live: LiveRun::new(),
            health: HealthBook::default(),
        }
    }

    pub fn go(&self, route: Route) {
        self.route.set(route);
    }
}

impl Default for AppState {
    fn default() -> Self {
        Self::new()
    }
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    provide_sidebar();

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
        <a class="skip-link" href="#main">"Skip to content"</a>
        <header class="app-header">
            <SidebarToggle />
            <h1 class="brand">"Consilium"</h1>
            <nav aria-label="Main">
                <NavButton route=Route::New label="New session" />
                <NavButton route=Route::History label="History" />
                <NavButton route=Route::Settings label="Settings" />
            </nav>
        </header>
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
        // With the session list it shows, loaded once the page is idle (src/lazy/sidebar.rs).
        <LazySidebar />
        <main id="main" tabindex="-1">
            {move || match state.route.get() {
                Route::New => view! { <NewSessionView /> }.into_any(),
                // The other views load on demand (src/lazy): the first screen needs only this one.
                Route::Session(id) => {
                    view! { <PartView load=move || routes::session_view(id.clone()) /> }.into_any()
                }
                Route::History => view! { <PartView load=routes::history_view /> }.into_any(),
                Route::Settings => view! { <PartView load=routes::settings_view /> }.into_any(),
                Route::Shared(data) => {
                    view! { <PartView load=move || routes::shared_view(data.clone()) /> }.into_any()
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
