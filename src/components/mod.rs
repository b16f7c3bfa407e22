//! Views and their parts, by protocol, plus the pages and parts they share. Each file is one view
//! or one reusable piece of a view; what they show is computed by the engine's view models
//! (`consilium_engine::views`).
pub mod benchmark;
pub mod consult;
pub mod history;
pub mod prioritize;
pub mod review;
pub mod session;
pub mod settings;
pub mod shared;
pub mod sidebar;
