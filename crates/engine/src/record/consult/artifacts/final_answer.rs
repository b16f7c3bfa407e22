//! `final_answer`: the short answer alone ("42", "B", "Paris") that round 1 and the verdict give
//! when a consult is asked for it (`ConsultConfig::final_answer`, set by the Benchmark), graded in
//! code. An ordinary consult asks for nothing of it and its artifacts carry none.
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::schema::text;
use crate::foundation::validation::{require_text, ValidationError};

/// Short: an answer, not an argument (the reasoning has its own fields).
pub const FINAL_ANSWER_MAX_CHARS: u32 = 100;

/// The schema of the field, for a reply schema that asks for it.
pub fn final_answer_schema() -> Value {
    text(FINAL_ANSWER_MAX_CHARS)
}

/// A reply that was asked for a final answer must give one.
pub fn require_final_answer(final_answer: &Option<String>) -> Result<(), ValidationError> {
    require_text("final_answer", final_answer.as_deref().unwrap_or(""))
}

/// A model without a schema writes `"final_answer": 42` as often as `"42"`: both read as text.
pub(crate) fn lenient_answer<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    Ok(match Option::<Value>::deserialize(deserializer)? {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text),
        Some(Value::Number(number)) => Some(number.to_string()),
        Some(Value::Bool(flag)) => Some(flag.to_string()),
        Some(other) => Some(other.to_string()),
    })
}
