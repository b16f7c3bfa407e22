//! The demo in one place: the caller that answers every protocol's scripted participants, and a new
//! demo session of each protocol. Each protocol writes its own script (`consult::demo`, ...).
mod caller;
mod sessions;

pub use caller::{
    demo_call_ms, demo_reply, DemoCaller, PacedDemoCaller, BENCHMARK_DEMO_SPEEDUP, DEMO_PIECE_MS,
};
pub use sessions::demo_session;
