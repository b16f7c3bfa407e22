//! The session library's rules, shared by the browser store and its tests: what the history list
//! shows of a session (its summary), what a search looks through (everything the session says, not
//! its state, protocol or dates, which are filters), and how the list is filtered and sorted.
pub mod filter;
pub mod list;
pub mod recent;
pub mod search;
pub mod search_cache;
pub mod share;
pub mod sidebar;
pub mod summary;
pub mod thread;
pub mod transfer;

pub use filter::{DateRange, FilterControl, HistoryFilter, SortOrder, StateFilter};
pub use recent::{follow_ups_of, recent_sessions, relative_time, RecentEntry, RECENT_LIMIT};
pub use search::{searchable_text, Query, SearchHit, SearchText, Segment};
pub use search_cache::{stamps, SearchCache, Stamps};
pub use sidebar::{
    date_group, renamed_title, sidebar_groups, DateGroup, SidebarGroup, SidebarQuery,
};
pub use summary::SessionSummary;
pub use thread::{one_per_thread, thread_of, thread_turn_ids, threads_of};
pub use transfer::{drop_identical, export_all, keep_both, parse_import, Incoming};
