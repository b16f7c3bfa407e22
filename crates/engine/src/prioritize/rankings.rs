//! What is computed, never asked: rankings made whole, applied to the backlog, and the stopping
//! rule.
use crate::foundation::ids::SessionId;
use crate::record::prioritize::backlog::Opportunity;
use crate::record::prioritize::debate::{DebateRound, Disposition};

/// A model's ranking made usable: unknown ids dropped, duplicates removed (the first place
/// counts), missing ids appended in `previous` order. What was fixed is returned as notes.
pub fn sanitise(ranking: &[String], previous: &[String]) -> (Vec<String>, Vec<String>) {
    let mut notes = Vec::new();
    let mut result: Vec<String> = Vec::with_capacity(previous.len());
    for id in ranking {
        let id = id.trim();
        if !previous.iter().any(|known| known == id) {
            notes.push(format!("dropped unknown id \"{id}\""));
        } else if result.iter().any(|seen| seen == id) {
            notes.push(format!("dropped the repeat of \"{id}\""));
        } else {
            result.push(id.to_string());
        }
    }
    let missing: Vec<String> = previous
        .iter()
        .filter(|id| !result.contains(id))
        .cloned()
        .collect();
    if !missing.is_empty() {
        notes.push(format!(
            "appended the unranked {} in the previous order",
            missing.join(", ")
        ));
        result.extend(missing);
    }
    (result, notes)
}

/// The backlog in `rankings` order with `priority_rank` 1..n and the debate's id (seed 003's
/// `_apply_rankings`). Opportunities the ranking does not name follow in backlog order.
pub fn apply_rankings(
    backlog: &[Opportunity],
    rankings: &[String],
    session_id: &SessionId,
) -> Vec<Opportunity> {
    let order: Vec<String> = backlog.iter().map(|o| o.id.clone()).collect();
    let (complete, _) = sanitise(rankings, &order);
    complete
        .iter()
        .enumerate()
        .filter_map(|(index, id)| {
            let mut item = backlog.iter().find(|o| &o.id == id)?.clone();
            item.priority_rank = Some(index as u32 + 1);
            item.debate_session_id = Some(session_id.clone());
            Some(item)
        })
        .collect()
}

/// Whether the debate may stop on consensus after `round`, and if the moderator claimed it but the
/// rule refuses, why. Consensus needs all three: the moderator says so, no INVESTIGATE remains,
/// and the final rankings equal the previous round's (so round 1 alone never is).
pub fn consensus(round: &DebateRound, previous: Option<&DebateRound>) -> Result<(), String> {
    if !round.moderator_claimed_consensus {
        return Err("The moderator did not declare consensus.".into());
    }
    let investigating: Vec<&str> = round
        .moderator_dispositions
        .iter()
        .filter(|(_, d)| **d == Disposition::Investigate)
        .map(|(id, _)| id.as_str())
        .collect();
    if !investigating.is_empty() {
        return Err(format!(
            "The moderator declared consensus, but {} still to investigate.",
            investigating.join(", ")
                + if investigating.len() == 1 {
                    " is"
                } else {
                    " are"
                }
        ));
    }
    match previous {
        None => Err(
            "The moderator declared consensus in round 1, but the rankings must hold for a second \
             round first."
                .into(),
        ),
        Some(previous) if previous.moderator_final_rankings != round.moderator_final_rankings => {
            Err("The moderator declared consensus, but the rankings changed from the previous round.".into())
        }
        Some(_) => Ok(()),
    }
}
