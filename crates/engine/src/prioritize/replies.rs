//! What each partner writes, read tolerantly: the seed's `<<<NAME_START>>> ... <<<NAME_END>>>`
//! sections (fenced or bare JSON inside, trailing commas forgiven), or one JSON object with the
//! same fields (what structured output returns). Ids are checked against the backlog here, so a
//! reply that names no opportunity, or leaves one without a disposition, is re-asked with the
//! reason.
use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::rankings::sanitise;
use crate::foundation::validation::{listed, require_prose, ReplyTexts};
use crate::record::prioritize::backlog::Size;
use crate::record::prioritize::body::{ChampionPart, CriticPart};
use crate::record::prioritize::debate::{Approach, Assessment, Disposition};
use crate::text::reply_parse::{extract_json, read_value, ParsedReply};

#[derive(Clone, Debug, PartialEq)]
pub struct ChampionReply {
    pub argument: String,
    pub rankings: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CriticReply {
    pub concerns: BTreeMap<String, Vec<String>>,
    pub counter_rankings: Vec<String>,
    pub assessments: BTreeMap<String, Assessment>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ModeratorReply {
    pub dispositions: BTreeMap<String, Disposition>,
    pub final_rankings: Vec<String>,
    pub continue_debate: bool,
    pub consensus_reached: bool,
}

/// The sections of a reply, by marker name (`CHAMPION_ARGUMENT`), or the fields of its JSON object
/// (`champion_argument`): each section is looked up under both names.
struct Sections {
    by_marker: BTreeMap<String, String>,
    object: Option<Map<String, Value>>,
    notes: Vec<String>,
}

impl Sections {
    fn read(text: &str, markers: &[&str]) -> Result<Sections, String> {
        let mut by_marker = BTreeMap::new();
        for marker in markers {
            if let Some(section) = marker_section(text, marker) {
                by_marker.insert(marker.to_string(), section.to_string());
            }
        }
        let mut notes = Vec::new();
        let object = if by_marker.is_empty() {
            let parsed = extract_json(text).map_err(|_| {
                format!(
                    "The reply has none of the sections it must have ({}), and no JSON object.",
                    markers
                        .iter()
                        .map(|m| format!("<<<{m}_START>>>"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
            notes.extend(parsed.notes);
            Some(parsed.value)
        } else {
            None
        };
        Ok(Sections {
            by_marker,
            object,
            notes,
        })
    }

    /// The section's JSON value (text sections come back as a string).
    fn value(&mut self, marker: &str, keys: &[&str]) -> Result<Option<Value>, String> {
        if let Some(object) = &self.object {
            return Ok(keys.iter().find_map(|key| object.get(*key).cloned()));
        }
        let Some(section) = self.by_marker.get(marker) else {
            return Ok(None);
        };
        match read_value(section) {
            Ok(ParsedReply { value, notes }) => {
                self.notes.extend(notes);
                Ok(Some(value))
            }
            Err(error) => Err(format!("The {marker} section could not be read: {error}")),
        }
    }

    fn text(&self, marker: &str, keys: &[&str]) -> Option<String> {
        if let Some(object) = &self.object {
            return keys
                .iter()
                .find_map(|key| object.get(*key).and_then(Value::as_str))
                .map(str::to_string);
        }
        self.by_marker.get(marker).map(|s| s.trim().to_string())
    }
}

/// The text between `<<<NAME_START>>>` and `<<<NAME_END>>>`; a missing end marker (a reply cut
/// short, or a model that forgot it) ends the section at the next marker or the end of the reply.
pub fn marker_section<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = format!("<<<{name}_START>>>");
    let end = format!("<<<{name}_END>>>");
    let from = text.find(&start)? + start.len();
    let rest = &text[from..];
    let to = rest
        .find(&end)
        .or_else(|| rest.find("<<<"))
        .unwrap_or(rest.len());
    Some(&rest[..to])
}

/// A ranking read from a reply: a list of ids, made whole against `order` (the previous ranking).
fn ranking(
    value: Option<Value>,
    field: &str,
    order: &[String],
    notes: &mut Vec<String>,
) -> Result<Vec<String>, String> {
    let Some(Value::Array(items)) = value else {
        return Err(format!("{field} must be a list of opportunity ids."));
    };
    let ids: Vec<String> = items
        .iter()
        .filter_map(|item| match item {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Object(o) => o.get("id").and_then(Value::as_str).map(str::to_string),
            _ => None,
        })
        .collect();
    if !ids
        .iter()
        .any(|id| order.iter().any(|known| known == id.trim()))
    {
        return Err(format!(
            "{field} names none of the backlog's ids ({}).",
            order.join(", ")
        ));
    }
    let (complete, fixes) = sanitise(&ids, order);
    notes.extend(fixes.into_iter().map(|fix| format!("{field}: {fix}.")));
    Ok(complete)
}

/// Reads the champion's reply. `order` is the ranking to complete it from.
pub fn parse_champion(text: &str, order: &[String]) -> Result<ParsedReply<ChampionReply>, String> {
    let mut sections = Sections::read(text, &["CHAMPION_ARGUMENT", "CHAMPION_RANKINGS"])?;
    let argument = sections
        .text("CHAMPION_ARGUMENT", &["champion_argument", "argument"])
        .unwrap_or_default();
    require_prose("champion_argument", &argument).map_err(|e| e.to_string())?;
    let value = sections.value("CHAMPION_RANKINGS", &["champion_rankings", "rankings"])?;
    let mut notes = std::mem::take(&mut sections.notes);
    let rankings = ranking(value, "champion_rankings", order, &mut notes)?;
    Ok(ParsedReply {
        value: ChampionReply { argument, rankings },
        notes,
    })
}

pub fn parse_critic(text: &str, order: &[String]) -> Result<ParsedReply<CriticReply>, String> {
    let mut sections = Sections::read(
        text,
        &["CRITIC_CONCERNS", "CRITIC_RANKINGS", "CRITIC_ASSESSMENTS"],
    )?;
    let concerns_value = sections.value("CRITIC_CONCERNS", &["critic_concerns", "concerns"])?;
    let rankings_value = sections.value(
        "CRITIC_RANKINGS",
        &["critic_counter_rankings", "critic_rankings", "rankings"],
    )?;
    let assessments_value =
        sections.value("CRITIC_ASSESSMENTS", &["critic_assessments", "assessments"])?;
    let mut notes = std::mem::take(&mut sections.notes);
    let Some(Value::Object(raw)) = concerns_value else {
        return Err(
            "critic_concerns must be an object of opportunity id -> list of concerns.".into(),
        );
    };
    let mut concerns = BTreeMap::new();
    for (id, value) in raw {
        if !order.contains(&id) {
            notes.push(format!("critic_concerns: dropped unknown id \"{id}\"."));
            continue;
        }
        let list: Vec<String> = match value {
            Value::String(s) => vec![s],
            Value::Array(items) => items
                .into_iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => return Err(format!("critic_concerns.{id} must be a list of concerns.")),
        };
        for (index, concern) in list.iter().enumerate() {
            require_prose(&format!("critic_concerns.{id}[{index}]"), concern)
                .map_err(|e| e.to_string())?;
        }
        if !list.is_empty() {
            concerns.insert(id, list);
        }
    }
    let counter_rankings = ranking(rankings_value, "critic_counter_rankings", order, &mut notes)?;
    let mut assessments = BTreeMap::new();
    if let Some(Value::Object(raw)) = assessments_value {
        for (id, value) in raw {
            let effort = value
                .get("effort")
                .and_then(Value::as_str)
                .and_then(Size::parse);
            let approach = value
                .get("approach")
                .cloned()
                .and_then(|a| serde_json::from_value::<Approach>(a).ok());
            match (order.contains(&id), effort, approach) {
                (true, Some(effort), Some(approach)) => {
                    assessments.insert(id, Assessment { effort, approach });
                }
                _ => notes.push(format!("critic_assessments: skipped \"{id}\".")),
            }
        }
    }
    Ok(ParsedReply {
        value: CriticReply {
            concerns,
            counter_rankings,
            assessments,
        },
        notes,
    })
}

pub fn parse_moderator(
    text: &str,
    order: &[String],
) -> Result<ParsedReply<ModeratorReply>, String> {
    let mut sections = Sections::read(text, &["DISPOSITIONS", "FINAL_RANKINGS", "DEBATE_STATUS"])?;
    let dispositions_value =
        sections.value("DISPOSITIONS", &["moderator_dispositions", "dispositions"])?;
    let rankings_value = sections.value(
        "FINAL_RANKINGS",
        &["moderator_final_rankings", "final_rankings"],
    )?;
    let status = match &sections.object {
        Some(object) => Some(Value::Object(object.clone())),
        None => sections.value("DEBATE_STATUS", &[])?,
    };
    let mut notes = std::mem::take(&mut sections.notes);
    let Some(Value::Object(raw)) = dispositions_value else {
        return Err("dispositions must be an object of opportunity id -> prioritize, investigate, defer or reject.".into());
    };
    let mut dispositions = BTreeMap::new();
    for (id, value) in raw {
        if !order.contains(&id) {
            notes.push(format!("dispositions: dropped unknown id \"{id}\"."));
            continue;
        }
        let disposition = value.as_str().and_then(Disposition::parse).ok_or_else(|| {
            format!(
                "dispositions.{id} must be prioritize, investigate, defer or reject (got {value})."
            )
        })?;
        dispositions.insert(id, disposition);
    }
    let missing: Vec<&str> = order
        .iter()
        .filter(|id| !dispositions.contains_key(*id))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "dispositions must give every opportunity a disposition; missing: {}.",
            missing.join(", ")
        ));
    }
    let final_rankings = ranking(rankings_value, "final_rankings", order, &mut notes)?;
    let flag = |name: &str, default: bool| {
        status
            .as_ref()
            .and_then(|s| s.get(name))
            .and_then(|v| match v {
                Value::Bool(b) => Some(*b),
                Value::String(s) => s.trim().parse().ok(),
                _ => None,
            })
            .unwrap_or(default)
    };
    Ok(ParsedReply {
        value: ModeratorReply {
            dispositions,
            final_rankings,
            continue_debate: flag("continue_debate", true),
            consensus_reached: flag("consensus_reached", false),
        },
        notes,
    })
}

/// Structured-output schemas (the same fields the markers carry).
pub fn champion_schema(ids: &[String]) -> Value {
    json!({
        "type": "object",
        "properties": {
            "champion_argument": {"type": "string"},
            "champion_rankings": {"type": "array", "items": {"type": "string", "enum": ids}},
        },
        "required": ["champion_argument", "champion_rankings"],
        "additionalProperties": false,
    })
}

pub fn critic_schema(ids: &[String]) -> Value {
    let concerns: Map<String, Value> = ids
        .iter()
        .map(|id| {
            (
                id.clone(),
                json!({"type": "array", "items": {"type": "string"}}),
            )
        })
        .collect();
    let assessments: Map<String, Value> = ids
        .iter()
        .map(|id| {
            (
                id.clone(),
                json!({
                    "type": "object",
                    "properties": {
                        "effort": {"type": "string", "enum": ["S", "M", "L", "XL"]},
                        "approach": {"type": "string", "enum": ["build", "buy", "partner"]},
                    },
                    "required": ["effort", "approach"],
                    "additionalProperties": false,
                }),
            )
        })
        .collect();
    json!({
        "type": "object",
        "properties": {
            "critic_concerns": {"type": "object", "properties": concerns, "additionalProperties": false},
            "critic_counter_rankings": {"type": "array", "items": {"type": "string", "enum": ids}},
            "critic_assessments": {"type": "object", "properties": assessments, "additionalProperties": false},
        },
        "required": ["critic_concerns", "critic_counter_rankings", "critic_assessments"],
        "additionalProperties": false,
    })
}

pub fn moderator_schema(ids: &[String]) -> Value {
    let dispositions: Map<String, Value> = ids
        .iter()
        .map(|id| {
            (
                id.clone(),
                json!({"type": "string", "enum": ["prioritize", "investigate", "defer", "reject"]}),
            )
        })
        .collect();
    json!({
        "type": "object",
        "properties": {
            "dispositions": {
                "type": "object",
                "properties": dispositions,
                "required": ids,
                "additionalProperties": false,
            },
            "final_rankings": {"type": "array", "items": {"type": "string", "enum": ids}},
            "continue_debate": {"type": "boolean"},
            "consensus_reached": {"type": "boolean"},
        },
        "required": ["dispositions", "final_rankings", "continue_debate", "consensus_reached"],
        "additionalProperties": false,
    })
}

impl From<ChampionReply> for ChampionPart {
    fn from(reply: ChampionReply) -> Self {
        Self {
            argument: reply.argument,
            rankings: reply.rankings,
        }
    }
}

impl From<CriticReply> for CriticPart {
    fn from(reply: CriticReply) -> Self {
        Self {
            concerns: reply.concerns,
            counter_rankings: reply.counter_rankings,
            assessments: reply.assessments,
        }
    }
}

impl ReplyTexts for ChampionReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        vec![("champion_argument".to_string(), self.argument.as_str())]
    }
}

impl ReplyTexts for CriticReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        self.concerns
            .iter()
            .flat_map(|(id, list)| listed(&format!("critic_concerns.{id}"), list))
            .collect()
    }
}

/// Ids, dispositions and flags only.
impl ReplyTexts for ModeratorReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        Vec::new()
    }
}
