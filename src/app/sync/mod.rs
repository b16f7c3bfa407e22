//! Sync through the user's own bucket (README, "Sync"): where it stands, for the sidebar and
//! Settings -> Sync, and the one command that runs it ("Sync now", once the page is idle after it
//! opens, on focus, after saves). The sync itself (`run`) is a wasm part of its own (`part`), fetched
//! the first time a configured sync runs; the rest is reached only from the sidebar's and the
//! settings' parts (`SyncBook::get`, not the store's `AppState`), so nothing of sync is on the first
//! screen. A sync never blocks a run: it runs beside it, and one at a time.
mod check;
mod part;
pub mod run;
mod settings;

use std::cell::Cell;
use std::time::Duration;

use consilium_engine::foundation::counted::thousands;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::platform::keys;
use crate::platform::storage;
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
    /// The browser is offline: what changed here waits, and goes when it is back online.
    Offline,
}

#[derive(Clone, Copy)]
pub struct SyncBook {
    pub status: RwSignal<SyncStatus>,
    /// How many changes made here the bucket does not hold yet ("3 waiting").
    pub waiting: RwSignal<usize>,
    /// While syncing: how many of its steps are done, of how many.
    pub progress: RwSignal<(usize, usize)>,
    /// Moves each time a sync changed this device's settings (the page then reads them again).
    pub settings_taken: RwSignal<u32>,
}

thread_local! {
    static BOOK: Cell<Option<SyncBook>> = const { Cell::new(None) };
    static FOLLOWING: Cell<bool> = const { Cell::new(false) };
}

impl SyncBook {
    /// The page's one book, made at its first use (by the sidebar's or the settings' part), under
    /// the page's root owner: made under the view that first asked, it would be disposed with that
    /// view (leaving Settings' Basic tab) while the sidebar still reads it.
    pub fn get() -> Self {
        BOOK.with(|book| {
            book.get().unwrap_or_else(|| {
                let make = || Self {
                    status: RwSignal::new(SyncStatus::Off),
                    waiting: RwSignal::new(0),
                    progress: RwSignal::new((0, 0)),
                    settings_taken: RwSignal::new(0),
                };
                let made = match page_owner() {
                    Some(root) => root.with(make),
                    None => make(),
                };
                book.set(Some(made));
                made
            })
        })
    }
}

/// The owner every view of the page descends from (the mount's), which lives as long as the page.
fn page_owner() -> Option<Owner> {
    let mut owner = Owner::current()?;
    while let Some(parent) = owner.parent() {
        owner = parent;
    }
    Some(owner)
}

/// A bucket is set up and this tab holds its secret and the passphrase.
pub fn configured() -> bool {
    let settings = local::settings();
    !settings.endpoint.is_empty()
        && !settings.bucket.is_empty()
        && keys::has_key(SECRET_KEY_ID)
        && keys::has_key(PASSPHRASE_KEY_ID)
}

/// "Syncing…", and how far it is once it has many steps: "Syncing… 240 of 1,000".
pub fn syncing_text((done, total): (usize, usize)) -> String {
    if total < 10 {
        return "Syncing…".into();
    }
    format!(
        "Syncing… {} of {}",
        thousands(done as u64),
        thousands(total as u64)
    )
}

thread_local! {
    /// A sync was asked for while one ran: one more follows it (`SyncBook::sync_now`).
    static SYNC_AGAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The browser says it has a network (`navigator.onLine`); false only when it surely has none.
fn online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

impl SyncBook {
    /// Syncs now unless none is set up; offline, it only says so (the changes wait, and the
    /// `online` event syncs them). Asked while a sync runs, one more follows it before the status
    /// says it ended: that sync may have read the bucket before what this call is meant to fetch
    /// (a "Sync now" pressed then was lost). Either way the count of what waits is refreshed once
    /// it ends.
    pub fn sync_now(self) {
        if !configured() {
            return;
        }
        if self.status.get_untracked() == SyncStatus::Syncing {
            SYNC_AGAIN.with(|again| again.set(true));
            return;
        }
        if !online() {
            self.status.set(SyncStatus::Offline);
            self.count_waiting();
            return;
        }
        self.status.set(SyncStatus::Syncing);
        spawn_local(async move {
            // What the passes before this one did: the status says all of it, not only the last.
            let mut before = run::Report::default();
            let status = loop {
                self.progress.set((0, 0));
                let progress = self.progress;
                let job = part::Job::Sync(Box::new(move |done, total| progress.set((done, total))));
                let status = match part::run(job).await {
                    Ok(part::Done::Synced(report)) => {
                        let report = std::mem::take(&mut before).and(report);
                        if report.settings_taken {
                            self.settings_taken.update(|n| *n += 1);
                        }
                        SyncStatus::Synced {
                            at_ms: js_sys::Date::now() as u64,
                            report,
                        }
                    }
                    Ok(_) => SyncStatus::Off,
                    // The network went while it ran: the bucket's "nothing answered" means offline.
                    Err(_) if !online() => SyncStatus::Offline,
                    Err(sentence) => SyncStatus::Failed(sentence),
                };
                let again = SYNC_AGAIN.with(|again| again.replace(false));
                match status {
                    SyncStatus::Synced { report, .. } if again => before = report,
                    status => break status,
                }
            };
            self.status.set(status);
            self.count_waiting();
        });
    }

    /// Counts the changes here the bucket does not hold yet (nothing while sync is not set up).
    pub fn count_waiting(self) {
        if !configured() {
            return;
        }
        spawn_local(async move {
            if let Ok(part::Done::Waiting(count)) = part::run(part::Job::CountWaiting).await {
                self.waiting.set(count);
            }
        });
    }
}

/// Settings -> Sync's "Check": Ok with what worked, Err with the failed step and its fix.
pub async fn check() -> Result<String, String> {
    match part::run(part::Job::Check).await? {
        part::Done::Checked(sentence) => Ok(sentence),
        _ => Err("The check did not run.".into()),
    }
}

/// How long saves must pause before they are synced: a run saves after every artifact, and one sync
/// after it settles carries them all.
const AFTER_SAVES: Duration = Duration::from_secs(10);

/// How long saves must pause before what waits is counted again (a run saves often; the count
/// reads every session's summary).
const BEFORE_COUNTING: Duration = Duration::from_secs(1);

thread_local! {
    static SAVES: Cell<u32> = const { Cell::new(0) };
    static COUNTS: Cell<u32> = const { Cell::new(0) };
}

impl SyncBook {
    /// Syncs now (the sidebar's part loads once the page is idle after it opens), when the tab
    /// regains focus or the browser comes back online, and after saves and deletions settle (from
    /// any tab); each does nothing while sync is not set up in this tab. Only the first call does
    /// anything.
    pub fn follow(self) {
        if FOLLOWING.with(|f| f.replace(true)) {
            return;
        }
        self.sync_now();
        let _ = window_event_listener(leptos::ev::focus, move |_| self.sync_now());
        // Back online: what waited goes now.
        let _ = window_event_listener(leptos::ev::online, move |_| self.sync_now());
        // A change of the settings here goes as a saved session does.
        crate::settings::after_save(move || self.soon_after_a_save());
        let listener = storage::sync::listen(move |_| self.soon_after_a_save());
        if let Some(listener) = listener {
            // The page's own lifetime: it listens until the tab closes.
            std::mem::forget(listener);
        }
    }

    /// After a save or deletion here or in another tab: counts what waits once saves pause, and
    /// syncs once they have settled. Its own downloads are saves too: they need no sync after them.
    fn soon_after_a_save(self) {
        if self.status.get_untracked() == SyncStatus::Syncing || !configured() {
            return;
        }
        let counted = COUNTS.with(|n| {
            n.set(n.get().wrapping_add(1));
            n.get()
        });
        set_timeout(
            move || {
                if COUNTS.with(Cell::get) == counted {
                    self.count_waiting();
                }
            },
            BEFORE_COUNTING,
        );
        let serial = SAVES.with(|n| {
            n.set(n.get().wrapping_add(1));
            n.get()
        });
        set_timeout(
            move || {
                if SAVES.with(Cell::get) == serial {
                    self.sync_now();
                }
            },
            AFTER_SAVES,
        );
    }
}
