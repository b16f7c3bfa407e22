//! Token-efficient debate: later rounds receive the debate artifacts cut down to their most important
//! items. This is array truncation, not summarising: the artifact keeps its schema and passes the
//! same validation, and the original is never changed. Kept items are untouched, with one cut: a
//! challenge a defence answered keeps its text but not its evidence (see `filter_cross_exam`).
//! Filtering never cuts an unanswered challenge: every challenge in `unresolved` is kept, whole,
//! and the top-N limit applies to the answered ones.
//!
//! "Length" in the scores below is the number of characters (Unicode scalar values) of the challenge
//! or rebuttal text, so that a non-English debate is not scored higher for its byte count. Keywords
//! are matched as case-insensitive substrings, as in the seed, each counted once.
use crate::record::consult::artifacts::{
    Challenge, CrossExamArtifact, Rebuttal, SynthesisArtifact,
};
use crate::record::consult::filter_limits::{CrossExamLimits, SynthesisLimits};

const SEVERITY_KEYWORDS: [&str; 10] = [
    "critical",
    "severe",
    "major",
    "fatal",
    "incorrect",
    "flawed",
    "broken",
    "wrong",
    "dangerous",
    "serious",
];

const SUBSTANTIVE_KEYWORDS: [&str; 10] = [
    "because",
    "evidence",
    "data",
    "research",
    "proven",
    "demonstrates",
    "shows",
    "indicates",
    "suggests",
    "confirms",
];

/// Keeps the most confident consensus points and the tensions with the most viewpoints (the deepest
/// disagreements); `priority_order` is kept whole.
pub fn filter_synthesis(
    artifact: &SynthesisArtifact,
    limits: SynthesisLimits,
) -> SynthesisArtifact {
    SynthesisArtifact {
        envelope: artifact.envelope.clone(),
        consensus_points: top_by(&artifact.consensus_points, limits.consensus_points, |c| {
            c.confidence
        }),
        tensions: top_by(&artifact.tensions, limits.tensions, |t| {
            t.viewpoints.len() as f64
        }),
        priority_order: artifact.priority_order.clone(),
    }
}

/// Keeps every unanswered challenge (its text is in `unresolved`), whole and in record order,
/// then the most severe of the answered ones up to `limits.challenges`, and the most substantive
/// rebuttals; `unresolved` is kept whole because the verdict must answer every open point. A kept
/// challenge that a defence answered loses its evidence: the challenge fell, so its evidence
/// decides nothing in the verdict. Severity is scored before, on the whole challenge.
pub fn filter_cross_exam(
    artifact: &CrossExamArtifact,
    limits: CrossExamLimits,
) -> CrossExamArtifact {
    let (standing, answered): (Vec<Challenge>, Vec<Challenge>) = artifact
        .challenges
        .iter()
        .cloned()
        .partition(|c| artifact.unresolved.contains(&c.challenge));
    let mut challenges = standing;
    for mut challenge in top_by(&answered, limits.challenges, severity_score) {
        challenge.evidence.clear();
        challenges.push(challenge);
    }
    CrossExamArtifact {
        envelope: artifact.envelope.clone(),
        challenges,
        rebuttals: top_by(&artifact.rebuttals, limits.rebuttals, substantiveness_score),
        unresolved: artifact.unresolved.clone(),
    }
}

/// 2 per piece of evidence + 5 per severity keyword present + length / 100.
pub fn severity_score(challenge: &Challenge) -> f64 {
    2.0 * challenge.evidence.len() as f64
        + 5.0 * keywords_present(&challenge.challenge, &SEVERITY_KEYWORDS) as f64
        + challenge.challenge.chars().count() as f64 / 100.0
}

/// length / 10 + 3 per substantive keyword present.
pub fn substantiveness_score(rebuttal: &Rebuttal) -> f64 {
    rebuttal.rebuttal.chars().count() as f64 / 10.0
        + 3.0 * keywords_present(&rebuttal.rebuttal, &SUBSTANTIVE_KEYWORDS) as f64
}

fn keywords_present(text: &str, keywords: &[&str]) -> usize {
    let text = text.to_lowercase();
    keywords
        .iter()
        .filter(|keyword| text.contains(*keyword))
        .count()
}

/// The `limit` highest-scoring items, highest first. The sort is stable, so equal scores keep
/// their original order.
fn top_by<T: Clone>(items: &[T], limit: u32, score: impl Fn(&T) -> f64) -> Vec<T> {
    let mut scored: Vec<(f64, &T)> = items.iter().map(|item| (score(item), item)).collect();
    consilium_order::sort_by(&mut scored, |a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(limit as usize)
        .map(|(_, item)| item.clone())
        .collect()
}
