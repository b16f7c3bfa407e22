//! What a persona writes, and what the engine makes of it: each round's opinion with its fix
//! items, the Business Driver's compromise and each vetoer's answer to it. Models write only these
//! shapes; everything decided from them (abstentions, grounding, quorum, verdict) is computed.
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::foundation::validation::{
    require_text, require_unit_interval, ReplyTexts, ValidationError,
};
use crate::record::consult::artifacts::schema::citations;
use crate::record::review::reply::FixItem;
use crate::record::review::reply::Vote;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PersonaReply {
    pub state: Vote,
    pub confidence: f64,
    pub opinion: String,
    #[serde(default)]
    pub fix_items: Vec<FixItem>,
}

impl PersonaReply {
    pub fn validate(&self) -> Result<(), ValidationError> {
        require_unit_interval("confidence", self.confidence)?;
        require_text("opinion", &self.opinion)?;
        for (index, item) in self.fix_items.iter().enumerate() {
            let field = |name: &str| format!("fix_items[{index}].{name}");
            require_text(&field("path"), &item.path)?;
            require_text(&field("rule"), &item.rule)?;
            require_text(&field("recommended_action"), &item.recommended_action)?;
            if item.line_start == 0 {
                return Err(ValidationError::new(
                    field("line_start"),
                    "must be 1 or more.",
                ));
            }
            if item.line_end < item.line_start {
                return Err(ValidationError::new(
                    field("line_end"),
                    format!(
                        "must not be before line_start (got {} to {}).",
                        item.line_start, item.line_end
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The Business Driver's Cost-of-Delay compromise after a veto.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompromiseReply {
    pub compromise: String,
    pub cost_of_delay: String,
}

impl CompromiseReply {
    pub fn validate(&self) -> Result<(), ValidationError> {
        require_text("compromise", &self.compromise)?;
        require_text("cost_of_delay", &self.cost_of_delay)
    }
}

/// A vetoer's answer to the compromise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AcceptanceReply {
    pub accept: bool,
    pub reason: String,
}

impl AcceptanceReply {
    pub fn validate(&self) -> Result<(), ValidationError> {
        require_text("reason", &self.reason)
    }
}

fn fix_item_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "severity": {"type": "string", "enum": ["critical", "high", "medium", "low"]},
            "path": {"type": "string"},
            "line_start": {"type": "integer", "minimum": 1},
            "line_end": {"type": "integer", "minimum": 1},
            "rule": {"type": "string"},
            "current": {"type": "string"},
            "recommended_action": {"type": "string"}
        },
        "required": ["severity", "path", "line_start", "line_end", "rule", "current", "recommended_action"],
        "additionalProperties": false
    })
}

pub fn persona_reply_schema() -> Value {
    persona_reply_schema_with(fix_item_schema())
}

/// The reply's schema when the review has context files: each fix item may cite them.
pub fn persona_reply_schema_citing_context() -> Value {
    let mut item = fix_item_schema();
    // The same citation shape as Consult's material asks for.
    item["properties"]["citations"] = citations();
    if let Some(required) = item["required"].as_array_mut() {
        required.push(json!("citations"));
    }
    persona_reply_schema_with(item)
}

fn persona_reply_schema_with(fix_item: Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "state": {"type": "string", "enum": ["SYNTHESIS", "VETO", "DEBATE", "ABSTAIN"]},
            "confidence": {"type": "integer", "minimum": 0, "maximum": 100},
            "opinion": {"type": "string"},
            "fix_items": {"type": "array", "maxItems": 8, "items": fix_item}
        },
        "required": ["state", "confidence", "opinion", "fix_items"],
        "additionalProperties": false
    })
}

pub fn compromise_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "compromise": {"type": "string"},
            "cost_of_delay": {"type": "string"}
        },
        "required": ["compromise", "cost_of_delay"],
        "additionalProperties": false
    })
}

pub fn acceptance_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "accept": {"type": "boolean"},
            "reason": {"type": "string"}
        },
        "required": ["accept", "reason"],
        "additionalProperties": false
    })
}

impl ReplyTexts for PersonaReply {
    /// The opinion and each fix item's words (not its path or lines, which are checked against
    /// the diff).
    fn reply_texts(&self) -> Vec<(String, &str)> {
        let mut texts = vec![("opinion".to_string(), self.opinion.as_str())];
        for (index, item) in self.fix_items.iter().enumerate() {
            let field = |name: &str| format!("fix_items[{index}].{name}");
            texts.push((field("rule"), item.rule.as_str()));
            texts.push((field("current"), item.current.as_str()));
            texts.push((
                field("recommended_action"),
                item.recommended_action.as_str(),
            ));
        }
        texts
    }
}

impl ReplyTexts for CompromiseReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        vec![
            ("compromise".to_string(), self.compromise.as_str()),
            ("cost_of_delay".to_string(), self.cost_of_delay.as_str()),
        ]
    }
}

impl ReplyTexts for AcceptanceReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        vec![("reason".to_string(), self.reason.as_str())]
    }
}
