//! Prioritize's exports: the seed's JSON, the Markdown report, the CSV backlog, and the outcome's
//! part of the HTML report.
pub mod html;
pub mod markdown;
