//! A consult asked as a follow-up of an earlier one: which session it follows and what the council
//! is told of it. The earlier question and decision are kept in the record itself, so a resumed
//! run asks with the same context, and an export or a share link names what it follows even
//! where the earlier session is not stored. A follow-up asked in a thread (the composer under a
//! decision) also names the thread's first turn and carries the decisions of the turns before the
//! one it follows (`views::thread::turn_context` chooses them within a token budget).
use serde::{Deserialize, Serialize};

use crate::foundation::ids::SessionId;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FollowUpOf {
    /// The earlier session's id (it may have been deleted since, or live in another browser).
    pub session_id: SessionId,
    /// The earlier question, whole.
    pub question: String,
    /// The earlier decision in one line.
    pub answer: String,
    /// The judge's full recommendation; empty when the one line already says all of it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub recommendation: String,
    /// The thread's first turn; empty when the earlier session is the first (or in records from
    /// before threads).
    #[serde(default, skip_serializing_if = "SessionId::is_empty")]
    pub thread: SessionId,
    /// The turns of the thread before the earlier one, oldest first: each question and its
    /// one-line decision, never its debate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<EarlierTurn>,
    /// How many older turns the token budget left out of `before`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub left_out: usize,
}

/// One earlier turn of a thread as the council is told of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EarlierTurn {
    pub question: String,
    pub answer: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl FollowUpOf {
    /// The id of the thread's first turn: the thread this follow-up belongs to.
    pub fn thread_root(&self) -> &SessionId {
        if self.thread.is_empty() {
            &self.session_id
        } else {
            &self.thread
        }
    }
}

/// A turn that asks an earlier turn of its thread again with its question edited ("Edit the
/// question"): the earlier turn is kept as it was, and this one says what it changed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EditOf {
    /// The turn asked again (it may have been deleted since).
    pub turn_id: SessionId,
    /// That turn's question as it was asked, whole.
    pub question: String,
    /// The thread's first turn: the thread this turn belongs to (also when it follows no decision,
    /// as an edit of the first turn does).
    pub thread: SessionId,
}
