//! A running benchmark's summary kept as it goes: each question's share of the progress and of the
//! history line, updated when that question changes (`update`), so following a long run costs the
//! same per question at question 1,000 as at question 1. `of` recomputes it over every question
//! (a run's start, a resume); the native test checks the two always agree with the full
//! recomputations (`progress::progress`, `library::summary::SessionSummary::of`).
use crate::benchmark::progress::{assemble, BenchmarkProgress};
use crate::record::benchmark::body::{Arm, BenchmarkBody, QuestionResult};

/// One arm's outcomes so far: how many questions it has one for, and how many were right.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct ArmCount {
    asked: u64,
    correct: u64,
}

impl ArmCount {
    fn of(result: &QuestionResult, arm: &Arm) -> Self {
        result.outcome(arm).map_or_else(Self::default, |o| Self {
            asked: 1,
            correct: u64::from(o.correct == Some(true)),
        })
    }

    fn add(&mut self, other: Self) {
        self.asked += other.asked;
        self.correct += other.correct;
    }

    fn sub(&mut self, other: Self) {
        self.asked -= other.asked;
        self.correct -= other.correct;
    }

    /// As the history line shows an arm's accuracy ("87%"); None before any outcome.
    fn percent(self) -> Option<String> {
        (self.asked > 0).then(|| format!("{:.0}%", self.correct as f64 / self.asked as f64 * 100.0))
    }
}

/// One question's share of the tally.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Share {
    council: ArmCount,
    vote: ArmCount,
    /// Whether the council's step and the best single model's step have their outcome.
    council_step: bool,
    best_single_step: bool,
    elapsed_ms: u64,
}

impl Share {
    fn of(result: &QuestionResult) -> Self {
        Self {
            council: ArmCount::of(result, &Arm::Council),
            vote: ArmCount::of(result, &Arm::Vote),
            council_step: result.outcome(&Arm::Council).is_some(),
            best_single_step: result.outcome(&Arm::BestSingle).is_some(),
            elapsed_ms: result.elapsed_ms,
        }
    }
}

/// The sums over the questions, and each question's share (by its place in `results`) so that a
/// question that changes again replaces its share rather than adding a second.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunningTally {
    shares: Vec<Share>,
    council: ArmCount,
    vote: ArmCount,
    council_steps: usize,
    both_steps: usize,
    best_single_steps: usize,
    elapsed_ms: u64,
}

impl RunningTally {
    /// Over every result of the body: a run's start, a resume, a whole session handed over.
    pub fn of(body: &BenchmarkBody) -> Self {
        let mut tally = Self::default();
        for (index, result) in body.results.iter().enumerate() {
            tally.update(index, result);
        }
        tally
    }

    /// The result at `index` of `results` is now `result` (a question begun is the next index).
    pub fn update(&mut self, index: usize, result: &QuestionResult) {
        if index >= self.shares.len() {
            self.shares.resize(index + 1, Share::default());
        }
        let before = std::mem::replace(&mut self.shares[index], Share::of(result));
        self.remove(before);
        self.add(self.shares[index]);
    }

    fn add(&mut self, share: Share) {
        self.council.add(share.council);
        self.vote.add(share.vote);
        self.council_steps += usize::from(share.council_step);
        self.best_single_steps += usize::from(share.best_single_step);
        self.both_steps += usize::from(share.council_step && share.best_single_step);
        self.elapsed_ms += share.elapsed_ms;
    }

    fn remove(&mut self, share: Share) {
        self.council.sub(share.council);
        self.vote.sub(share.vote);
        self.council_steps -= usize::from(share.council_step);
        self.best_single_steps -= usize::from(share.best_single_step);
        self.both_steps -= usize::from(share.council_step && share.best_single_step);
        self.elapsed_ms -= share.elapsed_ms;
    }

    /// Questions whose every arm has an outcome (`BenchmarkBody::questions_done`).
    pub fn questions_done(&self, k: Option<u32>) -> usize {
        if k.is_none() {
            self.council_steps
        } else {
            self.both_steps
        }
    }

    /// The history list's line ("12 of 200 questions; council 83%, round-1 vote 75%"), as
    /// `SessionSummary::of` writes it for the whole session, for a run of `total` questions.
    pub fn outcome_line(&self, total: usize, k: Option<u32>) -> String {
        let mut line = format!(
            "{} of {} questions",
            crate::foundation::counted::thousands(self.questions_done(k) as u64),
            crate::foundation::counted::thousands(total as u64)
        );
        if let (Some(council), Some(vote)) = (self.council.percent(), self.vote.percent()) {
            line.push_str(&format!("; council {council}, round-1 vote {vote}"));
        }
        line
    }

    /// The progress (`progress::progress_of`) of a run of `total` questions whose record has `k`,
    /// `demo`, and the spend given.
    pub fn progress(
        &self,
        total: usize,
        k: Option<u32>,
        demo: bool,
        spent_usd: f64,
        unpriced_calls: u32,
        running_ms: u64,
    ) -> BenchmarkProgress {
        assemble(
            total,
            self.questions_done(k),
            self.council_steps + self.best_single_steps,
            self.elapsed_ms + running_ms,
            demo,
            spent_usd,
            unpriced_calls,
        )
    }
}
