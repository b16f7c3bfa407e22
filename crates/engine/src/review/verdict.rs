//! How a review ends: the verdict, its fix items (the verified ones request changes; the unverified
//! ones are kept, marked not checked against the diff, and named in the verdict's sentence), and
//! the transition log.
use super::quorum::{verdict_for, Ending, ReviewVerdict};
use super::{grounding, secrets, ReviewRun};
use crate::record::review::body::{Finding, Opinion, Verdict};
use crate::record::review::state::ReviewState;

/// The verdict's fix items: every secret the scan found and every finding of `opinions`, one per
/// path + rule (a verified one wins over an unverified one). Only the verified ones ask for changes
/// (`verified_count`); the unverified ones never vanish: they are listed as not checked against the
/// diff and named in the verdict's sentence (`unchecked_sentence`).
pub(super) fn verdict_findings(opinions: &[Opinion], hits: &[secrets::SecretHit]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = hits.iter().map(grounding::scan_finding).collect();
    findings.extend(opinions.iter().flat_map(|o| o.findings.iter()).cloned());
    grounding::deduplicated(findings)
}

pub(super) fn verified_count(findings: &[Finding]) -> usize {
    findings.iter().filter(|f| f.verified).count()
}

/// The verdict of a quorum: REQUEST_CHANGES with verified fix items, else APPROVED; either way the
/// sentence names the fix items not checked against the diff.
pub(super) fn synthesis_verdict(findings: &[Finding]) -> (ReviewVerdict, String) {
    let verified = verified_count(findings);
    let verdict = verdict_for(Ending::Synthesis {
        fix_items: verified,
    });
    let reason = match (verified, findings.len()) {
        (0, 0) => "The committee reached a quorum with no fix items left.".to_string(),
        (0, _) => "The committee reached a quorum with no verified fix item left.".to_string(),
        (n, _) => {
            format!("The committee reached a quorum, with {n} fix item(s) to address first.")
        }
    };
    (verdict, with_unchecked(reason, findings))
}

/// `reason`, followed by the sentence naming the unverified fix items, when there are any.
pub(super) fn with_unchecked(reason: String, findings: &[Finding]) -> String {
    match unchecked_sentence(findings) {
        Some(sentence) => format!("{reason} {sentence}"),
        None => reason,
    }
}

/// "Not checked against the diff (it cites lines the change does not show; check by hand):
/// "document settings" at settings.py:40-41."
pub fn unchecked_sentence(findings: &[Finding]) -> Option<String> {
    let named: Vec<String> = findings
        .iter()
        .filter(|f| !f.verified)
        .map(|f| {
            format!(
                "\"{}\" at {}:{}-{}",
                f.item.rule.trim(),
                f.item.path,
                f.item.line_start,
                f.item.line_end
            )
        })
        .collect();
    (!named.is_empty()).then(|| {
        format!(
            "Not checked against the diff ({} cite{} lines the change does not show; check by \
             hand): {}.",
            if named.len() == 1 { "it" } else { "they" },
            if named.len() == 1 { "s" } else { "" },
            named.join("; ")
        )
    })
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
