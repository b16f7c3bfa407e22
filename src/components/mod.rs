//! Views and their parts. Each file is one view or one reusable piece of a view.
pub mod consult_session;
pub mod cost_gate;
pub mod decision;
pub mod history;
pub mod history_transfer;
pub mod live_calls;
pub mod new_prioritize;
pub mod new_review;
pub mod new_session;
pub mod panel_builder;
pub mod presets;
pub mod prioritize_session;
pub mod review_session;
pub mod rich_text;
pub mod rounds;
pub mod session_view;
pub mod settings_view;
