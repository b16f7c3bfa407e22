//! The reports of a run in a worker cross to the page in batches: one message per batch (a frame's
//! worth, `FLUSH_MS`), not one per report, so the page pays one task, one parse and one redraw for
//! many; a streamed call's text arrives as many small pieces, and the pieces of one call next to
//! each other in a batch become one; of a benchmark's progress, and of one session's saves, the page
//! draws only the latest, so an earlier one still waiting is dropped. The run's end and a refusal
//! cross at once.
use consilium_engine::harness::events::Event;

use super::messages::RunReport;

/// How long a report waits for others before its batch crosses (about a frame).
pub const FLUSH_MS: u32 = 16;

/// The reports waiting to cross, in order.
#[derive(Debug, Default)]
pub struct Batch {
    reports: Vec<RunReport>,
}

impl Batch {
    /// Adds `report`; a call's streamed text right after more of the same call's joins it (a
    /// restart drops what that call had streamed, here as on the page).
    pub fn push(&mut self, report: RunReport) {
        if let RunReport::Event(Event::CallDelta {
            call_id,
            text,
            restart,
        }) = &report
        {
            if let Some(RunReport::Event(Event::CallDelta {
                call_id: last_call,
                text: last_text,
                restart: last_restart,
            })) = self.reports.last_mut()
            {
                if last_call == call_id {
                    if *restart {
                        *last_text = text.clone();
                        *last_restart = true;
                    } else {
                        last_text.push_str(text);
                    }
                    return;
                }
            }
        }
        if let Some(at) = self
            .reports
            .iter()
            .position(|waiting| superseded(waiting, &report))
        {
            self.reports.remove(at);
        }
        self.reports.push(report);
    }

    /// The reports gathered, in order, leaving the batch empty.
    pub fn take(&mut self) -> Vec<RunReport> {
        std::mem::take(&mut self.reports)
    }

    pub fn is_empty(&self) -> bool {
        self.reports.is_empty()
    }
}

/// Whether the page, drawing `later`, has no use for `earlier`: each sets the same thing whole.
/// (A batch holds at most one such earlier report: each push drops the one before.)
fn superseded(earlier: &RunReport, later: &RunReport) -> bool {
    match (earlier, later) {
        (RunReport::BenchmarkProgress(_), RunReport::BenchmarkProgress(_)) => true,
        (
            RunReport::Saved {
                summary: earlier, ..
            },
            RunReport::Saved { summary: later, .. },
        ) => earlier.id == later.id,
        _ => false,
    }
}

/// Whether `report` ends what the page waits for (the run finished, or was refused): its batch
/// crosses at once.
pub fn crosses_at_once(report: &RunReport) -> bool {
    matches!(
        report,
        RunReport::Finished { .. } | RunReport::Refused { .. }
    )
}
