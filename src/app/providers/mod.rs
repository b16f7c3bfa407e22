//! Providers: each one's health (the check before a run, kept per connection), "Test
//! connection", the check's own wasm part (`check_part`), what they say about a council before
//! its run (`gate`), and adding one from a preset (`presets`).
pub mod check_part;
mod connection;
pub mod gate;
mod health;
pub mod models;
pub mod presets;

pub use connection::{connection_request, test_connection};
pub use health::{check_provider, HealthBook};
