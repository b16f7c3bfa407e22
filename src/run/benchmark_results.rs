//! A running benchmark's results as its page shows them, computed where the run runs: the driver
//! keeps the whole session as the engine changes it (each question's update patched in) and
//! computes the results, the council choice and the cost line at each twentieth of the run and
//! at each whole change (its start, the best single model chosen, its end). The same copy says
//! what the page, which holds the same, needs of a later whole change (`crossing`). Computing them goes
//! over the whole run (a quarter of a second of script natively at 1,000 questions); in the
//! run's worker that is off the page, which only draws what it is handed. The computation is a
//! wasm part of its own (`benchmark_results`), fetched at a benchmark's first results, so a
//! consult's first decision does not download it.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark_council::view::results::{arms_results, body_council_choice};
use consilium_engine::record::benchmark::outcomes_apart::{QuestionUpdate, RecordUpdate};
use consilium_engine::record::Session;
use consilium_engine::views::costs::session_cost_line;

use super::messages::BenchmarkResults;
use crate::platform::split::{split_fn, PartUnavailable};

/// The results are computed this many times over a run, and at each whole change: a fixed
/// number of times keeps each question's cost the same at any length.
const STEPS: usize = 20;

#[derive(Default)]
pub(super) struct LiveResults {
    session: Rc<RefCell<Option<Session>>>,
    /// The twentieth of the run the last results were computed at.
    step: Cell<Option<usize>>,
}

impl LiveResults {
    /// What the page, which holds what this holds, needs of `whole`: its record and the questions
    /// that changed (None when it holds no copy of this run: it then takes `whole` itself).
    pub fn crossing(&self, whole: &Session) -> Option<RecordUpdate> {
        let kept = self.session.borrow();
        let held = kept.as_ref().filter(|held| held.id == whole.id)?;
        Some(RecordUpdate::between(held, whole))
    }

    /// A benchmark's whole session: kept (its results are due at every whole change).
    pub fn whole(&self, session: Session) {
        self.step.set(step_of(&session));
        *self.session.borrow_mut() = Some(session);
    }

    /// One question changed: patched in; true when the run has reached another step and its
    /// results are due.
    pub fn question(&self, update: &QuestionUpdate) -> bool {
        let step = {
            let mut kept = self.session.borrow_mut();
            let Some(session) = kept.as_mut() else {
                return false;
            };
            if !update.apply(session) {
                return false;
            }
            step_of(session)
        };
        if step == self.step.get() {
            return false;
        }
        self.step.set(step);
        true
    }

    /// The results of the session kept as it is when the part has loaded (later changes
    /// included: the figures say which outcomes they stand on); None when the part cannot be
    /// fetched (the page then computes them itself once the run ends).
    pub fn results(&self) -> impl std::future::Future<Output = Option<BenchmarkResults>> + 'static {
        let kept = Rc::clone(&self.session);
        async move { results_in_part(kept).await.ok().flatten() }
    }
}

split_fn! {
    benchmark_results, preload _preload_benchmark_results:
    fn results_in_part(kept: Rc<RefCell<Option<Session>>>) -> Result<Option<BenchmarkResults>, PartUnavailable> {
        Ok(compute(kept.borrow().as_ref()))
    }
}

fn compute(session: Option<&Session>) -> Option<BenchmarkResults> {
    let session = session?;
    let body = session.benchmark()?;
    Some(BenchmarkResults::new(
        session.id.clone(),
        body.arm_outcomes(),
        &arms_results(body),
        &body_council_choice(body),
        session_cost_line(session),
    ))
}

/// Which twentieth of its questions the run has done.
fn step_of(session: &Session) -> Option<usize> {
    progress(session, 0).map(|p| p.done * STEPS / p.total.max(1))
}
