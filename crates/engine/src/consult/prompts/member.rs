//! Continuing a thread with one member alone (issue 32.2): one call to that panelist's model, in
//! its own persona, with the thread's context (the earlier questions and the council's decisions,
//! as a follow-up's rounds 1 and 4 have it) and the new question. It answers in prose: its reply
//! is that member's view, never a council decision, so no shape is asked for.
use super::{earlier_decision, panelist_opening, panelist_system};
use crate::harness::prompt::Prompt;
use crate::participants::Participant;
use crate::record::consult::follow_up::FollowUpOf;

pub fn member_alone(question: &str, panelist: &Participant, thread: &FollowUpOf) -> Prompt {
    Prompt::new(
        panelist_system(panelist),
        format!(
            "{}{}You alone are asked this, not the council: answer from your own view in a few \
             plain sentences of prose (no JSON), and say where you differ from the council's \
             decision.",
            panelist_opening(question),
            earlier_decision(Some(thread))
        ),
    )
}
