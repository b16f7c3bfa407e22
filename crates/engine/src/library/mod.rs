//! The session library's rules, shared by the browser store and its tests: what the history list
//! shows of a session (its summary), what a search looks through (everything the session says, not
//! its state, protocol or dates, which are filters), how the list is filtered and sorted, and how a
//! session's material is stored apart from its record, one copy per content.
pub mod filter;
pub mod list;
pub mod material_apart;
pub mod recent;
pub mod reminder;
pub mod search;
pub mod search_cache;
pub mod share;
pub mod sidebar;
pub mod storage_full;
pub mod summary;
pub mod thread;
pub mod transfer;
