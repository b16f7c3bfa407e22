//! "What the council read" (docs/design.md, "Material: what the council reads"), for any session
//! with material: each source with its kind, its extent (pages, lines, rows), its tokens and the
//! seats that could not see it; and a quoted passage with the text around it, to open highlighted.
use crate::foundation::counted::thousands;
use crate::foundation::participants::Participant;
use crate::material::quotes::{check_quote, QuoteMark};
use crate::material::seats::sees_images;
use crate::record::sources::{Citation, Source, UnitKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceRow {
    pub id: String,
    pub name: String,
    /// "PDF", "table", "image"...
    pub kind: &'static str,
    /// "3 pages", "120 lines", "4 rows and a header", "an image".
    pub extent: String,
    /// "1,234 tokens".
    pub tokens: String,
    /// Seats that could not see this source (an image, a model without vision), by label.
    pub not_seen_by: Vec<String>,
    /// Said of a source stored with only its cited passages (`Source::cited_only`).
    pub kept_note: Option<&'static str>,
}

/// What a source stored with its cited passages only says of itself on the session page.
pub const CITED_ONLY_NOTE: &str = "Only the passages cited were stored with this session: the \
     browser's storage was full when it was saved.";

/// What a source whose stored body was not found says of itself (`Source::stored_apart`).
pub const BODY_MISSING_NOTE: &str = "This source's text was not found in the browser's storage, \
     so only its name is shown: attach the file again to read it.";

impl SourceRow {
    /// Who could not see the source, as the page says it: "Not seen by Judge · gemma-3-270m: its
    /// model does not see images."; None when every seat saw it.
    pub fn unseen_line(&self) -> Option<String> {
        let (_, rest) = self.not_seen_by.split_last()?;
        let who = crate::foundation::words::and_list(&self.not_seen_by);
        let whose = if rest.is_empty() {
            "its model does not"
        } else {
            "their models do not"
        };
        Some(format!("Not seen by {who}: {whose} see images."))
    }
}

pub fn source_rows(material: &[Source], seats: &[&Participant]) -> Vec<SourceRow> {
    material
        .iter()
        .map(|source| SourceRow {
            id: source.id.clone(),
            name: source.name.clone(),
            kind: source.kind.label(),
            extent: extent(source),
            tokens: format!("{} tokens", thousands(u64::from(source.tokens))),
            kept_note: if source.stored_apart.is_some() {
                Some(BODY_MISSING_NOTE)
            } else {
                source.cited_only.then_some(CITED_ONLY_NOTE)
            },
            not_seen_by: if source.is_image() {
                seats
                    .iter()
                    .filter(|seat| !sees_images(seat))
                    .map(|seat| seat.label.clone())
                    .collect()
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// How much of the source there is, in its own locations.
pub fn extent(source: &Source) -> String {
    let Some(last) = source.units.last() else {
        return if source.is_image() {
            "an image".to_string()
        } else {
            "no text".to_string()
        };
    };
    let plural = |n: u32, one: &str, many: &str| {
        format!(
            "{} {}",
            thousands(u64::from(n)),
            if n == 1 { one } else { many }
        )
    };
    match last.kind {
        UnitKind::Page => plural(last.last, "page", "pages"),
        UnitKind::Lines => plural(last.last, "line", "lines"),
        UnitKind::Row => {
            let rows = plural(last.last, "row", "rows");
            if source.units.first().is_some_and(|u| u.first == 0) {
                format!("{rows} and a header")
            } else {
                rows
            }
        }
    }
}

/// Where in `source` the words at `span` are, as precisely as its locations allow: the page or
/// row that holds them, or for a text the very lines ("line 42", "lines 42-44") rather than the
/// block of lines the prompt numbered.
pub fn quote_location(source: &Source, span: (usize, usize)) -> Option<String> {
    let unit = source.unit_at(span.0)?;
    if unit.kind != UnitKind::Lines {
        return Some(unit.label());
    }
    let text = &source.text;
    let (start, end) = (span.0.min(text.len()), span.1.min(text.len()));
    let line_at = |at: usize| {
        let from = unit.start.min(at);
        let within = text.get(from..at).unwrap_or_default();
        unit.first + u32::try_from(within.matches('\n').count()).unwrap_or(u32::MAX)
    };
    // The last quoted character's own line, not the one a closing line break opens.
    let last_char = text
        .get(start..end)
        .and_then(|quoted| quoted.char_indices().last())
        .map_or(start, |(at, _)| start + at);
    let (first, last) = (line_at(start), line_at(last_char));
    Some(if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}-{last}")
    })
}

/// A quoted passage with the text around it, to show highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    /// "…" when the source goes on before it.
    pub before: String,
    pub quote: String,
    pub after: String,
}

/// One run of a passage's text, the quoted words `marked`: a view shows each run as text (a marked
/// one highlighted), so the passage is never markup built from the source's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassageSpan {
    pub text: String,
    pub marked: bool,
}

impl Passage {
    /// The passage as runs in reading order: the text before, the quote (marked), the text
    /// after; an empty run is left out.
    pub fn spans(&self) -> Vec<PassageSpan> {
        [
            (&self.before, false),
            (&self.quote, true),
            (&self.after, false),
        ]
        .into_iter()
        .filter(|(text, _)| !text.is_empty())
        .map(|(text, marked)| PassageSpan {
            text: text.clone(),
            marked,
        })
        .collect()
    }
}

/// Characters of context on each side of a highlighted passage.
pub const PASSAGE_CONTEXT_CHARS: usize = 160;

/// The passage at `span` of `source`'s text, with up to `PASSAGE_CONTEXT_CHARS` each side, within
/// the locations it lies in (a page's passage never runs into the next page).
pub fn passage(source: &Source, span: (usize, usize)) -> Passage {
    let text = &source.text;
    let (start, end) = (span.0.min(text.len()), span.1.min(text.len()));
    let unit_start = source.unit_at(start).map_or(0, |u| u.start.min(start));
    let unit_end = source
        .unit_at(end.saturating_sub(1))
        .map_or(text.len(), |u| u.end.max(end));
    let head = &text[unit_start..start];
    let tail = &text[end..unit_end];
    let before_start = head
        .char_indices()
        .rev()
        .nth(PASSAGE_CONTEXT_CHARS - 1)
        .map_or(0, |(at, _)| at);
    let after_end = tail
        .char_indices()
        .nth(PASSAGE_CONTEXT_CHARS)
        .map_or(tail.len(), |(at, _)| at);
    Passage {
        before: format!(
            "{}{}",
            if before_start > 0 || unit_start > 0 {
                "…"
            } else {
                ""
            },
            &head[before_start..]
        ),
        quote: text[start..end].to_string(),
        after: format!(
            "{}{}",
            &tail[..after_end],
            if after_end < tail.len() || unit_end < text.len() {
                "…"
            } else {
                ""
            }
        ),
    }
}

/// One quote checked against the material, as a page shows it beside what cites it (a Review
/// finding's citations): the words, the mark with where they are, the source, and the passage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteRow {
    pub quote: String,
    pub mark: QuoteMark,
    /// "found on line 5", "found elsewhere: lines 41-42", "not found in the material".
    pub mark_line: String,
    /// "S1 · config.rs", with "· cited line 9" when it is not where cited.
    pub source_line: String,
    /// "found", "elsewhere" or "not-found": how the mark looks.
    pub tone: &'static str,
    /// The words around it, the quote marked; None when not found.
    pub passage: Option<Passage>,
    /// Where it is, to name the passage: "S1 · config.rs · line 3".
    pub where_found: String,
}

/// `citation` checked against `material` (`material::quotes`), for a page.
pub fn quote_row(material: &[Source], citation: &Citation) -> QuoteRow {
    let check = check_quote(material, citation);
    let source = material
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(citation.source.trim()));
    let location = source
        .zip(check.span)
        .and_then(|(source, span)| quote_location(source, span))
        .or(check.location);
    let mark_line = mark_line(check.mark, location.as_deref());
    let mut source_line = source_line_head(source, citation);
    let cited = citation.location.trim();
    if check.mark != QuoteMark::Found && !cited.is_empty() {
        source_line.push_str(&format!(" · cited {cited}"));
    }
    let where_found = match &location {
        Some(at) => format!("{} · {at}", source_line_head(source, citation)),
        None => source_line_head(source, citation),
    };
    QuoteRow {
        where_found,
        quote: citation.quote.trim().to_string(),
        mark: check.mark,
        mark_line,
        source_line,
        tone: tone(check.mark),
        passage: source
            .zip(check.span)
            .map(|(source, span)| passage(source, span)),
    }
}

/// The mark with where the quote is: "found on page 3", "found on lines 40-44", "found in row 7",
/// "found elsewhere: line 12", "not found in the material".
pub fn mark_line(mark: QuoteMark, location: Option<&str>) -> String {
    match (mark, location) {
        (QuoteMark::Found, Some(at)) if at.starts_with("page") || at.starts_with("line") => {
            format!("found on {at}")
        }
        (QuoteMark::Found, Some("header")) => "found in the header".to_string(),
        (QuoteMark::Found, Some(at)) => format!("found in {at}"),
        (QuoteMark::FoundElsewhere, Some(at)) => format!("found elsewhere: {at}"),
        _ => mark.label().to_string(),
    }
}

/// A word for how a mark looks ("found", "elsewhere", "not-found"): found and corrected are both
/// support, one is not.
pub fn tone(mark: QuoteMark) -> &'static str {
    match mark {
        QuoteMark::Found => "found",
        QuoteMark::FoundElsewhere => "elsewhere",
        QuoteMark::NotFound | QuoteMark::UnknownSource => "not-found",
    }
}

/// "S1 · config.rs", or the cited id with "no such source".
fn source_line_head(source: Option<&Source>, citation: &Citation) -> String {
    match source {
        Some(source) => format!("{} · {}", source.id, source.name),
        None => format!("{} · no such source", citation.source.trim()),
    }
}
