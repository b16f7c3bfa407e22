//! The material against each seat, before the start: which seat cannot see the images (it is
//! told they were left out) and which cannot take the material in its context window, and the
//! cut the user chooses, said exactly. Never a silent truncation: the engine cuts only what the
//! user chose, and every cut and every image left out is named.
use crate::foundation::counted::thousands;
use crate::foundation::ids::ParticipantId;
use crate::foundation::participants::Participant;
use crate::record::sources::{Source, UnitKind};

/// A seat's context window when neither the provider's model list nor the table of known models
/// says (the shell fills `Participant::context_tokens` where it knows).
pub const DEFAULT_CONTEXT_TOKENS: u32 = 32_768;

/// How the material sits with one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFit {
    pub participant_id: ParticipantId,
    /// The seat's model, as the notices name it.
    pub model: String,
    /// The images the seat's model cannot see, by name: they are left out of its prompts.
    pub images_left_out: Vec<String>,
    /// The material's tokens as this seat reads it (its images counted only when it sees them).
    pub material_tokens: u32,
    pub context_tokens: u32,
    /// Tokens over the window (material, the prompt around it and the reply's room); 0 if it fits.
    pub over_by: u32,
}

impl SeatFit {
    pub fn fits(&self) -> bool {
        self.over_by == 0
    }

    /// What the form says of the seat, if anything: "gemma-3-270m cannot see images: it will be
    /// told 2 images were left out", "gemma-3-270m takes 4,096 tokens and the material needs 9,200".
    pub fn notices(&self) -> Vec<String> {
        let mut notices = Vec::new();
        if !self.images_left_out.is_empty() {
            let count = self.images_left_out.len();
            notices.push(format!(
                "{} cannot see images: it will be told {} {} left out.",
                self.model,
                count,
                if count == 1 {
                    "image was"
                } else {
                    "images were"
                }
            ));
        }
        if !self.fits() {
            notices.push(format!(
                "{} reads at most {} tokens and the material with the question needs {} more: \
                 cut the material or choose another model for this seat.",
                self.model,
                thousands(u64::from(self.context_tokens)),
                thousands(u64::from(self.over_by))
            ));
        }
        notices
    }
}

/// Whether the seat's model sees images: as the shell found (model list, known families, the
/// user's override); unknown is no, so an image is never sent to a model that may refuse it.
pub fn sees_images(seat: &Participant) -> bool {
    seat.sees_images.unwrap_or(false)
}

pub fn context_tokens(seat: &Participant) -> u32 {
    seat.context_tokens.unwrap_or(DEFAULT_CONTEXT_TOKENS)
}

/// The material's tokens as `seat` reads it.
pub fn material_tokens(material: &[Source], seat: &Participant) -> u32 {
    material
        .iter()
        .filter(|s| !s.is_image() || sees_images(seat))
        .map(|s| s.tokens)
        .fold(0u32, u32::saturating_add)
}

/// Each seat against the material. `other_tokens` is what every call needs beside the material at
/// most: the instructions, the question, the round's own part and the reply's room.
pub fn seat_fits<'a>(
    material: &[Source],
    seats: impl IntoIterator<Item = &'a Participant>,
    other_tokens: u32,
) -> Vec<SeatFit> {
    seats
        .into_iter()
        .map(|seat| {
            let images_left_out = if sees_images(seat) {
                Vec::new()
            } else {
                material
                    .iter()
                    .filter(|s| s.is_image())
                    .map(|s| s.name.clone())
                    .collect()
            };
            let material_tokens = material_tokens(material, seat);
            let context_tokens = context_tokens(seat);
            SeatFit {
                participant_id: seat.id.clone(),
                model: seat.model.clone(),
                images_left_out,
                material_tokens,
                context_tokens,
                over_by: material_tokens
                    .saturating_add(other_tokens)
                    .saturating_sub(context_tokens),
            }
        })
        .collect()
}

/// Locations of one source the user chose to leave out: units numbered `first..=last` (pages,
/// lines or rows, the source's own kind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    pub source_id: String,
    pub first: u32,
    pub last: u32,
}

/// The material with the chosen cuts made, and each cut said as the form and the record say it
/// ("pages 31-80 of report.pdf left out"). A cut of a whole source removes it.
pub fn cut(material: &[Source], cuts: &[Cut]) -> (Vec<Source>, Vec<String>) {
    let mut out = Vec::with_capacity(material.len());
    let mut said = Vec::new();
    for source in material {
        let mine: Vec<&Cut> = cuts.iter().filter(|c| c.source_id == source.id).collect();
        if mine.is_empty() {
            out.push(source.clone());
            continue;
        }
        let kept_units: Vec<_> = source
            .units
            .iter()
            .filter(|u| !mine.iter().any(|c| u.first >= c.first && u.last <= c.last))
            .cloned()
            .collect();
        for c in &mine {
            said.push(format!(
                "{} of {} left out",
                range_label(source, c.first, c.last),
                source.name
            ));
        }
        if kept_units.is_empty() {
            continue;
        }
        out.push(keep_units(source, kept_units));
    }
    (out, said)
}

/// The cut a form offers when a seat cannot take the material: for the seat with the smallest
/// window among those over it, the cut that makes the material fit it (`cut_to_fit`), with what it
/// leaves out said exactly ("pages 31-80 of report.pdf left out").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutOffer {
    pub cuts: Vec<Cut>,
    pub said: String,
}

/// None when every seat takes the material, or when no cut of locations can make it fit (the
/// seat must change).
pub fn cut_offer(material: &[Source], fits: &[SeatFit], other_tokens: u32) -> Option<CutOffer> {
    let tightest = fits
        .iter()
        .filter(|fit| !fit.fits())
        .min_by_key(|fit| fit.context_tokens)?;
    let cuts = cut_to_fit(
        material,
        tightest.context_tokens.saturating_sub(other_tokens),
    )?;
    let (_, said) = cut(material, &cuts);
    (!said.is_empty()).then(|| CutOffer {
        cuts,
        said: said.join("; "),
    })
}

/// The cut that makes the material fit `budget` tokens: locations from the end of the largest
/// text source, whole ones, until it fits; None when no cut of locations can (images alone).
pub fn cut_to_fit(material: &[Source], budget: u32) -> Option<Vec<Cut>> {
    let total: u32 = material.iter().map(|s| s.tokens).sum();
    if total <= budget {
        return Some(Vec::new());
    }
    let largest = material
        .iter()
        .filter(|s| !s.units.is_empty())
        .max_by_key(|s| s.tokens)?;
    let mut need = total - budget;
    let mut first = None;
    for unit in largest.units.iter().rev() {
        if need == 0 {
            break;
        }
        let tokens =
            crate::foundation::tokens::estimate_tokens(&largest.text[unit.start..unit.end]);
        need = need.saturating_sub(u32::try_from(tokens).unwrap_or(u32::MAX));
        first = Some(unit.first);
    }
    if need > 0 {
        return None;
    }
    let last = largest.units.last()?.last;
    Some(vec![Cut {
        source_id: largest.id.clone(),
        first: first?,
        last,
    }])
}

fn range_label(source: &Source, first: u32, last: u32) -> String {
    let kind = source.units.first().map_or(UnitKind::Lines, |u| u.kind);
    let (one, many) = match kind {
        UnitKind::Page => ("page", "pages"),
        UnitKind::Lines => ("line", "lines"),
        UnitKind::Row => ("row", "rows"),
    };
    if first == last {
        format!("{one} {first}")
    } else {
        format!("{many} {first}-{last}")
    }
}

/// The source with only `units`, its text the kept units' text (spans renumbered), its tokens
/// and hash recounted.
fn keep_units(source: &Source, units: Vec<crate::record::sources::Unit>) -> Source {
    let mut text = String::new();
    let mut kept = Vec::with_capacity(units.len());
    for unit in units {
        let start = text.len();
        text.push_str(&source.text[unit.start..unit.end]);
        kept.push(crate::record::sources::Unit {
            start,
            end: text.len(),
            ..unit
        });
    }
    Source {
        hash: super::bytes::content_hash(text.as_bytes()),
        tokens: u32::try_from(crate::foundation::tokens::estimate_tokens(&text))
            .unwrap_or(u32::MAX),
        text,
        units: kept,
        ..source.clone()
    }
}
