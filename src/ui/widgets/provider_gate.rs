//! What stands between a filled form and its run, shown where the form is: the providers' health
//! (a run never starts with a seat known to fail), keys still missing (asked for inline), the
//! consent dialog beside the button that needs it, and Ctrl/Cmd+Enter to start.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::{views::health::Health, views::seats::Seat};
use leptos::prelude::*;

use crate::app::providers::gate::providers_without_key;
use crate::app::runs::start::{launch, PendingRun};
use crate::app::{AppState, Route};
use crate::platform::keys;
use crate::platform::vault::VaultStatus;
use crate::ui::widgets::cost_gate::CostConsent;

/// A key field for each seat's provider that has none yet, so a hosted provider's key is asked
/// for here rather than failing the run with a 401. Typing one checks the provider.
#[component]
pub fn MissingKeys(seats: Signal<Vec<Seat>>, typed: RwSignal<u32>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let missing = move || {
        typed.get();
        providers_without_key(state, &seats.get())
    };
    // A key remembered under the passphrase is missing only until the vault is unlocked.
    let locked = move || {
        typed.get();
        !missing().is_empty() && keys::vault_status() == VaultStatus::Locked
    };
    view! {
        <Show when=locked>
            <p class="missing-key vault-locked">
                "Your remembered keys are locked. "
                <button class="link" on:click=move |_| state.go(Route::Settings)>"Unlock them in Settings"</button>
                " or paste the key here for this tab."
            </p>
        </Show>
        {move || missing().into_iter().map(|(id, name)| {
            let label = format!("API key for {name}");
            view! {
                <label class="missing-key">
                    {label}
                    <input type="password" autocomplete="off" placeholder="Paste the key (kept in this tab)"
                        on:change=move |ev| {
                            let key = event_target_value(&ev);
                            if key.trim().is_empty() { return; }
                            let remember = state.settings.with_untracked(|s| s.provider(&id).is_some_and(|p| p.remember_key));
                            keys::set_key(id.as_str(), key.trim(), remember);
                            state.health.forget(&id);
                            if let Some(provider) = state.settings.with_untracked(|s| s.provider(&id).cloned()) {
                                state.health.check(state.settings, provider);
                            }
                            typed.update(|n| *n += 1);
                        } />
                </label>
            }
        }).collect_view()}
    }
}

/// The consent dialog, placed beside the button that asked for it.
#[component]
pub fn ConsentBeside(
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        awaiting_consent.get().map(|pending| {
            let session = StoredValue::new(pending.session.clone());
            view! {
                <CostConsent
                    pending=pending
                    on_accept=Callback::new(move |_| {
                        awaiting_consent.set(None);
                        launch(state, session.get_value(), problem);
                    })
                    on_decline=Callback::new(move |_| awaiting_consent.set(None))
                />
            }
        })
    }
}

/// Whether a key press is Ctrl+Enter or Cmd+Enter: the forms start on it.
pub fn is_submit_key(ev: &leptos::ev::KeyboardEvent) -> bool {
    ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key())
}

/// The provider's health as a small chip.
#[component]
pub fn HealthChip(health: Signal<Health>) -> impl IntoView {
    view! {
        <span class="health-chip" data-tone=move || health.with(Health::tone)>{move || health.with(Health::label)}</span>
    }
}

/// Each provider the seats sit on, with what its last check found: a failing provider is named
/// with its fix before the user asks. A server of the user's own (no key) not yet checked is
/// offered its check here, since adding it did not probe a guessed address.
#[component]
pub fn SeatsHealth(seats: Signal<Vec<Seat>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lines = move || {
        let mut seen: Vec<ProviderId> = Vec::new();
        let mut lines = Vec::new();
        state.settings.with(|settings| {
            for seat in seats.get() {
                let Some(p) = settings.provider(&seat.provider_id) else {
                    continue;
                };
                if seen.contains(&p.id) {
                    continue;
                }
                seen.push(p.id.clone());
                let health = state.health.of(p);
                if health != Health::Unknown || !p.needs_key() {
                    lines.push((p.clone(), health));
                }
            }
        });
        lines
    };
    view! {
        <ul class="seats-health" aria-live="polite">
            {move || lines().into_iter().map(|(provider, health)| {
                let detail = match &health {
                    Health::Failing(diagnosis) => diagnosis.sentence(),
                    Health::Unknown => format!("at {}", provider.base_url),
                    _ => String::new(),
                };
                let unchecked = health == Health::Unknown;
                let name = provider.name.clone();
                let check = move |_| state.health.check(state.settings, provider.clone());
                view! {
                    <li>
                        {name.clone()}" "
                        <span class="health-chip" data-tone=health.tone()>{health.label()}</span>
                        " "{detail}
                        {unchecked.then(|| view! {
                            " "<button class="link" on:click=check>{format!("Check {name}")}</button>
                        })}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
