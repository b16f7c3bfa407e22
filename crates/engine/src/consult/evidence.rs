//! Evidence held to the material and to the web (docs/design.md, "Material: what the council reads"
//! and "Sources from the web"): a verdict's evidence entry that cites the material counts only when
//! at least one of its quotes is found there (at the cited location or elsewhere); in a council
//! that searched the web, an entry that names links counts only when some search of the council
//! returned one of them. An entry whose every quote is not found (or names no source of the
//! material), or whose only support is links no search returned, is not evidence: the views strike
//! it, and the confidence floor is not earned on it (`confidence::check_confidence_on`). An entry
//! that cites nothing stands as the judge's reasoning, as before material existed; but with
//! material, the floor needs at least one entry whose quote is found.
use consilium_providers::SearchReport;

use crate::material::quotes::check_quote;
use crate::material::web::check_links;
use crate::record::consult::artifacts::{Evidence, VerdictArtifact};
use crate::record::sources::Source;

/// What evidence is held to: the consult's material, and what the council's searches returned
/// (None: the council did not search, and links are the judge's reasoning as before).
#[derive(Clone, Copy, Debug, Default)]
pub struct Grounds<'a> {
    pub material: &'a [Source],
    pub searches: Option<&'a [SearchReport]>,
}

impl<'a> Grounds<'a> {
    pub fn material(material: &'a [Source]) -> Self {
        Grounds {
            material,
            searches: None,
        }
    }
}

/// How one evidence entry stands against the material and the searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// It cites nothing checkable: the judge's reasoning, not checked.
    Uncited,
    /// At least one of its quotes is in the material, or one of its links was returned.
    Found,
    /// It cites the material and none of its quotes is there (nor any of its links returned):
    /// not evidence.
    NotFound,
    /// It cites no material, and its only support is links no search of the council returned:
    /// not evidence.
    NotReturned,
}

impl Standing {
    /// Whether the entry counts as evidence.
    pub fn counts(self) -> bool {
        !matches!(self, Standing::NotFound | Standing::NotReturned)
    }
}

pub fn standing(evidence: &Evidence, material: &[Source]) -> Standing {
    standing_on(evidence, Grounds::material(material))
}

/// The entry against both grounds: one quote found or one link returned holds it up.
pub fn standing_on(evidence: &Evidence, grounds: Grounds<'_>) -> Standing {
    let links = match grounds.searches {
        Some(searches) => check_links(&evidence.point, searches.iter()),
        None => Vec::new(),
    };
    let quoted = !evidence.citations.is_empty();
    if quoted
        && evidence
            .citations
            .iter()
            .any(|c| check_quote(grounds.material, c).mark.is_found())
        || links.iter().any(|link| link.returned)
    {
        Standing::Found
    } else if quoted {
        Standing::NotFound
    } else if !links.is_empty() {
        Standing::NotReturned
    } else {
        Standing::Uncited
    }
}

/// Whether the entry counts as evidence.
pub fn counts(evidence: &Evidence, material: &[Source]) -> bool {
    standing(evidence, material).counts()
}

/// The entries (numbered from 1) standing as `which`.
fn numbered(verdict: &VerdictArtifact, grounds: Grounds<'_>, which: Standing) -> Vec<usize> {
    verdict
        .evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| standing_on(e, grounds) == which)
        .map(|(index, _)| index + 1)
        .collect()
}

/// The entries (numbered from 1) that are not evidence: every quote not found.
pub fn not_evidence(verdict: &VerdictArtifact, material: &[Source]) -> Vec<usize> {
    numbered(verdict, Grounds::material(material), Standing::NotFound)
}

/// The entries (numbered from 1) resting only on links no search of the council returned.
pub fn links_not_returned(verdict: &VerdictArtifact, grounds: Grounds<'_>) -> Vec<usize> {
    numbered(verdict, grounds, Standing::NotReturned)
}

/// Whether some entry's quote is found in the material.
pub fn any_found(verdict: &VerdictArtifact, material: &[Source]) -> bool {
    verdict
        .evidence
        .iter()
        .any(|e| standing(e, material) == Standing::Found)
}
