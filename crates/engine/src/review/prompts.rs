//! What each persona is asked. The diff goes in with its line numbers (what findings cite), the
//! secret-scan hits as facts, and from round 2 what the others said. Reply shapes are described,
//! not given as templates with placeholders a model could copy.
use super::diff::ParsedDiff;
use crate::harness::prompt::Prompt;
use crate::material::render;
use crate::record::review::body::SecretHit;
use crate::record::review::body::{Opinion, ReviewConfig};
use crate::record::review::committee::ReviewerRole;
use crate::record::sources::Source;

fn system(role: ReviewerRole) -> String {
    let veto = match role.veto_ground() {
        Some(ground) => format!("You may VETO the change, but only for {ground}."),
        None => "You hold no veto: object with DEBATE instead.".to_string(),
    };
    format!(
        "You are the {} on a code review committee. You look at {}. {veto} Judge only what the \
         diff shows, and cite every finding by its path and the line numbers shown beside the diff.",
        role.name(),
        role.focus()
    )
}

fn facts(hits: &[SecretHit]) -> String {
    if hits.is_empty() {
        return "none".to_string();
    }
    hits.iter()
        .map(|h| format!("- {}:{}: {} ({})", h.path, h.line, h.kind, h.masked))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How the engine checks this persona's veto (`grounding::veto_ground_problem`), so a veto it
/// would not count is not asked for.
fn veto_checked(role: ReviewerRole) -> &'static str {
    match role {
        ReviewerRole::Sre => " (one of the secret scan's facts above)",
        ReviewerRole::KnowledgeManager => {
            " (a fix item whose rule names one of the project rules above, as they are written)"
        }
        ReviewerRole::Architect => " (a fix item of severity critical)",
        _ => "",
    }
}

pub struct RoundContext<'a> {
    /// The round of the current deliberation (amended code starts a new one).
    pub round: u8,
    pub max_rounds: u8,
    pub diff: &'a ParsedDiff,
    pub config: &'a ReviewConfig,
    pub secret_hits: &'a [SecretHit],
    /// The previous round's opinions (empty in round 1 and after amended code).
    pub previous: &'a [Opinion],
    /// A compromise the committee continues under.
    pub compromise: Option<&'a str>,
    /// The context files beside the diff, as the committee reads them (secrets masked,
    /// `context_files::as_the_committee_reads`); empty when the review has none.
    pub context_files: &'a [Source],
}

/// What `role` is asked this round. `sees_images`: whether its seat's model sees images (an image
/// among the context files travels with the call only then; otherwise the text says it was left
/// out).
pub fn opinion(role: ReviewerRole, context: &RoundContext, sees_images: bool) -> Prompt {
    let mut user = format!(
        "Round {} of at most {}.\n\nProject rules:\n{}\n\nFacts from the engine's secret scan of the \
         added lines:\n{}\n\n",
        context.round,
        context.max_rounds,
        if context.config.rules.trim().is_empty() {
            "none given"
        } else {
            context.config.rules.trim()
        },
        facts(context.secret_hits)
    );
    if let Some(notice) = &context.diff.notice {
        user.push_str(&format!("Note: {notice}\n\n"));
    }
    user.push_str(&format!(
        "The change (new-file line numbers; + added, space unchanged, - removed):\n{}\n",
        context.diff.numbered()
    ));
    if !context.context_files.is_empty() {
        // After the diff, rendered as Consult's material is: ids, kinds, names, numbered lines.
        user.push_str(
            "\nContext files beside the change (not part of it: read them to judge the change; a \
             finding about them, or resting on them, cites its passages in citations):\n",
        );
        user.push_str(&render::material_block(context.context_files, sees_images));
    }
    if !context.previous.is_empty() {
        user.push_str("What the committee said last round:\n");
        for opinion in context.previous {
            let name = ReviewerRole::from_id(opinion.member_id.as_str())
                .map_or(opinion.member_id.as_str(), |r| r.name());
            let confidence = opinion
                .confidence
                .map(|c| format!(", {:.0}%", c * 100.0))
                .unwrap_or_default();
            let text = if opinion.opinion.is_empty() {
                "(no usable reply)"
            } else {
                &opinion.opinion
            };
            user.push_str(&format!(
                "- {name} ({}{confidence}): {text}\n",
                opinion.vote.label()
            ));
        }
        user.push('\n');
    }
    if let Some(compromise) = context.compromise {
        user.push_str(&format!(
            "The committee continues under this compromise, accepted by the vetoers: {compromise}\n\n"
        ));
    }
    user.push_str(&format!(
        "Give your position as the {name}. state: SYNTHESIS when the change can be concluded (list \
         what must still be fixed as fix_items), DEBATE when it needs another round, VETO only for \
         {ground}{checked}, ABSTAIN when you cannot judge it. confidence: how sure you are, as a whole \
         percentage from 0 to 100. opinion: two or three sentences. fix_items: each with severity \
         (critical, high, medium or low), path, line_start and line_end from the numbers above, \
         the rule it breaks, what the code does now (current) and the recommended_action{citations}.\n\
         Reply with one JSON object with exactly the fields state, confidence, opinion and \
         fix_items, and nothing else.",
        name = role.name(),
        ground = role.veto_ground().unwrap_or("nothing (you hold no veto)"),
        checked = veto_checked(role),
        citations = if context.context_files.is_empty() {
            ""
        } else {
            ", and citations: the passages of the context files it rests on, each with source \
             (its id), location and the exact words quoted (quotes are checked; a finding outside \
             the diff counts only when its quote is found)"
        },
    ));
    Prompt {
        shared_across_seats: false,
        images: render::images(context.context_files, sees_images),
        system: system(role),
        user,
        cache_prefix: None,
    }
}

/// The Business Driver, after a veto.
pub fn compromise(vetoes: &[(ReviewerRole, &Opinion)], diff: &ParsedDiff) -> Prompt {
    let mut user = String::from("The change was vetoed:\n");
    for (role, opinion) in vetoes {
        user.push_str(&format!("- {}: {}\n", role.name(), opinion.opinion));
        for finding in opinion.findings.iter().filter(|f| f.verified) {
            user.push_str(&format!(
                "  - {} {}:{}-{}: {} ({})\n",
                finding.item.severity.label(),
                finding.item.path,
                finding.item.line_start,
                finding.item.line_end,
                finding.item.rule,
                finding.item.recommended_action
            ));
        }
    }
    user.push_str(&format!(
        "\nThe change touches {} file(s). Offer a compromise based on the cost of delay that the \
         vetoers could accept: what must be fixed before it ships, and what can follow later. \
         Reply with one JSON object with exactly the fields compromise (what you propose) and \
         cost_of_delay (what waiting costs, in a sentence), and nothing else.",
        diff.files.len()
    ));
    Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: system(ReviewerRole::BusinessDriver),
        user,
        cache_prefix: None,
    }
}

/// A vetoer, asked about the compromise.
pub fn acceptance(role: ReviewerRole, veto: &Opinion, offer: &str, cost_of_delay: &str) -> Prompt {
    Prompt { shared_across_seats: false, images: Vec::new(),
        system: system(role),
        user: format!(
            "You vetoed the change: {}\n\nThe Business Driver offers this compromise: {offer}\nCost \
             of delay: {cost_of_delay}\n\nDo you accept it, so the committee debates again under \
             it? Reply with one JSON object with exactly the fields accept (true or false) and \
             reason (one sentence), and nothing else.",
            veto.opinion
        ),
        cache_prefix: None,
    }
}
