//! The council's own settings that forms and the Benchmark's advice change: its depth, the depth
//! of new consults (DESIGN.md, "Depth by need").
use consilium_engine::record::consult::depth::Depth;
use leptos::prelude::*;

use crate::app::AppState;

/// Makes `depth` the depth of new consults, saved with the settings; `Err` says why it was not
/// saved (it still holds in this tab).
pub fn set_council_depth(state: AppState, depth: Depth) -> Result<(), String> {
    state.settings.update(|s| s.depth = depth);
    state.settings.with_untracked(|s| s.save())
}
