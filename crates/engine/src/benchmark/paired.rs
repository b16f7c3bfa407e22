//! The arms side by side on the questions every arm has an outcome for: the only ground on which
//! the sentence compares them, so no arm is left out of a comparison for having answered less.
//! A failed answer (a consultation or every call failed) counts as not right here: dropping it
//! would reward the arm that fails most.
use super::results::ArmOutcomes;

/// One arm's answers on the compared questions, in the same order for every arm.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedArm {
    pub label: String,
    pub is_vote: bool,
    pub is_council: bool,
    pub right: Vec<bool>,
    /// Questions the arm gave no answer to (counted in `right` as not right).
    pub failed: u64,
    /// None when any answer's cost is unknown (a call without a price).
    pub cost_usd: Option<f64>,
    pub tokens: u64,
}

impl PairedArm {
    pub fn correct(&self) -> u64 {
        self.right.iter().filter(|&&r| r).count() as u64
    }

    pub fn accuracy(&self) -> f64 {
        if self.right.is_empty() {
            return 0.0;
        }
        self.correct() as f64 / self.right.len() as f64
    }

    /// None when the cost is unknown; infinite with nothing right.
    pub fn cost_per_correct(&self) -> Option<f64> {
        self.cost_usd.map(|usd| per_correct(usd, self.correct()))
    }

    pub fn tokens_per_correct(&self) -> f64 {
        per_correct(self.tokens as f64, self.correct())
    }

    /// How the sentence names the arm: "a plain vote", "the council", or its label.
    pub fn name(&self) -> String {
        if self.is_vote {
            "a plain vote".into()
        } else if self.is_council {
            "the council".into()
        } else {
            self.label.clone()
        }
    }

    /// How the advice names it: "use the vote", "use the council", "use gpt-4o alone".
    pub fn advice_name(&self) -> String {
        if self.is_vote {
            "the vote".into()
        } else {
            self.name()
        }
    }
}

fn per_correct(amount: f64, correct: u64) -> f64 {
    if correct == 0 {
        f64::INFINITY
    } else {
        amount / correct as f64
    }
}

/// The questions every arm has an outcome for, in the council's order.
pub fn compared_questions(council: &ArmOutcomes, others: &[ArmOutcomes]) -> Vec<String> {
    // One set per arm: a lookup each, so the pass is linear in the questions.
    let answered: Vec<std::collections::HashSet<&str>> = others
        .iter()
        .map(|arm| {
            arm.outcomes
                .iter()
                .map(|o| o.question_id.as_str())
                .collect()
        })
        .collect();
    council
        .outcomes
        .iter()
        .map(|o| &o.question_id)
        .filter(|id| answered.iter().all(|arm| arm.contains(id.as_str())))
        .cloned()
        .collect()
}

/// `arm`'s answers on `questions` (each of which it has an outcome for).
pub fn paired_arm(arm: &ArmOutcomes, questions: &[String], is_council: bool) -> PairedArm {
    let by_id: std::collections::HashMap<&str, _> = arm
        .outcomes
        .iter()
        .rev()
        .map(|o| (o.question_id.as_str(), o))
        .collect();
    let outcomes: Vec<_> = questions
        .iter()
        .filter_map(|id| by_id.get(id.as_str()).copied())
        .collect();
    PairedArm {
        label: arm.label.clone(),
        is_vote: arm.is_vote,
        is_council,
        right: outcomes.iter().map(|o| o.correct == Some(true)).collect(),
        failed: outcomes.iter().filter(|o| o.correct.is_none()).count() as u64,
        cost_usd: outcomes.iter().map(|o| o.cost_usd).sum(),
        tokens: outcomes.iter().map(|o| o.tokens).sum(),
    }
}

/// Per question, (first right, second right).
pub fn pairs(first: &PairedArm, second: &PairedArm) -> Vec<(bool, bool)> {
    first
        .right
        .iter()
        .copied()
        .zip(second.right.iter().copied())
        .collect()
}
