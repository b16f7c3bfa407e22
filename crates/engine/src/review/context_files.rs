//! Context files beside the diff: the files the change touches, or a folder, attached
//! as Consult attaches material (`ReviewConfig::material`). The committee reads them after the
//! diff, rendered as Consult's material is (`material::render`), with every secret the scan finds
//! in them masked first, as the diff's are: the prompts go to every provider on the
//! committee. A finding may quote them, and each quote is checked with the material's own check
//! (`material::quotes`) against the files as the committee read them.
use crate::material::quotes::{check_quote, QuoteCheck};
use crate::record::review::reply::FixItem;
use crate::record::sources::{Source, Unit};
use crate::text::mask::mask_secrets;

use super::secrets::secrets_in_text;

/// The context files as every prompt carries them: each text with its secrets masked, its
/// locations following the masked text (a mask holds no line break, so line numbers stay).
pub fn as_the_committee_reads(material: &[Source]) -> Vec<Source> {
    material.iter().map(masked_source).collect()
}

fn masked_source(source: &Source) -> Source {
    let secrets = secrets_in_text(&source.text);
    if secrets.is_empty() {
        return source.clone();
    }
    let mut text = String::with_capacity(source.text.len());
    let mut units = Vec::with_capacity(source.units.len());
    let mut at = 0;
    for unit in &source.units {
        // Whatever lies between locations is carried (masked) too, so nothing is lost.
        text.push_str(&mask_secrets(
            &source.text[at..unit.start.max(at)],
            &secrets,
        ));
        let start = text.len();
        text.push_str(&mask_secrets(&source.text[unit.start..unit.end], &secrets));
        units.push(Unit {
            start,
            end: text.len(),
            ..unit.clone()
        });
        at = unit.end.max(at);
    }
    text.push_str(&mask_secrets(&source.text[at..], &secrets));
    Source {
        text,
        units,
        ..source.clone()
    }
}

/// Each quote `item` cites, checked against the context files as the committee read them.
pub fn checked_quotes(item: &FixItem, read: &[Source]) -> Vec<QuoteCheck> {
    item.citations
        .iter()
        .map(|citation| check_quote(read, citation))
        .collect()
}
