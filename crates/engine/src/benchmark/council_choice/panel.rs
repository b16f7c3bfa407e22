//! The panel's round-1 answers on the questions every panelist answered: the one input of every
//! "which council" figure. A question where a panelist's call failed (its solo outcome has no
//! grade) is left out, so the page's "every one of them answered" holds and such questions do not
//! count toward `MIN_QUESTIONS`. A panelist with no answer on a question kept here
//! (a script's silent member) casts no vote and counts as wrong, as in the round-1 vote.
use consilium_stats::{wilson_interval, Interval, Z_95};

use crate::benchmark::grading::is_correct;
use crate::benchmark::outcomes::{known_cost, panelist_name};
use crate::benchmark::vote::graded_majority;
use crate::foundation::ids::ParticipantId;
use crate::record::benchmark::body::{Arm, BenchmarkBody};
use crate::record::benchmark::question::Question;

#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    pub participant_id: ParticipantId,
    /// As the arms name it: its model, or its seat's label when two seats share the model.
    pub name: String,
}

/// One question's round-1 answers, one per member in panel order.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionAnswers<'a> {
    pub question: &'a Question,
    /// `None` when the member gave no answer.
    pub answers: Vec<Option<String>>,
    /// Each member's round-1 cost; `None` when a call had no price.
    pub costs: Vec<Option<f64>>,
    /// Whether the full council's verdict was right (a failed consultation is not).
    pub council_right: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PanelAnswers<'a> {
    pub members: Vec<Member>,
    pub questions: Vec<QuestionAnswers<'a>>,
}

/// A set of members by their panel positions: bit `i` is member `i` (a panel has at most 5).
pub type Members = u32;

/// Every member of a panel of `size`.
pub fn everyone(size: usize) -> Members {
    (1 << size) - 1
}

/// The positions in `members`, ascending.
pub fn positions(members: Members) -> impl Iterator<Item = usize> {
    (0..Members::BITS as usize).filter(move |&i| members & (1 << i) != 0)
}

/// How a vote (or a member alone) did on the panel's questions: right per question, and what
/// its round-1 calls cost.
#[derive(Debug, Clone, PartialEq)]
pub struct VoteScore {
    pub right: Vec<bool>,
    /// `None` when a call had no price.
    pub cost_usd: Option<f64>,
}

impl VoteScore {
    pub fn correct(&self) -> u64 {
        self.right.iter().filter(|&&r| r).count() as u64
    }

    pub fn questions(&self) -> u64 {
        self.right.len() as u64
    }

    pub fn accuracy(&self) -> f64 {
        if self.right.is_empty() {
            0.0
        } else {
            self.correct() as f64 / self.right.len() as f64
        }
    }

    /// The 95% Wilson interval of the accuracy, as every arm's.
    pub fn interval(&self) -> Interval {
        wilson_interval(self.correct(), self.questions(), Z_95)
    }

    /// `None` when the cost is unknown or nothing was right.
    pub fn cost_per_correct(&self) -> Option<f64> {
        let correct = self.correct();
        self.cost_usd
            .filter(|_| correct > 0)
            .map(|usd| usd / correct as f64)
    }
}

impl<'a> PanelAnswers<'a> {
    /// The panel of `body`'s council, on the questions every panelist answered (each solo
    /// outcome graded; a failed call leaves the question out).
    pub fn of(body: &'a BenchmarkBody) -> Self {
        let panel = &body.config.council.panelists;
        let demo = body.config.council.demo;
        let members = panel
            .iter()
            .map(|p| Member {
                participant_id: p.id.clone(),
                name: panelist_name(body, p.id.as_str()),
            })
            .collect();
        let results = body.results_by_id();
        let questions = body
            .questions
            .iter()
            .filter_map(|question| {
                let result = *results.get(question.id.as_str())?;
                let solos: Vec<_> = panel
                    .iter()
                    .map(|p| {
                        result.outcome(&Arm::Solo {
                            participant_id: p.id.clone(),
                        })
                    })
                    .collect::<Option<_>>()?;
                if solos.iter().any(|o| o.correct.is_none()) {
                    return None;
                }
                Some(QuestionAnswers {
                    question,
                    answers: solos.iter().map(|o| o.final_answer.clone()).collect(),
                    costs: solos.iter().map(|o| known_cost(o, demo)).collect(),
                    council_right: result
                        .outcome(&Arm::Council)
                        .is_some_and(|o| o.correct == Some(true)),
                })
            })
            .collect();
        PanelAnswers { members, questions }
    }

    pub fn size(&self) -> usize {
        self.members.len()
    }

    pub fn question_count(&self) -> u64 {
        self.questions.len() as u64
    }

    /// Whether `member` alone was right, per question.
    pub fn member_right(&self, member: usize) -> Vec<bool> {
        self.questions
            .iter()
            .map(|q| {
                q.answers[member]
                    .as_deref()
                    .is_some_and(|answer| is_correct(q.question, answer))
            })
            .collect()
    }

    /// The round-1 vote of `members` alone: the same rule as the vote arm (grouping by the
    /// grader, ties to the earlier panelist), on their own answers, no new call.
    pub fn vote(&self, members: Members) -> VoteScore {
        let right = self
            .questions
            .iter()
            .map(|q| {
                let answers = positions(members).filter_map(|i| q.answers[i].as_deref());
                graded_majority(q.question, answers).1 == Some(true)
            })
            .collect();
        let cost_usd = self
            .questions
            .iter()
            .flat_map(|q| positions(members).map(|i| q.costs[i]))
            .sum();
        VoteScore { right, cost_usd }
    }

    /// The full council's verdicts on these questions.
    pub fn council_right(&self) -> Vec<bool> {
        self.questions.iter().map(|q| q.council_right).collect()
    }
}
