//! A form's way to its run, the same for every protocol: the checks before the start (keys still
//! missing, seats known to fail), then the run launched at once or held for the user's consent
//! beside the button; and the parts of the form that show them.
use consilium_engine::views::{ConsentRequest, Seat};
use consilium_engine::Session;
use leptos::prelude::*;

use crate::app::AppState;
use crate::components::shared::cost_gate::PendingRun;
use crate::components::shared::launch;
use crate::components::shared::provider_gate::{
    council_summary, known_failures, providers_without_key, ConsentBeside, MissingKeys, SeatsHealth,
};

/// `Err` with the one message that stops the run: a key still missing for a seat's provider
/// (asked for above the button), or a seat whose provider is known to fail. `seats` are the seats
/// the run asks, as (label, seat) in the form's order.
pub fn ready_to_start(state: AppState, seats: &[(String, Seat)]) -> Result<(), String> {
    let asked: Vec<Seat> = seats.iter().map(|(_, seat)| seat.clone()).collect();
    if let Some((_, name)) = providers_without_key(state, &asked).first() {
        return Err(format!(
            "Paste the API key for {name} first (above the button)."
        ));
    }
    match known_failures(state, seats) {
        Some(message) => Err(message),
        None => Ok(()),
    }
}

/// Launches `session`, or holds it for the consent dialog beside the button when the engine asks
/// for the user's word (`consent`; `estimate` is the cost estimate's text, where there is one).
pub fn start_or_ask(
    state: AppState,
    session: Session,
    consent: Option<ConsentRequest>,
    estimate: Option<String>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) {
    problem.set(None);
    match consent {
        Some(request) => awaiting_consent.set(Some(PendingRun {
            session,
            request,
            estimate,
        })),
        None => launch(state, session, problem),
    }
}

/// The council as a chip ("3 panelists · llama.cpp · Edit") that opens its editor (`children`;
/// typed, not boxed: the first screen's module keeps only Consult's).
#[component]
pub fn CouncilChip<C: IntoView + 'static>(
    seats: Signal<Vec<Seat>>,
    /// What one seat is called in the chip: "panelist", "reviewer", "partner".
    noun: &'static str,
    children: TypedChildren<C>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let chip = move || council_summary(state, &seats.get(), noun);
    let editor = children.into_inner()();
    view! {
        <details class="council">
            <summary class="council-chip">{chip}</summary>
            {editor}
        </details>
    }
}

/// What the checks before the start will find, shown before the user asks: each seat's provider
/// health, and a field for each key still missing.
#[component]
pub fn SeatChecks(seats: Signal<Vec<Seat>>) -> impl IntoView {
    let keys_typed = RwSignal::new(0u32);
    view! {
        <SeatsHealth seats=seats />
        <MissingKeys seats=seats typed=keys_typed />
    }
}

/// The button that starts the run, with the consent dialog beside it when one is asked for.
#[component]
pub fn StartButton<F: Fn() + 'static>(
    label: &'static str,
    on_start: F,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    view! {
        <div class="ask-actions">
            <button class="primary" on:click=move |_| on_start()>{label}</button>
            <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
        </div>
    }
}
