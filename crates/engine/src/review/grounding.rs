//! Findings grounded in the diff, and what each reply counts as. A fix item's path and lines are
//! checked against the parsed change; a veto needs at least one verified finding (or, for the SRE,
//! a secret the scan found), so an unverified finding alone never blocks a change.
use super::diff::ParsedDiff;
use super::replies::{FixItem, FixSeverity, PersonaReply, Vote};
use super::secrets::SecretHit;
use crate::record::review::body::{Finding, Opinion};
use crate::record::review::committee::ReviewerRole;

/// Checks a fix item's citation against the change.
pub fn verify(item: FixItem, diff: &ParsedDiff) -> Finding {
    let problem = match diff.file(&item.path) {
        None => Some(format!("{} is not in the change.", item.path)),
        Some(file) if !file.covers(item.line_start, item.line_end) => Some(format!(
            "lines {}-{} of {} are outside the lines the change shows.",
            item.line_start, item.line_end, file.path
        )),
        Some(_) => None,
    };
    Finding {
        verified: problem.is_none(),
        problem,
        from_scan: false,
        item,
    }
}

/// A secret-scan hit as a finding of the engine's own.
pub fn scan_finding(hit: &SecretHit) -> Finding {
    Finding {
        item: FixItem {
            severity: FixSeverity::Critical,
            path: hit.path.clone(),
            line_start: hit.line,
            line_end: hit.line,
            rule: "no hard-coded secrets".to_string(),
            current: format!("Line {} holds {} ({}).", hit.line, hit.kind, hit.masked),
            recommended_action: "Remove the secret from the code, revoke it, and read it from the \
                                 environment or a secret store."
                .to_string(),
        },
        verified: true,
        problem: None,
        from_scan: true,
    }
}

/// What a member's reply counts as in the quorum.
pub fn opinion_of(
    role: ReviewerRole,
    reply: Result<PersonaReply, String>,
    threshold: f64,
    diff: &ParsedDiff,
    secret_hits: &[SecretHit],
) -> Opinion {
    let reply = match reply {
        Ok(reply) => reply,
        Err(reason) => {
            return Opinion {
                member_id: role.id().to_string(),
                said: None,
                vote: Vote::Abstain,
                confidence: None,
                opinion: String::new(),
                findings: Vec::new(),
                note: Some(format!("Counted as ABSTAIN: {reason}")),
            }
        }
    };
    let findings: Vec<Finding> = reply
        .fix_items
        .into_iter()
        .map(|item| verify(item, diff))
        .collect();
    let (vote, note) = if reply.confidence < threshold {
        (
            Vote::Abstain,
            Some(format!(
                "Counted as ABSTAIN: confidence {:.0}% is below the {:.0}% threshold.",
                reply.confidence * 100.0,
                threshold * 100.0
            )),
        )
    } else if reply.state == Vote::Veto {
        match role.veto_ground() {
            None => (
                Vote::Debate,
                Some(format!(
                    "The {} holds no veto; counted as an objection (DEBATE).",
                    role.name()
                )),
            ),
            Some(_) => {
                let grounded = findings.iter().any(|f| f.verified)
                    || (role == ReviewerRole::Sre && !secret_hits.is_empty());
                if grounded {
                    (Vote::Veto, None)
                } else {
                    (
                        Vote::Debate,
                        Some(
                            "A veto needs a finding verified against the diff, and none of these \
                             is; counted as an objection (DEBATE)."
                                .to_string(),
                        ),
                    )
                }
            }
        }
    } else {
        (reply.state, None)
    };
    Opinion {
        member_id: role.id().to_string(),
        said: Some(reply.state),
        vote,
        confidence: Some(reply.confidence),
        opinion: reply.opinion,
        findings,
        note,
    }
}

/// One finding per path + rule (the first, which is the most severe once sorted), most severe
/// first, then by path and line.
pub fn deduplicated(mut findings: Vec<Finding>) -> Vec<Finding> {
    consilium_order::sort_by(&mut findings, |a, b| {
        (a.item.severity, &a.item.path, a.item.line_start).cmp(&(
            b.item.severity,
            &b.item.path,
            b.item.line_start,
        ))
    });
    let mut seen: Vec<(String, String)> = Vec::new();
    findings.retain(|f| {
        let key = (f.item.path.clone(), f.item.rule.trim().to_lowercase());
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    findings
}
