//! Reading a stored or imported record of any schema version. Records are upgraded on read, one
//! version step at a time, and the result is parsed as the current shape; nothing is written back
//! here (the shell saves the upgraded record the next time the session changes).
//!
//! - "1.0" (Consult only, before the shared record): `{id, protocol, question, config, state,
//!   calls, round1..round4, confidence_check, token_efficiency_stats, failure, cost}`.
//! - "2.0": the shared envelope with a protocol body (see `record`).
use serde_json::{Map, Value};

use super::{title_of, Session, SESSION_SCHEMA_VERSION};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("This is not a Consilium session (it is not a JSON object).")]
    NotAnObject,
    #[error("This session was saved by a newer version of Consilium (schema {0}); update the app to open it.")]
    NewerVersion(String),
    #[error("This session has an unknown schema version ({0}).")]
    UnknownVersion(String),
    #[error("This session could not be read: {0}")]
    Invalid(String),
}

impl Session {
    /// Reads a record of any known schema version, upgrading it to the current one.
    pub fn from_json(value: Value) -> Result<Session, RecordError> {
        let Value::Object(record) = value else {
            return Err(RecordError::NotAnObject);
        };
        let version = record
            .get("schema_version")
            .and_then(Value::as_str)
            .unwrap_or("1.0")
            .to_string();
        let record = match version.as_str() {
            "1.0" => consult_v1_to_v2(record)?,
            SESSION_SCHEMA_VERSION => record,
            newer if is_newer(newer) => return Err(RecordError::NewerVersion(version)),
            _ => return Err(RecordError::UnknownVersion(version)),
        };
        serde_json::from_value(Value::Object(record))
            .map_err(|error| RecordError::Invalid(error.to_string()))
    }

    pub fn from_json_text(text: &str) -> Result<Session, RecordError> {
        let value: Value =
            serde_json::from_str(text).map_err(|error| RecordError::Invalid(error.to_string()))?;
        Self::from_json(value)
    }
}

fn is_newer(version: &str) -> bool {
    let major = |v: &str| v.split('.').next().and_then(|m| m.parse::<u32>().ok());
    matches!((major(version), major(SESSION_SCHEMA_VERSION)), (Some(theirs), Some(ours)) if theirs > ours)
}

/// A Consult session from before the shared record: the question becomes the subject, the
/// council's seats the participants, and the rounds the body.
fn consult_v1_to_v2(mut old: Map<String, Value>) -> Result<Map<String, Value>, RecordError> {
    let missing = |field: &str| RecordError::Invalid(format!("the field {field} is missing."));
    let question = old.remove("question").ok_or_else(|| missing("question"))?;
    let config = old.remove("config").ok_or_else(|| missing("config"))?;
    let subject = question.as_str().unwrap_or_default().to_string();
    let mut participants: Vec<Value> = config
        .get("panelists")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    participants.extend(config.get("judge").cloned());
    let demo = config.get("demo").and_then(Value::as_bool).unwrap_or(false);

    let mut body = Map::new();
    body.insert("config".into(), config);
    for field in [
        "round1",
        "round2",
        "round3",
        "round4",
        "confidence_check",
        "token_efficiency_stats",
    ] {
        if let Some(value) = old.remove(field) {
            body.insert(field.into(), value);
        }
    }

    let mut record = Map::new();
    record.insert("schema_version".into(), SESSION_SCHEMA_VERSION.into());
    for field in ["id", "created_at", "updated_at", "state"] {
        record.insert(
            field.into(),
            old.remove(field).ok_or_else(|| missing(field))?,
        );
    }
    record.insert("title".into(), title_of(&subject).into());
    record.insert("subject".into(), subject.into());
    record.insert("participants".into(), Value::Array(participants));
    for field in ["calls", "cost", "failure"] {
        if let Some(value) = old.remove(field) {
            record.insert(field.into(), value);
        }
    }
    record.insert("demo".into(), demo.into());
    record.insert("protocol".into(), "consult".into());
    record.insert("body".into(), Value::Object(body));
    Ok(record)
}
