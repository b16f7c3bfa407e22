//! Review's exports: `review-report.md`, `fix-requests.md` and the verdict's part of the HTML report.
pub mod html;
pub mod markdown;
