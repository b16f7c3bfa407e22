//! What the providers say about a council before its run: seats whose provider is known to fail,
//! providers still without a key in this tab, and the council's one-line summary.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::{
    views::health::seats_known_to_fail, views::health::Health, views::health::SeatToCheck,
    views::seats::Seat,
};
use leptos::prelude::*;

use crate::app::AppState;
use crate::platform::keys;

/// The message that stops a run when a seat's provider is known to fail; `seats` are
/// (label, seat) pairs in the form's order.
pub fn known_failures(state: AppState, seats: &[(String, Seat)]) -> Option<String> {
    let settings = state.settings.get_untracked();
    let found: Vec<(String, String, Health)> = seats
        .iter()
        .filter_map(|(label, seat)| {
            let provider = settings.provider(&seat.provider_id)?;
            Some((
                label.clone(),
                provider.name.clone(),
                state.health.of(provider),
            ))
        })
        .collect();
    let seats: Vec<SeatToCheck> = found
        .iter()
        .map(|(label, provider_name, health)| SeatToCheck {
            label,
            provider_name,
            health,
        })
        .collect();
    seats_known_to_fail(&seats)
}

/// The providers of `seats` that need a key and have none in this tab, as (id, name), once each.
pub fn providers_without_key(state: AppState, seats: &[Seat]) -> Vec<(ProviderId, String)> {
    let mut missing: Vec<(ProviderId, String)> = Vec::new();
    state.settings.with(|settings| {
        for seat in seats {
            if let Some(p) = settings.provider(&seat.provider_id) {
                if p.needs_key()
                    && !keys::has_key(p.id.as_str())
                    && !missing.iter().any(|(id, _)| *id == p.id)
                {
                    missing.push((p.id.clone(), p.name.clone()));
                }
            }
        }
    });
    missing
}

/// "3 panelists · llama.cpp server (local) · Edit": how many sit and on which providers; "1 model ·
/// gpt-4o · Edit" for a consult's council of one model alone (no depth: it is a single answer).
pub fn council_summary(
    state: AppState,
    seats: &[Seat],
    noun: &str,
    detail: Option<&str>,
) -> String {
    let mut names: Vec<String> = Vec::new();
    state.settings.with(|settings| {
        for seat in seats {
            if let Some(p) = settings.provider(&seat.provider_id) {
                if !names.contains(&p.name) {
                    names.push(p.name.clone());
                }
            }
        }
    });
    if let [seat] = seats {
        if noun == "panelist" && !seat.model.trim().is_empty() {
            return format!("1 model · {} · Edit", seat.model);
        }
    }
    let plural = if seats.len() == 1 { "" } else { "s" };
    // "· web" when the council searches the web.
    let web = if noun == "panelist" && state.settings.with(|s| s.search_web) {
        " · web"
    } else {
        ""
    };
    // "3 panelists · Adaptive": how the council decides, right after who sits on it.
    let count = match detail {
        Some(detail) => format!("{} {noun}{plural} · {detail}", seats.len()),
        None => format!("{} {noun}{plural}", seats.len()),
    };
    if seats.is_empty() {
        format!("No {noun}s yet · Edit")
    } else if names.is_empty() {
        format!("{count}{web} · no model yet · Edit")
    } else {
        format!("{count}{web} · {} · Edit", names.join(", "))
    }
}
