//! A thread's turn asked of one member alone ("Ask: Panelist 2 · Skeptic"): a consult record whose
//! council is that one panelist, linked by `follows` like any turn, whose result is the member's
//! answer in prose rather than a council decision. The record keeps who answered (its seat in the
//! council it came from), what it was told of its own earlier answers, and the answer itself; the
//! call, its tokens and its cost are the record's call log, as for any run.
use serde::{Deserialize, Serialize};

use super::follow_up::EarlierTurn;
use crate::foundation::ids::ParticipantId;
use crate::foundation::participants::Participant;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MemberTurn {
    /// The panelist's participant id in the council it sits on (`config.panelists[0].id`).
    pub member_id: ParticipantId,
    /// Its seat in that council, from 1: "Panelist 2".
    pub seat: usize,
    /// The member's own earlier answers in this thread it is reminded of, oldest first: its
    /// position in the latest council turn, then what it answered alone since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_earlier: Vec<EarlierTurn>,
    /// The member's answer, once given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// The member is asked the council turn's own question again ("Ask again" on its answer, or
    /// on the answer it failed to give), after the decision.
    #[serde(default, skip_serializing_if = "is_false")]
    pub asked_again: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl MemberTurn {
    /// "Panelist 2 · Skeptic": the member by its seat and persona (its model when it has none),
    /// `panelist` being the turn's one panelist.
    pub fn name(&self, panelist: &Participant) -> String {
        let seat = format!("Panelist {}", self.seat.max(1));
        match &panelist.persona {
            Some(persona) => format!("{seat} · {}", persona.name),
            None => format!("{seat} · {}", panelist.model),
        }
    }
}
