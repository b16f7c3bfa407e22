//! The Benchmark's part of the session record: its settings, its questions, and per question each
//! arm's outcome as it became known. Saved as the run goes, so a stopped benchmark resumes exactly
//! where it stopped: a question whose arm has an outcome is never asked again for that arm.
use serde::{Deserialize, Serialize};

use super::config::BenchmarkConfig;
use super::question::Question;
use crate::foundation::ids::ParticipantId;
use crate::foundation::participants::Participant;
use crate::record::consult::depth::Depth;
use crate::record::Session;

fn is_zero(count: &u32) -> bool {
    *count == 0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkBody {
    pub config: BenchmarkConfig,
    /// Every question of the set, in the order they run.
    pub questions: Vec<Question>,
    /// The best single model's samples per question: the Consult protocol's call count for this
    /// council (its calls when every reply is usable, e.g. 2n+3), fixed when the run starts.
    #[serde(default)]
    pub k: Option<u32>,
    /// The model the best-single arm samples, once known (at once when the user chose it; after
    /// every question's round 1 for `BestSingle::Auto`). Its id is `BEST_SINGLE_ID`.
    #[serde(default)]
    pub best_single: Option<Participant>,
    /// One per question that has begun, in question order.
    #[serde(default)]
    pub results: Vec<QuestionResult>,
    /// Set only in the record as stored: its `results` are empty, and this many are kept apart,
    /// one per question (`outcomes_apart`). Never set on a session in memory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results_apart: Option<u32>,
    /// Set only in the record as stored: its `questions` are empty, kept apart in one entry of
    /// their own (`outcomes_apart::split_questions`). Never set on a session in memory.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub questions_apart: bool,
}

impl BenchmarkBody {
    /// How many arm outcomes the record holds: what a run's results were computed from.
    pub fn arm_outcomes(&self) -> usize {
        self.results.iter().map(|r| r.arms.len()).sum()
    }

    /// Looked for from the end: the question under way is the last begun, so a run finds its
    /// own in one step however long it is (a pass over every question uses `results_by_id`).
    pub fn result(&self, question_id: &str) -> Option<&QuestionResult> {
        self.results
            .iter()
            .rev()
            .find(|r| r.question_id == question_id)
    }

    /// Every result by its question's id, for a pass over the questions: one lookup each, where
    /// `result` per question would make the pass quadratic in the run's length.
    pub fn results_by_id(&self) -> std::collections::HashMap<&str, &QuestionResult> {
        self.results
            .iter()
            .map(|r| (r.question_id.as_str(), r))
            .collect()
    }

    /// Questions whose every arm has an outcome.
    pub fn questions_done(&self) -> usize {
        self.results.iter().filter(|r| r.is_done(self.k)).count()
    }
}

/// Which arm answered.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Arm {
    /// One panelist's model alone: its round-1 answer in the council (one call).
    Solo { participant_id: ParticipantId },
    /// The panel's round-1 majority vote, no debate (no extra call).
    Vote,
    /// The full Consult: the verdict's `final_answer`.
    Council,
    /// The best single model sampled k times, majority vote.
    BestSingle,
    /// The council at another depth (Vote or Adaptive), read from the council's own record: its
    /// first rounds are theirs, so no call is made for it (see `benchmark::depth_arms`).
    Depth { depth: Depth },
}

/// One arm's answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmOutcome {
    pub arm: Arm,
    /// The answer graded (a vote's winner); None when the arm gave none.
    #[serde(default)]
    pub final_answer: Option<String>,
    /// None when the arm gave no answer (every call failed, or the council failed).
    #[serde(default)]
    pub correct: Option<bool>,
    /// USD of this arm's calls; None when a call had no price (never taken as $0).
    #[serde(default)]
    pub cost_usd: Option<f64>,
    /// Input plus output tokens of this arm's calls.
    #[serde(default)]
    pub tokens: u64,
    /// Calls the arm made for this question (re-asks included; the round-1 vote reuses the
    /// panel's round-1 calls, so they are counted here too).
    #[serde(default)]
    pub calls: u32,
    /// Calls made one after another for this question (a round's parallel calls count once, a
    /// re-ask once more); 0 in records made before it was counted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sequential_calls: u32,
    /// Why a call or the arm failed, as sentences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

/// One of the best single model's samples, stored as soon as it finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// 1..=k; its call id is `<question id>-best-<index>`.
    pub index: u32,
    /// None when the call failed or its reply could not be used (see `error`).
    #[serde(default)]
    pub final_answer: Option<String>,
    #[serde(default)]
    pub cost_usd: Option<f64>,
    #[serde(default)]
    pub tokens: u64,
    #[serde(default)]
    pub calls: u32,
    #[serde(default)]
    pub error: Option<String>,
}

/// The council's facts about a question that the results need beyond the verdict's answer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CouncilFacts {
    /// The panel's round-1 majority answer (after the vote's tie rule), None with no gradable answer.
    #[serde(default)]
    pub round1_majority: Option<String>,
    #[serde(default)]
    pub round1_majority_correct: Option<bool>,
    /// The verdict's `final_answer`.
    #[serde(default)]
    pub verdict_answer: Option<String>,
    /// The confidence computed in code (`confidence_check`), 0..1.
    #[serde(default)]
    pub confidence: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuestionResult {
    pub question_id: String,
    /// This question's consultation as it stands: partial while it runs or after an interruption
    /// (then resumed through Consult's own resume), whole once it ended.
    #[serde(default)]
    pub consult: Option<Box<Session>>,
    /// The best single model's samples so far.
    #[serde(default)]
    pub samples: Vec<Sample>,
    /// Each arm's outcome, once known: the solo arms, the vote and the council when the
    /// consultation ended, the best single when its k samples are in.
    #[serde(default)]
    pub arms: Vec<ArmOutcome>,
    #[serde(default)]
    pub facts: CouncilFacts,
    /// Time spent running this question (ms, summed over resumes), for the estimate of time left.
    #[serde(default)]
    pub elapsed_ms: u64,
}

impl QuestionResult {
    pub fn new(question_id: &str) -> Self {
        Self {
            question_id: question_id.to_string(),
            consult: None,
            samples: Vec::new(),
            arms: Vec::new(),
            facts: CouncilFacts::default(),
            elapsed_ms: 0,
        }
    }

    pub fn outcome(&self, arm: &Arm) -> Option<&ArmOutcome> {
        self.arms.iter().find(|o| &o.arm == arm)
    }

    /// The council's arms are in and, once k is known, the best single's too.
    pub fn is_done(&self, k: Option<u32>) -> bool {
        self.outcome(&Arm::Council).is_some()
            && (k.is_none() || self.outcome(&Arm::BestSingle).is_some())
    }
}
