//! Drafts: what the user typed in a form's main box and did not ask yet, kept on this device so it
//! survives a visit to another session, a reload and a switch of protocol. One draft per protocol
//! (Consult's question, Review's diff) and one per thread (its follow-up composer); a run started
//! from that box clears it. The keys and the rule of what is kept are here; the page stores them.
use crate::record::consult::body::ConsultBody;
use crate::record::{Protocol, Session};

/// A draft larger than this is not kept (local storage holds a few MB for the whole app; a diff
/// that large is pasted again, not typed).
pub const MAX_DRAFT_BYTES: usize = 256 * 1024;

const PREFIX: &str = "consilium.draft.";

/// Where the new-session form of `protocol` keeps its draft.
pub fn draft_key(protocol: Protocol) -> String {
    format!("{PREFIX}{}", protocol.as_str())
}

/// Where the follow-up composer of the thread that starts with session `thread_root` keeps its
/// draft.
pub fn follow_up_draft_key(thread_root: &str) -> String {
    format!("{PREFIX}follow-up.{thread_root}")
}

/// The draft a run of `session` was asked from, and so clears: its thread's composer for a
/// follow-up, else its protocol's form. An edited question is asked from its own box, which
/// keeps no draft: it clears none.
pub fn asked_draft_key(session: &Session) -> Option<String> {
    let body = session.body_of::<ConsultBody>();
    if body.is_some_and(|body| body.edit_of.is_some()) {
        return None;
    }
    Some(match body.and_then(|body| body.follows.as_ref()) {
        Some(follows) => follow_up_draft_key(follows.thread_root().as_str()),
        None => draft_key(session.protocol()),
    })
}

/// What to store for `text`: `None` (remove the draft) when it is only blanks or too large.
pub fn draft_to_keep(text: &str) -> Option<&str> {
    (!text.trim().is_empty() && text.len() <= MAX_DRAFT_BYTES).then_some(text)
}
