//! How a prioritization ends: the final ranking applied to the backlog, a stalemate when the
//! budget runs out, and the seed's `DebateResult`.
use super::{rankings, PrioritizeRun};
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::prioritize::debate;
use crate::record::prioritize::debate::Disposition;
use crate::record::Session;

/// The budget ran out: a stalemate, ranked as the last complete round (the backlog's order if
/// none completed). The unfinished round's replies stay in the calls, not in the debate.
pub(super) fn stalemate(run: &PrioritizeRun<'_>, reason: String) {
    let (ranking, rounds) = run.body(|b| (b.last_rankings(), b.debate.rounds.len()));
    run.update_body(|b| {
        b.debate.stalemate = true;
        b.in_progress = None;
    });
    let basis = if rounds == 0 {
        "no round completed, so the backlog keeps its order".to_string()
    } else {
        format!("ranked as round {rounds}, the last complete one")
    };
    conclude(
        run,
        ranking,
        format!("Stalemate: the budget ran out ({reason}); {basis}."),
    );
}

/// Applies the final ranking to the backlog and records how the debate ended.
pub(super) fn conclude(run: &PrioritizeRun<'_>, ranking: Vec<String>, outcome: String) {
    let now = run.now();
    run.update_body(|b| {
        b.ranked = rankings::apply_rankings(&b.backlog, &ranking, &b.debate.session_id);
        b.debate.final_rankings = b.ranked.iter().map(|o| o.id.clone()).collect();
        b.debate.completed_at = Some(now);
        b.debate.total_cost_usd = b.debate.total_cost_usd();
        b.outcome = Some(outcome);
    });
}

/// What the debate cost, the one figure the page, the Markdown and the JSON export show: every
/// call the ledger priced, the unfinished round's too (a stalemate's last calls were paid for).
/// The rounds' own costs (`total_cost_usd`) leave out an unfinished round, as the seed's do.
pub fn debate_cost_usd(session: &Session) -> f64 {
    session.cost.spent_usd
}

/// The seed's `DebateResult` of a finished session.
pub fn debate_result(session: &Session) -> debate::DebateResult {
    let body = session.prioritize();
    let mut debate = body.debate.clone();
    debate.total_cost_usd = debate.total_cost_usd();
    debate::DebateResult {
        cost_usd: debate_cost_usd(session),
        rounds_used: debate.rounds_used(),
        ranked_opportunities: body.ranked.clone(),
        session: debate,
    }
}

/// The disposition the final round gave `id`.
pub fn final_disposition(body: &PrioritizeBody, id: &str) -> Option<Disposition> {
    body.debate
        .rounds
        .last()
        .and_then(|r| r.moderator_dispositions.get(id))
        .copied()
}

/// Every concern the critic raised about `id`, latest round first, without repeats.
pub fn concerns_for(body: &PrioritizeBody, id: &str) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for round in body.debate.rounds.iter().rev() {
        for concern in round.critic_concerns.get(id).into_iter().flatten() {
            if !all.contains(concern) {
                all.push(concern.clone());
            }
        }
    }
    all
}
