//! How far a benchmark has come, and what is left, from its record: the progress bar's figures and
//! the estimate of time and cost left.
use serde::{Deserialize, Serialize};

use crate::record::benchmark::body::{Arm, BenchmarkBody};
use crate::record::Session;

/// Each question is two steps of about equal cost, by design: its council, and the best single
/// model's k samples (k matches the council's calls).
const STEPS_PER_QUESTION: usize = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkProgress {
    /// Questions whose every arm has an outcome.
    pub done: usize,
    pub total: usize,
    /// Steps done of `steps_total` (see `STEPS_PER_QUESTION`), for the bar.
    pub steps_done: usize,
    pub steps_total: usize,
    /// Time spent running questions (resumes summed, pauses not counted).
    pub elapsed_ms: u64,
    pub spent_usd: f64,
    /// Calls whose cost is unknown (no price): the cost figures leave them out.
    pub unpriced_calls: u32,
    /// At the pace so far; None until a step is done.
    pub time_left_ms: Option<u64>,
    pub cost_left_usd: Option<f64>,
}

impl BenchmarkProgress {
    /// 0..1, for a progress bar.
    pub fn fraction(&self) -> f64 {
        if self.steps_total == 0 {
            return 0.0;
        }
        self.steps_done as f64 / self.steps_total as f64
    }
}

/// `running_ms`: time spent on the question under way and not yet stored (the driver's clock),
/// added to the elapsed time.
pub fn progress(session: &Session, running_ms: u64) -> Option<BenchmarkProgress> {
    let body = session.benchmark()?;
    Some(progress_of(
        body,
        session.cost.spent_usd,
        session.cost.unpriced_calls,
        running_ms,
    ))
}

pub fn progress_of(
    body: &BenchmarkBody,
    spent_usd: f64,
    unpriced_calls: u32,
    running_ms: u64,
) -> BenchmarkProgress {
    let total = body.questions.len();
    let steps_done: usize = body
        .results
        .iter()
        .map(|r| {
            usize::from(r.outcome(&Arm::Council).is_some())
                + usize::from(r.outcome(&Arm::BestSingle).is_some())
        })
        .sum();
    let elapsed_ms = body.results.iter().map(|r| r.elapsed_ms).sum::<u64>() + running_ms;
    assemble(
        total,
        body.questions_done(),
        steps_done,
        elapsed_ms,
        body.config.council.demo,
        spent_usd,
        unpriced_calls,
    )
}

/// The progress from its counts (summed here over the record, or kept as the run goes by
/// `tally::RunningTally`).
pub(crate) fn assemble(
    total: usize,
    done: usize,
    steps_done: usize,
    elapsed_ms: u64,
    demo: bool,
    spent_usd: f64,
    unpriced_calls: u32,
) -> BenchmarkProgress {
    let steps_total = total * STEPS_PER_QUESTION;
    let steps_left = steps_total.saturating_sub(steps_done);
    let pace =
        |amount: f64| (steps_done > 0).then(|| amount / steps_done as f64 * steps_left as f64);
    // The demo's scripted seats cost nothing: no cost left to estimate, no unpriced calls to warn of.
    BenchmarkProgress {
        done,
        total,
        steps_done,
        steps_total,
        elapsed_ms,
        spent_usd,
        unpriced_calls: if demo { 0 } else { unpriced_calls },
        time_left_ms: pace(elapsed_ms as f64).map(|ms| ms.round() as u64),
        cost_left_usd: if demo { None } else { pace(spent_usd) },
    }
}
