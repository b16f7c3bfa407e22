//! A reply asked for under a key of a wider schema (one schema for every call of a run, so calls
//! share their opening bytes): the object under the key is the call's reply, and the rest of the
//! harness reads it as it reads any reply.
use serde_json::Value;

use crate::text::reply_parse::extract_json;

/// The object under `key` in `text`'s JSON, as text, with the notes its reading made; `Err` (a
/// sentence for the re-ask and the record) when the reply's object has no object under `key`.
/// A reply with no readable JSON object comes back as it is, so the parser says why, as for any
/// reply, and a round that hears prose still hears it.
pub fn reply_under(text: &str, key: &str) -> Result<(String, Vec<String>), String> {
    let Ok(parsed) = extract_json(text) else {
        return Ok((text.to_string(), Vec::new()));
    };
    match parsed.value.get(key) {
        Some(Value::Object(reply)) => Ok((Value::Object(reply.clone()).to_string(), parsed.notes)),
        _ => {
            let filled: Vec<&str> = parsed
                .value
                .iter()
                .filter(|(_, value)| !value.is_null())
                .map(|(name, _)| name.as_str())
                .collect();
            let what = match filled.as_slice() {
                [] => format!("The reply has no object under \"{key}\""),
                names => format!(
                    "The reply fills \"{}\", not \"{key}\"",
                    names.join("\", \"")
                ),
            };
            Err(format!(
                "{what}; put the reply under \"{key}\" and set every other key to null."
            ))
        }
    }
}
