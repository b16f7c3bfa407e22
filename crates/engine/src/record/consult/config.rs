//! What the user chose for one consultation.
use serde::{Deserialize, Serialize};

use super::depth::Depth;
use super::filter_limits::FilterLimits;
use crate::foundation::participants::Participant;
use crate::record::sources::Source;
use crate::record::DEFAULT_MAX_TOKENS;

/// The fewest panelists a council that deliberates has (a synthesis needs two answers to
/// compare). A council of one model alone (`ConsultConfig::is_alone`) is a single answer.
pub const MIN_PANELISTS: usize = 2;
pub const MAX_PANELISTS: usize = 5;
/// How a council of one model alone is named where a depth would be.
pub const ONE_MODEL: &str = "One model";
/// Round 4, the verdict, is the last round of a consult.
pub const FINAL_ROUND: u8 = 4;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConsultConfig {
    pub panelists: Vec<Participant>,
    pub judge: Participant,
    /// Send full artifacts in rounds 3 and 4 instead of filtered ones.
    #[serde(default)]
    pub verbose: bool,
    #[serde(default)]
    pub filter_limits: FilterLimits,
    /// Output limit of every call.
    #[serde(default = "default_max_tokens")]
    pub max_tokens: u32,
    /// No call is made that could take the spend above this (for priced participants).
    #[serde(default)]
    pub budget_usd: Option<f64>,
    /// 1 = independent answers only ... 4 = the full consult to a verdict.
    #[serde(default = "default_stop_after_round")]
    pub stop_after_round: u8,
    /// Send each reply's JSON schema with the provider's structured-output feature.
    #[serde(default = "default_structured_output")]
    pub structured_output: bool,
    /// A scripted council: labelled as a demo wherever the session shows.
    #[serde(default)]
    pub demo: bool,
    /// Bias controls: in rounds 2-4 every reader sees its peers as "Panelist A", "Panelist B"...,
    /// in an order shuffled per reader (see `ConsultBody::peer_label_seed`).
    /// Stored only when off: a record without it (also one from before it existed) has it on.
    #[serde(
        default = "default_anonymous_peers",
        skip_serializing_if = "is_anonymous"
    )]
    pub anonymous_peers: bool,
    /// Ask round 1 and the verdict for a short `final_answer` as well, graded in code: set by the
    /// Benchmark. Off for an ordinary consult, whose prompts and schemas then carry no
    /// word of it. Stored only when on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub final_answer: bool,
    /// How deep the consult goes (see `depth`). A record without one went all four rounds: it
    /// reads as Full, and Full is stored by leaving it out. New councils take
    /// `Depth::FOR_NEW_COUNCILS`.
    #[serde(
        default = "Depth::of_old_records",
        skip_serializing_if = "Depth::is_full"
    )]
    pub depth: Depth,
    /// What the council reads (`record::sources`): every call of every seat carries it after the
    /// instructions. A follow-up carries its thread's material (`material::attach::thread_material`)
    /// without re-attaching. Stored only when there is some.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub material: Vec<Source>,
    /// Search the web (docs/design.md, "Sources from the web"): each panelist's round-1 answer and
    /// round-3 reply search with its provider's own feature where the seat can
    /// (`Participant::web_search`); the synthesis and the verdict work from what was found.
    #[serde(default, skip_serializing_if = "is_false")]
    pub search_web: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn default_max_tokens() -> u32 {
    DEFAULT_MAX_TOKENS
}

fn default_stop_after_round() -> u8 {
    FINAL_ROUND
}

fn default_structured_output() -> bool {
    true
}

fn default_anonymous_peers() -> bool {
    true
}

fn is_anonymous(anonymous_peers: &bool) -> bool {
    *anonymous_peers
}

impl ConsultConfig {
    /// `Err` is a sentence the user can act on.
    pub fn validate(&self) -> Result<(), String> {
        let count = self.panelists.len();
        if count != 1 && !(MIN_PANELISTS..=MAX_PANELISTS).contains(&count) {
            return Err(format!(
                "A council needs one model alone or {MIN_PANELISTS} to {MAX_PANELISTS} panelists; \
                 this one has {count}."
            ));
        }
        for participant in self.participants() {
            if participant.id.as_str().trim().is_empty() {
                return Err(format!("{} has no id.", participant.label));
            }
            if participant.model.trim().is_empty() {
                return Err(format!("Choose a model for {}.", participant.label));
            }
            if let Some(price) = participant.price {
                let prices = [
                    Some(price.input_per_million),
                    Some(price.output_per_million),
                    price.cache_read_per_million,
                    price.cache_write_per_million,
                ];
                if prices.iter().flatten().any(|p| !p.is_finite() || *p < 0.0) {
                    return Err(format!(
                        "The price of {} must be zero or more (USD per million tokens).",
                        participant.label
                    ));
                }
            }
        }
        let mut ids: Vec<&str> = self.participants().map(|p| p.id.as_str()).collect();
        consilium_order::sort(&mut ids);
        if let Some(pair) = ids.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(format!(
                "Two seats share the id \"{}\"; each needs its own.",
                pair[0]
            ));
        }
        if self.max_tokens == 0 {
            return Err("The output limit per call (max tokens) must be at least 1.".to_string());
        }
        if let Some(budget) = self.budget_usd {
            if !budget.is_finite() || budget <= 0.0 {
                return Err(format!("The budget must be more than $0 (got {budget})."));
            }
        }
        if !(1..=FINAL_ROUND).contains(&self.stop_after_round) {
            return Err(format!(
                "Stop after round must be 1 to {FINAL_ROUND} (got {}).",
                self.stop_after_round
            ));
        }
        Ok(())
    }

    /// A council of one model: at any depth its round-1 answer is the decision (no synthesis, no
    /// judge call; `consult::early::alone`).
    pub fn is_alone(&self) -> bool {
        self.panelists.len() == 1
    }

    /// The usable round-1 answers the consult needs to go on: two for a council that deliberates,
    /// the one for a model alone.
    pub fn answers_needed(&self) -> usize {
        MIN_PANELISTS.min(self.panelists.len().max(1))
    }

    /// How the council decides, in a word: its depth ("Adaptive"), or "One model" for a model
    /// alone, whose depth asks nothing more.
    pub fn depth_label(&self) -> &'static str {
        if self.is_alone() {
            ONE_MODEL
        } else {
            self.depth.label()
        }
    }

    /// The last round the run may ask: where the user stops, within the depth's plan; 1 for a
    /// model alone.
    pub fn last_round(&self) -> u8 {
        if self.is_alone() {
            1
        } else {
            self.stop_after_round.min(self.depth.planned_rounds().1)
        }
    }

    /// The panelists, then the judge.
    pub fn participants(&self) -> impl Iterator<Item = &Participant> {
        self.panelists.iter().chain(std::iter::once(&self.judge))
    }
}
