//! When the browser's storage is full and a session with large material does not fit:
//! the session is stored with only the passages the council cited from each source (the rest of
//! its text, and an image's bytes, left out), each such source marked `cited_only`, so the
//! session, its decision and every quote's check survive a reload; the run goes on in memory with
//! the whole material, and its exports carry it. The sentence says what was left out and how to
//! keep it.
use crate::consult::view::material::checked_quotes;
use crate::foundation::words::{and_list, byte_size};
use crate::record::consult::body::ConsultBody;
use crate::record::sources::{Source, Unit};
use crate::record::{ProtocolBody, Session};

/// `session` as it can still be stored, with the sentence that says so; None when it has no
/// material text or image to leave out (nothing would be smaller).
pub fn with_cited_passages_only(session: &Session) -> Option<(Session, String)> {
    let body = session.body_of::<ConsultBody>()?;
    let heavy: Vec<&Source> = body
        .config
        .material
        .iter()
        .filter(|s| !s.cited_only && (!s.text.is_empty() || s.image.is_some()))
        .collect();
    if heavy.is_empty() {
        return None;
    }
    let names: Vec<String> = heavy.iter().map(|s| s.name.clone()).collect();
    let weight = |sources: &[Source]| -> usize {
        sources
            .iter()
            .map(|s| s.text.len() + s.image.as_ref().map_or(0, |i| i.data_base64.len()))
            .sum()
    };
    let before = weight(&body.config.material);
    let quotes = checked_quotes(session);
    let mut lighter = session.clone();
    let body = ProtocolBody::of_mut(&mut lighter.body).map(|b: &mut ConsultBody| b)?;
    for source in &mut body.config.material {
        if source.cited_only || (source.text.is_empty() && source.image.is_none()) {
            continue;
        }
        let mut spans: Vec<(usize, usize)> = quotes
            .iter()
            .filter(|q| q.source_id == source.id)
            .filter_map(|q| q.span)
            .collect();
        spans.sort_unstable();
        let (text, units) = keep_spans(&source.text, &source.units, &spans);
        source.text = text;
        source.units = units;
        source.image = None;
        source.cited_only = true;
    }
    let left_out = before.saturating_sub(weight(&body.config.material));
    let sentence = format!(
        "Browser storage is full, so this session was saved with only the passages the council \
         cited from {} ({} left out). Nothing was deleted, and the whole material is still open \
         here: export the session as JSON to keep it.",
        and_list(&names),
        byte_size(left_out as u64)
    );
    Some((lighter, sentence))
}

/// The text of the units that hold `spans` (sorted; the spans themselves for a source without
/// units), one after another with a line break between, and `units` mapped onto it: a kept unit
/// keeps its whole text (a quote's very line is counted within it), any other becomes empty, so a
/// quote is found at the same location as before.
fn keep_spans(text: &str, units: &[Unit], spans: &[(usize, usize)]) -> (String, Vec<Unit>) {
    let mut whole: Vec<(usize, usize)> = spans
        .iter()
        .flat_map(|&(start, end)| {
            let holding: Vec<(usize, usize)> = units
                .iter()
                .filter(|u| u.start < end.max(start + 1) && start < u.end)
                .map(|u| (u.start, u.end))
                .collect();
            if holding.is_empty() {
                vec![(start, end)]
            } else {
                holding
            }
        })
        .collect();
    whole.sort_unstable();
    // Overlapping or touching ranges merged, each on char boundaries.
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for &(start, end) in &whole {
        let (start, end) = (start.min(text.len()), end.min(text.len()));
        if start >= end || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            continue;
        }
        match ranges.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => ranges.push((start, end)),
        }
    }
    let mut kept = String::new();
    // Where each range starts in the kept text.
    let mut starts = Vec::with_capacity(ranges.len());
    for (index, &(start, end)) in ranges.iter().enumerate() {
        if index > 0 {
            kept.push('\n');
        }
        starts.push(kept.len());
        kept.push_str(&text[start..end]);
    }
    let map = |at: usize| -> usize {
        ranges
            .iter()
            .zip(&starts)
            .rev()
            .find(|((start, _), _)| *start <= at)
            .map_or(0, |((start, end), kept_start)| {
                kept_start + at.min(*end) - start
            })
    };
    let units = units
        .iter()
        .map(|unit| Unit {
            start: map(unit.start),
            end: map(unit.end),
            ..unit.clone()
        })
        .collect();
    (kept, units)
}
