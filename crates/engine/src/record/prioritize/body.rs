//! Prioritize's part of the session record: the partners and settings, the backlog, the debate in
//! the seed's shape, and the round in progress (so a stopped debate continues where it was).
use serde::{Deserialize, Serialize};

use super::backlog::{validate_backlog, Opportunity, ScoreMethod};
use super::debate::DebateSession;
use crate::foundation::participants::Participant;

pub const MAX_ROUNDS_LIMIT: u32 = 10;
/// More opportunities than this start a debate; fewer are ranked by the plain score unless the
/// user asks for a debate (a setting).
pub const DEFAULT_DEBATE_THRESHOLD: usize = 5;

/// The three partners' seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Partner {
    Champion,
    Critic,
    Moderator,
}

impl Partner {
    pub const ALL: [Partner; 3] = [Partner::Champion, Partner::Critic, Partner::Moderator];

    /// The participant id of the seat.
    pub fn id(self) -> &'static str {
        match self {
            Self::Champion => "champion",
            Self::Critic => "critic",
            Self::Moderator => "moderator",
        }
    }

    pub fn from_id(id: &str) -> Option<Partner> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }

    /// "Champion (strategy partner)".
    pub fn title(self) -> &'static str {
        match self {
            Self::Champion => "Champion (strategy partner)",
            Self::Critic => "Critic (tech partner)",
            Self::Moderator => "Moderator (managing director)",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrioritizeConfig {
    /// Champion, critic and moderator, by their seat ids.
    pub partners: Vec<Participant>,
    pub max_rounds: u32,
    pub budget_usd: f64,
    pub max_tokens: u32,
    /// False: rank by the plain score, with no model call.
    pub debate: bool,
    #[serde(default = "yes")]
    pub structured_output: bool,
    /// The user started although the critic shares the champion's or moderator's model.
    #[serde(default)]
    pub independence_overridden: bool,
    #[serde(default)]
    pub demo: bool,
}

fn yes() -> bool {
    true
}

impl PrioritizeConfig {
    pub fn partner(&self, seat: Partner) -> Option<&Participant> {
        self.partners.iter().find(|p| p.id == seat.id())
    }

    /// `Err` is a sentence the user can act on.
    pub fn validate(&self, backlog: &[Opportunity]) -> Result<(), String> {
        validate_backlog(backlog)?;
        if !(1..=MAX_ROUNDS_LIMIT).contains(&self.max_rounds) {
            return Err(format!(
                "Max rounds must be from 1 to {MAX_ROUNDS_LIMIT} (got {}).",
                self.max_rounds
            ));
        }
        if !self.budget_usd.is_finite() || self.budget_usd <= 0.0 {
            return Err(format!(
                "The budget must be more than $0 (got {}).",
                self.budget_usd
            ));
        }
        if !self.debate {
            return Ok(());
        }
        if self.max_tokens == 0 {
            return Err("The output limit per call (max tokens) must be at least 1.".into());
        }
        for seat in Partner::ALL {
            match self.partner(seat) {
                None => return Err(format!("Choose a model for the {}.", seat.title())),
                Some(p) if p.model.trim().is_empty() => {
                    return Err(format!("Choose a model for the {}.", seat.title()))
                }
                Some(_) => {}
            }
        }
        if let (Some(problem), false) = (self.independence_problem(), self.independence_overridden)
        {
            return Err(problem);
        }
        Ok(())
    }

    /// Why the critic is not independent (same provider and model as the champion or the
    /// moderator), or None.
    pub fn independence_problem(&self) -> Option<String> {
        let critic = self.partner(Partner::Critic)?;
        let same = |seat: Partner| {
            self.partner(seat).is_some_and(|other| {
                other.provider_id == critic.provider_id && other.model == critic.model
            })
        };
        let shared: Vec<&str> = [Partner::Champion, Partner::Moderator]
            .into_iter()
            .filter(|seat| same(*seat))
            .map(|seat| {
                if seat == Partner::Champion {
                    "champion"
                } else {
                    "moderator"
                }
            })
            .collect();
        (!shared.is_empty()).then(|| {
            format!(
                "The critic runs on the same provider and model as the {} ({}), so its review is \
                 not independent: a model tends to agree with itself. Choose another model for the \
                 critic, or start anyway.",
                shared.join(" and "),
                critic.model
            )
        })
    }
}

/// A round whose champion and critic have answered but whose moderator has not yet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundInProgress {
    pub round_number: u32,
    #[serde(default)]
    pub champion: Option<ChampionPart>,
    #[serde(default)]
    pub critic: Option<CriticPart>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChampionPart {
    pub argument: String,
    pub rankings: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CriticPart {
    pub concerns: std::collections::BTreeMap<String, Vec<String>>,
    pub counter_rankings: Vec<String>,
    #[serde(default)]
    pub assessments: std::collections::BTreeMap<String, super::debate::Assessment>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrioritizeBody {
    pub config: PrioritizeConfig,
    pub backlog: Vec<Opportunity>,
    /// The seed's `DebateSession` (export format).
    pub debate: DebateSession,
    #[serde(default)]
    pub in_progress: Option<RoundInProgress>,
    /// The backlog ranked, with `priority_rank` and `debate_session_id`: set at the end.
    #[serde(default)]
    pub ranked: Vec<Opportunity>,
    /// How the stop was decided, as a sentence ("Consensus in round 3.").
    #[serde(default)]
    pub outcome: Option<String>,
}

impl PrioritizeBody {
    /// The ids in backlog order.
    pub fn ids(&self) -> Vec<String> {
        self.backlog.iter().map(|o| o.id.clone()).collect()
    }

    /// The ranking of the last complete round, or the backlog's order before any.
    pub fn last_rankings(&self) -> Vec<String> {
        self.debate
            .rounds
            .last()
            .map(|r| r.moderator_final_rankings.clone())
            .unwrap_or_else(|| self.ids())
    }

    pub fn score_method(&self) -> Option<ScoreMethod> {
        (!self.config.debate).then(|| {
            let methods: Vec<ScoreMethod> = self
                .backlog
                .iter()
                .map(|o| super::backlog::plain_score(o).1)
                .collect();
            if methods.iter().all(|m| *m == ScoreMethod::Rice) {
                ScoreMethod::Rice
            } else {
                ScoreMethod::EvidencePerEffort
            }
        })
    }
}
