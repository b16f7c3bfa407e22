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
    /// With the passphrase, which alone will open the keys.
    RemovePasskey(String),
    ChangePassphrase {
        current: String,
        new: String,
    },
}

/// The form open under "Remembered keys are unlocked".
#[derive(Clone, Copy, PartialEq)]
enum Panel {
    ChangePassphrase,
    RemovePasskey,
}

impl Step {
    fn waiting(&self) -> &'static str {
        match self {
            Self::Create(Secret::Passphrase(_)) => "Encrypting…",
            Self::Unlock(Secret::Passphrase(_)) => "Unlocking…",
            Self::RemovePasskey(_) => "Removing the passkey…",
            Self::ChangePassphrase { .. } => "Changing the passphrase…",
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
            Self::RemovePasskey(_) => "Passkey removed: the remembered keys are sealed again under a new key that only your passphrase opens. The passkey itself stays on your device (remove it in its passkey settings).",
            Self::ChangePassphrase { .. } => "Passphrase changed: the remembered keys are sealed again under a new key; the old passphrase no longer opens them.",
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

/// Empties every password field of the page (the API keys typed and not yet taken, the
/// passphrases): what "Lock" and the auto-lock leave behind must hold no secret.
fn clear_key_inputs() {
    let Ok(fields) = document().query_selector_all("input[type=password]") else {
        return;
    };
    for i in 0..fields.length() {
        if let Some(field) = fields
            .item(i)
            .and_then(|f| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(f).ok())
        {
            field.set_value("");
        }
    }
}

#[component]
pub fn KeyVault() -> impl IntoView {
    let state = expect_context::<AppState>();
    let tick = expect_context::<VaultTick>();
    // A memo: the view below is rebuilt only when the status changes, not at every tick (a
    // rebuild between a button's press and release would swallow its click).
    let status = Memo::new(move |_| {
        tick.0.track();
        // A sign-in finishing after the page loaded may bring a key to remember.
        state.keys.sign_in.track();
        (keys::vault_status(), keys::waiting_for_vault())
    });
    let methods = move || {
        tick.0.track();
        keys::vault_methods()
    };
    // Asked once, and only when the vault has something to offer (it loads the vault's part).
    let support = RwSignal::new(None::<PasskeySupport>);
    let probing = StoredValue::new(false);
    Effect::new(move |_| {
        if status.get() != (VaultStatus::None, false) && !probing.get_value() {
            probing.set_value(true);
            spawn_local(async move { support.set(Some(keys::passkey_support().await)) });
        }
    });
    let passkey_here = move || support.with(|s| s.as_ref().is_some_and(PasskeySupport::available));
    let passphrase = RwSignal::new(String::new());
    // A new passphrase is typed twice: a typo in a field of dots would lock the keys away.
    let again = RwSignal::new(String::new());
    // The passphrase the vault has now (to change it, or to remove the passkey beside it).
    let current = RwSignal::new(String::new());
    let panel = RwSignal::new(None::<Panel>);
    let said = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    // Locking, by hand or after the idle time, also empties every secret typed and not yet taken.
    let forget_typed = move || {
        for field in [passphrase, again, current] {
            field.try_set(String::new());
        }
        panel.try_set(None);
        clear_key_inputs();
    };
    // Another tab changed or deleted the vault, or it locked itself: this tab's memory already
    // follows; say so here.
    keys::on_other_tab_change(move |sentence| {
        // Only when this tab was locked (not while its user types a passphrase to unlock it).
        if sentence.is_some() && keys::vault_status() != VaultStatus::Unlocked {
            forget_typed();
        }
        if let Some(sentence) = sentence {
            said.try_set(Some(sentence));
        }
        tick.0.try_update(|n| *n += 1);
    });
    // The idle time the auto-lock waits (this is where a vault is unlocked and the time is set).
    Effect::new(move |_| {
        keys::set_idle_lock_minutes(state.settings.with(|s| s.vault_idle_lock_minutes))
    });
    let run = move |step: Step| {
        busy.set(true);
        said.set(Some(step.waiting().into()));
        spawn_local(async move {
            let result = match step.clone() {
                Step::Create(secret) => keys::create_vault(secret).await,
                Step::Unlock(secret) => keys::unlock(secret).await,
                Step::AddPasskey => keys::add_passkey().await,
                Step::RemovePasskey(passphrase) => keys::remove_passkey(passphrase).await,
                Step::ChangePassphrase { current, new } => {
                    keys::change_passphrase(current, new).await
                }
            };
            busy.set(false);
            match result {
                Ok(()) => {
                    passphrase.set(String::new());
                    again.set(String::new());
                    current.set(String::new());
                    panel.set(None);
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
                let secret = Secret::Passphrase(consilium_providers::Secret::new(passphrase.get_untracked()));
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
    let current_field = move |label: &'static str| {
        view! {
            <label>{label}
                <input type="password" autocomplete="current-password"
                    prop:value=move || current.get()
                    on:input=move |ev| current.set(event_target_value(&ev)) />
            </label>
        }
    };
    // Changing the passphrase, or removing the passkey, asks for the passphrase the vault has:
    // whoever sits at an unlocked tab cannot lock its owner out, and the new data key needs it.
    let secret_panel = move |open: Panel| {
        match open {
        Panel::ChangePassphrase => view! {
            <form class="vault-form" aria-label="Change passphrase" on:submit=move |ev| {
                ev.prevent_default();
                run(Step::ChangePassphrase {
                    current: current.try_get_untracked().unwrap_or_default(),
                    new: passphrase.try_get_untracked().unwrap_or_default(),
                });
            }>
                {current_field("Current passphrase")}
                <label>"New passphrase"
                    <input type="password" autocomplete="new-password"
                        prop:value=move || passphrase.get()
                        on:input=move |ev| passphrase.set(event_target_value(&ev)) />
                </label>
                <label>"New passphrase again"
                    <input type="password" autocomplete="new-password"
                        prop:value=move || again.get()
                        on:input=move |ev| again.set(event_target_value(&ev)) />
                </label>
                <Show when=move || differ() && again.with(|a| !a.is_empty())>
                    <p class="muted passphrase-differs" role="status">"The two passphrases differ."</p>
                </Show>
                <div class="vault-actions">
                    <button type="submit" disabled=move || {
                        busy.get() || current.with(String::is_empty) || passphrase.with(String::is_empty) || differ()
                    }>"Change passphrase"</button>
                    <button type="button" class="secondary" on:click=move |_| panel.set(None)>"Cancel"</button>
                </div>
            </form>
        }.into_any(),
        Panel::RemovePasskey => view! {
            <form class="vault-form" aria-label="Remove the passkey" on:submit=move |ev| {
                ev.prevent_default();
                run(Step::RemovePasskey(current.try_get_untracked().unwrap_or_default()));
            }>
                <p class="muted">"Only your passphrase will open the remembered keys: type it to be sure it still does."</p>
                {current_field("Your passphrase")}
                <div class="vault-actions">
                    <button type="submit" disabled=move || busy.get() || current.with(String::is_empty)>"Remove the passkey"</button>
                    <button type="button" class="secondary" on:click=move |_| panel.set(None)>"Cancel"</button>
                </div>
            </form>
        }.into_any(),
    }
    };
    let body = move || {
        match status.get() {
        (VaultStatus::Unlocked, _) => view! {
            <p>"Remembered keys are unlocked in this tab. " {move || methods_line(&methods())}</p>
            <div class="vault-actions">
                <button class="secondary" on:click=move |_| {
                    keys::lock();
                    forget_typed();
                    said.set(Some("Locked: the remembered keys are out of this tab's memory until you unlock them.".into()));
                    tick.bump();
                }>"Lock"</button>
                <Show when=move || support.with(|s| s.as_ref().is_some_and(|s| can_add_passkey(&methods(), s)))>
                    {passkey_button(Step::AddPasskey, "Use a passkey too")}
                </Show>
                // Hidden while a form for a change is open: its own button is the one to press.
                <Show when=move || methods().contains(&UnlockMethod::Passphrase) && panel.with(Option::is_none)>
                    <button class="secondary" disabled=move || busy.get()
                        on:click=move |_| panel.set(Some(Panel::ChangePassphrase))>"Change passphrase"</button>
                </Show>
                // Beside a passphrase only: a vault that a passkey alone opens is given up with "Lost the passkey".
                <Show when=move || { let m = methods(); m.contains(&UnlockMethod::Passkey) && m.contains(&UnlockMethod::Passphrase) && panel.with(Option::is_none) }>
                    <button class="secondary" disabled=move || busy.get()
                        on:click=move |_| panel.set(Some(Panel::RemovePasskey))>"Remove the passkey"</button>
                </Show>
            </div>
            {move || panel.get().map(|open| secret_panel(open))}
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
