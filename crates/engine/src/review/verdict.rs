//! How a review ends: the verdict with the findings it asks to fix, and the transition log.
use super::quorum::{verdict_for, Ending, ReviewVerdict};
use super::{grounding, secrets, ReviewRun};
use crate::record::review::body::{Finding, Opinion, Verdict};
use crate::record::review::state::ReviewState;

/// The findings a verdict asks to fix: the verified ones of `opinions`, and every secret the scan
/// found, one per path + rule. Unverified findings stay visible in their round, but ask for nothing.
pub(super) fn verdict_findings(opinions: &[Opinion], hits: &[secrets::SecretHit]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = hits.iter().map(grounding::scan_finding).collect();
    findings.extend(
        opinions
            .iter()
            .flat_map(|o| o.findings.iter())
            .filter(|f| f.verified)
            .cloned(),
    );
    grounding::deduplicated(findings)
}

/// No decision could be carried (everyone abstained, or the round limit): INCONCLUSIVE.
pub(super) fn conclude_without_consensus(run: &ReviewRun<'_>, reason: String) {
    let hits = run.body(|b| b.secret_hits.clone());
    let findings = verdict_findings(&[], &hits);
    set_verdict(
        run,
        verdict_for(Ending::NoConsensus),
        format!("{reason} A person should decide."),
        false,
        findings,
    );
}

pub(super) fn set_verdict(
    run: &ReviewRun<'_>,
    verdict: ReviewVerdict,
    reason: String,
    majority_abstain_warning: bool,
    fix_items: Vec<Finding>,
) {
    run.update_body(|b| {
        b.verdict = Some(Verdict {
            verdict,
            reason,
            majority_abstain_warning,
            fix_items,
        })
    });
}

/// Adds the final transition to the last round's log.
pub(super) fn log_transition(run: &ReviewRun<'_>, from: ReviewState, to: ReviewState) {
    run.update_body(|b| {
        if let Some(last) = b.rounds.last_mut() {
            last.transitions.push(arrow(from, to));
        }
    });
}

/// A transition as the deliberation log writes it: "VETO → PROPOSAL".
pub(super) fn arrow(from: ReviewState, to: ReviewState) -> String {
    format!("{} → {}", from.label(), to.label())
}
