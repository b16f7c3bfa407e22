//! The council's own settings that forms and the Benchmark's advice change: its depth, the depth of
//! new consults, whether new consults ask one model alone (docs/design.md, "Depth by need: convene
//! only when in doubt"), and the council new consults start with.
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::{KeptCouncil, Seat};
use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::{CouncilChoice, ModelAlone};

/// Makes `alone` the council of new consults (None: the council of the providers again), saved
/// with the settings; `Err` says why it was not saved (it still holds in this tab).
pub fn set_council_alone(state: AppState, alone: Option<ModelAlone>) -> Result<(), String> {
    state.settings.update(|s| s.choose_alone(alone));
    state.settings.with_untracked(|s| s.save())
}

/// The one seat of a council of `alone`: the model on its provider, no persona, no backup.
pub fn seat_alone(alone: &ModelAlone) -> Seat {
    Seat {
        provider_id: alone.provider_id.clone(),
        model: alone.model.clone(),
        ..Seat::default()
    }
}

/// Makes `depth` the depth of new consults on the council of the providers (leaving one model
/// alone), saved with the settings; `Err` says why it was not saved (it still holds in this tab).
pub fn set_council_depth(state: AppState, depth: Depth) -> Result<(), String> {
    state.settings.update(|s| s.choose_depth(depth));
    state.settings.with_untracked(|s| s.save())
}

/// Makes `council` the council new consults start with (None: a new council on the providers in
/// turn), saved with the settings; `Err` says why it was not saved (it still holds in this tab).
pub fn keep_council(state: AppState, council: Option<KeptCouncil>) -> Result<(), String> {
    state.settings.update(|s| s.choose_kept_council(council));
    state.settings.with_untracked(|s| s.save())
}

/// Puts back a council choice taken as a whole (Undo), saved with the settings.
pub fn restore_council_choice(state: AppState, choice: CouncilChoice) -> Result<(), String> {
    state.settings.update(|s| s.restore_council_choice(choice));
    state.settings.with_untracked(|s| s.save())
}
