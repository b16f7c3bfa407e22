//! Evidence held to the material (DESIGN.md, "Material"): a verdict's evidence entry that cites the
//! material counts only when at least one of its quotes is found there (at the cited location or
//! elsewhere). An entry whose every quote is not found, or names no source of the material, is
//! not evidence: the views strike it, and the confidence floor is not earned on it
//! (`confidence::check_confidence_with_material`). An entry that cites nothing stands as the
//! judge's reasoning, as before material existed; but with material, the floor needs at least
//! one entry whose quote is found.
use crate::material::quotes::check_quote;
use crate::record::consult::artifacts::{Evidence, VerdictArtifact};
use crate::record::sources::Source;

/// How one evidence entry stands against the material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// It cites nothing: the judge's reasoning, not checked.
    Uncited,
    /// At least one of its quotes is in the material.
    Found,
    /// It cites the material and none of its quotes is there: not evidence.
    NotFound,
}

pub fn standing(evidence: &Evidence, material: &[Source]) -> Standing {
    if evidence.citations.is_empty() {
        Standing::Uncited
    } else if evidence
        .citations
        .iter()
        .any(|c| check_quote(material, c).mark.is_found())
    {
        Standing::Found
    } else {
        Standing::NotFound
    }
}

/// Whether the entry counts as evidence.
pub fn counts(evidence: &Evidence, material: &[Source]) -> bool {
    standing(evidence, material) != Standing::NotFound
}

/// The entries (numbered from 1) that are not evidence: every quote not found.
pub fn not_evidence(verdict: &VerdictArtifact, material: &[Source]) -> Vec<usize> {
    verdict
        .evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| standing(e, material) == Standing::NotFound)
        .map(|(index, _)| index + 1)
        .collect()
}

/// Whether some entry's quote is found in the material.
pub fn any_found(verdict: &VerdictArtifact, material: &[Source]) -> bool {
    verdict
        .evidence
        .iter()
        .any(|e| standing(e, material) == Standing::Found)
}
