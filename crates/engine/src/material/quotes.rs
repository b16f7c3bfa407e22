//! Every quote checked in code (docs/design.md, "Material: what the council reads"): a citation
//! `{source, location, quote}` is looked up in the cited source after normalising both sides (case,
//! runs of whitespace, typographic quotes and dashes), and marked found (in the cited location or
//! the one beside it), found elsewhere (with the location where it is), or not found. The search is
//! one pass of the standard library's substring search (Two-Way: linear), so a 1 MB source is
//! checked in milliseconds.
use crate::record::sources::{Citation, Source, UnitKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuoteMark {
    /// At the cited location or one location beside it.
    Found,
    /// In the source, but not where cited: `QuoteCheck::location` says where.
    FoundElsewhere,
    /// Not in the source (or the quote is empty, or the source is an image).
    NotFound,
    /// The citation names no source of the material.
    UnknownSource,
}

impl QuoteMark {
    /// Whether the quote supports what cites it.
    pub fn is_found(self) -> bool {
        matches!(self, Self::Found | Self::FoundElsewhere)
    }

    /// As every view marks it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Found => "found",
            Self::FoundElsewhere => "found elsewhere",
            Self::NotFound => NOT_FOUND,
            Self::UnknownSource => "not a source of the material",
        }
    }
}

/// How a quote not found is marked wherever it shows.
pub const NOT_FOUND: &str = "not found in the material";

/// The outcome of checking one citation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteCheck {
    pub mark: QuoteMark,
    /// Where the quote is, as a location label ("page 4"); None when not found.
    pub location: Option<String>,
    /// The quoted passage's byte span in the source's text, to highlight; None when not found.
    pub span: Option<(usize, usize)>,
}

impl QuoteCheck {
    fn not(mark: QuoteMark) -> Self {
        Self {
            mark,
            location: None,
            span: None,
        }
    }
}

/// Checks `citation` against `material`.
pub fn check_quote(material: &[Source], citation: &Citation) -> QuoteCheck {
    let Some(source) = material
        .iter()
        .find(|s| s.id.eq_ignore_ascii_case(citation.source.trim()))
    else {
        return QuoteCheck::not(QuoteMark::UnknownSource);
    };
    let quote = normalise(&citation.quote);
    if quote.text.trim().is_empty() || source.text.is_empty() {
        return QuoteCheck::not(QuoteMark::NotFound);
    }
    let quote = quote.text.trim();
    let haystack = normalise(&source.text);
    let cited = parse_location(&citation.location, source);
    let mut first: Option<(usize, usize)> = None;
    let mut first_near: Option<(usize, usize)> = None;
    for (at, _) in haystack.text.match_indices(quote) {
        let span = haystack.original_span(at, at + quote.len());
        first.get_or_insert(span);
        // In the cited unit itself: no better place to find it.
        if cited.is_some_and(|cited| near(source, cited, span.0, 0)) {
            return found(source, QuoteMark::Found, span);
        }
        if first_near.is_none() && cited.is_some_and(|cited| near(source, cited, span.0, 1)) {
            first_near = Some(span);
        }
    }
    if let Some(span) = first_near {
        return found(source, QuoteMark::Found, span);
    }
    match first {
        // With no location to hold it to, a quote in the source is found.
        Some(span) if cited.is_none() && citation.location.trim().is_empty() => {
            found(source, QuoteMark::Found, span)
        }
        Some(span) => found(source, QuoteMark::FoundElsewhere, span),
        None => QuoteCheck::not(QuoteMark::NotFound),
    }
}

fn found(source: &Source, mark: QuoteMark, span: (usize, usize)) -> QuoteCheck {
    QuoteCheck {
        mark,
        location: source.unit_at(span.0).map(|unit| unit.label()),
        span: Some(span),
    }
}

/// Whether byte `at` lies in the cited unit or within `reach` units of it.
fn near(source: &Source, cited: (UnitKind, u32), at: usize, reach: usize) -> bool {
    let Some(index) = source
        .units
        .iter()
        .position(|u| u.kind == cited.0 && (u.first..=u.last).contains(&cited.1))
    else {
        return false;
    };
    let lo = index.saturating_sub(reach);
    let hi = (index + reach).min(source.units.len() - 1);
    let start = source.units[lo].start;
    let end = source.units[hi].end;
    start <= at && at <= end
}

/// "page 3", "p. 3", "pp. 3-4", "lines 10-14", "L12", "row 7", "header": the kind and first
/// number; a bare number is the source's own kind of location.
pub fn parse_location(location: &str, source: &Source) -> Option<(UnitKind, u32)> {
    let lower = location.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return None;
    }
    if lower.starts_with("header") {
        return Some((UnitKind::Row, 0));
    }
    let number: u32 = lower
        .split(|c: char| !c.is_ascii_digit())
        .find(|part| !part.is_empty())?
        .parse()
        .ok()?;
    let kind = if lower.starts_with('p') {
        UnitKind::Page
    } else if lower.starts_with('l') {
        UnitKind::Lines
    } else if lower.starts_with('r') {
        UnitKind::Row
    } else {
        source.units.first()?.kind
    };
    Some((kind, number))
}

/// A text normalised for comparison, with each of its bytes mapped back to the original.
struct Normalised {
    text: String,
    /// For each byte of `text`, the byte offset in the original where its character began; one
    /// more entry, the original's length, closes the last span.
    origin: Vec<usize>,
    original_len: usize,
}

impl Normalised {
    /// The original span of normalised bytes `start..end`: from the first character's start to
    /// the end of the last one.
    fn original_span(&self, start: usize, end: usize) -> (usize, usize) {
        let from = self.origin[start];
        // The original character after the last one matched begins where the span ends.
        let last = self.origin[end - 1];
        let to = self.origin[end..]
            .iter()
            .copied()
            .find(|&o| o > last)
            .unwrap_or(self.original_len);
        (from, to)
    }
}

/// Lower case, every run of whitespace one space, typographic quotes straight, every dash a
/// hyphen, soft hyphens and zero-width characters dropped.
fn normalise(text: &str) -> Normalised {
    let mut out = String::with_capacity(text.len());
    let mut origin = Vec::with_capacity(text.len() + 1);
    let mut in_space = false;
    for (at, c) in text.char_indices() {
        let mapped = match c {
            '\u{00AD}' | '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{FEFF}' => continue,
            c if c.is_whitespace() => ' ',
            '‘' | '’' | '‚' | '‛' | '′' | '`' | '´' => '\'',
            '“' | '”' | '„' | '‟' | '″' | '«' | '»' => '"',
            '‐' | '‑' | '‒' | '–' | '—' | '―' | '−' => '-',
            c => c,
        };
        if mapped == ' ' {
            if in_space {
                continue;
            }
            in_space = true;
        } else {
            in_space = false;
        }
        for lower in mapped.to_lowercase() {
            let before = out.len();
            out.push(lower);
            origin.extend(std::iter::repeat_n(at, out.len() - before));
        }
    }
    origin.push(text.len());
    Normalised {
        text: out,
        origin,
        original_len: text.len(),
    }
}
