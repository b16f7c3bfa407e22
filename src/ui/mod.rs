//! Views only: each renders the engine's view models and the store's state (`app`) and calls its
//! commands; none holds a business rule. `shell` is the root (`App`); each protocol's folder
//! (`consult`, `review`, `prioritize`, `benchmark`) holds its form and its part of the session
//! page and declares its own wasm parts (`lazy.rs`); `session`, `history`, `settings` and
//! `sidebar` are the pages around them; `widgets` the pieces they share.
pub mod benchmark;
pub mod consult;
pub mod history;
pub mod prefetch;
pub mod prioritize;
pub mod review;
pub mod session;
pub mod settings;
pub mod shell;
pub mod shortcuts;
pub mod sidebar;
pub mod track_record;
pub mod widgets;
