//! Text helpers that know nothing of sessions: Markdown for reports, the sanitised rich-text tree,
//! tolerant reply parsing (whole and partial), CSV fields.
pub mod csv;
pub mod markdown;
pub mod mask;
pub mod partial_reply;
pub mod reply_parse;
pub mod rich;
pub mod secrets;
