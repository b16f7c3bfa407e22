//! Consult's parts in the split build: the council area, fetched once a model is connected, and
//! the panel builder, fetched when the council chip is first opened (the question box itself is on
//! the first screen).
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::Seat;
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::platform::split::lazy_view;
use crate::ui::consult::council_area::CouncilArea;
use crate::ui::consult::new::{ConsultDraft, Submit};
use crate::ui::consult::panel_builder::PanelBuilder;

lazy_view!(council_area: fn council_area(draft: ConsultDraft, problem: RwSignal<Option<String>>, awaiting_consent: RwSignal<Option<PendingRun>>, submit: Submit) =>
    view! { <CouncilArea draft=draft problem=problem awaiting_consent=awaiting_consent submit=submit /> }.into_any());

lazy_view!(panel_builder: fn panel_builder(seats: RwSignal<Vec<Seat>>, judge: RwSignal<Seat>, depth: Option<RwSignal<Depth>>) =>
    view! { <PanelBuilder seats=seats judge=judge depth=depth /> }.into_any());
