//! Full-text search over everything a session says: its question (or diff, or backlog), the
//! answers, synthesis, challenges, verdict, findings and rankings, and the material (Consult's
//! attachments, a review's context files: their names and text). State, protocol and dates are
//! not searched (they are the list's filters), nor are ids, model names or raw replies (the
//! artifacts carry their content once, validated).
use std::collections::HashSet;

use serde_json::Value;

use crate::record::consult::body::ConsultBody;
use crate::record::review::body::ReviewBody;
use crate::record::Session;

/// Search text kept per session; beyond this a session is searched on its first part only.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;
/// Bytes of context shown on each side of the first match.
const SNIPPET_CONTEXT: usize = 70;

/// Fields that hold bookkeeping, not what the session says.
const SKIPPED_KEYS: &[&str] = &[
    "schema_version",
    "artifact_type",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
    "config",
    "token_efficiency_stats",
    "in_progress",
    "state",
    "protocol",
    "status",
    "outcome_state",
    "model",
    "provider_id",
    "provider_label",
    "persona",
    "severity",
    "transitions",
];

fn skipped(key: &str) -> bool {
    SKIPPED_KEYS.contains(&key)
        || key == "id"
        || key.ends_with("_id")
        || key.ends_with("_ids")
        || key.ends_with("_rankings")
        || matches!(
            key,
            "agent" | "agents" | "supporting_agents" | "challenger" | "target_agent" | "persona_id"
        )
}

/// Everything the session says, one piece per line, each distinct piece once.
pub fn searchable_text(session: &Session) -> String {
    let mut pieces = Pieces::default();
    pieces.push(&session.title);
    pieces.push(&session.subject);
    if let Some(failure) = &session.failure {
        pieces.push(failure);
    }
    // How it turned out, and the user's note, are found by search too.
    if let Some(outcome) = &session.outcome {
        pieces.push(outcome.verdict().word());
        pieces.push(&outcome.note);
    }
    if let Ok(body) = serde_json::to_value(&session.body) {
        pieces.walk(&body);
    }
    // The material last (the config is skipped above): file names, then their text, so a long
    // document never crowds out what the council said. A review's context files are its material.
    let material = match (
        session.body_of::<ConsultBody>(),
        session.body_of::<ReviewBody>(),
    ) {
        (Some(body), _) => body.config.material.as_slice(),
        (None, Some(body)) => body.config.material.as_slice(),
        (None, None) => &[],
    };
    for source in material {
        pieces.push(&source.name);
    }
    for source in material {
        pieces.push(&source.text);
    }
    pieces.text
}

#[derive(Default)]
struct Pieces {
    text: String,
    seen: HashSet<u64>,
}

impl Pieces {
    fn walk(&mut self, value: &Value) {
        match value {
            Value::String(text) => self.push(text),
            Value::Array(items) => items.iter().for_each(|item| self.walk(item)),
            Value::Object(fields) => fields
                .iter()
                .filter(|(key, _)| !skipped(key))
                .for_each(|(_, field)| self.walk(field)),
            _ => {}
        }
    }

    fn push(&mut self, piece: &str) {
        let piece = piece.trim();
        if piece.is_empty() || self.text.len() >= MAX_TEXT_BYTES || !self.seen.insert(hash(piece)) {
            return;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        let room = MAX_TEXT_BYTES - self.text.len();
        self.text.push_str(cut_at_char(piece, room));
    }
}

fn hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

fn cut_at_char(text: &str, max_bytes: usize) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Lower case that keeps every byte offset: a character whose lower case has another UTF-8
/// length (rare, e.g. 'İ') is kept as it is, so a match in the folded text is a match at the same
/// place in the original.
pub fn fold(text: &str) -> String {
    text.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if l.len_utf8() == c.len_utf8() => l,
                _ => c,
            }
        })
        .collect()
}

/// A session's search text, with its folded copy made once.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchText {
    pub text: String,
    folded: String,
}

impl SearchText {
    pub fn new(text: String) -> Self {
        let folded = fold(&text);
        Self { text, folded }
    }
}

/// What the user typed: words and "quoted phrases", all of which must appear.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Query {
    terms: Vec<String>,
}

impl Query {
    pub fn parse(input: &str) -> Self {
        let mut terms = Vec::new();
        for (i, part) in input.split('"').enumerate() {
            if i % 2 == 1 {
                let phrase = part.split_whitespace().collect::<Vec<_>>().join(" ");
                terms.push(phrase);
            } else {
                terms.extend(part.split_whitespace().map(str::to_string));
            }
        }
        let terms = terms
            .into_iter()
            .filter(|t| !t.is_empty())
            .map(|t| fold(&t))
            .collect();
        Self { terms }
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The hit, with a snippet around the first term's first match, or `None` when a term is
    /// missing. An empty query matches with an empty snippet.
    pub fn find(&self, haystack: &SearchText) -> Option<SearchHit> {
        let mut first = None;
        for term in &self.terms {
            let at = haystack.folded.find(term.as_str())?;
            first.get_or_insert(at);
        }
        let Some(first) = first else {
            return Some(SearchHit::default());
        };
        Some(self.snippet(haystack, first))
    }

    fn snippet(&self, haystack: &SearchText, first: usize) -> SearchHit {
        let text = &haystack.text;
        let start = floor_boundary(text, first.saturating_sub(SNIPPET_CONTEXT));
        let start = text[start..first]
            .find(char::is_whitespace)
            .filter(|_| start > 0)
            .map_or(start, |space| start + space + 1);
        let end = ceil_boundary(
            text,
            (first + self.terms[0].len() + SNIPPET_CONTEXT).min(text.len()),
        );
        let end = text[..end]
            .rfind(char::is_whitespace)
            .filter(|&space| end < text.len() && space > first + self.terms[0].len())
            .unwrap_or(end);
        let window = &haystack.folded[start..end];
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for term in &self.terms {
            let mut from = 0;
            while let Some(at) = window[from..].find(term.as_str()) {
                let begin = from + at;
                ranges.push((begin, begin + term.len()));
                from = begin + term.len().max(1);
            }
        }
        consilium_order::sort(&mut ranges);
        let mut segments = Vec::new();
        if start > 0 {
            segments.push(Segment::plain("…"));
        }
        let shown = &text[start..end];
        let mut at = 0;
        for (begin, finish) in ranges {
            if finish <= at {
                continue;
            }
            let begin = begin.max(at);
            if begin > at {
                segments.push(Segment::plain(&shown[at..begin]));
            }
            segments.push(Segment {
                text: shown[begin..finish].to_string(),
                hit: true,
            });
            at = finish;
        }
        if at < shown.len() {
            segments.push(Segment::plain(&shown[at..]));
        }
        if end < text.len() {
            segments.push(Segment::plain("…"));
        }
        for segment in &mut segments {
            segment.text = segment.text.replace('\n', " · ");
        }
        SearchHit { segments }
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Where a session matched: a short excerpt cut in segments, the matched ones marked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchHit {
    pub segments: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub text: String,
    pub hit: bool,
}

impl Segment {
    fn plain(text: &str) -> Self {
        Self {
            text: text.to_string(),
            hit: false,
        }
    }
}

impl SearchHit {
    /// The excerpt as plain text, matches in [brackets] (for tests and logs).
    pub fn marked(&self) -> String {
        self.segments
            .iter()
            .map(|s| {
                if s.hit {
                    format!("[{}]", s.text)
                } else {
                    s.text.clone()
                }
            })
            .collect()
    }
}
