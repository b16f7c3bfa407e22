//! The first screen's quiet reminder of decisions that await their outcome ("Did it hold?"): the
//! finished decisions asked more than the chosen number of days ago, not judged (or judged too
//! early to tell), and asked after the newest one the user dismissed the reminder on.
use crate::foundation::ids::SessionId;
use crate::foundation::timestamp::parse_rfc3339_ms;
use crate::library::summary::SessionSummary;

/// The default wait before a decision is recalled: two weeks. Most decisions people bring (a
/// vendor, a design, whether to ship) begin to show within that, and a reminder at most once a
/// fortnight per decision does not nag. 0 turns the reminder off.
pub const DEFAULT_REMINDER_DAYS: u32 = 14;

/// How many decisions the line names; the rest are "and N more" in History.
const NAMED: usize = 3;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

#[derive(Clone, Debug, PartialEq)]
pub struct OutcomeReminder {
    /// The decisions it names, newest first: (session id, title).
    pub named: Vec<(SessionId, String)>,
    /// How many more await beyond those named.
    pub more: usize,
    pub days: u32,
    /// When the newest decision due was asked: what "Dismiss" records, so the line stays away
    /// until a decision asked after it falls due.
    pub newest_asked_at: String,
}

impl OutcomeReminder {
    /// "2 decisions asked more than 14 days ago await their outcome:".
    pub fn sentence(&self) -> String {
        let count = self.named.len() + self.more;
        let days = match self.days {
            1 => "a day".to_string(),
            days => format!("{days} days"),
        };
        if count == 1 {
            format!("A decision asked more than {days} ago awaits its outcome:")
        } else {
            format!(
                "{} decisions asked more than {days} ago await their outcome:",
                crate::foundation::counted::thousands(count as u64)
            )
        }
    }
}

/// The reminder for `sessions` (newest first) at `now_ms`, or None when nothing is due, the
/// reminder is off (`days` 0), or every decision due was asked no later than `dismissed_through`.
pub fn outcome_reminder(
    sessions: &[SessionSummary],
    now_ms: u64,
    days: u32,
    dismissed_through: Option<&str>,
) -> Option<OutcomeReminder> {
    if days == 0 {
        return None;
    }
    let dismissed = dismissed_through.and_then(parse_rfc3339_ms);
    let due: Vec<&SessionSummary> = sessions
        .iter()
        .filter(|s| s.awaits_outcome() && !s.demo)
        .filter(|s| {
            asked_ms(s).is_some_and(|asked| {
                asked.saturating_add(u64::from(days) * DAY_MS) <= now_ms
                    && dismissed.is_none_or(|through| asked > through)
            })
        })
        .collect();
    let newest = due.iter().max_by_key(|s| asked_ms(s))?;
    Some(OutcomeReminder {
        newest_asked_at: asked_at(newest).to_string(),
        named: due
            .iter()
            .take(NAMED)
            .map(|s| (s.id.clone(), s.title.clone()))
            .collect(),
        more: due.len().saturating_sub(NAMED),
        days,
    })
}

/// When the decision was asked: its creation, or for a summary made before creation times were
/// kept, its last update.
fn asked_at(summary: &SessionSummary) -> &str {
    if summary.created_at.is_empty() {
        &summary.updated_at
    } else {
        &summary.created_at
    }
}

fn asked_ms(summary: &SessionSummary) -> Option<u64> {
    parse_rfc3339_ms(asked_at(summary))
}
