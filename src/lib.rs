//! Consilium's browser shell: Leptos components, browser storage, and the transport that performs the
//! I/O the engine asks for. The protocols themselves live in `consilium-engine`; the wire formats in
//! `consilium-providers`.

pub mod app;
pub mod components;
pub mod driver;
pub mod export;
pub mod ids;
pub mod keys;
pub mod lazy;
pub mod run_lock;
pub mod settings;
pub mod share;
pub mod storage;
pub mod stream_text;
pub mod transport;
