//! One record per model call, whatever its outcome: the audit trail behind every cost and answer.
use serde::{Deserialize, Serialize};

use super::is_zero;
use super::CallId;
use crate::foundation::ids::ParticipantId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallStatus {
    /// A reply that parsed and validated.
    Ok,
    /// A transport failure, or a reply that could not be used (see `error` and `reply_text`).
    Failed,
    Cancelled,
    /// Not made: it could have exceeded the budget.
    SkippedBudget,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallRecord {
    /// e.g. `r1-panelist-2`, `r1-panelist-2-reask`, `r3-judge`.
    pub call_id: String,
    pub round: u8,
    pub participant_id: ParticipantId,
    pub status: CallStatus,
    /// Characters of system prompt + user prompt.
    pub prompt_chars: usize,
    /// Usage as the provider reported it; None when it reported none.
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
    /// Of `input_tokens`, those the provider read from its prompt cache.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cached_input_tokens: u64,
    /// Of `input_tokens`, those the provider wrote to its prompt cache.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cache_write_tokens: u64,
    /// What the provider's cache saved on this call against its price's input rate (less than
    /// nothing when it only paid for cache writes); None when nothing was cached or the price is
    /// unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_saved_usd: Option<f64>,
    /// None = unknown (no price and no provider-reported cost), never a silent $0.
    pub cost_usd: Option<f64>,
    /// The raw reply, so the user can see what a model said even when it could not be used.
    pub reply_text: Option<String>,
    pub error: Option<String>,
    pub started_at: String,
    pub finished_at: String,
    /// The model that answered, as the provider reported it.
    #[serde(default)]
    pub model: Option<String>,
    /// What the tolerant parser repaired, e.g. a percentage read as a fraction.
    #[serde(default)]
    pub parse_notes: Vec<String>,
    /// Estimated prompt tokens this call did not send thanks to artifact filtering.
    #[serde(default)]
    pub tokens_saved_via_filtering: u64,
    /// What the shell did to get the reply (`CallReply::notes`), kept so the session still says it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Set when the seat's backup model answered in place of its own (a hedged call).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub substituted: Option<Substitution>,
    /// What the call searched, found and cited on the web: the only results its answer may cite
    /// (a URL no search of this call returned is "not from this search").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<consilium_providers::SearchReport>,
}

/// A hedged call the backup won: which model answered, and after how long it was asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Substitution {
    /// "provider · model" of the backup.
    pub backup: String,
    /// How long the seat's own model had been asked when the backup was asked too.
    pub after_ms: u64,
}

impl Substitution {
    /// What a call card says, e.g. "answered by backup OpenAI · gpt-4o-mini after 4.0 s".
    pub fn sentence(&self) -> String {
        format!(
            "answered by backup {} after {:.1} s",
            self.backup,
            self.after_ms as f64 / 1000.0
        )
    }
}

/// Whether the record at `index` of `calls` stands for its asked call. A call and its re-ask are
/// one asked call, shown once (one card, one failed call): by the reply that was used (the first
/// reply, taken as free text), else by the re-ask, whose outcome is the call's.
pub fn stands_for_its_call(calls: &[CallRecord], index: usize) -> bool {
    let call = &calls[index];
    // An id no call id formats to (none is written so) stands for itself.
    let Some(id) = call.id() else {
        return true;
    };
    if id.is_reask() {
        let first_id = id.asked_call().to_string();
        // A resumed round repeats ids: the first call is the nearest one before.
        let first = calls[..index].iter().rev().find(|c| c.call_id == first_id);
        return !first.is_some_and(|first| first.status == CallStatus::Ok);
    }
    if call.status == CallStatus::Ok {
        return true;
    }
    let reask_id = id.reasked().to_string();
    let asked_again = calls[index + 1..]
        .iter()
        .take_while(|later| later.call_id != call.call_id)
        .any(|later| later.call_id == reask_id);
    !asked_again
}

impl CallRecord {
    /// The record's call id, typed; None for a string no call id formats to.
    pub fn id(&self) -> Option<CallId> {
        CallId::parse(&self.call_id)
    }

    /// An earlier attempt of a call that reached the provider and was cut off (recorded for its
    /// cost as `<call id>-attempt-<n>`), not a call of its own.
    pub fn is_cut_attempt(&self) -> bool {
        self.id().is_some_and(|id| id.is_attempt())
    }
}
