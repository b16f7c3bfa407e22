//! Seed 003's data model, with its field names: their JSON is the export format
//! (`DebateSession::to_dict` in the seed). Fields the seed does not have are additions, never
//! renames: the critic's effort and approach per opportunity, and the stopping rule's reading of
//! each round.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::backlog::{Opportunity, Size};
use crate::foundation::ids::SessionId;

/// The seed's defaults for a debate's rounds and budget, also the new prioritization's settings.
pub const DEFAULT_MAX_ROUNDS: u32 = 3;
pub const DEFAULT_BUDGET_USD: f64 = 2.50;

/// The moderator's call on an opportunity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Disposition {
    /// Strong cross-partner support: do this next.
    #[serde(alias = "PRIORITIZE", alias = "Prioritize")]
    Prioritize,
    /// The partners disagree: more data is needed.
    #[serde(alias = "INVESTIGATE", alias = "Investigate")]
    Investigate,
    /// Low priority across partners.
    #[serde(alias = "DEFER", alias = "Defer")]
    Defer,
    /// Significant concerns from several partners.
    #[serde(alias = "REJECT", alias = "Reject")]
    Reject,
}

impl Disposition {
    pub fn label(self) -> &'static str {
        match self {
            Self::Prioritize => "PRIORITIZE",
            Self::Investigate => "INVESTIGATE",
            Self::Defer => "DEFER",
            Self::Reject => "REJECT",
        }
    }

    pub fn parse(text: &str) -> Option<Disposition> {
        serde_json::from_value(serde_json::Value::String(text.trim().to_string())).ok()
    }
}

/// Build it, buy it, or partner for it (the critic's call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Approach {
    #[serde(alias = "BUILD", alias = "Build")]
    Build,
    #[serde(alias = "BUY", alias = "Buy")]
    Buy,
    #[serde(alias = "PARTNER", alias = "Partner")]
    Partner,
}

impl Approach {
    pub fn label(self) -> &'static str {
        match self {
            Self::Build => "build",
            Self::Buy => "buy",
            Self::Partner => "partner",
        }
    }
}

/// The critic's estimate of one opportunity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Assessment {
    pub effort: Size,
    pub approach: Approach,
}

/// One round of the three-partner debate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebateRound {
    pub round_number: u32,

    pub champion_argument: String,
    /// Opportunity ids in priority order (sanitised: every id once).
    pub champion_rankings: Vec<String>,
    #[serde(default)]
    pub champion_cost_usd: f64,

    /// Opportunity id -> concerns.
    pub critic_concerns: BTreeMap<String, Vec<String>>,
    /// By feasibility.
    pub critic_counter_rankings: Vec<String>,
    #[serde(default)]
    pub critic_cost_usd: f64,
    /// Opportunity id -> effort and build / buy / partner.
    #[serde(default)]
    pub critic_assessments: BTreeMap<String, Assessment>,

    /// Absent in a seed-format round: none (the seed's `data.get("moderator_dispositions", {})`).
    #[serde(default)]
    pub moderator_dispositions: BTreeMap<String, Disposition>,
    pub moderator_final_rankings: Vec<String>,
    #[serde(default)]
    pub moderator_cost_usd: f64,
    /// The moderator's own words on whether to go on.
    #[serde(default = "yes")]
    pub continue_debate: bool,
    /// Consensus as the stopping rule decided it (see `stopping`): the moderator said so, no
    /// opportunity is left to INVESTIGATE, and the rankings equal the previous round's.
    #[serde(default)]
    pub consensus_reached: bool,
    /// What the moderator claimed, and why the rule did not accept it.
    #[serde(default)]
    pub moderator_claimed_consensus: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consensus_refused: Option<String>,
}

fn yes() -> bool {
    true
}

impl DebateRound {
    pub fn round_cost_usd(&self) -> f64 {
        self.champion_cost_usd + self.critic_cost_usd + self.moderator_cost_usd
    }
}

/// A whole debate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebateSession {
    pub session_id: SessionId,
    pub started_at: String,
    #[serde(default)]
    pub completed_at: Option<String>,
    /// The seed's defaults when absent (`DebateSession.from_dict`): no ids, 3 rounds, $2.50.
    #[serde(default)]
    pub opportunity_ids: Vec<String>,
    #[serde(default = "default_max_rounds")]
    pub max_rounds: u32,
    #[serde(default = "default_budget_usd")]
    pub budget_usd: f64,
    #[serde(default)]
    pub rounds: Vec<DebateRound>,
    #[serde(default)]
    pub final_rankings: Vec<String>,
    #[serde(default)]
    pub consensus_reached: bool,
    /// The budget ran out before consensus; `final_rankings` are the last complete round's.
    #[serde(default)]
    pub stalemate: bool,
    /// Written for the export (the seed's `to_dict` includes it); always recomputed on read.
    #[serde(default, deserialize_with = "ignore")]
    pub total_cost_usd: f64,
}

fn default_max_rounds() -> u32 {
    DEFAULT_MAX_ROUNDS
}

fn default_budget_usd() -> f64 {
    DEFAULT_BUDGET_USD
}

fn ignore<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let _ = serde::de::IgnoredAny::deserialize(deserializer)?;
    Ok(0.0)
}

impl DebateSession {
    pub fn new(
        session_id: &SessionId,
        started_at: &str,
        opportunity_ids: Vec<String>,
        max_rounds: u32,
        budget_usd: f64,
    ) -> Self {
        Self {
            session_id: session_id.clone(),
            started_at: started_at.to_string(),
            completed_at: None,
            opportunity_ids,
            max_rounds,
            budget_usd,
            rounds: Vec::new(),
            final_rankings: Vec::new(),
            consensus_reached: false,
            stalemate: false,
            total_cost_usd: 0.0,
        }
    }

    pub fn total_cost_usd(&self) -> f64 {
        // fold from +0.0: `sum()` of floats starts at -0.0, which would be stored (and shown) as "-0".
        self.rounds
            .iter()
            .map(DebateRound::round_cost_usd)
            .fold(0.0, |total, cost| total + cost)
    }

    pub fn rounds_used(&self) -> usize {
        self.rounds.len()
    }

    pub fn add_round(&mut self, round: DebateRound) {
        self.rounds.push(round);
        self.total_cost_usd = self.total_cost_usd();
    }

    /// The seed's JSON, with `total_cost_usd` brought up to date.
    pub fn to_json(&self) -> serde_json::Value {
        let mut copy = self.clone();
        copy.total_cost_usd = self.total_cost_usd();
        serde_json::to_value(copy).expect("a debate session serialises")
    }
}

/// What a debate hands back (seed 003's `DebateResult`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebateResult {
    pub session: DebateSession,
    /// The backlog with `priority_rank` and `debate_session_id` set, in rank order.
    pub ranked_opportunities: Vec<Opportunity>,
    /// Every priced call of the debate (`prioritize::debate_cost_usd`), the figure the page and
    /// the Markdown show: after a stalemate it includes the unfinished round's calls, which
    /// `session.total_cost_usd` (the rounds' costs) leaves out.
    pub cost_usd: f64,
    pub rounds_used: usize,
}
