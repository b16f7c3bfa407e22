//! The change and its context files against each member's context window, before the start, as
//! Consult's form counts its material (`material::seats`): every call carries the diff, the
//! project rules and the context files, so a member whose model cannot take them is named, and
//! the cut that makes the tightest member fit is offered, said exactly. Only the context files are
//! ever cut, never the diff: a member that cannot take the diff alone must change its model (or
//! the change must be smaller).
use crate::foundation::counted::thousands;
use crate::foundation::participants::Participant;
use crate::foundation::tokens::estimate_tokens;
use crate::material::seats::{cut_offer, seat_fits, CutOffer, SeatFit};
use crate::record::sources::Source;

use super::diff::ParsedDiff;
use crate::record::review::committee::ReviewerRole;

/// What a round's prompt carries beside the change, the rules and the context files, at most:
/// the persona's instructions, the secret scan's facts, the others' opinions from round 2 and a
/// compromise.
const INSTRUCTIONS_AND_ROUND: u32 = 2_000;

/// What the form shows of the change and its context files against the committee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewWindow {
    /// One sentence per member that cannot see an image or cannot take the change with its
    /// context files, naming the member and its model.
    pub notices: Vec<String>,
    /// The cut of the context files that makes the tightest member fit ("lines 41-400 of
    /// worker.log left out"), when one can; never a cut of the diff.
    pub offer: Option<CutOffer>,
    /// What each call reads: "Each reviewer's call reads about 9,400 tokens: 1,200 for the change
    /// and the instructions, 8,200 for the context files." None without context files.
    pub reads: Option<String>,
}

/// What every call needs beside the context files: the diff as the committee reads it (its lines
/// numbered), the rules, the reply's room and the round's own part.
pub fn other_tokens(code: &str, rules: &str, max_tokens: u32) -> u32 {
    let parsed = ParsedDiff::parse(code);
    let diff = estimate_tokens(&parsed.numbered()).max(estimate_tokens(code));
    let diff = u32::try_from(diff).unwrap_or(u32::MAX);
    let rules = u32::try_from(estimate_tokens(rules)).unwrap_or(u32::MAX);
    diff.saturating_add(rules)
        .saturating_add(max_tokens)
        .saturating_add(INSTRUCTIONS_AND_ROUND)
}

/// Each member against the change and `material` (the context files), with the cut offered.
pub fn review_window(
    code: &str,
    rules: &str,
    material: &[Source],
    members: &[Participant],
    max_tokens: u32,
) -> ReviewWindow {
    let other = other_tokens(code, rules, max_tokens);
    let fits = seat_fits(material, members, other);
    let mut notices = Vec::new();
    for (member, fit) in members.iter().zip(&fits) {
        notices.extend(member_notices(member, fit, other));
    }
    // Only a member that can take the diff alone can be helped by cutting the context files.
    let helped: Vec<SeatFit> = fits
        .iter()
        .filter(|fit| other <= fit.context_tokens)
        .cloned()
        .collect();
    let offer = if material.is_empty() {
        None
    } else {
        cut_offer(material, &helped, other)
    };
    let reads = (!material.is_empty()).then(|| {
        let files: u32 = material
            .iter()
            .map(|s| s.tokens)
            .fold(0u32, u32::saturating_add);
        format!(
            "Each reviewer's call reads about {} tokens: {} for the change, the rules and the \
             instructions, {} for the context files.",
            thousands(u64::from(
                other.saturating_sub(max_tokens).saturating_add(files)
            )),
            thousands(u64::from(other.saturating_sub(max_tokens))),
            thousands(u64::from(files))
        )
    });
    ReviewWindow {
        notices,
        offer,
        reads,
    }
}

/// "Operations/SRE (gemma-3-270m) reads at most 4,096 tokens and the diff with the context files
/// needs 1,234 more: cut the context files or choose another model for this member."
fn member_notices(member: &Participant, fit: &SeatFit, other: u32) -> Vec<String> {
    // By its role (a label also carries the model and persona: "Operations/SRE · gpt-4").
    let role =
        ReviewerRole::from_id(member.id.as_str()).map_or(member.label.as_str(), |r| r.name());
    let seat = format!("{role} ({})", fit.model);
    let mut notices = Vec::new();
    if !fit.images_left_out.is_empty() {
        let count = fit.images_left_out.len();
        notices.push(format!(
            "{seat} cannot see images: it will be told {count} {} left out.",
            if count == 1 {
                "image was"
            } else {
                "images were"
            }
        ));
    }
    if fit.fits() {
        return notices;
    }
    let window = thousands(u64::from(fit.context_tokens));
    if other > fit.context_tokens {
        notices.push(format!(
            "{seat} reads at most {window} tokens and the diff alone, with the reply's room, needs \
             {} more: cutting the context files cannot make it fit. Choose another model for this \
             member, or review a smaller change.",
            thousands(u64::from(other - fit.context_tokens))
        ));
    } else {
        notices.push(format!(
            "{seat} reads at most {window} tokens and the diff with the context files needs {} \
             more: cut the context files or choose another model for this member.",
            thousands(u64::from(fit.over_by))
        ));
    }
    notices
}
