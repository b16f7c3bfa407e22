//! The history list's filters and sort: protocol, state, date, and the order shown.
use crate::foundation::timestamp::rfc3339_utc;
use consilium_order as order;

use crate::library::summary::SessionSummary;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StateFilter {
    #[default]
    Any,
    /// Reached its decision.
    Complete,
    /// Failed, cancelled, or stopped before its end (and can resume).
    Stopped,
    /// A finished decision not judged yet, or judged too early to tell.
    AwaitingOutcome,
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
    /// A protocol's name ("consult", "review", "prioritize", "benchmark"), or any.
    pub protocol: Option<String>,
    pub state: StateFilter,
    pub dates: DateRange,
    pub sort: SortOrder,
}

impl HistoryFilter {
    /// Whether it leaves some sessions out (the order alone leaves none out).
    pub fn narrows(&self) -> bool {
        self.protocol.is_some() || self.state != StateFilter::Any || self.dates != DateRange::Any
    }

    pub fn admits(&self, summary: &SessionSummary, now_ms: u64) -> bool {
        let protocol_ok = self
            .protocol
            .as_ref()
            .is_none_or(|p| *p == summary.protocol);
        let state_ok = match self.state {
            StateFilter::Any => true,
            StateFilter::Complete => is_complete(summary),
            StateFilter::Stopped => !is_complete(summary),
            StateFilter::AwaitingOutcome => summary.awaits_outcome(),
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

/// One of the history's filter controls: a select whose first choice is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterControl {
    Protocol,
    State,
    Dates,
    Sort,
}

impl FilterControl {
    pub const ALL: [Self; 4] = [Self::Protocol, Self::State, Self::Dates, Self::Sort];

    pub fn label(self) -> &'static str {
        match self {
            Self::Protocol => "Protocol",
            Self::State => "State",
            Self::Dates => "Date",
            Self::Sort => "Sort",
        }
    }

    /// Each choice as (value, text), the default first.
    pub fn choices(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Self::Protocol => &[
                ("", "All"),
                ("consult", "Consult"),
                ("review", "Review"),
                ("prioritize", "Prioritize"),
                ("benchmark", "Benchmark"),
            ],
            Self::State => &[
                ("", "Any"),
                ("complete", "Complete"),
                ("stopped", "Failed or stopped"),
                ("awaiting", "Awaiting an outcome"),
            ],
            Self::Dates => &[
                ("", "Any time"),
                ("day", "Last 24 hours"),
                ("week", "Last 7 days"),
                ("month", "Last 30 days"),
                ("year", "Last year"),
            ],
            Self::Sort => &[
                ("newest", "Newest first"),
                ("oldest", "Oldest first"),
                ("title", "Title"),
            ],
        }
    }
}

impl HistoryFilter {
    /// The filter with `control` set to the choice `value`; a value it does not offer is its
    /// default.
    pub fn choose(&mut self, control: FilterControl, value: &str) {
        match control {
            FilterControl::Protocol => {
                let offered = control.choices().iter().any(|(v, _)| *v == value);
                self.protocol = (offered && !value.is_empty()).then(|| value.to_string());
            }
            FilterControl::State => {
                self.state = match value {
                    "complete" => StateFilter::Complete,
                    "stopped" => StateFilter::Stopped,
                    "awaiting" => StateFilter::AwaitingOutcome,
                    _ => StateFilter::Any,
                }
            }
            FilterControl::Dates => {
                self.dates = match value {
                    "day" => DateRange::LastDay,
                    "week" => DateRange::LastWeek,
                    "month" => DateRange::LastMonth,
                    "year" => DateRange::LastYear,
                    _ => DateRange::Any,
                }
            }
            FilterControl::Sort => {
                self.sort = match value {
                    "oldest" => SortOrder::OldestFirst,
                    "title" => SortOrder::Title,
                    _ => SortOrder::NewestFirst,
                }
            }
        }
    }
}

/// Finished with a decision: an end state that is not a failure or a cancellation.
fn is_complete(summary: &SessionSummary) -> bool {
    summary.finished && !matches!(summary.state.as_str(), "failed" | "aborted")
}
