//! The smallest council that holds: among the sub-panels of the members (every set of 1 to n - 1
//! of them; a panel has at most 5, so at most 30 sets), the smallest whose round-1 vote is not
//! clearly worse than the full vote by the headline's paired test. Among holding sub-panels of
//! that size, the most accurate, then the cheapest per correct answer (an unknown cost last), then
//! the earliest in panel order. Their votes come from the answers already given: no new call.
use std::cmp::Ordering;

use crate::benchmark::results::Comparison;

use super::paired_votes::{clearly_worse, compare, sub_panel_seed};
use super::panel::{everyone, Members, PanelAnswers, VoteScore};

#[derive(Debug, Clone, PartialEq)]
pub struct SubPanel {
    pub members: Members,
    pub vote: VoteScore,
    /// Its vote against the full vote.
    pub against_full: Comparison,
}

impl SubPanel {
    pub fn size(&self) -> u32 {
        self.members.count_ones()
    }
}

/// `None` for a panel of one, or when every smaller council is clearly worse than the full vote.
pub fn smallest_council(
    panel: &PanelAnswers,
    full_vote: &VoteScore,
    seed: u64,
) -> Option<SubPanel> {
    let size = panel.size();
    if size < 2 {
        return None;
    }
    (1..size as u32).find_map(|members_count| {
        let holding: Vec<(Members, VoteScore)> = (1..everyone(size))
            .filter(|members: &Members| members.count_ones() == members_count)
            .map(|members| (members, panel.vote(members)))
            .filter(|(members, vote)| {
                !clearly_worse(
                    &vote.right,
                    &full_vote.right,
                    sub_panel_seed(seed, *members),
                )
            })
            .collect();
        let (members, vote) = holding
            .into_iter()
            .min_by(|a, b| better_first(&a.1, &b.1))?;
        let against_full = compare(
            "the full vote",
            &vote.right,
            &full_vote.right,
            sub_panel_seed(seed, members),
        );
        Some(SubPanel {
            members,
            vote,
            against_full,
        })
    })
}

/// More right first, then the lower cost per correct answer (unknown last); `min_by` keeps the
/// first of equals, the earliest set in panel order.
fn better_first(a: &VoteScore, b: &VoteScore) -> Ordering {
    let cost = |v: &VoteScore| v.cost_per_correct().unwrap_or(f64::INFINITY);
    b.correct()
        .cmp(&a.correct())
        .then(cost(a).total_cmp(&cost(b)))
}
