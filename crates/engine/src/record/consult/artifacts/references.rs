//! The numbers a verdict cites. The round-4 prompt numbers the unresolved points of round 3 (`U1`,
//! `U2`, … in the order of `CrossExamArtifact::unresolved`) and the tensions of round 2 (`T1`,
//! `T2`, … by their place in the whole synthesis, also when filtering shows fewer); each dissent
//! and evidence entry cites the numbers it covers, so the engine reconciles the dissent by
//! reference rather than by wording. Read tolerantly: `"u1"`, `"#U 1"`, `"U1, T2"` as one string;
//! anything else is kept as written and resolves to nothing.
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use super::verdict::Evidence;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// `U<n>`: the n-th unresolved point (1-based).
    Unresolved(usize),
    /// `T<n>`: the n-th tension of the synthesis (1-based).
    Tension(usize),
}

impl Reference {
    /// `None` for anything that is not `U<n>` or `T<n>` with n >= 1.
    pub fn parse(text: &str) -> Option<Reference> {
        let text = text.trim().trim_start_matches('#').trim();
        let mut chars = text.chars();
        let kind = chars.next()?.to_ascii_uppercase();
        let number: usize = chars.as_str().trim().parse().ok()?;
        match (kind, number) {
            (_, 0) => None,
            ('U', n) => Some(Reference::Unresolved(n)),
            ('T', n) => Some(Reference::Tension(n)),
            _ => None,
        }
    }

    pub fn label(self) -> String {
        match self {
            Reference::Unresolved(n) => format!("U{n}"),
            Reference::Tension(n) => format!("T{n}"),
        }
    }
}

/// The references among `covers` that parse.
pub fn parsed(covers: &[String]) -> Vec<Reference> {
    covers.iter().filter_map(|c| Reference::parse(c)).collect()
}

/// `covers` as a list of strings; a single string is split at commas and spaces between
/// references, a number is kept as its digits (which cite nothing: a bare number is ambiguous).
pub fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    deserializer.deserialize_any(CoversVisitor)
}

struct CoversVisitor;

impl<'de> Visitor<'de> for CoversVisitor {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of references such as \"U1\" or \"T2\"")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Vec<String>, E> {
        Ok(text
            .split([',', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect())
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Vec<String>, E> {
        Ok(vec![n.to_string()])
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Vec<String>, E> {
        Ok(vec![n.to_string()])
    }

    fn visit_unit<E: de::Error>(self) -> Result<Vec<String>, E> {
        Ok(Vec::new())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut covers = Vec::new();
        while let Some(item) = seq.next_element::<OneReference>()? {
            covers.extend(item.0);
        }
        Ok(covers)
    }
}

/// One item of a `covers` list: a string or a number; anything else is skipped.
struct OneReference(Option<String>);

impl<'de> Deserialize<'de> for OneReference {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(OneReference(match value {
            serde_json::Value::String(s) => Some(s.trim().to_string()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }))
    }
}

/// A plain string when it cites nothing (the JSON of every earlier record), else
/// `{"point": …, "covers": […]}`.
impl Serialize for Evidence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.covers.is_empty() && self.citations.is_empty() {
            return serializer.serialize_str(&self.point);
        }
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("point", &self.point)?;
        map.serialize_entry("covers", &self.covers)?;
        if !self.citations.is_empty() {
            map.serialize_entry("citations", &self.citations)?;
        }
        map.end()
    }
}

/// A string, or an object with `point` (also read from `text` or `evidence`) and `covers`.
impl<'de> Deserialize<'de> for Evidence {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(EvidenceVisitor)
    }
}

struct EvidenceVisitor;

impl<'de> Visitor<'de> for EvidenceVisitor {
    type Value = Evidence;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a point as a string, or an object with point and covers")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Evidence, E> {
        Ok(Evidence::new(text))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Evidence, A::Error> {
        let mut evidence = Evidence::default();
        let mut has_point = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "point" | "text" | "evidence" => {
                    evidence.point = map.next_value()?;
                    has_point = true;
                }
                "covers" => evidence.covers = map.next_value::<Covers>()?.0,
                "citations" => {
                    evidence.citations = map
                        .next_value::<Option<Vec<crate::record::sources::Citation>>>()?
                        .unwrap_or_default()
                }
                _ => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        if !has_point {
            return Err(de::Error::missing_field("point"));
        }
        Ok(evidence)
    }
}

struct Covers(Vec<String>);

impl<'de> Deserialize<'de> for Covers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read(deserializer).map(Covers)
    }
}
