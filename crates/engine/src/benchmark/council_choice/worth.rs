//! Each member's worth to the vote: the vote without it (leave one out, on its own members'
//! answers, the same rule), compared with the full vote by the headline's paired test; and how
//! often it alone was right, which no vote of the others can recover.
use consilium_stats::{wilson_interval, Interval, Z_95};

use crate::benchmark::results::Comparison;

use super::paired_votes::{compare, sub_panel_seed};
use super::panel::{everyone, PanelAnswers, VoteScore};

#[derive(Debug, Clone, PartialEq)]
pub struct MemberWorth {
    /// The member's panel position.
    pub member: usize,
    pub without: VoteScore,
    /// The vote without it against the full vote: a negative difference is what it adds.
    pub against_full: Comparison,
    /// Questions it alone got right.
    pub only_right: u64,
    /// The 95% Wilson interval of `only_right` over the questions.
    pub only_right_interval: Interval,
}

/// Every member's worth, in panel order; empty for a panel of one (there is no vote without it).
pub fn member_worth(panel: &PanelAnswers, full_vote: &VoteScore, seed: u64) -> Vec<MemberWorth> {
    let size = panel.size();
    if size < 2 {
        return Vec::new();
    }
    let rights: Vec<Vec<bool>> = (0..size).map(|m| panel.member_right(m)).collect();
    (0..size)
        .map(|member| {
            let others = everyone(size) & !(1 << member);
            let without = panel.vote(others);
            let against_full = compare(
                "the full vote",
                &without.right,
                &full_vote.right,
                sub_panel_seed(seed, others),
            );
            let only_right = (0..panel.questions.len())
                .filter(|&q| {
                    rights[member][q] && (0..size).all(|other| other == member || !rights[other][q])
                })
                .count() as u64;
            MemberWorth {
                member,
                without,
                against_full,
                only_right,
                only_right_interval: wilson_interval(only_right, panel.question_count(), Z_95),
            }
        })
        .collect()
}
