//! A decision made before round 4 (Vote, or Adaptive when its stop rule held), and how any
//! consult's decision was reached. An early decision has the verdict's shape and its confidence is
//! computed by the verdict's bands and earned-floor rule; the rules that make it are the
//! protocol's (`consult::early`).
use serde::{Deserialize, Serialize};

use super::artifacts::VerdictArtifact;
use super::confidence::ConfidenceCheck;

/// How a consult's decision was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// The judge's verdict after the cross-examination (round 4).
    Verdict,
    /// Adaptive: every panelist gave the same checkable final answer; no synthesis was asked.
    AgreedAnswers,
    /// Adaptive: the stop rule held after the synthesis.
    AgreedAfterSynthesis,
    /// Vote: the strongest consensus point had a majority and the synthesis found no tension.
    Vote,
    /// Vote: no point had a majority, or the synthesis found tensions: said to be split.
    SplitVote,
    /// A council of one model: its round-1 answer, with no synthesis (at any depth).
    Alone,
}

impl DecidedBy {
    /// The decision card's line on how the decision was reached.
    pub fn sentence(self) -> &'static str {
        match self {
            DecidedBy::Verdict => "The judge decided after the cross-examination.",
            DecidedBy::AgreedAnswers => {
                "Every panelist gave the same answer: no synthesis or cross-examination needed."
            }
            DecidedBy::AgreedAfterSynthesis => {
                "The panel agreed after the synthesis: no cross-examination needed."
            }
            DecidedBy::Vote => "Decided by vote: the majority's point after the synthesis.",
            DecidedBy::SplitVote => {
                "The vote decided nothing: the panel is split, no position has a majority."
            }
            DecidedBy::Alone => "Asked alone: its answer is the decision.",
        }
    }

    /// Whose number the confidence started from, as "Why?" names it: only a verdict's is the
    /// judge's; an early decision's is the synthesis's point, the least confident
    /// panelist's, or the model's own.
    pub fn number_source(self) -> &'static str {
        match self {
            DecidedBy::Verdict => "Judge's number",
            DecidedBy::AgreedAnswers => "Least confident panelist's number",
            DecidedBy::AgreedAfterSynthesis | DecidedBy::Vote | DecidedBy::SplitVote => {
                "The synthesis's number for the point"
            }
            DecidedBy::Alone => "Its own number",
        }
    }

    /// The same in a clause: "the judge said 80%", "the synthesis said 80%".
    pub fn said(self) -> &'static str {
        match self {
            DecidedBy::Verdict => "the judge said",
            DecidedBy::AgreedAnswers => "the least confident panelist said",
            DecidedBy::AgreedAfterSynthesis | DecidedBy::Vote | DecidedBy::SplitVote => {
                "the synthesis said"
            }
            DecidedBy::Alone => "the model said",
        }
    }

    /// A few words for lists and summaries: "verdict", "agreed early", "vote", "split vote".
    pub fn short(self) -> &'static str {
        match self {
            DecidedBy::Verdict => "verdict",
            DecidedBy::AgreedAnswers | DecidedBy::AgreedAfterSynthesis => "agreed early",
            DecidedBy::Vote => "vote",
            DecidedBy::SplitVote => "split vote",
            DecidedBy::Alone => "one model",
        }
    }

    /// Decided before round 4.
    pub fn is_early(self) -> bool {
        self != DecidedBy::Verdict
    }

    /// The last round this way of deciding asks: the rounds after it were not needed (not missed).
    pub fn last_round_asked(self) -> u8 {
        match self {
            DecidedBy::Alone | DecidedBy::AgreedAnswers => 1,
            DecidedBy::AgreedAfterSynthesis | DecidedBy::Vote | DecidedBy::SplitVote => 2,
            DecidedBy::Verdict => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DecidedBy;

    #[test]
    fn the_rounds_after_the_way_of_deciding_were_not_needed() {
        assert_eq!(DecidedBy::Alone.last_round_asked(), 1);
        assert_eq!(DecidedBy::AgreedAnswers.last_round_asked(), 1);
        assert_eq!(DecidedBy::Vote.last_round_asked(), 2);
        assert_eq!(DecidedBy::AgreedAfterSynthesis.last_round_asked(), 2);
        assert_eq!(DecidedBy::Verdict.last_round_asked(), 4);
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EarlyDecision {
    pub decided_by: DecidedBy,
    /// Made in code in the verdict's shape: recommendation, confidence (the number the checked
    /// one started from), evidence, dissent, and the final answer when the consult asks for one.
    pub decision: VerdictArtifact,
    pub confidence_check: ConfidenceCheck,
    /// The calls a Full consult would have asked after this point and this one did not.
    pub calls_saved: u32,
}

/// A consult's decision however it was reached: the verdict of round 4, or the early decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision<'a> {
    pub verdict: &'a VerdictArtifact,
    pub confidence_check: Option<&'a ConfidenceCheck>,
    pub decided_by: DecidedBy,
    pub calls_saved: u32,
}

impl Decision<'_> {
    /// "The panel agreed after the synthesis: no cross-examination needed · 4 calls saved".
    /// A split vote decided nothing, so it claims no saving.
    pub fn how_reached(&self) -> String {
        let saved = match self.decided_by {
            DecidedBy::SplitVote => 0,
            _ => self.calls_saved,
        };
        match saved {
            0 => self.decided_by.sentence().to_string(),
            saved => format!(
                "{} · {saved} call{} saved",
                self.decided_by.sentence().trim_end_matches('.'),
                if saved == 1 { "" } else { "s" }
            ),
        }
    }
}
