//! A new prioritization: the session, its subject and title. The stored body itself is the
//! record's (`record::prioritize::body`).
use crate::foundation::ids::SessionId;
use crate::record::prioritize::body::{PrioritizeBody, PrioritizeConfig};

use super::Prioritize;
use crate::foundation::timestamp::rfc3339_utc;
use crate::harness::protocol::state_of;
use crate::record::prioritize::backlog;
use crate::record::prioritize::debate::DebateSession;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::{self, Body, ProtocolBody, Session};

impl Session {
    /// A new prioritization of `backlog` (its titles are the subject, for lists and search).
    pub fn new_prioritize(
        id: SessionId,
        backlog: Vec<backlog::Opportunity>,
        config: PrioritizeConfig,
        now_ms: u64,
    ) -> Self {
        let subject = backlog
            .iter()
            .map(|o| format!("{}: {}", o.id, o.title))
            .collect::<Vec<_>>()
            .join("\n");
        let title = record::title_of(&format!(
            "Prioritize {} opportunities: {}",
            backlog.len(),
            backlog
                .iter()
                .map(|o| o.title.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let debate = DebateSession::new(
            &id,
            &rfc3339_utc(now_ms),
            backlog.iter().map(|o| o.id.clone()).collect(),
            config.max_rounds,
            config.budget_usd,
        );
        let participants = if config.debate {
            config.partners.clone()
        } else {
            Vec::new()
        };
        let demo = config.demo;
        let budget = config.budget_usd;
        let mut session = Session::new(
            id,
            subject,
            participants,
            Body::Prioritize(Box::new(PrioritizeBody {
                config,
                backlog,
                debate,
                in_progress: None,
                ranked: Vec::new(),
                outcome: None,
            })),
            demo,
            now_ms,
        );
        session.title = title;
        session.cost.budget_usd = Some(budget);
        session
    }

    pub fn prioritize(&self) -> &PrioritizeBody {
        PrioritizeBody::of(&self.body).expect("a Prioritize session")
    }

    pub fn prioritize_state(&self) -> Option<PrioritizeState> {
        state_of::<Prioritize>(self)
    }
}
