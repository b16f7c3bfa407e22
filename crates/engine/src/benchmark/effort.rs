//! What each arm asked per question: calls, and calls one after another (the wait a user sees:
//! a round's parallel calls count once). With accuracy and cost per correct answer, it shows what
//! Vote and Adaptive depth save against the full council.
use super::outcomes::{arm_label, arms_of};
use crate::record::benchmark::body::{Arm, BenchmarkBody};

#[derive(Clone, Debug, PartialEq)]
pub struct ArmEffort {
    pub arm: Arm,
    pub label: String,
    /// Questions the arm has an outcome for.
    pub questions: u64,
    pub calls: u64,
    pub sequential_calls: u64,
}

impl ArmEffort {
    pub fn calls_per_question(&self) -> Option<f64> {
        (self.questions > 0).then(|| self.calls as f64 / self.questions as f64)
    }

    pub fn sequential_calls_per_question(&self) -> Option<f64> {
        (self.questions > 0).then(|| self.sequential_calls as f64 / self.questions as f64)
    }
}

/// Every arm's effort, in the order results list the arms.
pub fn arm_efforts(body: &BenchmarkBody) -> Vec<ArmEffort> {
    arms_of(body)
        .into_iter()
        .map(|arm| {
            let outcomes: Vec<_> = body
                .results
                .iter()
                .filter_map(|r| r.outcome(&arm))
                .collect();
            ArmEffort {
                label: arm_label(body, &arm),
                questions: outcomes.len() as u64,
                calls: outcomes.iter().map(|o| u64::from(o.calls)).sum(),
                sequential_calls: outcomes.iter().map(|o| u64::from(o.sequential_calls)).sum(),
                arm,
            }
        })
        .collect()
}
