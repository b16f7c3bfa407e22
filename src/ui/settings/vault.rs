//! The vault that keeps remembered keys encrypted on this device: make it with a passphrase or,
//! where the browser can, a passkey; unlock it once per tab with either; add a passkey beside the
//! passphrase; lock again; or give up the remembered keys when the secret is lost.
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::AppState;
use crate::platform::keys;
use crate::platform::vault::unlock::{
    can_add_passkey, forgot_label, unlock_offer, PasskeySupport, UnlockMethod,
};
use crate::platform::vault::{Secret, VaultStatus};

/// Bumped whenever a key, its "remember" box or the vault changes, so views that show them look again.
#[derive(Clone, Copy)]
pub struct VaultTick(pub RwSignal<u32>);

impl VaultTick {
    pub fn bump(&self) {
        self.0.update(|n| *n += 1);
    }
}

/// What a button of the vault asks for.
#[derive(Clone)]
enum Step {
    Create(Secret),
    Unlock(Secret),
    AddPasskey,
    RemovePasskey,
}

impl Step {
    fn waiting(&self) -> &'static str {
        match self {
            Self::Create(Secret::Passphrase(_)) => "Encrypting…",
            Self::Unlock(Secret::Passphrase(_)) => "Unlocking…",
            Self::RemovePasskey => "Removing the passkey…",
            _ => "Waiting for your passkey…",
        }
    }

    fn done(&self) -> &'static str {
        match self {
            Self::Create(Secret::Passphrase(_)) => {
                "Encrypted: the remembered keys are stored under your passphrase."
            }
            Self::Create(Secret::Passkey) => {
                "Encrypted: the remembered keys are stored under your passkey."
            }
            Self::Unlock(_) => "Unlocked: the remembered keys are usable in this tab.",
            Self::AddPasskey => "Passkey added: it unlocks the remembered keys too.",
            Self::RemovePasskey => "Passkey removed: the remembered keys unlock with your passphrase only. The passkey itself stays on your device (remove it in its passkey settings).",
        }
    }
}

fn methods_line(methods: &[UnlockMethod]) -> &'static str {
    match (
        methods.contains(&UnlockMethod::Passphrase),
        methods.contains(&UnlockMethod::Passkey),
    ) {
        (true, true) => "They unlock with your passphrase or your passkey.",
        (false, true) => "They unlock with your passkey.",
        _ => "They unlock with your passphrase.",
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
    let methods = move || {
        tick.0.track();
        keys::vault_methods()
    };
    // Asked once, and only when the vault has something to offer (it loads the vault's part).
    let support = RwSignal::new(None::<PasskeySupport>);
    let probing = StoredValue::new(false);
    Effect::new(move |_| {
        if status() != (VaultStatus::None, false) && !probing.get_value() {
            probing.set_value(true);
            spawn_local(async move { support.set(Some(keys::passkey_support().await)) });
        }
    });
    let passkey_here = move || support.with(|s| s.as_ref().is_some_and(PasskeySupport::available));
    let passphrase = RwSignal::new(String::new());
    // A new passphrase is typed twice: a typo in a field of dots would lock the keys away.
    let again = RwSignal::new(String::new());
    let said = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    // Another tab changed or deleted the vault: this tab's memory already follows; say so here.
    keys::on_other_tab_change(move |sentence| {
        if let Some(sentence) = sentence {
            said.try_set(Some(sentence));
        }
        tick.0.try_update(|n| *n += 1);
    });
    let run = move |step: Step| {
        busy.set(true);
        said.set(Some(step.waiting().into()));
        spawn_local(async move {
            let result = match step.clone() {
                Step::Create(secret) => keys::create_vault(secret).await,
                Step::Unlock(secret) => keys::unlock(secret).await,
                Step::AddPasskey => keys::add_passkey().await,
                Step::RemovePasskey => keys::remove_passkey().await,
            };
            busy.set(false);
            match result {
                Ok(()) => {
                    passphrase.set(String::new());
                    again.set(String::new());
                    said.set(Some(step.done().into()));
                }
                Err(error) => said.set(Some(error.sentence())),
            }
            tick.bump();
        });
    };
    let differ = move || passphrase.with(|p| again.with(|a| p != a));
    let form = move |unlocking: bool, label: &'static str, action: &'static str| {
        view! {
            <form class="vault-form" on:submit=move |ev| {
                ev.prevent_default();
                let secret = Secret::Passphrase(passphrase.get_untracked());
                run(if unlocking { Step::Unlock(secret) } else { Step::Create(secret) });
            }>
                <label>{label}
                    <input type="password" autocomplete=if unlocking { "current-password" } else { "new-password" }
                        prop:value=move || passphrase.get()
                        on:input=move |ev| passphrase.set(event_target_value(&ev)) />
                </label>
                {(!unlocking).then(|| view! {
                    <label>"Passphrase again"
                        <input type="password" autocomplete="new-password"
                            prop:value=move || again.get()
                            on:input=move |ev| again.set(event_target_value(&ev)) />
                    </label>
                })}
                <button type="submit" disabled=move || {
                    busy.get() || passphrase.with(String::is_empty) || (!unlocking && differ())
                }>{action}</button>
                {(!unlocking).then(|| view! {
                    <Show when=move || differ() && again.with(|a| !a.is_empty())>
                        <p class="muted passphrase-differs" role="status">"The two passphrases differ."</p>
                    </Show>
                })}
            </form>
        }
    };
    let passkey_button = move |step: Step, label: &'static str| {
        view! {
            <button type="button" class="secondary passkey" disabled=move || busy.get()
                on:click=move |_| run(step.clone())>{label}</button>
        }
    };
    // A passphrase form and, where the browser can, "Use a passkey" beside it.
    let create = move |label: &'static str, action: &'static str| {
        view! {
            {form(false, label, action)}
            <Show when=passkey_here>
                <p class="vault-or">
                    <span class="muted">"or "</span>
                    {passkey_button(Step::Create(Secret::Passkey), "Use a passkey")}
                    <span class="muted">" (your device unlocks them; no passphrase to remember)"</span>
                </p>
            </Show>
            {move || match support.get() {
                Some(PasskeySupport::Unavailable(why)) => Some(view! { <p class="muted passkey-note">"No passkey option here: " {why}</p> }),
                _ => None,
            }}
        }
    };
    let body = move || {
        match status() {
        (VaultStatus::Unlocked, _) => view! {
            <p>"Remembered keys are unlocked in this tab. " {move || methods_line(&methods())}</p>
            <div class="vault-actions">
                <button class="secondary" on:click=move |_| {
                    keys::lock();
                    passphrase.set(String::new());
                    again.set(String::new());
                    said.set(Some("Locked: the remembered keys are out of this tab's memory until you unlock them.".into()));
                    tick.bump();
                }>"Lock"</button>
                <Show when=move || support.with(|s| s.as_ref().is_some_and(|s| can_add_passkey(&methods(), s)))>
                    {passkey_button(Step::AddPasskey, "Use a passkey too")}
                </Show>
                // Beside a passphrase only: a vault that a passkey alone opens is given up with "Lost the passkey".
                <Show when=move || { let m = methods(); m.contains(&UnlockMethod::Passkey) && m.contains(&UnlockMethod::Passphrase) }>
                    <button class="secondary" disabled=move || busy.get()
                        on:click=move |_| run(Step::RemovePasskey)>"Remove the passkey"</button>
                </Show>
            </div>
        }.into_any(),
        (VaultStatus::Locked, _) => {
            let offer = move || {
                let support = support.get().unwrap_or(PasskeySupport::Unavailable(""));
                unlock_offer(&methods(), &support)
            };
            view! {
                <p>"Remembered keys are locked. Unlock them once for this tab."</p>
                <Show when=move || offer().passkey>
                    <p>{passkey_button(Step::Unlock(Secret::Passkey), "Unlock with your passkey")}</p>
                </Show>
                <Show when=move || offer().passphrase>
                    {form(true, "Passphrase", "Unlock")}
                </Show>
                {move || offer().note.filter(|n| !n.is_empty()).map(|note| view! { <p class="muted">{note}</p> })}
                <button class="danger" on:click=move |_| {
                    keys::forget_remembered();
                    said.set(Some("The remembered keys were deleted; your settings and history are untouched. Enter the keys again to use them.".into()));
                    tick.bump();
                }>{move || forgot_label(&methods())}</button>
            }.into_any()
        }
        (VaultStatus::ClearFromEarlierVersion, _) => view! {
            <p class="warning">"Keys remembered by an earlier version are stored in clear on this device. Choose a passphrase to encrypt them."</p>
            {create("New passphrase", "Encrypt the keys")}
        }.into_any(),
        (VaultStatus::None, true) => view! {
            <p>"To remember keys on this device, choose a passphrase: they are stored encrypted with it. Until then they are kept for this tab only."</p>
            {create("New passphrase", "Encrypt and remember")}
        }.into_any(),
        (VaultStatus::None, false) => view! {
            <p class="muted">"Keys you ask to remember are stored encrypted with a passphrase you choose, or a passkey where this browser has them."</p>
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
