//! `Session`'s JSON by hand: the envelope's fields in declaration order, then `protocol` and
//! `body`. A derive with `#[serde(flatten)]` wrote the same JSON but parsed through serde's
//! `Content` buffer, which instantiated every body type's parser a second time. Parsing goes
//! text -> `serde_json::Value` -> types (as `Session::from_json` already does), so each type's
//! parser exists once, for `Value`.
use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Body, Session};
use crate::foundation::ids::SessionId;
use crate::foundation::participants::Participant;
use crate::record::outcome::Outcome;
use crate::record::CallRecord;
use crate::record::CostSummary;

const PROTOCOLS: &[&str] = &["consult", "review", "prioritize", "benchmark"];

impl Serialize for Session {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("schema_version", &self.schema_version)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("title", &self.title)?;
        map.serialize_entry("subject", &self.subject)?;
        map.serialize_entry("created_at", &self.created_at)?;
        map.serialize_entry("updated_at", &self.updated_at)?;
        map.serialize_entry("state", &self.state)?;
        map.serialize_entry("participants", &self.participants)?;
        map.serialize_entry("calls", &self.calls)?;
        map.serialize_entry("cost", &self.cost)?;
        map.serialize_entry("failure", &self.failure)?;
        map.serialize_entry("demo", &self.demo)?;
        // Only when judged, so records without an outcome keep their bytes.
        if let Some(outcome) = &self.outcome {
            map.serialize_entry("outcome", outcome)?;
        }
        self.body.serialize_entries(&mut map)?;
        map.end()
    }
}

impl Body {
    fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("protocol", self.protocol().as_str())?;
        match self {
            Body::Consult(body) => map.serialize_entry("body", body),
            Body::Review(body) => map.serialize_entry("body", body),
            Body::Prioritize(body) => map.serialize_entry("body", body),
            Body::Benchmark(body) => map.serialize_entry("body", body),
        }
    }
}

/// `{"protocol": ..., "body": {...}}`, as the record holds it (search reads the body this way).
impl Serialize for Body {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        self.serialize_entries(&mut map)?;
        map.end()
    }
}

/// The envelope's fields, parsed from the record's object (other keys are ignored, as before).
#[derive(Deserialize)]
struct Envelope {
    schema_version: String,
    id: SessionId,
    title: String,
    subject: String,
    created_at: String,
    updated_at: String,
    state: String,
    participants: Vec<Participant>,
    #[serde(default)]
    calls: Vec<CallRecord>,
    #[serde(default)]
    cost: CostSummary,
    #[serde(default)]
    failure: Option<String>,
    #[serde(default)]
    demo: bool,
    #[serde(default)]
    outcome: Option<Outcome>,
}

impl<'de> Deserialize<'de> for Session {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let Value::Object(mut record) = Value::deserialize(deserializer)? else {
            return Err(de::Error::invalid_type(
                de::Unexpected::Other("not an object"),
                &"a session record (a JSON object)",
            ));
        };
        let protocol = match record.remove("protocol") {
            Some(Value::String(protocol)) => protocol,
            Some(_) => return Err(de::Error::custom("`protocol` is not a string")),
            None => return Err(de::Error::missing_field("protocol")),
        };
        let body = record
            .remove("body")
            .ok_or_else(|| de::Error::missing_field("body"))?;
        let body = match protocol.as_str() {
            "consult" => serde_json::from_value(body).map(Body::Consult),
            "review" => serde_json::from_value(body).map(Body::Review),
            "prioritize" => serde_json::from_value(body).map(Body::Prioritize),
            "benchmark" => serde_json::from_value(body).map(Body::Benchmark),
            other => return Err(de::Error::unknown_variant(other, PROTOCOLS)),
        }
        .map_err(de::Error::custom)?;
        let envelope: Envelope =
            serde_json::from_value(Value::Object(record)).map_err(de::Error::custom)?;
        Ok(Session {
            schema_version: envelope.schema_version,
            id: envelope.id,
            title: envelope.title,
            subject: envelope.subject,
            created_at: envelope.created_at,
            updated_at: envelope.updated_at,
            state: envelope.state,
            participants: envelope.participants,
            calls: envelope.calls,
            cost: envelope.cost,
            failure: envelope.failure,
            demo: envelope.demo,
            outcome: envelope.outcome,
            body,
        })
    }
}
