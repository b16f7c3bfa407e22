//! The parts of a form that show its way to the run (`app::runs::start`): the council chip, the
//! checks before the start, and the start button with the consent dialog beside it.
use consilium_engine::views::seats::Seat;
use leptos::prelude::*;

use crate::app::providers::gate::council_summary;
use crate::app::runs::start::PendingRun;
use crate::app::AppState;
use crate::ui::widgets::provider_gate::{ConsentBeside, MissingKeys, SeatsHealth};

/// The council as a chip ("3 panelists · Adaptive · llama.cpp · Edit") that opens its editor (`children`;
/// typed, not boxed: the first screen's module keeps only Consult's).
#[component]
pub fn CouncilChip<C: IntoView + 'static>(
    seats: Signal<Vec<Seat>>,
    /// What one seat is called in the chip: "panelist", "reviewer", "partner".
    noun: &'static str,
    /// How the council decides, named after the count: "3 panelists · Adaptive".
    #[prop(optional_no_strip)]
    detail: Option<Signal<&'static str>>,
    /// Set once the chip is first opened, for an editor that is only built (and fetched) then.
    #[prop(optional)]
    opened: Option<RwSignal<bool>>,
    children: TypedChildren<C>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let chip = move || council_summary(state, &seats.get(), noun, detail.map(|d| d.get()));
    let editor = children.into_inner()();
    let toggled = move |ev: leptos::ev::Event| {
        let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
        if let Some(opened) = opened.filter(|_| open) {
            opened.set(true);
        }
    };
    view! {
        <details class="council" on:toggle=toggled>
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
