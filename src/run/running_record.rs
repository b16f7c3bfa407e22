//! A running benchmark as its saves write it: the stored record (no result and no question's text
//! in it: `stored_record`, `split_questions`), patched by each question's update, with the history
//! line and the progress kept as the run goes (`RunningTally`). A save and a progress update then
//! cost the same at question 1,000 as at question 1: nothing here goes over the questions.
use consilium_engine::benchmark::progress::BenchmarkProgress;
use consilium_engine::benchmark::tally::RunningTally;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::outcomes_apart::{
    split_questions, stored_record, QuestionUpdate,
};
use consilium_engine::record::Session;

pub(super) struct RunningRecord {
    pub record: Session,
    tally: RunningTally,
    /// The run's questions (their text is not in `record`).
    total: usize,
}

impl RunningRecord {
    /// None for a session that is not a benchmark.
    pub fn of(session: &Session) -> Option<Self> {
        let body = session.benchmark()?;
        let mut record = stored_record(session);
        split_questions(&mut record);
        Some(Self {
            record,
            tally: RunningTally::of(body),
            total: body.questions.len(),
        })
    }

    /// Patches the record and the tally with one question's update; false when it is not this
    /// run's (nothing changed).
    pub fn apply(&mut self, update: &QuestionUpdate) -> bool {
        if !update.apply_to_record(&mut self.record) {
            return false;
        }
        self.tally
            .update(update.index as usize, &update.question.result);
        true
    }

    fn k(&self) -> Option<u32> {
        self.record.benchmark().and_then(|b| b.k)
    }

    /// The history list's entry of the run as it now is.
    pub fn summary(&self) -> SessionSummary {
        let line = self.tally.outcome_line(self.total, self.k());
        SessionSummary::with_outcome(&self.record, &line)
    }

    /// The progress, with `running_ms` spent on the question under way not yet stored.
    pub fn progress(&self, running_ms: u64) -> Option<BenchmarkProgress> {
        let body = self.record.benchmark()?;
        Some(self.tally.progress(
            self.total,
            body.k,
            body.config.council.demo,
            self.record.cost.spent_usd,
            self.record.cost.unpriced_calls,
            running_ms,
        ))
    }
}
