//! Builders for the JSON schemas sent with the providers' structured-output feature. Every object
//! lists all its properties as required and forbids others (what strict modes demand), and strings
//! and arrays are bounded: small local models under grammar-constrained decoding otherwise keep
//! writing until `max_tokens` cuts them off mid-object. The bounds only shape what is asked for;
//! validation does not enforce them. What validation does enforce is not repeated here, since every
//! schema token is paid on every call: no `minLength: 1` (validation refuses an empty text) and no
//! `minItems: 0` (the default); a list that needs items keeps its `minItems`, which tells the model.
//!
//! `required` lists the properties in the order a model should write them (its reasoning before its
//! confidence). `properties` keeps that order on the wire only if serde_json's `preserve_order`
//! feature is enabled; otherwise it is serialised alphabetically.
use serde_json::{json, Map, Value};

pub(crate) fn object(properties: &[(&str, Value)]) -> Value {
    let required: Vec<&str> = properties.iter().map(|(name, _)| *name).collect();
    let properties: Map<String, Value> = properties
        .iter()
        .map(|(name, schema)| (name.to_string(), schema.clone()))
        .collect();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

pub(crate) fn text(max_length: u32) -> Value {
    json!({ "type": "string", "maxLength": max_length })
}

pub(crate) fn list(items: Value, min_items: u32, max_items: u32) -> Value {
    if min_items == 0 {
        json!({ "type": "array", "items": items, "maxItems": max_items })
    } else {
        json!({ "type": "array", "items": items, "minItems": min_items, "maxItems": max_items })
    }
}

/// Models state confidence as a whole percentage: grammar-constrained decoders (llama.cpp) enforce
/// integer bounds but not number bounds, and a base model otherwise writes 1000000 or 50.44. The
/// reply parser turns it into the 0..1 fraction the artifacts store.
pub(crate) fn percentage() -> Value {
    json!({ "type": "integer", "minimum": 0, "maximum": 100 })
}

/// A whole number from `minimum` to `maximum`, such as a challenge number.
pub(crate) fn number_in(minimum: u32, maximum: u32) -> Value {
    json!({ "type": "integer", "minimum": minimum, "maximum": maximum })
}

pub(crate) fn one_of(values: &[&str]) -> Value {
    json!({ "type": "string", "enum": values })
}

/// A panelist or judge refers to panelists by id (`panelist-2`): short by nature.
pub(crate) fn agent_id() -> Value {
    text(40)
}

/// The numbers a verdict entry cites (`U1`, `T2`): a few short strings.
pub(crate) fn references() -> Value {
    list(json!({ "type": "string", "maxLength": 4 }), 0, 6)
}

/// Passages of the material cited: `{source: "S1", location: "page 3", quote: exact words}`.
pub(crate) fn citations() -> Value {
    let citation = object(&[
        ("source", text(8)),
        ("location", text(40)),
        ("quote", text(300)),
    ]);
    list(citation, 0, 6)
}
