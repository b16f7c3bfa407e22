//! One response schema for every call of a consult that carries material, with structured output
//! on (docs/design.md, "Material: what the council reads"). Providers render the schema before the
//! system prompt (OpenAI's `response_format`, Anthropic's forced tool), so a schema per round would
//! open every round's calls with different bytes and no call could read the material another
//! wrote. The envelope holds every round's reply under its own key, each nullable; the same name
//! and bytes go with every call, and the prompt, after the material, names the key to fill.
//!
//! Without material, or with structured output off, each round sends its own schema as before.
use serde_json::{json, Value};

use crate::harness::asking::CallPlan;
use crate::harness::io::CallRequest;
use crate::record::consult::artifacts::schema::object;
use crate::record::consult::artifacts::{
    cross_exam_judgment_schema, cross_exam_reply_schema_for, independent_schema_for,
    synthesis_schema, verdict_schema_for, MAX_CHALLENGES_PER_REPLY,
};
use crate::record::consult::config::ConsultConfig;

use crate::record::consult::reply_keys::{
    key_of, CROSS_EXAM_REPLY_KEY, INDEPENDENT_KEY, JUDGMENT_KEY, KEYS, SYNTHESIS_KEY, VERDICT_KEY,
};

/// The envelope's name, the same on every call.
pub const ENVELOPE_NAME: &str = "council_reply";

/// Whether the consult's calls send the envelope rather than a schema per round.
pub fn applies(config: &ConsultConfig) -> bool {
    config.structured_output && !config.material.is_empty()
}

/// The schema a call replying under `key` sends: the envelope when it applies, else `own` (the
/// round's schema, as today) under `key`; None with structured output off.
pub fn schema_for(
    config: &ConsultConfig,
    key: &'static str,
    own: impl FnOnce() -> Value,
) -> Option<(String, Value)> {
    if !config.structured_output {
        return None;
    }
    Some(if applies(config) {
        (ENVELOPE_NAME.to_string(), envelope_schema(config))
    } else {
        (key.to_string(), own())
    })
}

/// The key a call fills, when it sends the envelope.
pub fn reply_key(config: &ConsultConfig, key: &'static str) -> Option<&'static str> {
    applies(config).then_some(key)
}

/// Every round's reply under its key, each either its round's object or null. Built from the
/// config alone (never from what a run has said so far), so every call sends the same bytes; the
/// judgment's challenge numbers are bounded by the most challenges the panel can raise, and
/// validation holds each judgment to the challenges actually raised.
pub fn envelope_schema(config: &ConsultConfig) -> Value {
    let material = !config.material.is_empty();
    let most_challenges = config.panelists.len().max(1) * MAX_CHALLENGES_PER_REPLY as usize;
    let properties = [
        (
            INDEPENDENT_KEY,
            independent_schema_for(config.final_answer, material),
        ),
        (SYNTHESIS_KEY, synthesis_schema()),
        (CROSS_EXAM_REPLY_KEY, cross_exam_reply_schema_for(material)),
        (JUDGMENT_KEY, cross_exam_judgment_schema(most_challenges)),
        (
            VERDICT_KEY,
            verdict_schema_for(config.final_answer, material),
        ),
    ];
    let nullable: Vec<(&str, Value)> = properties
        .into_iter()
        .map(|(key, schema)| (key, json!({ "anyOf": [schema, { "type": "null" }] })))
        .collect();
    object(&nullable)
}

/// `plan` with its prompt saying last (after the material, so the shared prefix holds) which key
/// of the envelope to fill, when it sends the envelope.
pub fn told_its_key(mut plan: CallPlan<'_>) -> CallPlan<'_> {
    if let Some(key) = plan.reply_key {
        plan.prompt.user.push_str(&format!(
            "\n\nReply in the response schema's object: put your reply under \"{key}\" and set \
             every other key to null."
        ));
    }
    plan
}

/// Whether `request` sends the envelope.
pub fn sent_with(request: &CallRequest) -> bool {
    request
        .response_schema
        .as_ref()
        .is_some_and(|(name, _)| name == ENVELOPE_NAME)
}

/// A scripted reply to `request` as a model fills the envelope, when the request sends it: the
/// round's object under the round's key, every other key null. A reply that is no JSON object,
/// or already fills the envelope's keys, stays as it is (the demo and the test caller script
/// each round's object alone).
pub fn as_sent(request: &CallRequest, reply: &str) -> String {
    if !sent_with(request) {
        return reply.to_string();
    }
    let key = key_of(request.round, request.participant_id == "judge");
    wrapped(key, reply)
}

/// The first JSON object in `reply`, in place, as the envelope's value under `key` (its bytes as
/// written, so the reply reads as the round's object alone would, notes and all).
fn wrapped(key: &str, reply: &str) -> String {
    for (start, _) in reply.match_indices('{') {
        let mut values = serde_json::Deserializer::from_str(&reply[start..]).into_iter::<Value>();
        let Some(Ok(Value::Object(object))) = values.next() else {
            continue;
        };
        if KEYS.iter().any(|name| object.contains_key(*name)) {
            return reply.to_string();
        }
        let end = start + values.byte_offset();
        let fields: Vec<String> = KEYS
            .iter()
            .map(|name| {
                let value = if *name == key {
                    &reply[start..end]
                } else {
                    "null"
                };
                format!("{}: {value}", Value::from(*name))
            })
            .collect();
        return format!(
            "{}{{{}}}{}",
            &reply[..start],
            fields.join(", "),
            &reply[end..]
        );
    }
    reply.to_string()
}
