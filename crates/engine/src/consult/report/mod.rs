//! Consult's exports: the Markdown report and the decision's part of the HTML report.
pub mod html;
pub mod markdown;
