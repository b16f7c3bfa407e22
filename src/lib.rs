//! Consilium's browser shell, in layers that import one way (`tests/layers.rs`):
//! `platform` (browser I/O) < `settings` < `run` (the run driver, no Leptos) < `app` (the store:
//! state and commands) < `ui` (views).
//! The protocols themselves live in `consilium-engine`; the wire formats in `consilium-providers`.

pub mod app;
pub mod platform;
pub mod run;
pub mod settings;
pub mod ui;
