//! How alike two members' errors are: the phi correlation of "wrong" between them, and in words
//! how often they are wrong together when either is, P(both wrong | at least one wrong), which is
//! what a vote needs to know: two members wrong together out-vote a third that is right.
use consilium_stats::{correlation_interval, wilson_interval, Interval, TwoByTwo, Z_95};

use super::panel::PanelAnswers;

#[derive(Debug, Clone, PartialEq)]
pub struct ErrorPair {
    /// Panel positions, `first < second`.
    pub first: usize,
    pub second: usize,
    /// "Wrong" counted over the questions: both, only the first, only the second, neither.
    pub errors: TwoByTwo,
    /// `None` when a member was always or never wrong (no correlation is defined).
    pub phi: Option<f64>,
    /// Fisher's z interval of phi (approximate for 0/1 data), 95%.
    pub phi_interval: Option<Interval>,
}

impl ErrorPair {
    /// Questions at least one of the two got wrong.
    pub fn either_wrong(&self) -> u64 {
        self.errors.both + self.errors.only_first + self.errors.only_second
    }

    /// P(both wrong | at least one wrong) with its 95% Wilson interval; `None` when neither was
    /// ever wrong.
    pub fn wrong_together(&self) -> Option<(f64, Interval)> {
        let either = self.either_wrong();
        (either > 0).then(|| {
            (
                self.errors.both as f64 / either as f64,
                wilson_interval(self.errors.both, either, Z_95),
            )
        })
    }
}

/// Every pair of members, in panel order (1-2, 1-3, …, 2-3, …).
pub fn error_pairs(panel: &PanelAnswers) -> Vec<ErrorPair> {
    let wrong: Vec<Vec<bool>> = (0..panel.size())
        .map(|m| panel.member_right(m).into_iter().map(|r| !r).collect())
        .collect();
    let mut pairs = Vec::new();
    for first in 0..panel.size() {
        for second in first + 1..panel.size() {
            let errors = TwoByTwo::of(
                wrong[first]
                    .iter()
                    .copied()
                    .zip(wrong[second].iter().copied()),
            );
            let phi = errors.phi();
            pairs.push(ErrorPair {
                first,
                second,
                errors,
                phi,
                phi_interval: phi.map(|r| correlation_interval(r, errors.total(), Z_95)),
            });
        }
    }
    pairs
}
