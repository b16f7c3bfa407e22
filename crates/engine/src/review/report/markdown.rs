//! `review-report.md` (the committee, the deliberation log in the seed's per-round format, the
//! verdict) and `fix-requests.md` (`## FIX-001` ..., one per path + rule). Pure text from the record.
use std::fmt::Write;

use crate::record::review::body::{Finding, ReviewBody};
use crate::record::review::committee::ReviewerRole;
use crate::record::Session;
use crate::review::secrets;
use crate::text::mask::mask_secrets;

fn member_name(id: &str) -> &str {
    ReviewerRole::from_id(id).map_or(id, |r| r.name())
}

pub fn review_report(session: &Session) -> String {
    let body = session.review();
    let mut out = String::new();
    let _ = writeln!(out, "# Consilium code review\n");
    if session.demo {
        let _ = writeln!(out, "> **Demo**: scripted personas, not real models.\n");
    }
    let _ = writeln!(
        out,
        "Session `{}` · {} · state {} · created {}\n",
        session.id, session.title, session.state, session.created_at
    );
    let _ = writeln!(out, "## Verdict\n");
    match &body.verdict {
        Some(verdict) => {
            let _ = writeln!(out, "**{}**: {}\n", verdict.verdict.label(), verdict.reason);
            if verdict.majority_abstain_warning {
                let _ = writeln!(
                    out,
                    "Warning: most of the committee abstained; the quorum rests on few members.\n"
                );
            }
            if crate::review::amendment_offer(session).is_some() {
                let _ = writeln!(
                    out,
                    "(The code can still be amended: that starts a new deliberation.)\n"
                );
            }
        }
        None => {
            let _ = writeln!(out, "No verdict yet.\n");
        }
    }
    let _ = writeln!(out, "## Committee\n");
    for member in &session.participants {
        let veto = ReviewerRole::from_id(member.id.as_str())
            .and_then(ReviewerRole::veto_ground)
            .map(|g| format!("; may veto {g}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "- {} ({}, {}{veto})",
            member.label, member.provider_label, member.model
        );
    }
    if !body.secret_hits.is_empty() {
        let _ = writeln!(out, "\n## Secret scan\n");
        for hit in &body.secret_hits {
            let _ = writeln!(
                out,
                "- `{}:{}`: {} ({})",
                hit.path, hit.line, hit.kind, hit.masked
            );
        }
    }
    let context_files = crate::review::view::context_files_markdown(session);
    if !context_files.is_empty() {
        let _ = write!(out, "\n{}", context_files.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "\n## Deliberation log\n");
    for round in &body.rounds {
        let _ = writeln!(
            out,
            "### Round {} — {}\n",
            round.number,
            round.outcome.label()
        );
        let _ = writeln!(out, "- **State**: {}", round.outcome.label());
        for opinion in &round.opinions {
            let mut said = if opinion.opinion.is_empty() {
                opinion.note.clone().unwrap_or_default()
            } else {
                opinion.opinion.clone()
            };
            if !opinion.opinion.is_empty() {
                if let Some(note) = &opinion.note {
                    said.push_str(&format!(" ({note})"));
                }
            }
            let _ = writeln!(
                out,
                "- **{}**: \"{}\" [{}]",
                member_name(opinion.member_id.as_str()),
                said.replace('"', "'"),
                opinion.vote.label()
            );
        }
        let mediation = match &round.compromise {
            Some(c) => match &c.offer {
                Some(offer) => {
                    let verdict = if c.accepted {
                        "accepted"
                    } else {
                        "not accepted"
                    };
                    format!("{offer} ({verdict})")
                }
                None => c.why_not.clone().unwrap_or_default(),
            },
            None => "none".to_string(),
        };
        let _ = writeln!(
            out,
            "- **Chairperson mediation**: \"{}\"",
            mediation.replace('"', "'")
        );
        let _ = writeln!(out, "- **Transition**: {}\n", round.transitions.join(", "));
    }
    if let Some(verdict) = &body.verdict {
        if !verdict.fix_items.is_empty() {
            let _ = writeln!(out, "## Fix items\n");
            for finding in &verdict.fix_items {
                let unchecked = if finding.verified {
                    ""
                } else {
                    " (not checked against the diff)"
                };
                let abstained = if finding.abstained {
                    " (from a member who abstained)"
                } else {
                    ""
                };
                let _ = writeln!(out, "- {}{unchecked}{abstained}", finding_line(finding));
            }
            out.push('\n');
        }
    }
    if let Some(reason) = &session.failure {
        let _ = writeln!(out, "## Failure\n\n{reason}\n");
    }
    // A model that quotes a secret the scan found does not spread it: masked as the scan shows it.
    let secrets = secrets::secrets_in_versions(&session.subject, &body.amendments);
    crate::text::markdown::escape_html(&mask_secrets(&out, &secrets))
}

/// `fix-requests.md` of a review session, with every secret the scan found masked (a fix item's
/// `current` may quote it).
pub fn fix_requests_of(session: &Session) -> String {
    let body = session.review();
    let secrets = secrets::secrets_in_versions(&session.subject, &body.amendments);
    mask_secrets(&fix_requests(body), &secrets)
}

fn finding_line(finding: &Finding) -> String {
    let item = &finding.item;
    format!(
        "**{}** `{}:{}-{}` {}: {}",
        item.severity.label(),
        item.path,
        item.line_start,
        item.line_end,
        item.rule,
        item.recommended_action
    )
}

/// One request per path + rule, most severe first: the verified ones of voting members and the
/// scan as `FIX-NNN`, then those only members who abstained raised, then those not checked
/// against the diff, listed so they do not vanish.
pub fn fix_requests(body: &ReviewBody) -> String {
    let mut out = String::from("# Fix requests\n");
    let all = body
        .verdict
        .as_ref()
        .map(|v| v.fix_items.as_slice())
        .unwrap_or_default();
    let items: Vec<&Finding> = all.iter().filter(|f| f.verified && !f.abstained).collect();
    let abstained: Vec<&Finding> = all.iter().filter(|f| f.verified && f.abstained).collect();
    let unchecked: Vec<&Finding> = all.iter().filter(|f| !f.verified).collect();
    if items.is_empty() {
        out.push_str("\nNone.\n");
    }
    for (index, finding) in items.iter().enumerate() {
        let item = &finding.item;
        let _ = write!(
            out,
            "\n## FIX-{:03}\n\n- **Severity**: {}\n- **Location**: `{}` lines {}-{}\n- **Rule**: {}\n- **Current**: {}\n- **Recommended action**: {}\n- **Source**: {}\n",
            index + 1,
            item.severity.label(),
            item.path,
            item.line_start,
            item.line_end,
            item.rule,
            item.current,
            item.recommended_action,
            if finding.from_scan { "secret scan (engine)" } else { "committee, verified against the diff" }
        );
    }
    if !abstained.is_empty() {
        out.push_str(
            "\n## Raised by members who abstained\n\nVerified against the diff, but raised only by \
             members who abstained: they ask for no change on their own.\n\n",
        );
        for finding in abstained {
            let _ = writeln!(out, "- {}", finding_line(finding));
        }
    }
    if !unchecked.is_empty() {
        out.push_str(
            "\n## Not checked against the diff\n\nThe committee raised these, but the change does \
             not show the lines they cite; check them by hand.\n\n",
        );
        for finding in unchecked {
            let _ = writeln!(out, "- {}", finding_line(finding));
        }
    }
    crate::text::markdown::escape_html(&out)
}
