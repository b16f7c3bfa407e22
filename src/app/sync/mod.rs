//! Sync through the user's own bucket (README, "Sync"): where it stands, for the sidebar and
//! Settings -> Sync, and the one command that runs it ("Sync now", on open, on focus). The sync itself
//! (`run`) is a wasm part of its own (`part`), fetched the first time a configured sync runs: nothing
//! of it is on the first screen. A sync never blocks a run: it runs beside it, and one at a time.
mod part;
pub mod run;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::platform::keys;
use crate::platform::sync::local::{self, PASSPHRASE_KEY_ID, SECRET_KEY_ID};
pub use run::Report;

/// Where sync stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SyncStatus {
    /// No bucket set up, or its secrets not typed in this tab.
    #[default]
    Off,
    Syncing,
    Synced {
        at_ms: u64,
        report: Report,
    },
    Failed(String),
}

#[derive(Clone, Copy)]
pub struct SyncBook {
    pub status: RwSignal<SyncStatus>,
}

impl Default for SyncBook {
    fn default() -> Self {
        Self {
            status: RwSignal::new(SyncStatus::Off),
        }
    }
}

/// A bucket is set up and this tab holds its secret and the passphrase.
pub fn configured() -> bool {
    let settings = local::settings();
    !settings.endpoint.is_empty()
        && !settings.bucket.is_empty()
        && keys::has_key(SECRET_KEY_ID)
        && keys::has_key(PASSPHRASE_KEY_ID)
}

impl SyncBook {
    /// Syncs now unless a sync is already running or none is set up.
    pub fn sync_now(self) {
        if !configured() || self.status.get_untracked() == SyncStatus::Syncing {
            return;
        }
        self.status.set(SyncStatus::Syncing);
        spawn_local(async move {
            let status = match part::sync().await {
                Ok(report) => SyncStatus::Synced {
                    at_ms: js_sys::Date::now() as u64,
                    report,
                },
                Err(sentence) => SyncStatus::Failed(sentence),
            };
            self.status.set(status);
        });
    }
}
