//! The run harness every protocol shares: asking a participant (structured output where the
//! provider has it, tolerant parse, one re-ask, a recorded failure), the budget checked before every
//! call, the cost ledger, call records, protocol-neutral events (streaming deltas included), state
//! transitions, and "save after every change". A protocol describes its rounds on top of it.
pub mod asking;
pub mod demo;
pub mod echo;
pub mod estimate;
pub mod events;
pub mod free_text;
pub mod io;
pub mod keyed_reply;
pub mod ledger;
pub mod prompt;
pub mod protocol;
pub mod run;
pub mod user_action;
