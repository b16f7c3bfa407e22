//! The passphrase that keeps remembered keys encrypted on this device: set it, unlock with it
//! once per tab, lock again, or give up the remembered keys when it is forgotten.
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::AppState;
use crate::platform::keys;
use crate::platform::vault::VaultStatus;

/// Bumped whenever a key, its "remember" box or the vault changes, so views that show them look again.
#[derive(Clone, Copy)]
pub struct VaultTick(pub RwSignal<u32>);

impl VaultTick {
    pub fn bump(&self) {
        self.0.update(|n| *n += 1);
    }
}

#[component]
pub fn KeyVault() -> impl IntoView {
    let state = expect_context::<AppState>();
    let tick = expect_context::<VaultTick>();
    let status = move || {
        tick.0.track();
        // A sign-in finishing after the page loaded may bring a key to remember.
        state.keys.sign_in.track();
        (keys::vault_status(), keys::waiting_for_vault())
    };
    let passphrase = RwSignal::new(String::new());
    let said = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let submit = move |unlocking: bool| {
        let phrase = passphrase.get_untracked();
        busy.set(true);
        said.set(Some(
            if unlocking {
                "Unlocking…"
            } else {
                "Encrypting…"
            }
            .into(),
        ));
        spawn_local(async move {
            let result = if unlocking {
                keys::unlock(phrase).await
            } else {
                keys::create_vault(phrase).await
            };
            busy.set(false);
            match result {
                Ok(()) => {
                    passphrase.set(String::new());
                    said.set(Some(if unlocking {
                        "Unlocked: the remembered keys are usable in this tab.".into()
                    } else {
                        "Encrypted: the remembered keys are stored under your passphrase.".into()
                    }));
                }
                Err(error) => said.set(Some(error.sentence())),
            }
            tick.bump();
        });
    };
    let form = move |unlocking: bool, label: &'static str, action: &'static str| {
        view! {
            <form class="vault-form" on:submit=move |ev| { ev.prevent_default(); submit(unlocking); }>
                <label>{label}
                    <input type="password" autocomplete=if unlocking { "current-password" } else { "new-password" }
                        prop:value=move || passphrase.get()
                        on:input=move |ev| passphrase.set(event_target_value(&ev)) />
                </label>
                <button type="submit" disabled=move || busy.get() || passphrase.with(String::is_empty)>{action}</button>
            </form>
        }
    };
    let body = move || {
        match status() {
        (VaultStatus::Unlocked, _) => view! {
            <p>"Remembered keys are unlocked in this tab."</p>
            <button class="secondary" on:click=move |_| {
                keys::lock();
                said.set(Some("Locked: the remembered keys are out of this tab's memory until you unlock them.".into()));
                tick.bump();
            }>"Lock"</button>
        }.into_any(),
        (VaultStatus::Locked, _) => view! {
            <p>"Remembered keys are locked. Unlock them once for this tab."</p>
            {form(true, "Passphrase", "Unlock")}
            <button class="danger" on:click=move |_| {
                keys::forget_remembered();
                said.set(Some("The remembered keys were deleted; your settings and history are untouched. Enter the keys again to use them.".into()));
                tick.bump();
            }>"Forgot passphrase: delete the remembered keys"</button>
        }.into_any(),
        (VaultStatus::ClearFromEarlierVersion, _) => view! {
            <p class="warning">"Keys remembered by an earlier version are stored in clear on this device. Choose a passphrase to encrypt them."</p>
            {form(false, "New passphrase", "Encrypt the keys")}
        }.into_any(),
        (VaultStatus::None, true) => view! {
            <p>"To remember keys on this device, choose a passphrase: they are stored encrypted with it. Until then they are kept for this tab only."</p>
            {form(false, "New passphrase", "Encrypt and remember")}
        }.into_any(),
        (VaultStatus::None, false) => view! {
            <p class="muted">"Keys you ask to remember are stored encrypted with a passphrase you choose."</p>
        }.into_any(),
    }
    };
    view! {
        <section class="key-vault" aria-label="Remembered keys">
            {body}
            <p class="status" role="status">{move || said.get()}</p>
        </section>
    }
}
