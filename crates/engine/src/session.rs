//! The record of one consultation: stored in the browser as it grows and exported as JSON.
use serde::{Deserialize, Serialize};

use crate::artifacts::{
    CrossExamArtifact, IndependentArtifact, SynthesisArtifact, VerdictArtifact,
};
use crate::confidence::ConfidenceCheck;
use crate::config::{ConsultConfig, MIN_PANELISTS};
use crate::efficiency::TokenEfficiencyStats;
use crate::ledger::CostSummary;
use crate::state::ConsultState;
use crate::timestamp::rfc3339_utc;

pub const SESSION_SCHEMA_VERSION: &str = "1.0";
pub const CONSULT_PROTOCOL: &str = "consult";
const TITLE_MAX_CHARS: usize = 80;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsultSession {
    pub schema_version: String,
    pub id: String,
    /// "consult".
    pub protocol: String,
    pub question: String,
    pub created_at: String,
    pub updated_at: String,
    pub config: ConsultConfig,
    pub state: ConsultState,
    /// Every call made or refused, in the order each finished; a resumed round adds new records
    /// (with the same call ids) after the old ones, which stay because their cost was real.
    #[serde(default)]
    pub calls: Vec<CallRecord>,
    /// Stored once round 1 is complete, in panel order; panelists whose answer failed are absent.
    #[serde(default)]
    pub round1: Vec<IndependentArtifact>,
    #[serde(default)]
    pub round2: Option<SynthesisArtifact>,
    #[serde(default)]
    pub round3: Option<CrossExamArtifact>,
    /// The judge's verdict as given; see `confidence_check` for the checked confidence and the
    /// dissent the engine added.
    #[serde(default)]
    pub round4: Option<VerdictArtifact>,
    #[serde(default)]
    pub confidence_check: Option<ConfidenceCheck>,
    #[serde(default)]
    pub token_efficiency_stats: Option<TokenEfficiencyStats>,
    /// Why the session failed, as a sentence for the user.
    #[serde(default)]
    pub failure: Option<String>,
    #[serde(default)]
    pub cost: CostSummary,
}

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
    pub participant_id: String,
    pub status: CallStatus,
    /// Characters of system prompt + user prompt.
    pub prompt_chars: usize,
    /// Usage as the provider reported it; None when it reported none.
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
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
}

impl ConsultSession {
    pub fn new(id: String, question: String, config: ConsultConfig, now_ms: u64) -> Self {
        let now = rfc3339_utc(now_ms);
        let cost = CostSummary {
            budget_usd: config.budget_usd,
            ..CostSummary::default()
        };
        Self {
            schema_version: SESSION_SCHEMA_VERSION.to_string(),
            id,
            protocol: CONSULT_PROTOCOL.to_string(),
            question,
            created_at: now.clone(),
            updated_at: now,
            config,
            state: ConsultState::Idle,
            calls: Vec::new(),
            round1: Vec::new(),
            round2: None,
            round3: None,
            round4: None,
            confidence_check: None,
            token_efficiency_stats: None,
            failure: None,
            cost,
        }
    }

    /// True until the session is Complete, Aborted or Failed. A stored session for which this holds
    /// while no run is active was interrupted (or never started): `run_consult` continues it from
    /// round `last_complete_round() + 1`.
    pub fn is_running(&self) -> bool {
        !self.state.is_finished()
    }

    /// The last round whose artifact is stored (0 = none). Round 1 counts once at least two
    /// independent answers are stored, the minimum for a council.
    pub fn last_complete_round(&self) -> u8 {
        if self.round4.is_some() {
            4
        } else if self.round3.is_some() {
            3
        } else if self.round2.is_some() {
            2
        } else if self.round1.len() >= MIN_PANELISTS {
            1
        } else {
            0
        }
    }

    /// The question's first line, shortened for lists.
    pub fn title(&self) -> String {
        let first_line = self
            .question
            .lines()
            .find(|line| !line.trim().is_empty())
            .unwrap_or("");
        let words: Vec<&str> = first_line.split_whitespace().collect();
        let line = words.join(" ");
        if line.chars().count() <= TITLE_MAX_CHARS {
            return line;
        }
        let cut: String = line.chars().take(TITLE_MAX_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }
}
