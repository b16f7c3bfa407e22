//! The co-failure ceiling: on a question every member got wrong in round 1, no vote, router or
//! pick among their answers can be right, so none scores above 1 - beta, beta the share of such
//! questions. (The full council can: its debate and judge may find an answer no member gave.)
use consilium_stats::{clopper_pearson, Interval};

use super::panel::PanelAnswers;

#[derive(Debug, Clone, PartialEq)]
pub struct Ceiling {
    pub questions: u64,
    /// Questions every member got wrong (or gave no answer to).
    pub all_wrong: u64,
    /// 1 - beta: the share of questions some member got right.
    pub ceiling: f64,
    /// The exact (Clopper-Pearson) two-sided 95% interval of the ceiling. Its lower end is the
    /// "95% bound" the sentence quotes: the headroom a better combination could gain over the
    /// council is then never overstated.
    pub interval: Interval,
}

pub fn co_failure_ceiling(panel: &PanelAnswers) -> Ceiling {
    let questions = panel.question_count();
    let rights: Vec<Vec<bool>> = (0..panel.size()).map(|m| panel.member_right(m)).collect();
    let some_right = (0..panel.questions.len())
        .filter(|&q| rights.iter().any(|right| right[q]))
        .count() as u64;
    Ceiling {
        questions,
        all_wrong: questions - some_right,
        ceiling: if questions == 0 {
            0.0
        } else {
            some_right as f64 / questions as f64
        },
        interval: clopper_pearson(some_right, questions, 0.95),
    }
}
