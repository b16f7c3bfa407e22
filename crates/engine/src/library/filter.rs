//! The history list's filters and sort: protocol, state, date, and the order shown.
use crate::timestamp::rfc3339_utc;
use consilium_order as order;

use super::SessionSummary;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StateFilter {
    #[default]
    Any,
    /// Reached its decision.
    Complete,
    /// Failed, cancelled, or stopped before its end (and can resume).
    Stopped,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DateRange {
    #[default]
    Any,
    LastDay,
    LastWeek,
    LastMonth,
    LastYear,
}

impl DateRange {
    fn days(self) -> Option<u64> {
        match self {
            Self::Any => None,
            Self::LastDay => Some(1),
            Self::LastWeek => Some(7),
            Self::LastMonth => Some(30),
            Self::LastYear => Some(365),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortOrder {
    #[default]
    NewestFirst,
    OldestFirst,
    Title,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HistoryFilter {
    /// A protocol's name ("consult", "review", "prioritize"), or any.
    pub protocol: Option<String>,
    pub state: StateFilter,
    pub dates: DateRange,
    pub sort: SortOrder,
}

impl HistoryFilter {
    pub fn admits(&self, summary: &SessionSummary, now_ms: u64) -> bool {
        let protocol_ok = self
            .protocol
            .as_ref()
            .is_none_or(|p| *p == summary.protocol);
        let state_ok = match self.state {
            StateFilter::Any => true,
            StateFilter::Complete => is_complete(summary),
            StateFilter::Stopped => !is_complete(summary),
        };
        let date_ok = self.dates.days().is_none_or(|days| {
            summary.updated_at.as_str()
                >= rfc3339_utc(now_ms.saturating_sub(days * DAY_MS)).as_str()
        });
        protocol_ok && state_ok && date_ok
    }

    /// The summaries this filter admits, in its order (ties keep the stored order).
    pub fn apply<'a>(
        &self,
        summaries: &'a [SessionSummary],
        now_ms: u64,
    ) -> Vec<&'a SessionSummary> {
        let mut shown: Vec<&SessionSummary> = summaries
            .iter()
            .filter(|s| self.admits(s, now_ms))
            .collect();
        match self.sort {
            SortOrder::NewestFirst => {
                order::sort_by(&mut shown, |a, b| b.updated_at.cmp(&a.updated_at))
            }
            SortOrder::OldestFirst => {
                order::sort_by(&mut shown, |a, b| a.updated_at.cmp(&b.updated_at))
            }
            SortOrder::Title => order::sort_by_cached_key(&mut shown, |s| s.title.to_lowercase()),
        }
        shown
    }
}

/// Finished with a decision: an end state that is not a failure or a cancellation.
fn is_complete(summary: &SessionSummary) -> bool {
    summary.finished && !matches!(summary.state.as_str(), "failed" | "aborted")
}
