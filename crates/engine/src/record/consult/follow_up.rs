//! A consult asked as a follow-up of an earlier one: which session it follows and what the council
//! is told of it. The earlier question and decision are kept in the record itself, so a resumed
//! run asks with the same context, and an export or a share link names what it follows even
//! where the earlier session is not stored.
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowUpOf {
    /// The earlier session's id (it may have been deleted since, or live in another browser).
    pub session_id: String,
    /// The earlier question, whole.
    pub question: String,
    /// The earlier decision in one line.
    pub answer: String,
    /// The judge's full recommendation; empty when the one line already says all of it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub recommendation: String,
}
