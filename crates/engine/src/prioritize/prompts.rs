//! What each partner is asked (seed 003's three skills, condensed). With structured output the
//! reply's shape travels as the schema; otherwise the prompt names the seed's markers.
use std::collections::BTreeMap;

use crate::harness::prompt::Prompt;
use crate::record::prioritize::backlog::Opportunity;
use crate::record::prioritize::body::{ChampionPart, CriticPart};
use crate::record::prioritize::debate::DebateRound;

const CHAMPION_SYSTEM: &str = "You are the Strategy Partner of a consulting firm, championing \
opportunities from the product and business side. Judge user desirability (who wants it, how badly, \
how many), market timing (cost of delay) and RICE (reach, impact, confidence, effort). Rank by \
strategic value, not ease.";

const CRITIC_SYSTEM: &str = "You are the Tech Partner, giving an independent engineering \
assessment. Judge technical feasibility, risk (what could go wrong, how reversible, security), \
effort (S under a day, M 1-3 days, L 3-5 days, XL over a week and should be split) and whether to \
build, buy or partner. Rank by feasibility and risk, not user value.";

const MODERATOR_SYSTEM: &str = "You are the Managing Director. Find where the Strategy and Tech \
Partners agree, resolve where they differ, and make the call: PRIORITIZE (strong support from both), \
INVESTIGATE (they disagree; more data needed), DEFER (low priority for both) or REJECT (significant \
concerns). Declare consensus only when every opportunity has a clear disposition, none is \
INVESTIGATE, and the ranking is stable.";

/// The backlog, one opportunity per line, ids first (what every ranking refers to).
pub fn backlog_text(backlog: &[Opportunity]) -> String {
    let mut text = String::new();
    for o in backlog {
        text.push_str(&format!("- {}: {}", o.id, o.title));
        if !o.kind.is_empty() {
            text.push_str(&format!(" [{}]", o.kind));
        }
        if let Some(effort) = o.effort {
            text.push_str(&format!(" (effort {})", effort.label()));
        }
        if let (Some(r), Some(i), Some(c)) = (o.reach, o.impact, o.confidence) {
            text.push_str(&format!(" (reach {r}, impact {i}, confidence {c})"));
        }
        if !o.description.is_empty() {
            text.push_str(&format!(". {}", o.description));
        }
        for evidence in &o.evidence {
            text.push_str(&format!("\n  evidence: {evidence}"));
        }
        text.push('\n');
    }
    text
}

fn concerns_text(concerns: &BTreeMap<String, Vec<String>>) -> String {
    if concerns.is_empty() {
        return "none\n".into();
    }
    concerns
        .iter()
        .map(|(id, list)| format!("- {id}: {}\n", list.join("; ")))
        .collect()
}

fn shape(structured: bool, markers: &str, fields: &str) -> String {
    if structured {
        format!("Reply with a JSON object with {fields}.")
    } else {
        format!("Reply in exactly this format, with JSON between the markers:\n{markers}")
    }
}

pub fn champion(
    backlog: &[Opportunity],
    round: u32,
    max_rounds: u32,
    previous: Option<&DebateRound>,
    structured: bool,
) -> Prompt {
    let mut user = format!(
        "Round {round} of at most {max_rounds}. The backlog:\n{}\n",
        backlog_text(backlog)
    );
    if let Some(previous) = previous {
        user.push_str(&format!(
            "The Tech Partner's concerns from round {}, which you must answer:\n{}\nThe Managing \
             Director's ranking then: {}\n\n",
            previous.round_number,
            concerns_text(&previous.critic_concerns),
            previous.moderator_final_rankings.join(", ")
        ));
    }
    user.push_str(
        "Argue which opportunities matter most and why, then rank every id, most valuable first.\n",
    );
    user.push_str(&shape(
        structured,
        "<<<CHAMPION_ARGUMENT_START>>>\nyour argument\n<<<CHAMPION_ARGUMENT_END>>>\n\
         <<<CHAMPION_RANKINGS_START>>>\n[\"id\", \"id\"]\n<<<CHAMPION_RANKINGS_END>>>",
        "champion_argument (text) and champion_rankings (every id, in order)",
    ));
    Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: CHAMPION_SYSTEM.into(),
        user,
        cache_prefix: None,
    }
}

pub fn critic(backlog: &[Opportunity], champion: &ChampionPart, structured: bool) -> Prompt {
    let mut user = format!(
        "The backlog:\n{}\nThe Strategy Partner argues:\n{}\nTheir ranking: {}\n\nGive your \
         concerns per opportunity, each one's effort and build / buy / partner, and rank every id by \
         feasibility, most feasible first.\n",
        backlog_text(backlog),
        champion.argument.trim(),
        champion.rankings.join(", ")
    );
    user.push_str(&shape(
        structured,
        "<<<CRITIC_CONCERNS_START>>>\n{\"id\": [\"concern\"]}\n<<<CRITIC_CONCERNS_END>>>\n\
         <<<CRITIC_RANKINGS_START>>>\n[\"id\", \"id\"]\n<<<CRITIC_RANKINGS_END>>>\n\
         <<<CRITIC_ASSESSMENTS_START>>>\n{\"id\": {\"effort\": \"S|M|L|XL\", \"approach\": \
         \"build|buy|partner\"}}\n<<<CRITIC_ASSESSMENTS_END>>>",
        "critic_concerns (id -> list of concerns), critic_counter_rankings (every id) and \
         critic_assessments (id -> {effort S/M/L/XL, approach build/buy/partner})",
    ));
    Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: CRITIC_SYSTEM.into(),
        user,
        cache_prefix: None,
    }
}

pub fn moderator(
    backlog: &[Opportunity],
    round: u32,
    champion: &ChampionPart,
    critic: &CriticPart,
    previous: Option<&DebateRound>,
    structured: bool,
) -> Prompt {
    let mut user = format!(
        "Round {round}. The backlog:\n{}\nStrategy Partner:\n{}\nTheir ranking: {}\n\nTech Partner's \
         concerns:\n{}Their ranking by feasibility: {}\n\n",
        backlog_text(backlog),
        champion.argument.trim(),
        champion.rankings.join(", "),
        concerns_text(&critic.concerns),
        critic.counter_rankings.join(", ")
    );
    if let Some(previous) = previous {
        user.push_str(&format!(
            "Your ranking in round {}: {}\n\n",
            previous.round_number,
            previous.moderator_final_rankings.join(", ")
        ));
    }
    user.push_str(
        "Give every id a disposition, the final ranking of every id, and whether to continue.\n",
    );
    user.push_str(&shape(
        structured,
        "<<<DISPOSITIONS_START>>>\n{\"id\": \"prioritize|investigate|defer|reject\"}\n\
         <<<DISPOSITIONS_END>>>\n<<<FINAL_RANKINGS_START>>>\n[\"id\", \"id\"]\n\
         <<<FINAL_RANKINGS_END>>>\n<<<DEBATE_STATUS_START>>>\n{\"continue_debate\": true, \
         \"consensus_reached\": false}\n<<<DEBATE_STATUS_END>>>",
        "dispositions (id -> prioritize, investigate, defer or reject), final_rankings (every id), \
         continue_debate and consensus_reached (booleans)",
    ));
    Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: MODERATOR_SYSTEM.into(),
        user,
        cache_prefix: None,
    }
}
