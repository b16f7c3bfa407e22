//! Findings grounded in the diff, and what each reply counts as. A fix item's path and lines are
//! checked against the parsed change. A veto needs its holder's own ground, checked in code
//! (`veto_ground_problem`): the SRE a hard-coded secret the scan found, the Knowledge Manager a
//! verified finding that names one of the project's rules, the Architect a verified critical
//! finding. Anything else is counted as an objection (DEBATE), so an unverified finding, or a
//! finding outside the holder's ground, never blocks a change.
use super::context_files;
use super::diff::{normalise_path, ParsedDiff};
use super::project_rules;
use super::replies::PersonaReply;
use crate::record::review::body::SecretHit;
use crate::record::review::body::{Finding, Opinion};
use crate::record::review::committee::ReviewerRole;
use crate::record::review::reply::{FixItem, FixSeverity, Vote};
use crate::record::sources::Source;

/// Checks a fix item's citation against the change: verified when the diff shows its path and
/// lines, or else when a quote it cites is found in the context files (`read`, as the committee
/// read them). A finding resting only on quotes not found is unverified, as one the diff does not
/// show: the same rule holds for both.
pub fn verify(item: FixItem, diff: &ParsedDiff, read: &[Source]) -> Finding {
    let outside_the_change = match diff.file(&item.path) {
        None => Some(format!("{} is not in the change.", item.path)),
        Some(file) if !file.covers(item.line_start, item.line_end) => Some(format!(
            "lines {}-{} of {} are outside the lines the change shows.",
            item.line_start, item.line_end, file.path
        )),
        Some(_) => None,
    };
    let quotes = context_files::checked_quotes(&item, read);
    let problem = match outside_the_change {
        Some(_) if quotes.iter().any(|check| check.mark.is_found()) => None,
        Some(problem) if !quotes.is_empty() => Some(format!(
            "{problem} Its {} {NOT_FOUND_IN_CONTEXT}.",
            if quotes.len() == 1 {
                "quote is"
            } else {
                "quotes are"
            }
        )),
        other => other,
    };
    Finding {
        verified: problem.is_none(),
        problem,
        from_scan: false,
        abstained: false,
        item,
    }
}

/// How a finding's quotes not found in the context files are said beside it.
pub const NOT_FOUND_IN_CONTEXT: &str = "not found in the context files either";

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
            citations: Vec::new(),
        },
        verified: true,
        problem: None,
        from_scan: true,
        abstained: false,
    }
}

/// What the engine knows of the change when it weighs a reply: the parsed diff, the context files
/// as the committee read them, the scan's hits and the project's rules as the user typed them.
pub struct Ground<'a> {
    pub diff: &'a ParsedDiff,
    pub context_files: &'a [Source],
    pub secret_hits: &'a [SecretHit],
    pub project_rules: &'a str,
}

/// Why `role`'s veto with these `findings` is not grounded, or None when it is.
pub fn veto_ground_problem(
    role: ReviewerRole,
    findings: &[Finding],
    ground: &Ground,
) -> Option<String> {
    let verified = || findings.iter().filter(|f| f.verified);
    match role {
        ReviewerRole::Sre if !ground.secret_hits.is_empty() => None,
        ReviewerRole::Sre => Some(
            "The SRE vetoes only for a hard-coded secret, and the scan found none in the added \
             lines; counted as an objection (DEBATE)."
                .to_string(),
        ),
        ReviewerRole::KnowledgeManager if ground.project_rules.trim().is_empty() => Some(
            "The Knowledge Manager vetoes only for a violation of the project's rules, and this \
             review has none on record; counted as an objection (DEBATE)."
                .to_string(),
        ),
        ReviewerRole::KnowledgeManager
            if verified().any(|f| names_a_project_rule(&f.item.rule, ground.project_rules)) =>
        {
            None
        }
        ReviewerRole::KnowledgeManager => Some(
            "The Knowledge Manager vetoes only for a violation of the project's rules: a finding \
             verified against the diff that names one of them. None does; counted as an \
             objection (DEBATE)."
                .to_string(),
        ),
        ReviewerRole::Architect if verified().any(|f| f.item.severity == FixSeverity::Critical) => {
            None
        }
        ReviewerRole::Architect => Some(
            "The Engineering Architect vetoes only for a critical finding verified against the \
             diff, and none of these is; counted as an objection (DEBATE)."
                .to_string(),
        ),
        other => Some(format!(
            "The {} holds no veto; counted as an objection (DEBATE).",
            other.name()
        )),
    }
}

/// Whether a finding's `rule` names one of the project's rules (see `project_rules`): a rule,
/// not a heading ("Project rules"), a single word or a part of a word.
pub fn names_a_project_rule(rule: &str, project_rules: &str) -> bool {
    project_rules::names_a_rule(rule, project_rules)
}

/// What a member's reply counts as in the quorum.
pub fn opinion_of(
    role: ReviewerRole,
    reply: Result<PersonaReply, String>,
    threshold: f64,
    ground: &Ground,
) -> Opinion {
    let reply = match reply {
        Ok(reply) => reply,
        Err(reason) => {
            return Opinion {
                member_id: role.id().into(),
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
        .map(|item| verify(item, ground.diff, ground.context_files))
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
        match veto_ground_problem(role, &findings, ground) {
            None => (Vote::Veto, None),
            Some(problem) => (Vote::Debate, Some(problem)),
        }
    } else {
        (reply.state, None)
    };
    Opinion {
        member_id: role.id().into(),
        said: Some(reply.state),
        vote,
        confidence: Some(reply.confidence),
        opinion: reply.opinion,
        findings,
        note,
    }
}

/// One finding per path + rule, the path normalised (`b/src/db.py` is `src/db.py`): the first once
/// sorted, verified first, then one a voting member raised, then the most severe, then by path and
/// line. Every secret the scan found stays its own item (three secrets in one file are three fix
/// items, not one), and a member's finding under a rule the scan covers in that file is the scan's
/// already.
pub fn deduplicated(mut findings: Vec<Finding>) -> Vec<Finding> {
    let order = |f: &Finding| {
        (
            !f.verified,
            f.abstained,
            f.item.severity,
            normalise_path(&f.item.path),
            f.item.line_start,
        )
    };
    consilium_order::sort_by(&mut findings, |a, b| order(a).cmp(&order(b)));
    let place = |f: &Finding| {
        (
            normalise_path(&f.item.path),
            f.item.rule.trim().to_lowercase(),
        )
    };
    let scanned: Vec<(String, String)> =
        findings.iter().filter(|f| f.from_scan).map(place).collect();
    let mut seen: Vec<(String, String, String)> = Vec::new();
    findings.retain(|f| {
        let (path, rule) = place(f);
        let key = if f.from_scan {
            // One per secret: its line and what it holds (the kind and its mask).
            (
                path,
                rule,
                format!("{}:{}", f.item.line_start, f.item.current),
            )
        } else if scanned.contains(&(path.clone(), rule.clone())) {
            return false;
        } else {
            (path, rule, String::new())
        };
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    findings
}
