//! Consult's parts in the split build: the panel builder, fetched when the council chip is first
//! opened (the form itself is on the first screen).
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::Seat;
use leptos::prelude::*;

use crate::platform::split::lazy_view;
use crate::ui::consult::panel_builder::PanelBuilder;

lazy_view!(panel_builder: fn panel_builder(seats: RwSignal<Vec<Seat>>, judge: RwSignal<Seat>, depth: Option<RwSignal<Depth>>) =>
    view! { <PanelBuilder seats=seats judge=judge depth=depth /> }.into_any());
