//! Export all / import: one file holding every session, and reading such a file (or a single
//! session's JSON) back, every session checked as when it is opened, never overwriting a session
//! already here: one with the same id comes in under a new id, and the report says so.
use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};

use crate::foundation::ids::SessionId;
use crate::record::Session;
use crate::resume::record_problems;

/// The `format` field of an export of all sessions.
pub const EXPORT_FORMAT: &str = "consilium.sessions";
pub const EXPORT_VERSION: u64 = 1;
/// Larger files are refused before parsing (a year of heavy use is a few tens of MB).
pub const MAX_IMPORT_BYTES: usize = 64 * 1024 * 1024;
/// No text field of a session may be longer (the longest real ones, diffs, stay far below).
pub const MAX_FIELD_CHARS: usize = 2 * 1024 * 1024;
const PROTOCOLS: [&str; 4] = ["consult", "review", "prioritize", "benchmark"];

/// Every session in one JSON document.
pub fn export_all(sessions: &[Session], exported_at: &str) -> String {
    let document = json!({
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": exported_at,
        "sessions": sessions,
    });
    serde_json::to_string_pretty(&document).unwrap_or_default()
}

/// What a file brought: the sessions that read and passed their checks, and why each other one
/// was refused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Incoming {
    pub sessions: Vec<Session>,
    pub refused: Vec<String>,
}

/// Reads an export of all sessions, or one session's JSON. `Err` when the file as a whole is not
/// one of these.
pub fn parse_import(text: &str) -> Result<Incoming, String> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(format!(
            "This file is {:.1} MB; files over {} MB are not imported.",
            text.len() as f64 / 1e6,
            MAX_IMPORT_BYTES / 1_000_000
        ));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| {
        if e.to_string().starts_with("recursion limit exceeded") {
            // serde_json stops at 128 levels; a session is about a dozen deep.
            "This file's JSON is nested too deep (over 128 levels) to be a session or an export of sessions."
                .to_string()
        } else if e.is_eof() {
            "This file is cut short: it ends in the middle of its JSON. Export it again, or use a complete copy."
                .to_string()
        } else {
            format!("This file is not JSON (line {}, column {}).", e.line(), e.column())
        }
    })?;
    let Value::Object(mut fields) = value else {
        return Err("This file is not a Consilium session or an export of sessions.".into());
    };
    match fields.get("format").and_then(Value::as_str) {
        Some(EXPORT_FORMAT) => {}
        Some(other) => {
            return Err(format!(
                "This file's format is \"{other}\", not \"{EXPORT_FORMAT}\"."
            ))
        }
        None if fields.contains_key("schema_version") || fields.contains_key("id") => {
            return read_one(Value::Object(fields), "The session").map(|session| Incoming {
                sessions: vec![session],
                refused: Vec::new(),
            });
        }
        None => {
            return Err("This file is not a Consilium session or an export of sessions.".into())
        }
    }
    let version = fields.get("version").and_then(Value::as_u64).unwrap_or(0);
    if version != EXPORT_VERSION {
        return Err(format!(
            "This export has version {version}; this app reads version {EXPORT_VERSION}."
        ));
    }
    let Some(Value::Array(items)) = fields.remove("sessions") else {
        return Err("This export has no list of sessions.".into());
    };
    let mut incoming = Incoming::default();
    for (index, item) in items.into_iter().enumerate() {
        let id = item
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        match read_one(item, &format!("Session {} ({id})", index + 1)) {
            Ok(session) => incoming.sessions.push(session),
            Err(reason) => incoming.refused.push(reason),
        }
    }
    Ok(incoming)
}

pub(crate) fn read_one(value: Value, name: &str) -> Result<Session, String> {
    if let Some(path) = oversized(&value, "") {
        return Err(format!(
            "{name}: the field {path} is longer than {MAX_FIELD_CHARS} characters."
        ));
    }
    match value.get("protocol").and_then(Value::as_str) {
        Some(protocol) if !PROTOCOLS.contains(&protocol) => {
            return Err(format!(
                "{name}: its protocol \"{protocol}\" is unknown (this app runs {}).",
                PROTOCOLS.join(", ")
            ))
        }
        _ => {}
    }
    let session = Session::from_json(value).map_err(|e| format!("{name}: {e}"))?;
    let problems = record_problems(&session);
    if problems.is_empty() {
        Ok(session)
    } else {
        Err(format!("{name}: {}", problems.join(" ")))
    }
}

/// The path of the first string longer than the limit, if any ("body.round1[2].rationale").
fn oversized(value: &Value, path: &str) -> Option<String> {
    match value {
        Value::String(text) => (text.len() > MAX_FIELD_CHARS).then(|| path.to_string()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| oversized(v, &format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(key, v)| {
            let inner = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            oversized(v, &inner)
        }),
        _ => None,
    }
}

/// Gives each incoming session whose id is already taken (here, or earlier in the same file) a new
/// one; returns the renamed (old id, new id) pairs.
pub fn keep_both(
    incoming: &mut [Session],
    taken: &HashSet<SessionId>,
) -> Vec<(SessionId, SessionId)> {
    let mut taken = taken.clone();
    let mut renamed = Vec::new();
    for session in incoming {
        if taken.contains(&session.id) {
            let new_id = (2..)
                .map(|n| SessionId::new(format!("{}-copy{n}", session.id)))
                .find(|candidate| !taken.contains(candidate))
                .expect("an unused id");
            renamed.push((session.id.clone(), new_id.clone()));
            session.id = new_id;
        }
        taken.insert(session.id.clone());
    }
    renamed
}

/// Takes out of `incoming` every session identical to one already stored under the same id (the
/// same file imported twice) or to an earlier one in the same file; returns how many. Identical
/// means the same record as JSON, so a session that changed since its export still comes in (under
/// a new id, by [`keep_both`]).
pub fn drop_identical(incoming: &mut Vec<Session>, stored: &[Session]) -> usize {
    let before = incoming.len();
    // Records are compared as JSON only when their ids meet: an import of a thousand new sessions
    // converts none (each conversion is the whole record as a tree).
    let mut stored_by_id: HashMap<&str, Vec<&Session>> = HashMap::new();
    for session in stored {
        stored_by_id
            .entry(session.id.as_str())
            .or_default()
            .push(session);
    }
    let mut kept_by_id: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut keep = vec![true; incoming.len()];
    for (index, session) in incoming.iter().enumerate() {
        let earlier_stored = stored_by_id.get(session.id.as_str());
        let earlier_kept = kept_by_id.get(session.id.as_str());
        if earlier_stored.is_some() || earlier_kept.is_some() {
            let json = record_json(session);
            let same = |other: &Session| record_json(other) == json;
            let duplicate = earlier_stored.is_some_and(|list| list.iter().any(|s| same(s)))
                || earlier_kept.is_some_and(|list| list.iter().any(|&i| same(&incoming[i])));
            if duplicate {
                keep[index] = false;
                continue;
            }
        }
        kept_by_id
            .entry(session.id.as_str())
            .or_default()
            .push(index);
    }
    let mut flags = keep.into_iter();
    incoming.retain(|_| flags.next().unwrap_or(true));
    before - incoming.len()
}

fn record_json(session: &Session) -> Value {
    serde_json::to_value(session).unwrap_or(Value::Null)
}
