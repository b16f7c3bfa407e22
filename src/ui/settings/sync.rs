//! Settings -> Sync: the bucket (endpoint, region, name, access key id), its secret and the sync
//! passphrase (kept like provider keys: this tab only, or the vault when remembered), the CORS rule
//! to paste, and "Sync now" with where sync stands. README, "Sync".
use consilium_bucket::cors::{rule, SERVICES};
use leptos::prelude::*;

use crate::app::sync::{syncing_text, SyncBook, SyncStatus};
use crate::platform::keys;
use crate::platform::sync::local::{self, SyncSettings, PASSPHRASE_KEY_ID, SECRET_KEY_ID};

#[component]
pub fn SyncSettingsEditor() -> impl IntoView {
    let book = SyncBook::get();
    book.count_waiting();
    let settings = RwSignal::new(local::settings());
    let saved = RwSignal::new(None::<Result<(), String>>);
    let secrets_set = RwSignal::new((
        keys::has_key(SECRET_KEY_ID),
        keys::has_key(PASSPHRASE_KEY_ID),
    ));
    let remember = RwSignal::new(false);
    let checked = RwSignal::new(None::<Result<String, String>>);
    let checking = RwSignal::new(false);
    let edit = move |change: fn(&mut SyncSettings, String)| {
        move |ev: leptos::ev::Event| {
            let value = event_target_value(&ev).trim().to_string();
            settings.update(|s| change(s, value));
            saved.set(Some(local::save_settings(&settings.get_untracked())));
        }
    };
    let secret = move |id: &'static str| {
        move |ev: leptos::ev::Event| {
            keys::set_key(id, &event_target_value(&ev), remember.get_untracked());
            // Taken: the secret leaves the page's fields (the placeholder says it is set).
            event_target::<web_sys::HtmlInputElement>(&ev).set_value("");
            secrets_set.set((
                keys::has_key(SECRET_KEY_ID),
                keys::has_key(PASSPHRASE_KEY_ID),
            ));
        }
    };
    let origin = window().location().origin().unwrap_or_default();
    let rules = SERVICES
        .iter()
        .map(|service| {
            let text = rule(*service, &origin);
            view! {
                <details class="sync-cors">
                    <summary>{service.label()}</summary>
                    <pre><code>{text}</code></pre>
                </details>
            }
        })
        .collect_view();
    let status = move || match book.status.get() {
        SyncStatus::Off => "Not synced yet.".to_string(),
        SyncStatus::Syncing => syncing_text(book.progress.get()),
        SyncStatus::Synced { report, .. } => {
            let mut text = format!(
                "Synced: {} uploaded, {} downloaded, {} merged, {} deleted here, {} deleted in the bucket.",
                report.uploaded, report.downloaded, report.merged, report.deleted_here, report.deleted_there
            );
            if report.settings_taken {
                text.push_str(" Settings updated from the bucket.");
            }
            for skipped in &report.skipped {
                text.push_str(" Skipped: ");
                text.push_str(skipped);
            }
            text
        }
        SyncStatus::Failed(sentence) => format!("Sync failed: {sentence}"),
        SyncStatus::Offline => {
            "Offline: what changed here waits, and goes when you are back online.".to_string()
        }
    };
    let waiting = move || match book.waiting.get() {
        0 => String::new(),
        1 => "1 change here is not in the bucket yet.".to_string(),
        count => format!("{count} changes here are not in the bucket yet."),
    };
    view! {
        <section class="sync-settings" aria-labelledby="sync-title">
            <h3 id="sync-title">"Sync"</h3>
            <p class="muted">
                "Your sessions on every device, through an S3-compatible bucket of your own (AWS S3, Cloudflare R2, "
                "Backblaze B2, Wasabi, MinIO, Garage). Everything is encrypted here before it is sent: the bucket sees "
                "sizes and times only. The same sync passphrase on every device; a lost passphrase cannot be recovered."
            </p>
            <div class="sync-fields">
                <label>"Endpoint"
                    <input type="url" name="sync-endpoint" placeholder="https://s3.us-east-1.amazonaws.com"
                        prop:value=move || settings.with(|s| s.endpoint.clone())
                        on:change=edit(|s, v| s.endpoint = v) />
                </label>
                <label>"Region"
                    <input type="text" name="sync-region" placeholder="us-east-1 (auto for R2)"
                        prop:value=move || settings.with(|s| s.region.clone())
                        on:change=edit(|s, v| s.region = v) />
                </label>
                <label>"Bucket"
                    <input type="text" name="sync-bucket"
                        prop:value=move || settings.with(|s| s.bucket.clone())
                        on:change=edit(|s, v| s.bucket = v) />
                </label>
                <label>"Access key id"
                    <input type="text" name="sync-key-id" autocomplete="off"
                        prop:value=move || settings.with(|s| s.access_key_id.clone())
                        on:change=edit(|s, v| s.access_key_id = v) />
                </label>
                <label>"Secret access key"
                    <input type="password" name="sync-secret" autocomplete="off"
                        placeholder=move || if secrets_set.get().0 { "set (type to replace)" } else { "the key's secret" }
                        on:change=secret(SECRET_KEY_ID) />
                </label>
                <label>"Sync passphrase"
                    <input type="password" name="sync-passphrase" autocomplete="off"
                        placeholder=move || if secrets_set.get().1 { "set (type to replace)" } else { "the same on every device" }
                        on:change=secret(PASSPHRASE_KEY_ID) />
                </label>
                <label class="checkbox">
                    <input type="checkbox" name="sync-remember"
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            remember.set(on);
                            keys::set_remember(SECRET_KEY_ID, on);
                            keys::set_remember(PASSPHRASE_KEY_ID, on);
                        } />
                    "Remember the secret and the passphrase on this device (in the key vault)"
                </label>
            </div>
            {move || saved.get().and_then(Result::err).map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <p class="muted">"The bucket needs this CORS rule (for this page's address), pasted in its settings:"</p>
            {rules}
            <div class="sync-actions">
                // Never disabled: pressed while a sync runs (one the page started by itself, say),
                // one more follows it, so what changed since that one began is not left out.
                <button type="button" class="secondary"
                    aria-busy=move || (book.status.get() == SyncStatus::Syncing).to_string()
                    on:click=move |_| {
                        if crate::app::sync::configured() {
                            book.sync_now();
                        } else {
                            book.status.set(SyncStatus::Failed(
                                "Fill in the endpoint, the bucket, the secret and the passphrase first.".into(),
                            ));
                        }
                    }>
                    "Sync now"
                </button>
                <button type="button" class="secondary"
                    disabled=move || checking.get()
                    on:click=move |_| {
                        checking.set(true);
                        checked.set(None);
                        leptos::task::spawn_local(async move {
                            checked.set(Some(crate::app::sync::check().await));
                            checking.set(false);
                        });
                    }>
                    "Check"
                </button>
                <p class="sync-status" role="status" aria-live="polite">{status}</p>
                <p class="sync-waiting muted">{waiting}</p>
            </div>
            <p class="sync-check" role="status" aria-live="polite"
                class:error=move || matches!(checked.get(), Some(Err(_)))>
                {move || if checking.get() {
                    "Checking the bucket…".to_string()
                } else {
                    match checked.get() {
                        Some(Ok(text)) => text,
                        Some(Err(text)) => format!("Check failed: {text}"),
                        None => String::new(),
                    }
                }}
            </p>
        </section>
    }
}
