//! How many items of each debate artifact rounds 3 and 4 receive, and how the limits are stored in
//! the settings: the seed's JSON shape
//! `{"filtering":{"round3":{"consensus_points":3,"tensions":2},"round4":{...,"challenges":5,"rebuttals":5}}}`.
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// Top-N limits for a synthesis artifact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SynthesisLimits {
    pub consensus_points: u32,
    pub tensions: u32,
}

/// Top-N limits for a cross-examination artifact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossExamLimits {
    pub challenges: u32,
    pub rebuttals: u32,
}

/// Round 4 filters both the synthesis and the cross-examination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round4Limits {
    pub consensus_points: u32,
    pub tensions: u32,
    pub challenges: u32,
    pub rebuttals: u32,
}

impl Round4Limits {
    pub fn synthesis(&self) -> SynthesisLimits {
        SynthesisLimits {
            consensus_points: self.consensus_points,
            tensions: self.tensions,
        }
    }

    pub fn cross_exam(&self) -> CrossExamLimits {
        CrossExamLimits {
            challenges: self.challenges,
            rebuttals: self.rebuttals,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FilterLimits {
    /// What the panelists see of the synthesis in round 3.
    pub round3: SynthesisLimits,
    /// What the judge sees of the synthesis and the cross-examination in round 4.
    pub round4: Round4Limits,
}

impl Default for FilterLimits {
    fn default() -> Self {
        Self {
            round3: SynthesisLimits {
                consensus_points: 3,
                tensions: 2,
            },
            round4: Round4Limits {
                consensus_points: 3,
                tensions: 2,
                challenges: 5,
                rebuttals: 5,
            },
        }
    }
}

impl FilterLimits {
    /// Reads the settings' `filtering` object, each value overriding its default. Also accepts the
    /// inner object alone (`{"round3":...}`); null or `{}` gives the defaults. An unknown key, a
    /// negative or a non-integer value is refused with a message naming the key, so the caller can
    /// keep the defaults and tell the user why.
    pub fn from_settings_json(settings: &Value) -> Result<FilterLimits, String> {
        let filtering = match settings {
            Value::Null => return Ok(Self::default()),
            Value::Object(object) => object.get("filtering").unwrap_or(settings),
            other => {
                return Err(format!(
                    "The filter settings must be a JSON object, not {other}."
                ))
            }
        };
        let sections = as_object(filtering, "filtering")?;
        reject_unknown_keys(sections, "filtering", &["round3", "round4"])?;
        let mut limits = Self::default();
        if let Some(round3) = sections.get("round3") {
            let round3 = as_object(round3, "filtering.round3")?;
            reject_unknown_keys(
                round3,
                "filtering.round3",
                &["consensus_points", "tensions"],
            )?;
            let path = "filtering.round3";
            override_limit(
                round3,
                path,
                "consensus_points",
                &mut limits.round3.consensus_points,
            )?;
            override_limit(round3, path, "tensions", &mut limits.round3.tensions)?;
        }
        if let Some(round4) = sections.get("round4") {
            let round4 = as_object(round4, "filtering.round4")?;
            let keys = ["consensus_points", "tensions", "challenges", "rebuttals"];
            reject_unknown_keys(round4, "filtering.round4", &keys)?;
            let path = "filtering.round4";
            let target = &mut limits.round4;
            override_limit(
                round4,
                path,
                "consensus_points",
                &mut target.consensus_points,
            )?;
            override_limit(round4, path, "tensions", &mut target.tensions)?;
            override_limit(round4, path, "challenges", &mut target.challenges)?;
            override_limit(round4, path, "rebuttals", &mut target.rebuttals)?;
        }
        Ok(limits)
    }

    /// The seed's shape, every limit spelled out.
    pub fn to_settings_json(&self) -> Value {
        json!({ "filtering": self })
    }
}

fn as_object<'a>(value: &'a Value, path: &str) -> Result<&'a Map<String, Value>, String> {
    value
        .as_object()
        .ok_or_else(|| format!("{path} must be a JSON object, not {value}."))
}

fn reject_unknown_keys(
    object: &Map<String, Value>,
    path: &str,
    known: &[&str],
) -> Result<(), String> {
    match object.keys().find(|key| !known.contains(&key.as_str())) {
        Some(key) => Err(format!(
            "{path}.{key} is not a known setting (known: {}).",
            known.join(", ")
        )),
        None => Ok(()),
    }
}

fn override_limit(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
    target: &mut u32,
) -> Result<(), String> {
    let Some(value) = object.get(key) else {
        return Ok(());
    };
    let name = format!("{path}.{key}");
    let number = value
        .as_f64()
        .ok_or_else(|| format!("{name} must be a whole number of items, not {value}."))?;
    if number < 0.0 {
        return Err(format!("{name} must not be negative (got {value})."));
    }
    if number.fract() != 0.0 {
        return Err(format!(
            "{name} must be a whole number of items (got {value})."
        ));
    }
    if number > f64::from(u32::MAX) {
        return Err(format!("{name} is too large (got {value})."));
    }
    *target = number as u32;
    Ok(())
}

/// One limit as Settings edits it: a number field with its label and its place in the limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitField {
    Round3ConsensusPoints,
    Round3Tensions,
    Round4ConsensusPoints,
    Round4Tensions,
    Round4Challenges,
    Round4Rebuttals,
}

/// No debate artifact holds more items than this in practice; a larger limit is a typo.
pub const MAX_LIMIT: u32 = 100;

impl LimitField {
    pub const ALL: [LimitField; 6] = [
        LimitField::Round3ConsensusPoints,
        LimitField::Round3Tensions,
        LimitField::Round4ConsensusPoints,
        LimitField::Round4Tensions,
        LimitField::Round4Challenges,
        LimitField::Round4Rebuttals,
    ];

    /// The round whose prompt the limit shapes (3 or 4), for grouping the fields.
    pub fn round(self) -> u8 {
        match self {
            LimitField::Round3ConsensusPoints | LimitField::Round3Tensions => 3,
            _ => 4,
        }
    }

    /// What the field limits, as its label reads.
    pub fn label(self) -> &'static str {
        match self {
            LimitField::Round3ConsensusPoints | LimitField::Round4ConsensusPoints => {
                "Consensus points"
            }
            LimitField::Round3Tensions | LimitField::Round4Tensions => "Tensions",
            LimitField::Round4Challenges => "Answered challenges",
            LimitField::Round4Rebuttals => "Rebuttals",
        }
    }

    pub fn get(self, limits: &FilterLimits) -> u32 {
        match self {
            LimitField::Round3ConsensusPoints => limits.round3.consensus_points,
            LimitField::Round3Tensions => limits.round3.tensions,
            LimitField::Round4ConsensusPoints => limits.round4.consensus_points,
            LimitField::Round4Tensions => limits.round4.tensions,
            LimitField::Round4Challenges => limits.round4.challenges,
            LimitField::Round4Rebuttals => limits.round4.rebuttals,
        }
    }

    /// `limits` with this field set from what the user typed, or why it cannot be.
    pub fn set(self, limits: FilterLimits, typed: &str) -> Result<FilterLimits, String> {
        let typed = typed.trim();
        let value: u32 = typed
            .parse()
            .ok()
            .filter(|value| *value <= MAX_LIMIT)
            .ok_or_else(|| format!("Use a whole number from 0 to {MAX_LIMIT}."))?;
        let mut limits = limits;
        let slot = match self {
            LimitField::Round3ConsensusPoints => &mut limits.round3.consensus_points,
            LimitField::Round3Tensions => &mut limits.round3.tensions,
            LimitField::Round4ConsensusPoints => &mut limits.round4.consensus_points,
            LimitField::Round4Tensions => &mut limits.round4.tensions,
            LimitField::Round4Challenges => &mut limits.round4.challenges,
            LimitField::Round4Rebuttals => &mut limits.round4.rebuttals,
        };
        *slot = value;
        Ok(limits)
    }
}
