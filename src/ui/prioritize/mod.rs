//! Prioritize's views: the new-prioritization form (the backlog, the partners) and Prioritize's
//! part of the session page.
pub mod lazy;
pub mod new;
pub mod session;
