//! The council's own settings that forms and the Benchmark's advice change: its depth, the depth
//! of new consults (DESIGN.md, "Depth by need"), and the council new consults start with.
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::KeptCouncil;
use leptos::prelude::*;

use crate::app::AppState;

/// Makes `depth` the depth of new consults, saved with the settings; `Err` says why it was not
/// saved (it still holds in this tab).
pub fn set_council_depth(state: AppState, depth: Depth) -> Result<(), String> {
    state.settings.update(|s| s.depth = depth);
    state.settings.with_untracked(|s| s.save())
}

/// Makes `council` the council new consults start with (None: a new council on the providers in
/// turn), saved with the settings; `Err` says why it was not saved (it still holds in this tab).
pub fn keep_council(state: AppState, council: Option<KeptCouncil>) -> Result<(), String> {
    state.settings.update(|s| s.kept_council = council);
    state.settings.with_untracked(|s| s.save())
}
