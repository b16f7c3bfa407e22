//! Review's views: the new-review form (the change, the rules, the committee) and Review's part of
//! the session page.
pub mod lazy;
pub mod new;
pub mod session;
