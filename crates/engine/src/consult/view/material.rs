//! A consult's material as people read it: "What the council read" (each source, its extent,
//! tokens, who could not see what) and every quote the council cited, checked, with its mark and
//! the passage to open highlighted. A quote not found is marked "not found in the material"
//! wherever it shows; an evidence entry resting only on such quotes is marked as not evidence.
use std::fmt::Write;

use crate::consult::evidence::{standing, Standing};
use crate::foundation::ids::ParticipantId;
use crate::material::quotes::{check_quote, QuoteMark};
use crate::record::consult::body::ConsultBody;
use crate::record::sources::{Citation, Source};
use crate::record::Session;
use crate::views::material::{
    mark_line, passage, quote_location, source_rows, tone, Passage, SourceRow,
};

/// How an evidence entry resting only on quotes not found is marked.
pub const NOT_EVIDENCE: &str = "not evidence: its quotes are not in the material";

/// Where in the record a quote was cited, so each view shows it beside what cites it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotePlace {
    /// A panelist's round-1 answer (its key points), by the panelist's id.
    Answer(ParticipantId),
    /// Round 3's challenge at this index of the record (from 0).
    Challenge(usize),
    /// The verdict's evidence entry at this index (from 0).
    Evidence(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedQuote {
    /// Where the council cited it: "Panelist 1's answer", "Panelist 3's challenge 1", "Evidence 2".
    pub place: String,
    /// The same, for a view to find the quotes of what it shows.
    pub at: QuotePlace,
    pub source_id: String,
    /// The source's file name, or "no such source" for an id the material does not have.
    pub source_name: String,
    /// The location as the model cited it.
    pub cited_location: String,
    pub quote: String,
    pub mark: QuoteMark,
    /// "found", "found elsewhere", "not found in the material"...
    pub mark_label: &'static str,
    /// Where it was found ("page 4", "lines 41-42"), when found: shown as a correction when
    /// found elsewhere.
    pub location: Option<String>,
    /// The passage to highlight: its byte span in the source's text.
    pub span: Option<(usize, usize)>,
}

impl CheckedQuote {
    /// The passage with its context, for a found quote.
    pub fn passage(&self, material: &[Source]) -> Option<Passage> {
        let source = material.iter().find(|s| s.id == self.source_id)?;
        self.span.map(|span| passage(source, span))
    }

    /// "S1 · report.pdf · page 4 (cited page 2)".
    pub fn where_found(&self) -> String {
        let location = match (&self.location, self.mark) {
            (Some(found), QuoteMark::FoundElsewhere) => {
                format!("{found} (cited {})", self.cited_location)
            }
            (Some(found), _) => found.clone(),
            (None, _) => self.cited_location.clone(),
        };
        let mut out = format!("{} · {}", self.source_id, self.source_name);
        if !location.trim().is_empty() {
            let _ = write!(out, " · {location}");
        }
        out
    }

    /// The mark with where the quote is: "found on page 3", "found on lines 40-44", "found in
    /// row 7", "found elsewhere: line 12", "not found in the material".
    pub fn mark_line(&self) -> String {
        mark_line(self.mark, self.location.as_deref())
    }

    /// Which source the quote names, and where it was cited when that is not where it is:
    /// "S1 · notes.txt", "S1 · report.pdf · cited page 2".
    pub fn source_line(&self) -> String {
        let mut out = format!("{} · {}", self.source_id, self.source_name);
        let cited = self.cited_location.trim();
        if self.mark != QuoteMark::Found && !cited.is_empty() {
            let _ = write!(out, " · cited {cited}");
        }
        out
    }

    /// A word for how the mark looks ("found", "elsewhere", "not-found"): found and corrected
    /// are both support, one is not.
    pub fn tone(&self) -> &'static str {
        tone(self.mark)
    }
}

/// A checked quote as the page shows it: with its passage, to open highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownQuote {
    pub quote: CheckedQuote,
    /// The words around the quote, the quote marked (`Passage::spans`); None when not found.
    pub passage: Option<Passage>,
}

/// The material section of a consult's page and exports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatTheCouncilRead {
    pub sources: Vec<SourceRow>,
    pub quotes: Vec<ShownQuote>,
    /// Verdict evidence entries (numbered from 1) that are not evidence.
    pub not_evidence: Vec<usize>,
}

/// None for a consult without material.
pub fn what_the_council_read(session: &Session) -> Option<WhatTheCouncilRead> {
    let body = session.body_of::<ConsultBody>()?;
    let material = &body.config.material;
    if material.is_empty() {
        return None;
    }
    let seats: Vec<_> = body.config.participants().collect();
    let not_evidence = body
        .round4
        .as_ref()
        .map(|verdict| {
            verdict
                .evidence
                .iter()
                .enumerate()
                .filter(|(_, e)| standing(e, material) == Standing::NotFound)
                .map(|(index, _)| index + 1)
                .collect()
        })
        .unwrap_or_default();
    let quotes = checked_quotes(session)
        .into_iter()
        .map(|quote| ShownQuote {
            passage: quote.passage(material),
            quote,
        })
        .collect();
    Some(WhatTheCouncilRead {
        sources: source_rows(material, &seats),
        quotes,
        not_evidence,
    })
}

impl WhatTheCouncilRead {
    /// The quotes cited at `at`, in the order cited.
    pub fn quotes_at(&self, at: &QuotePlace) -> Vec<ShownQuote> {
        self.quotes
            .iter()
            .filter(|shown| shown.quote.at == *at)
            .cloned()
            .collect()
    }

    /// Whether the verdict's evidence entry at `index` (from 0) counts as evidence.
    pub fn is_evidence(&self, index: usize) -> bool {
        !self.not_evidence.contains(&(index + 1))
    }

    /// "3 quotes checked: 2 found, 1 not found in the material"; None when nothing was cited.
    pub fn tally(&self) -> Option<String> {
        let total = self.quotes.len();
        if total == 0 {
            return None;
        }
        let found = self
            .quotes
            .iter()
            .filter(|shown| shown.quote.mark.is_found())
            .count();
        let missing = total - found;
        let mut out = format!(
            "{total} {} checked: ",
            if total == 1 { "quote" } else { "quotes" }
        );
        match (found, missing) {
            (_, 0) if total == 1 => out.push_str("found"),
            (_, 0) => out.push_str("all found"),
            (0, _) if total == 1 => out.push_str(crate::material::quotes::NOT_FOUND),
            (0, _) => {
                let _ = write!(out, "none found in the material");
            }
            (found, missing) => {
                let _ = write!(
                    out,
                    "{found} found, {missing} {}",
                    crate::material::quotes::NOT_FOUND
                );
            }
        }
        Some(out)
    }
}

/// Every citation in the record, checked, in the order the consult made them: round-1 answers,
/// round-3 challenges, the verdict's evidence.
pub fn checked_quotes(session: &Session) -> Vec<CheckedQuote> {
    let Some(body) = session.body_of::<ConsultBody>() else {
        return Vec::new();
    };
    let material = &body.config.material;
    let mut cited: Vec<(String, QuotePlace, &Citation)> = Vec::new();
    for answer in &body.round1 {
        let place = format!("{}'s answer", session.label_of(&answer.agent_id));
        let at = QuotePlace::Answer(answer.agent_id.clone());
        cited.extend(
            answer
                .citations
                .iter()
                .map(|c| (place.clone(), at.clone(), c)),
        );
    }
    if let Some(cross) = &body.round3 {
        for (index, challenge) in cross.challenges.iter().enumerate() {
            let place = format!(
                "Challenge {} ({})",
                index + 1,
                session.label_of(&challenge.challenger)
            );
            cited.extend(
                challenge
                    .citations
                    .iter()
                    .map(|c| (place.clone(), QuotePlace::Challenge(index), c)),
            );
        }
    }
    if let Some(verdict) = &body.round4 {
        for (index, evidence) in verdict.evidence.iter().enumerate() {
            let place = format!("Evidence {}", index + 1);
            cited.extend(
                evidence
                    .citations
                    .iter()
                    .map(|c| (place.clone(), QuotePlace::Evidence(index), c)),
            );
        }
    }
    cited
        .into_iter()
        .map(|(place, at, citation)| {
            let check = check_quote(material, citation);
            let source = material
                .iter()
                .find(|s| s.id.eq_ignore_ascii_case(citation.source.trim()));
            // A text's very lines rather than the block the prompt numbered.
            let location = source
                .zip(check.span)
                .and_then(|(source, span)| quote_location(source, span))
                .or(check.location);
            CheckedQuote {
                place,
                at,
                source_id: source.map_or_else(|| citation.source.clone(), |s| s.id.clone()),
                source_name: source
                    .map_or_else(|| "no such source".to_string(), |s| s.name.clone()),
                cited_location: citation.location.clone(),
                quote: citation.quote.clone(),
                mark: check.mark,
                mark_label: check.mark.label(),
                location,
                span: check.span,
            }
        })
        .collect()
}

/// The Markdown section of the export (unescaped: the report escapes the whole text): the sources,
/// then each checked quote with its mark and the passage it was found in.
pub fn material_markdown(session: &Session) -> String {
    let Some(read) = what_the_council_read(session) else {
        return String::new();
    };
    let mut out = String::from("## What the council read\n\n");
    for row in &read.sources {
        let _ = write!(out, "- **{}** {} ({}", row.id, row.name, row.kind);
        if row.kind != "image" {
            let _ = write!(out, ", {}", row.extent);
        }
        let _ = write!(out, ", {})", row.tokens);
        if !row.not_seen_by.is_empty() {
            let _ = write!(out, "; not seen by {}", row.not_seen_by.join(", "));
        }
        out.push('\n');
    }
    if !read.quotes.is_empty() {
        out.push_str("\n### Quotes checked against the material\n");
        for ShownQuote { quote, passage } in &read.quotes {
            let _ = write!(
                out,
                "\n- {}: \"{}\" ({}): **{}**\n",
                quote.place,
                quote.quote.trim(),
                quote.where_found(),
                quote.mark_label
            );
            if let Some(found) = passage {
                let _ = writeln!(
                    out,
                    "\n  > {}**{}**{}",
                    one_line(&found.before).trim_start(),
                    one_line(&found.quote).trim(),
                    one_line(&found.after).trim_end()
                );
            }
        }
    }
    if !read.not_evidence.is_empty() {
        let entries: Vec<String> = read.not_evidence.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(out, "\nEvidence {}: {NOT_EVIDENCE}.", entries.join(", "));
    }
    out.push('\n');
    out
}

/// Every run of whitespace as one space, kept at either end (it separates the highlight).
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}
