//! A new review: the session and its title. The stored body itself is the record's
//! (`record::review::body`).
use crate::foundation::ids::SessionId;
use crate::record::review::body::{ReviewBody, ReviewConfig};

use super::{diff, Review};
use crate::harness::protocol::state_of;
use crate::record::review::state::ReviewState;
use crate::record::{self, Body, ProtocolBody, Session};

impl Session {
    /// A new review of `code` (a unified diff, or plain code) by `config`'s committee.
    pub fn new_review(id: SessionId, code: String, config: ReviewConfig, now_ms: u64) -> Self {
        let participants = config.members.clone();
        let demo = config.demo;
        let title = review_title(&code);
        let budget = config.budget_usd;
        let mut session = Session::new(
            id,
            code,
            participants,
            Body::Review(Box::new(ReviewBody {
                config,
                amendments: Vec::new(),
                secret_hits: Vec::new(),
                rounds: Vec::new(),
                verdict: None,
                awaiting_user: None,
            })),
            demo,
            now_ms,
        );
        session.title = title;
        session.cost.budget_usd = budget;
        session
    }

    pub fn review(&self) -> &ReviewBody {
        ReviewBody::of(&self.body).expect("a Review session")
    }

    pub fn review_state(&self) -> Option<ReviewState> {
        state_of::<Review>(self)
    }
}

/// "Review of src/db.py, config.py" (or "Review of pasted code: <its first line>"). A secret on
/// that line is masked before it is cut to length, as in every title (`record::title_of`).
pub fn review_title(code: &str) -> String {
    let parsed = diff::ParsedDiff::parse(code);
    if parsed.notice.is_some() {
        return record::title_of(&format!(
            "Review of pasted code: {}",
            record::title_of(code)
        ));
    }
    let paths: Vec<&str> = parsed.files.iter().map(|f| f.path.as_str()).collect();
    let shown = paths.iter().take(3).copied().collect::<Vec<_>>().join(", ");
    let more = paths.len().saturating_sub(3);
    let suffix = if more > 0 {
        format!(" (+{more})")
    } else {
        String::new()
    };
    record::title_of(&format!("Review of {shown}{suffix}"))
}
