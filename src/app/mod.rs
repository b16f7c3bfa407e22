//! The store: the state every view shares (settings, the route, the live run, providers'
//! health), provided once as context, and the commands that change it (`runs`, `providers`,
//! `library`). Never a view: `ui` renders what this holds.
use leptos::prelude::*;

use crate::app::library::Library;
use crate::app::providers::{HealthBook, KeyBook};
use crate::app::runs::start::RunStart;
use crate::app::runs::LiveRun;
use crate::settings::Settings;
use consilium_engine::foundation::ids::SessionId;

pub mod council;
pub mod library;
pub mod material;
pub mod outcome;
pub mod providers;
pub mod runs;
pub mod shown;
pub mod sync;
pub mod thread;

/// Which view is showing; mirrored in the URL fragment so a reload (or the back button) returns to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    New,
    Session(SessionId),
    History,
    /// How the user's judged decisions held up (`ui::track_record`).
    TrackRecord,
    Settings,
    /// A session opened read-only from a share link: the compressed report itself.
    Shared(String),
}

impl Route {
    pub fn from_hash(hash: &str) -> Self {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        match path.split_once('/') {
            Some(("session", id)) if !id.is_empty() => Route::Session(id.into()),
            Some(("shared", data)) if !data.is_empty() => Route::Shared(data.to_string()),
            _ => match path {
                "history" => Route::History,
                "track-record" => Route::TrackRecord,
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
            Route::TrackRecord => "#/track-record".into(),
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
    /// Every stored session's summary (the session list's one owner).
    pub library: Library,
    /// A run's start while its part loads, or failed to (for Retry).
    pub start: RunStart,
    /// Each provider's last check (in memory: a reload checks again when asked).
    pub health: HealthBook,
    /// What OpenRouter keys may still spend, and the last sign-in's outcome.
    pub keys: KeyBook,
    /// A quiet line above the new-session form, drawn by a part loaded after the first screen
    /// (the sidebar's: the outcome reminder), so its code is not in the first screen.
    pub new_session_note: RwSignal<Option<ViewFn>>,
}

impl AppState {
    pub fn new() -> Self {
        let (settings, problems) = Settings::load_reporting();
        let library = Library::new();
        Self {
            settings: RwSignal::new(settings),
            settings_problems: RwSignal::new(problems),
            route: RwSignal::new(Route::from_hash(&current_hash())),
            live: LiveRun::new(library),
            library,
            start: RunStart::default(),
            health: HealthBook::default(),
            keys: KeyBook::default(),
            new_session_note: RwSignal::new(None),
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

pub fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}
