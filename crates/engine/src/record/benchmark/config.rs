//! What the user chose for one benchmark: the questions, the council, the best single model, the
//! budget and how many requests may be in flight per provider.
use serde::{Deserialize, Serialize};

use crate::foundation::participants::Participant;
use crate::record::consult::config::ConsultConfig;

/// Requests in flight at once to one provider, unless the user says otherwise.
pub const DEFAULT_PARALLEL_PER_PROVIDER: u32 = 4;
/// The participant id of the best single model's calls (its samples), in call records.
pub const BEST_SINGLE_ID: &str = "best-single";

/// Where the questions came from. The questions themselves are stored in the body, so a record
/// reads the same whatever later versions of a generator do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QuestionSource {
    /// A built-in generator: the same seed gives the same questions on every machine.
    Generated {
        generator: Generator,
        count: u32,
        seed: u64,
    },
    /// The user's JSONL or CSV file, by its name.
    File { name: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Generator {
    /// `a+b*c+d-e*f` with two-digit operands (Du et al. 2023).
    Arithmetic,
    /// Multi-step word problems with their answers.
    WordProblems,
}

/// The model the "best single model sampled k times" arm samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BestSingle {
    /// The panelist with the best solo accuracy once every question's round 1 is known (ties: the
    /// first in panel order).
    Auto,
    /// The user's choice (any seat; its id is replaced by `BEST_SINGLE_ID` in the calls).
    Model { participant: Box<Participant> },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkConfig {
    pub source: QuestionSource,
    /// The panel and judge, and every Consult setting each question's consultation runs with
    /// (`final_answer` is set on by the benchmark; the budget is the benchmark's, see `budget_usd`).
    pub council: ConsultConfig,
    pub best_single: BestSingle,
    /// Total spend of every arm together; no call is made that could take it above this.
    #[serde(default)]
    pub budget_usd: Option<f64>,
    /// Requests in flight at once to one provider (1 or more).
    #[serde(default = "default_parallel")]
    pub parallel_per_provider: u32,
    /// The seed of the paired bootstrap intervals (and of generated questions).
    #[serde(default)]
    pub seed: u64,
}

fn default_parallel() -> u32 {
    DEFAULT_PARALLEL_PER_PROVIDER
}

impl BenchmarkConfig {
    /// `Err` is a sentence the user can act on.
    pub fn validate(&self) -> Result<(), String> {
        self.council.validate()?;
        // A council of one asks no synthesis and no verdict: its "council" arm would have no
        // verdict to grade and be wrong on every question.
        if self.council.panelists.len() < crate::record::consult::config::MIN_PANELISTS {
            return Err(format!(
                "A benchmark weighs a council against its members alone: seat at least {} \
                 panelists.",
                crate::record::consult::config::MIN_PANELISTS
            ));
        }
        if self.parallel_per_provider == 0 {
            return Err("Allow at least 1 request at a time per provider.".to_string());
        }
        if let Some(budget) = self.budget_usd {
            if !budget.is_finite() || budget <= 0.0 {
                return Err(format!("The budget must be more than $0 (got {budget})."));
            }
        }
        if let BestSingle::Model { participant } = &self.best_single {
            if participant.model.trim().is_empty() {
                return Err("Choose a model for the best single model.".to_string());
            }
        }
        Ok(())
    }
}
