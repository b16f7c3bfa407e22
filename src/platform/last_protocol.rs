//! The protocol of the last session started, kept in local storage so the next visit prefetches
//! its form (`ui::prefetch`).
use consilium_engine::record::Protocol;
use gloo_storage::{LocalStorage, Storage};

/// Where the protocol of the last session started is kept (local storage).
const LAST_PROTOCOL_KEY: &str = "consilium.last-protocol";

/// Remembers the protocol of a session being started, for the next visit's prefetch.
pub fn remember_protocol(protocol: Protocol) {
    let _ = LocalStorage::set(LAST_PROTOCOL_KEY, protocol_name(protocol));
}

fn protocol_name(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Consult => "consult",
        Protocol::Review => "review",
        Protocol::Prioritize => "prioritize",
        Protocol::Benchmark => "benchmark",
    }
}

/// The protocol last used, if one was.
pub fn last_protocol() -> Option<Protocol> {
    match LocalStorage::get::<String>(LAST_PROTOCOL_KEY)
        .ok()?
        .as_str()
    {
        "consult" => Some(Protocol::Consult),
        "benchmark" => Some(Protocol::Benchmark),
        "review" => Some(Protocol::Review),
        "prioritize" => Some(Protocol::Prioritize),
        _ => None,
    }
}
