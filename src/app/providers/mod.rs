//! Providers: each one's health (the one check, "Check connection": its model list and a short
//! test call, kept per connection), the check's own wasm part (`check_part`), what they say about a council before
//! its run (`gate`), adding one from a preset (`presets`), signing in with OpenRouter
//! (`sign_in`, fetched as its own part: `sign_in_part`) and what its keys may still spend (`key_book`).
pub mod any_server;
pub mod check_part;
mod connection;
pub mod gate;
mod health;
pub mod key_book;
pub mod presets;
pub mod sign_in;
pub mod sign_in_part;

pub use connection::connection_request;
pub use health::{check_provider, Checked, HealthBook};
pub use key_book::KeyBook;
