//! The Prioritize protocol (seed 003): a champion, a critic and a moderator debate a backlog and
//! rank it under a budget.
//!
//! Each round, one partner after the other (each sees what the one before said):
//! 1. **Champion** (strategy partner): argues desirability, timing and RICE, and ranks every
//!    opportunity; from round 2 it must answer the critic's previous concerns.
//! 2. **Critic** (tech partner, on another model: independence is checked before the start):
//!    concerns per opportunity, effort S/M/L/XL, build / buy / partner, a ranking by feasibility.
//! 3. **Moderator** (managing director): a disposition for every opportunity, the final ranking,
//!    continue or consensus.
//!
//! Decided in code, never by a model: rankings are made whole (`rankings::sanitise`); the debate
//! stops on **consensus** only when the moderator says so, no INVESTIGATE remains and the ranking
//! equals the previous round's; at **max_rounds**; or when the next call does not fit the
//! **budget** (checked before every call): a **stalemate**, ranked as the last complete round. A
//! reply unusable after one re-ask fails the run (resumable), never taken as consensus. With no
//! debate, the plain score ranks the backlog with no call at all.
pub mod body;
mod conclusion;
pub mod demo;
pub mod import;
pub mod prompts;
pub mod rankings;
pub mod replies;
pub mod report;
mod round;
pub mod state;
pub mod stored;
pub mod view;

// Prioritize's stored data lives in the record (the layer below); these keep its old paths.
pub use conclusion::{concerns_for, debate_cost_usd, debate_result, final_disposition};

use crate::harness::events::EventSink;
use crate::harness::io::{Clock, ModelCaller};
use crate::record::prioritize::backlog;
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::{self, Session};
use crate::{harness::protocol::Protocol, harness::run::Run, harness::run::Stop};
use conclusion::{conclude, stalemate};
use state::{next_round, resume_point};

/// Prioritize, as the harness knows it.
pub struct Prioritize;

impl Protocol for Prioritize {
    const KIND: record::Protocol = record::Protocol::Prioritize;
    type State = PrioritizeState;
    type Body = PrioritizeBody;
}

type PrioritizeRun<'a> = Run<'a, Prioritize>;

/// Runs a prioritization until it ends (consensus, max rounds, stalemate), fails or is cancelled.
pub async fn run_prioritize(
    session: Session,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if session
        .prioritize_state()
        .is_none_or(|s| s == PrioritizeState::Complete)
    {
        return session;
    }
    let run = match Run::<Prioritize>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    run.announce();
    let outcome = match debate(&run).await {
        Err(Stop::OverBudget(reason)) => {
            stalemate(&run, reason);
            Ok(PrioritizeState::Complete)
        }
        other => other.map(|()| PrioritizeState::Complete),
    };
    run.finish(outcome)
}

/// With no debate, the plain score; otherwise rounds until consensus or `max_rounds`.
async fn debate(run: &PrioritizeRun<'_>) -> Result<(), Stop> {
    let backlog = run.body(|b| b.backlog.clone());
    run.config.validate(&backlog).map_err(Stop::Failed)?;
    if !run.config.debate {
        let ranking = backlog::score_ranking(&backlog);
        let method = run.body(|b| b.score_method());
        conclude(
            run,
            ranking,
            match method {
                Some(backlog::ScoreMethod::Rice) => "Ranked by RICE score, with no debate.",
                _ => "Ranked by evidence per unit of effort, with no debate.",
            }
            .to_string(),
        );
        return Ok(());
    }
    if run.state() != PrioritizeState::Idle {
        run.resume_at(run.body(resume_point))?;
    }
    loop {
        let (round, done_rounds) = run.body(next_round);
        if done_rounds >= run.config.max_rounds || run.body(|b| b.debate.consensus_reached) {
            return Ok(());
        }
        round::play_round(run, round).await?;
        let last = run.body(|b| {
            b.debate
                .rounds
                .last()
                .cloned()
                .expect("a round was just played")
        });
        if last.consensus_reached {
            conclude(
                run,
                last.moderator_final_rankings.clone(),
                format!("Consensus in round {round}."),
            );
            run.update_body(|b| b.debate.consensus_reached = true);
            return Ok(());
        }
        if round >= run.config.max_rounds {
            conclude(
                run,
                last.moderator_final_rankings.clone(),
                format!(
                    "No consensus within {}: ranked as the moderator's last ranking.",
                    crate::foundation::counted::counted(run.config.max_rounds as usize, "round")
                ),
            );
            return Ok(());
        }
    }
}

/// Whether a backlog of `count` is debated by default (more than the threshold).
pub fn debate_by_default(count: usize, threshold: usize) -> bool {
    count > threshold
}
