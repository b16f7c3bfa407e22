//! How a review ends: the verdict, its fix items (the verified ones request changes; the unverified
//! ones are kept, marked not checked against the diff, and named in the verdict's sentence), and
//! the transition log.
use super::quorum::{verdict_for, Ending};
use super::{grounding, ReviewRun};
use crate::record::review::body::ReviewVerdict;
use crate::record::review::body::{Finding, Opinion, ReviewBody, Verdict};
use crate::record::review::reply::Vote;
use crate::record::review::state::ReviewState;

/// The verdict's fix items: every secret the scan found and every finding of `opinions`, one per
/// path + rule (a verified one wins over an unverified one, a voting member's over an
/// abstainer's). Only the verified ones of voting members and the scan ask for changes
/// (`requested_count`); the others never vanish: the unverified ones are listed as not checked
/// against the diff and named in the verdict's sentence (`unchecked_sentence`), those of members
/// who abstained are listed as theirs (`abstained_sentence`).
pub(super) fn verdict_findings(
    opinions: &[Opinion],
    hits: &[crate::record::review::body::SecretHit],
) -> Vec<Finding> {
    let mut findings: Vec<Finding> = hits.iter().map(grounding::scan_finding).collect();
    for opinion in opinions {
        let abstained = opinion.vote == Vote::Abstain;
        findings.extend(opinion.findings.iter().map(|finding| Finding {
            abstained,
            ..finding.clone()
        }));
    }
    grounding::deduplicated(findings)
}

/// The fix items that ask for changes: verified, and raised by the scan or a member who voted.
pub(super) fn requested_count(findings: &[Finding]) -> usize {
    findings
        .iter()
        .filter(|f| f.verified && !f.abstained)
        .count()
}

/// The verdict of a quorum: REQUEST_CHANGES with fix items that ask for changes, else APPROVED;
/// either way the sentence names the fix items not checked against the diff and says how many
/// came from members who abstained.
pub(super) fn synthesis_verdict(findings: &[Finding]) -> (ReviewVerdict, String) {
    let requested = requested_count(findings);
    let verdict = verdict_for(Ending::Synthesis {
        fix_items: requested,
    });
    let reason = match (requested, findings.len()) {
        (0, 0) => "The committee reached a quorum with no fix items left.".to_string(),
        (0, _) => "The committee reached a quorum with no verified fix item left.".to_string(),
        (n, _) => {
            format!(
                "The committee reached a quorum, with {} to address first.",
                crate::foundation::counted::counted(n, "fix item")
            )
        }
    };
    let reason = match abstained_sentence(findings) {
        Some(sentence) => format!("{reason} {sentence}"),
        None => reason,
    };
    (verdict, with_unchecked(reason, findings))
}

/// "1 fix item from a member who abstained is listed; it asks for no change on its own."
fn abstained_sentence(findings: &[Finding]) -> Option<String> {
    let count = findings.iter().filter(|f| f.abstained).count();
    (count > 0).then(|| {
        if count == 1 {
            "1 fix item from a member who abstained is listed; it asks for no change on its own."
                .to_string()
        } else {
            format!(
                "{count} fix items from members who abstained are listed; they ask for no change \
                 on their own."
            )
        }
    })
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

/// No decision could be carried (everyone abstained, or the round limit): INCONCLUSIVE, with
/// every fix item the committee raised on the current code, for the person who decides.
pub(super) fn conclude_without_consensus(run: &ReviewRun<'_>, reason: String) {
    let hits = run.body(|b| b.secret_hits.clone());
    let opinions = run.body(opinions_on_current_code);
    let findings = verdict_findings(&opinions, &hits);
    let listed = match findings.len() {
        0 => String::new(),
        n => format!(
            " The committee's {} are listed for them.",
            crate::foundation::counted::counted(n, "fix item")
        ),
    };
    set_verdict(
        run,
        verdict_for(Ending::NoConsensus),
        with_unchecked(
            format!("{reason} A person should decide.{listed}"),
            &findings,
        ),
        false,
        findings,
    );
}

/// Every opinion of the rounds on the code under review now, earliest first.
fn opinions_on_current_code(body: &ReviewBody) -> Vec<Opinion> {
    let version = body.code_version();
    body.rounds
        .iter()
        .filter(|round| round.code_version == version)
        .flat_map(|round| round.opinions.iter().cloned())
        .collect()
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
