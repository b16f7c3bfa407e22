//! A new consultation, and Consult's view of a session record. The stored body itself is the
//! record's (`record::consult::body`).
use crate::foundation::ids::SessionId;
use crate::record::consult::body::ConsultBody;

use crate::foundation::shuffle::seed_from;
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::state::ConsultState;
use crate::record::state::StateMachine;
use crate::record::{Body, ProtocolBody, Session};

/// Consult's view of a session record.
impl Session {
    /// A new consultation of `question` by `config`'s council, in state `idle`.
    pub fn new_consult(
        id: SessionId,
        question: String,
        config: ConsultConfig,
        now_ms: u64,
    ) -> Self {
        let participants = config.participants().cloned().collect();
        // Drawn once, with the session: a resumed session shows every reader the same labels.
        let peer_label_seed = config.anonymous_peers.then(|| seed_from(id.as_str()));
        let demo = config.demo;
        let mut session = Session::new(
            id,
            question,
            participants,
            Body::Consult(Box::new(ConsultBody {
                config,
                round1: Vec::new(),
                round2: None,
                round3: None,
                round4: None,
                confidence_check: None,
                token_efficiency_stats: None,
                peer_label_seed,
                follows: None,
                early_decision: None,
                cross_examined_anyway: false,
                member_turn: None,
                edit_of: None,
            })),
            demo,
            now_ms,
        );
        session.cost.budget_usd = session.consult().config.budget_usd;
        session
    }

    /// The Consult body. Panics for another protocol's session: for code that only ever sees
    /// consultations (the Consult protocol, its tests); views use `body_of`.
    pub fn consult(&self) -> &ConsultBody {
        ConsultBody::of(&self.body).expect("a Consult session")
    }

    pub fn consult_mut(&mut self) -> &mut ConsultBody {
        ConsultBody::of_mut(&mut self.body).expect("a Consult session")
    }

    /// The typed state of a consultation (None for another protocol or a hand-edited state).
    pub fn consult_state(&self) -> Option<ConsultState> {
        ConsultState::parse(&self.state)
    }
}
