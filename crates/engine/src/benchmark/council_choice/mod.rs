//! Which council to keep (docs/design.md, "Benchmark: does the council earn its calls?", its "Which
//! council"), from the round-1 answers the run already has: the co-failure ceiling (`ceiling`),
//! each member's worth to the vote (`worth`), how alike their errors are (`alike`) and the smallest
//! sub-panel whose vote holds against the full vote (`smallest`), over the panel's answers
//! (`panel`) and the headline's paired test (`paired_votes`).
pub mod alike;
pub mod ceiling;
pub mod paired_votes;
pub mod panel;
pub mod smallest;
pub mod worth;

use crate::foundation::ids::ParticipantId;
use crate::record::benchmark::body::BenchmarkBody;

use alike::{error_pairs, ErrorPair};
use ceiling::{co_failure_ceiling, Ceiling};
use panel::{everyone, Member, PanelAnswers, VoteScore};
use smallest::{smallest_council, SubPanel};
use worth::{member_worth, MemberWorth};

/// Below this many questions answered by every panelist, each figure reads "not enough questions
/// to tell". The exact McNemar test needs at least 6 discordant questions to call any difference
/// (p = 2 / 2^6 = 0.031; at 5, 0.0625), and a sub-panel of the same models typically disagrees with
/// the full vote on a fifth of the questions or fewer: below 30 questions no smaller council could
/// be shown worse, so one would "hold" by default. At 30, a Wilson interval of an accuracy near
/// 80% is about ±14 points, wide but no longer uninformative.
pub const MIN_QUESTIONS: u64 = 30;

#[derive(Debug, Clone, PartialEq)]
pub struct CouncilChoice {
    pub members: Vec<Member>,
    /// Questions every member has an outcome for: the ground of every figure here.
    pub questions: u64,
    /// The round-1 vote of every member, recomputed from their answers.
    pub full_vote: VoteScore,
    /// The full council's verdicts on the same questions (its debate may beat the ceiling).
    pub council_correct: u64,
    pub ceiling: Ceiling,
    /// In panel order; empty for a panel of one.
    pub worth: Vec<MemberWorth>,
    pub error_pairs: Vec<ErrorPair>,
    /// `None` for a panel of one, or when every smaller council is clearly worse.
    pub smallest: Option<SubPanel>,
    /// How many independent votes the panel casts, from its members' error correlation
    /// (`consilium_stats::effective_votes`); None when no pair's correlation is defined.
    pub effective_votes: Option<EffectiveVotes>,
}

/// The panel's effective number of independent votes and what it stands on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EffectiveVotes {
    pub votes: f64,
    /// The mean phi of the pairs that have one.
    pub mean_correlation: f64,
    /// Pairs that have a correlation (a member always or never wrong has none).
    pub pairs: u64,
}

/// `n / (1 + (n - 1) * mean phi)` over the pairs that have a phi.
pub fn effective_votes_of(size: usize, pairs: &[ErrorPair]) -> Option<EffectiveVotes> {
    let phis: Vec<f64> = pairs.iter().filter_map(|pair| pair.phi).collect();
    let votes = consilium_stats::effective_votes(size, &phis)?;
    Some(EffectiveVotes {
        votes,
        mean_correlation: phis.iter().sum::<f64>() / phis.len() as f64,
        pairs: phis.len() as u64,
    })
}

impl CouncilChoice {
    /// Enough questions for the figures to mean something (`MIN_QUESTIONS`).
    pub fn enough_questions(&self) -> bool {
        self.questions >= MIN_QUESTIONS
    }

    /// The participant ids of the smallest council that holds, in panel order: what "Keep this
    /// council" saves.
    pub fn keep(&self) -> Option<Vec<ParticipantId>> {
        let smallest = self.smallest.as_ref()?;
        Some(
            panel::positions(smallest.members)
                .map(|i| self.members[i].participant_id.clone())
                .collect(),
        )
    }
}

/// Every figure for `panel`; `seed` is the run's, so the intervals are the same every time.
pub fn council_choice(panel: &PanelAnswers, seed: u64) -> CouncilChoice {
    let full_vote = panel.vote(everyone(panel.size()));
    let error_pairs = error_pairs(panel);
    CouncilChoice {
        effective_votes: effective_votes_of(panel.size(), &error_pairs),
        members: panel.members.clone(),
        questions: panel.question_count(),
        council_correct: panel.council_right().iter().filter(|&&r| r).count() as u64,
        ceiling: co_failure_ceiling(panel),
        worth: member_worth(panel, &full_vote, seed),
        error_pairs,
        smallest: smallest_council(panel, &full_vote, seed),
        full_vote,
    }
}

/// The figures of a stored benchmark, from its panelists' solo outcomes.
pub fn council_choice_of(body: &BenchmarkBody) -> CouncilChoice {
    council_choice(&PanelAnswers::of(body), body.config.seed)
}
