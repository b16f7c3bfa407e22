//! Reading a model's reply as JSON, tolerantly: models wrap JSON in code fences or prose, leave
//! trailing commas, and write confidences as percentages. What cannot be read is an error sentence
//! that goes back to the model in the re-ask and to the user in the call record.
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::foundation::validation::ValidationError;

/// How many `{` positions are tried when looking for an object inside prose.
const MAX_OBJECT_STARTS: usize = 64;

/// A value read from a reply, with what had to be repaired to read it.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedReply<T> {
    pub value: T,
    /// Human-readable notes, e.g. `confidence "85%" read as 0.85.`; empty when nothing was repaired.
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplyError {
    #[error("The reply was empty.")]
    Empty,
    #[error("The reply contains no JSON object.")]
    NoJson,
    #[error("The reply's JSON object is cut off before its end (was the output limit reached?).")]
    Truncated,
    #[error("The reply's JSON could not be read: {0}.")]
    Unreadable(String),
    #[error("The reply's JSON does not have the expected fields: {0}.")]
    WrongShape(String),
    #[error("The reply's JSON is incomplete or wrong: {0}")]
    Invalid(#[from] ValidationError),
}

/// Reads the reply as `T`: extracts the JSON object, normalises confidences, sets `engine_fields`
/// (which override anything the model wrote under the same names), then validates.
pub fn parse_reply<T: DeserializeOwned>(
    text: &str,
    engine_fields: Map<String, Value>,
    validate: impl Fn(&T) -> Result<(), ValidationError>,
) -> Result<ParsedReply<T>, ReplyError> {
    let ParsedReply {
        value: mut object,
        notes,
    } = extract_json(text)?;
    object.extend(engine_fields);
    let value: T = serde_json::from_value(Value::Object(object))
        .map_err(|error| ReplyError::WrongShape(error.to_string()))?;
    validate(&value)?;
    Ok(ParsedReply { value, notes })
}

/// Finds the JSON object in a reply: a fenced block, the whole text, or the first balanced `{...}`
/// in prose, in that order; trailing commas are removed, and every `confidence` given as a
/// percentage (85, "85%", "85") becomes a fraction (0.85).
pub fn extract_json(text: &str) -> Result<ParsedReply<Map<String, Value>>, ReplyError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(ReplyError::Empty);
    }
    let mut first_error = None;
    for candidate in candidates(text) {
        match read_object(candidate) {
            Ok(mut parsed) => {
                normalise_confidences(&mut parsed.value, &mut parsed.notes);
                return Ok(parsed);
            }
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    match text.find('{') {
        None => Err(ReplyError::NoJson),
        Some(start) if balanced_object_at(text, start).is_none() => Err(ReplyError::Truncated),
        Some(_) => Err(first_error.unwrap_or(ReplyError::NoJson)),
    }
}

/// Reads any JSON value (a list, an object, a string) from a short piece of a reply, such as the
/// text between two markers: fenced or bare, trailing commas removed.
pub fn read_value(text: &str) -> Result<ParsedReply<Value>, ReplyError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ReplyError::Empty);
    }
    let fenced = fenced_blocks(text);
    let candidate = fenced.first().copied().unwrap_or(text).trim();
    match serde_json::from_str::<Value>(candidate) {
        Ok(value) => Ok(ParsedReply {
            value,
            notes: Vec::new(),
        }),
        Err(error) => {
            let unreadable = || ReplyError::Unreadable(error.to_string());
            let repaired = without_trailing_commas(candidate).ok_or_else(unreadable)?;
            let value = serde_json::from_str::<Value>(repaired.trim()).map_err(|_| unreadable())?;
            Ok(ParsedReply {
                value,
                notes: vec!["Trailing commas were removed.".to_string()],
            })
        }
    }
}

/// Where the object may be, most likely first; tried lazily.
fn candidates(text: &str) -> impl Iterator<Item = &str> {
    let object_starts = text
        .match_indices('{')
        .map(|(index, _)| index)
        .take(MAX_OBJECT_STARTS);
    fenced_blocks(text)
        .into_iter()
        .chain(std::iter::once(text))
        .chain(object_starts.filter_map(|start| balanced_object_at(text, start)))
}

/// The contents of each ``` fence, without its language tag.
fn fenced_blocks(text: &str) -> Vec<&str> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after_fence = &rest[open + 3..];
        let body_start = after_fence.find('\n').map_or(after_fence.len(), |n| n + 1);
        let body = &after_fence[body_start..];
        let Some(close) = body.find("```") else {
            break;
        };
        blocks.push(&body[..close]);
        rest = &body[close + 3..];
    }
    blocks
}

/// Where a left-to-right scan of JSON text stands: inside a string or not (escapes followed).
#[derive(Default)]
struct JsonStrings {
    inside: bool,
    escaped: bool,
}

impl JsonStrings {
    /// Reads `ch`; true when it belongs to a string (its quotes included), so it is no syntax.
    fn takes(&mut self, ch: char) -> bool {
        if self.inside {
            match ch {
                _ if self.escaped => self.escaped = false,
                '\\' => self.escaped = true,
                '"' => self.inside = false,
                _ => {}
            }
            true
        } else {
            self.inside = ch == '"';
            self.inside
        }
    }
}

/// The object starting at byte `start` (a `{`) up to its matching `}`, skipping braces in strings.
fn balanced_object_at(text: &str, start: usize) -> Option<&str> {
    let mut depth = 0usize;
    let mut strings = JsonStrings::default();
    for (offset, ch) in text[start..].char_indices() {
        if strings.takes(ch) {
            continue;
        }
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[start..=start + offset]);
                }
            }
            _ => {}
        }
    }
    None
}

fn read_object(candidate: &str) -> Result<ParsedReply<Map<String, Value>>, ReplyError> {
    let mut notes = Vec::new();
    let value = match serde_json::from_str::<Value>(candidate.trim()) {
        Ok(value) => value,
        Err(error) => {
            let repaired = without_trailing_commas(candidate)
                .ok_or_else(|| ReplyError::Unreadable(error.to_string()))?;
            let value = serde_json::from_str::<Value>(repaired.trim())
                .map_err(|_| ReplyError::Unreadable(error.to_string()))?;
            notes.push("Trailing commas were removed.".to_string());
            value
        }
    };
    match value {
        Value::Object(object) => Ok(ParsedReply {
            value: object,
            notes,
        }),
        other => Err(ReplyError::WrongShape(format!(
            "expected an object, found {other}"
        ))),
    }
}

/// The text with every comma that directly precedes `}` or `]` removed, or None if there is none.
fn without_trailing_commas(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut output = String::with_capacity(text.len());
    let mut strings = JsonStrings::default();
    let mut removed = false;
    for (index, &ch) in chars.iter().enumerate() {
        if !strings.takes(ch) && ch == ',' {
            let next = chars[index + 1..].iter().find(|c| !c.is_whitespace());
            if matches!(next, Some('}') | Some(']')) {
                removed = true;
                continue;
            }
        }
        output.push(ch);
    }
    removed.then_some(output)
}

/// Every `confidence` field, at any depth, given as a percentage (a number above 1 up to 100, or
/// a string such as "85%" or "0.85") becomes a number from 0 to 1. Out-of-range values are left
/// for validation to refuse.
pub(crate) fn normalise_confidences(object: &mut Map<String, Value>, notes: &mut Vec<String>) {
    for (key, value) in object.iter_mut() {
        if key == "confidence" {
            if let Some(fraction) = confidence_fraction(value) {
                notes.push(format!("confidence {value} read as {fraction}."));
                *value = Value::from(fraction);
                continue;
            }
        }
        normalise_nested(value, notes);
    }
}

fn normalise_nested(value: &mut Value, notes: &mut Vec<String>) {
    match value {
        Value::Object(object) => normalise_confidences(object, notes),
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| normalise_nested(item, notes)),
        _ => {}
    }
}

/// The fraction a confidence stands for, if it is not one already. Whole numbers are percentages
/// (the reply schemas ask for 0 to 100); a decimal from 0 to 1 is already a fraction.
fn confidence_fraction(value: &Value) -> Option<f64> {
    let as_percentage = |number: f64| (number > 1.0 && number <= 100.0).then(|| number / 100.0);
    match value {
        Value::Number(number) if number.is_u64() => {
            let whole = number.as_u64()?;
            (whole <= 100).then(|| whole as f64 / 100.0)
        }
        Value::Number(number) => as_percentage(number.as_f64()?),
        Value::String(text) => {
            let text = text.trim();
            match text.strip_suffix('%') {
                Some(percent) => {
                    let number: f64 = percent.trim().parse().ok()?;
                    (0.0..=100.0).contains(&number).then(|| number / 100.0)
                }
                None => {
                    let number: f64 = text.parse().ok()?;
                    as_percentage(number).or(Some(number))
                }
            }
        }
        _ => None,
    }
}
