//! A session's material stored apart from its record, one copy per content: a thread carries its
//! whole material in every turn (docs/design.md, "Material: what the council reads"), and a
//! review its context files, so the browser's store keeps each source's body (its text, units and
//! image, what is big) once, under the content hash of that body, and each record keeps the
//! source with its metadata and that key (`Source::stored_apart`). The store splits a session
//! before it writes it (`material_apart`) and joins it again when it reads it (`join_material`):
//! every reader above the store (the pages, exports, share links, sync, a run's resume) sees the
//! session whole, as it was saved.
//!
//! A source stored with its cited passages only (`Source::cited_only`: storage was full) stays in
//! the record as it is. A body the store no longer has leaves its source without text, kept as
//! cited-only with its key, so the session still opens and its page says what is missing; the
//! next load finds the body again if a later save stored it.
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::material::content_hash;
use crate::record::sources::{ImageData, Source, Unit};
use crate::record::{Body, Session};

/// What of a source is stored apart.
#[derive(Serialize, Deserialize)]
struct Apart {
    #[serde(default)]
    text: String,
    #[serde(default)]
    units: Vec<Unit>,
    #[serde(default)]
    image: Option<ImageData>,
}

/// One source's body, to store under `key` (the content hash of `text`, the body as JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredBody {
    pub key: String,
    pub text: String,
}

fn material(session: &Session) -> &[Source] {
    match &session.body {
        Body::Consult(body) => &body.config.material,
        Body::Review(body) => &body.config.material,
        _ => &[],
    }
}

fn material_mut(session: &mut Session) -> Option<&mut Vec<Source>> {
    match &mut session.body {
        Body::Consult(body) => Some(&mut body.config.material),
        Body::Review(body) => Some(&mut body.config.material),
        _ => None,
    }
}

/// Whether the store keeps this source's body apart: a whole source with something in it.
fn goes_apart(source: &Source) -> bool {
    !source.cited_only
        && source.stored_apart.is_none()
        && (!source.text.is_empty() || !source.units.is_empty() || source.image.is_some())
}

/// The record to store (each whole source without its body, naming its key) and the bodies, each
/// once; None when nothing goes apart (no material, or only sources kept in part): the session is
/// then stored as it is.
pub fn material_apart(session: &Session) -> Option<(Session, Vec<StoredBody>)> {
    if !material(session).iter().any(goes_apart) {
        return None;
    }
    let mut record = session.clone();
    let mut bodies: Vec<StoredBody> = Vec::new();
    for source in material_mut(&mut record)? {
        if !goes_apart(source) {
            continue;
        }
        let apart = Apart {
            text: std::mem::take(&mut source.text),
            units: std::mem::take(&mut source.units),
            image: source.image.take(),
        };
        // Strings, numbers and enums only: it cannot fail.
        let text = serde_json::to_string(&apart).unwrap_or_default();
        let key = content_hash(text.as_bytes());
        source.stored_apart = Some(key.clone());
        if !bodies.iter().any(|b| b.key == key) {
            bodies.push(StoredBody { key, text });
        }
    }
    Some((record, bodies))
}

/// The keys of the bodies a stored record names, each once, in order.
pub fn stored_keys(record: &Session) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for key in material(record)
        .iter()
        .filter_map(|s| s.stored_apart.as_ref())
    {
        if !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    keys
}

/// The stored `record` whole again, each source given its body from `bodies` (key -> the body as
/// stored). A source whose body is not there, or no longer reads, stays without it: kept as
/// cited-only (no passage), with its key, which its page reads as a body not found
/// (`views::material::BODY_MISSING_NOTE`).
pub fn join_material(mut record: Session, bodies: &HashMap<String, String>) -> Session {
    let Some(material) = material_mut(&mut record) else {
        return record;
    };
    for source in material {
        let Some(key) = &source.stored_apart else {
            continue;
        };
        match bodies
            .get(key)
            .and_then(|text| serde_json::from_str::<Apart>(text).ok())
        {
            Some(apart) => {
                source.text = apart.text;
                source.units = apart.units;
                source.image = apart.image;
                source.stored_apart = None;
                source.cited_only = false;
            }
            None => {
                source.text.clear();
                source.units.clear();
                source.image = None;
                source.cited_only = true;
            }
        }
    }
    record
}
