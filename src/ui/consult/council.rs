//! A council as Consult's and the Benchmark's forms hold it: the panel and the judge, filled with
//! a new council as soon as the first provider exists, and chosen in the panel builder behind the
//! council chip.
use consilium_engine::consult::view::depth::depth_chip;
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::foundation::participants::Participant;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::{
    views::seats::consult_seats, views::seats::council_participants,
    views::seats::labelled_council, views::seats::Seat,
};
use leptos::prelude::*;

use crate::app::council::seat_alone;
use crate::app::AppState;
use crate::settings::ModelAlone;
use crate::ui::consult::lazy::panel_builder;
use crate::ui::widgets::part_view::PartView;
use crate::ui::widgets::start::CouncilChip;

#[derive(Clone, Copy)]
pub struct Council {
    pub seats: RwSignal<Vec<Seat>>,
    pub judge: RwSignal<Seat>,
}

impl Council {
    /// Empty until the settings have a provider, then a new council on it (seats follow the
    /// providers); a council already chosen is kept.
    pub fn new(state: AppState) -> Self {
        let council = Self::empty();
        council.follow_providers(state);
        council
    }

    /// No seats yet: Consult's form fills them in its council part (`follow_providers`), so the
    /// first screen does not carry the council's defaults.
    pub fn empty() -> Self {
        Self {
            seats: RwSignal::new(Vec::new()),
            judge: RwSignal::new(Seat::default()),
        }
    }

    /// Fills an empty council with a new one on the settings' providers as soon as there is one;
    /// a council already chosen is kept.
    pub fn follow_providers(self, state: AppState) {
        Effect::new(move |_| {
            let settings = state.settings.get();
            if !settings.providers.is_empty() && self.seats.with_untracked(Vec::is_empty) {
                let (panel, judge) = consult_seats(&settings);
                self.seats.set(panel);
                self.judge.set(judge);
            }
        });
        // A seat on a provider's default model follows that default when it changes: a check of
        // a server added without a model name saves the model it answered as.
        let defaults = Memo::new(move |_| {
            state.settings.with(|s| {
                s.providers
                    .iter()
                    .map(|p| (p.id.clone(), p.default_model.clone()))
                    .collect::<Vec<_>>()
            })
        });
        Effect::new(move |before: Option<Vec<(ProviderId, String)>>| {
            let now = defaults.get();
            for (id, old) in before.iter().flatten() {
                let Some((_, new)) = now.iter().find(|(p, m)| p == id && m != old) else {
                    continue;
                };
                let follow = |seat: &Seat| seat.following_default(id, old, new);
                self.seats.update(|seats| {
                    for seat in seats.iter_mut() {
                        *seat = follow(seat);
                    }
                });
                self.judge.update(|judge| *judge = follow(judge));
            }
            now
        });
    }

    /// Follows the settings' model alone (the Benchmark's "Use <model> alone"): when it is set the
    /// council becomes that one seat, and when it is cleared (Undo) the council of the providers
    /// comes back. `now`: apply it at once too (not for a follow-up, which keeps its consult's
    /// council).
    pub fn follow_alone(self, state: AppState, now: bool) {
        let alone = Memo::new(move |_| state.settings.with(|s| s.alone.clone()));
        Effect::new(move |previous: Option<Option<ModelAlone>>| {
            let current = alone.get();
            let changed = match &previous {
                Some(previous) => *previous != current,
                // At first only a model alone changes anything: the council is already the providers'.
                None => now && current.is_some(),
            };
            if changed {
                match &current {
                    Some(alone) => {
                        self.seats.set(vec![seat_alone(alone)]);
                        // Never asked: a council of one has no synthesis to judge.
                        self.judge.set(seat_alone(alone));
                    }
                    None => {
                        let (panel, judge) = state.settings.with_untracked(|s| consult_seats(s));
                        self.seats.set(panel);
                        self.judge.set(judge);
                    }
                }
            }
            current
        });
    }

    /// A council of one model alone: a single answer, no judge.
    pub fn is_alone(self) -> bool {
        self.seats.with(|seats| seats.len() == 1)
    }

    /// The seats a run asks: the panel, and the judge while `with_judge` holds (never for a
    /// council of one).
    pub fn asked(self, with_judge: impl Fn() -> bool + Send + Sync + 'static) -> Signal<Vec<Seat>> {
        Signal::derive(move || {
            let mut asked = self.seats.get();
            if with_judge() && asked.len() > 1 {
                asked.push(self.judge.get());
            }
            asked
        })
    }

    /// The seats a run asks with their labels, for the checks before the start.
    pub fn labelled(self, with_judge: bool) -> Vec<(String, Seat)> {
        let alone = self.seats.with_untracked(|seats| seats.len() == 1);
        let judge = (with_judge && !alone).then(|| self.judge.get_untracked());
        self.seats
            .with_untracked(|panel| labelled_council(panel, judge.as_ref()))
    }

    /// The panelists and the judge as participants; `Err` names the seat to fix.
    pub fn participants(self, state: AppState) -> Result<(Vec<Participant>, Participant), String> {
        state.settings.with_untracked(|settings| {
            self.seats.with_untracked(|panel| {
                self.judge
                    .with_untracked(|judge| council_participants(panel, judge, settings))
            })
        })
    }
}

/// How a consult's council decides, as its form holds it: the depth (the council's, saved when
/// chosen in the panel builder) and the round it stops after (Advanced's "answers only").
#[derive(Clone, Copy)]
pub struct CouncilDepth {
    pub depth: RwSignal<Depth>,
    pub stop_after_round: RwSignal<u8>,
}

/// The council chip, opening the panel builder; with `depth`, the chip names it and the builder
/// offers it (the Benchmark's council has none: it runs every depth).
#[component]
pub fn CouncilChoice(
    council: Council,
    #[prop(optional)] depth: Option<CouncilDepth>,
) -> impl IntoView {
    let seats = council.seats;
    let detail =
        depth.map(|d| Signal::derive(move || depth_chip(d.depth.get(), d.stop_after_round.get())));
    // The panel builder is its own part, fetched when the chip is first opened: most questions
    // are asked with the council as it is.
    let opened = RwSignal::new(false);
    let judge = council.judge;
    let depth = depth.map(|d| d.depth);
    view! {
        <CouncilChip seats=Signal::derive(move || seats.get()) noun="panelist" detail=detail opened=opened>
            {move || opened.get().then(|| view! {
                <PartView load=move || panel_builder(seats, judge, depth) />
            })}
        </CouncilChip>
    }
}
