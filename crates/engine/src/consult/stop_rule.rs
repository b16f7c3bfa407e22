//! Adaptive depth's stop rule, computed from the record (docs/design.md, "Depth by need: convene
//! only when in doubt"): stop after the synthesis when every panelist answered round 1, the
//! synthesis records no tension, and its strongest consensus point is supported by every panelist;
//! else cross-examine and judge.
//!
//! **Free text** is conservative: a round-1 answer in prose is heard (the synthesis reads it) but
//! it states no key points of its own, so its "support" of a consensus point is only the judge's
//! reading. The rule does not hold while any panelist answered in free text: rounds 3 and 4 ask
//! that panelist to defend its position in its own words.
//!
//! With a checkable `final_answer` (the Benchmark) agreement is the answers' own: the rule holds
//! after round 1, with no synthesis call, when every panelist gave the same answer
//! (`record::consult::depth::agreed_final_answer`); when they differ it does not hold, whatever a
//! synthesis would find.
use super::confidence::agreement_gaps_after_synthesis;
use crate::foundation::ids::ParticipantId;
use crate::record::consult::artifacts::{IndependentArtifact, SynthesisArtifact};
use crate::record::consult::confidence::AgreementGap;

/// Why the stop rule did not hold.
#[derive(Clone, Debug, PartialEq)]
pub enum ContinueBecause {
    /// A condition of agreement the record does not meet (an absent panelist, a free-text answer,
    /// no consensus point, a consensus point without some panelist).
    Agreement(AgreementGap),
    /// The synthesis records these tensions (their topics).
    Tensions(Vec<String>),
}

impl ContinueBecause {
    pub fn sentence(&self) -> String {
        match self {
            ContinueBecause::Agreement(gap) => gap.sentence(),
            ContinueBecause::Tensions(topics) => format!(
                "the synthesis records {} tension{}: {}",
                topics.len(),
                if topics.len() == 1 { "" } else { "s" },
                topics.join("; ")
            ),
        }
    }
}

/// Every reason the stop rule does not hold on a record through round 2; empty when it holds.
pub fn stop_rule_gaps(
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    panel: &[ParticipantId],
) -> Vec<ContinueBecause> {
    let mut reasons: Vec<ContinueBecause> =
        agreement_gaps_after_synthesis(round1, Some(synthesis), panel)
            .into_iter()
            .map(ContinueBecause::Agreement)
            .collect();
    if !synthesis.tensions.is_empty() {
        let topics = synthesis.tensions.iter().map(|t| t.topic.clone()).collect();
        reasons.push(ContinueBecause::Tensions(topics));
    }
    reasons
}

pub fn stop_rule_holds(
    round1: &[IndependentArtifact],
    synthesis: &SynthesisArtifact,
    panel: &[ParticipantId],
) -> bool {
    stop_rule_gaps(round1, synthesis, panel).is_empty()
}
