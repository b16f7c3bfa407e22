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
pub mod demo;
pub mod import;
pub mod prompts;
pub mod rankings;
pub mod replies;
pub mod report;
pub mod stored;

// Prioritize's stored data lives in the record (the layer below); these keep its old paths.
pub use crate::record::prioritize::{backlog, body, debate, state};

use crate::record::prioritize::body::{
    ChampionPart, CriticPart, Partner, PrioritizeBody, PrioritizeConfig, RoundInProgress,
};
use crate::record::prioritize::debate::{DebateRound, DebateSession};
use crate::record::prioritize::state::PrioritizeState;

use crate::harness::events::EventSink;
use crate::harness::io::{Clock, ModelCaller};
use crate::harness::protocol::state_of;
use crate::harness::{CallPlan, Protocol, Run, Stop};
use crate::record::{self, Body, ProtocolBody, Session};
use crate::timestamp::rfc3339_utc;

/// Prioritize, as the harness knows it.
pub struct Prioritize;

impl Protocol for Prioritize {
    const KIND: record::Protocol = record::Protocol::Prioritize;
    type State = PrioritizeState;
    type Body = PrioritizeBody;
    type Config = PrioritizeConfig;

    fn config(body: &PrioritizeBody) -> PrioritizeConfig {
        body.config.clone()
    }

    fn max_tokens(config: &PrioritizeConfig) -> u32 {
        config.max_tokens
    }

    fn budget_usd(config: &PrioritizeConfig) -> Option<f64> {
        Some(config.budget_usd)
    }
}

type PrioritizeRun<'a, C> = Run<'a, C, Prioritize>;

impl Session {
    /// A new prioritization of `backlog` (its titles are the subject, for lists and search).
    pub fn new_prioritize(
        id: String,
        backlog: Vec<backlog::Opportunity>,
        config: PrioritizeConfig,
        now_ms: u64,
    ) -> Self {
        let subject = backlog
            .iter()
            .map(|o| format!("{}: {}", o.id, o.title))
            .collect::<Vec<_>>()
            .join("\n");
        let title = record::title_of(&format!(
            "Prioritize {} opportunities: {}",
            backlog.len(),
            backlog
                .iter()
                .map(|o| o.title.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let debate = DebateSession::new(
            &id,
            &rfc3339_utc(now_ms),
            backlog.iter().map(|o| o.id.clone()).collect(),
            config.max_rounds,
            config.budget_usd,
        );
        let participants = if config.debate {
            config.partners.clone()
        } else {
            Vec::new()
        };
        let demo = config.demo;
        let budget = config.budget_usd;
        let mut session = Session::new(
            id,
            subject,
            participants,
            Body::Prioritize(Box::new(PrioritizeBody {
                config,
                backlog,
                debate,
                in_progress: None,
                ranked: Vec::new(),
                outcome: None,
            })),
            demo,
            now_ms,
        );
        session.title = title;
        session.cost.budget_usd = Some(budget);
        session
    }

    pub fn prioritize(&self) -> &PrioritizeBody {
        PrioritizeBody::of(&self.body).expect("a Prioritize session")
    }

    pub fn prioritize_state(&self) -> Option<PrioritizeState> {
        state_of::<Prioritize>(self)
    }
}

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
    let run = match Run::<_, Prioritize>::new(session, caller, clock, sink) {
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

async fn debate<C: ModelCaller>(run: &PrioritizeRun<'_, C>) -> Result<(), Stop> {
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
        let (round, done_rounds) = run.body(|b| {
            let done = b.debate.rounds.len() as u32;
            (
                b.in_progress.as_ref().map_or(done + 1, |r| r.round_number),
                done,
            )
        });
        if done_rounds >= run.config.max_rounds || run.body(|b| b.debate.consensus_reached) {
            return Ok(());
        }
        play_round(run, round).await?;
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
                    "No consensus within {} round(s): ranked as the moderator's last ranking.",
                    run.config.max_rounds
                ),
            );
            return Ok(());
        }
    }
}

/// Where a stopped debate continues: the phase after the last one it recorded.
fn resume_point(body: &PrioritizeBody) -> PrioritizeState {
    match &body.in_progress {
        Some(RoundInProgress {
            critic: Some(_), ..
        }) => PrioritizeState::Moderator,
        Some(RoundInProgress {
            champion: Some(_), ..
        }) => PrioritizeState::Critic,
        _ => PrioritizeState::Champion,
    }
}

/// One round: champion, critic, moderator, each skipped if a stopped run already has it.
async fn play_round<C: ModelCaller>(run: &PrioritizeRun<'_, C>, round: u32) -> Result<(), Stop> {
    let structured = run.config.structured_output;
    let (backlog, ids, previous, order) = run.body(|b| {
        (
            b.backlog.clone(),
            b.ids(),
            b.debate.rounds.last().cloned(),
            b.last_rankings(),
        )
    });
    if run.body(|b| b.in_progress.is_none()) {
        run.update_body(|b| {
            b.in_progress = Some(RoundInProgress {
                round_number: round,
                champion: None,
                critic: None,
            })
        });
    }
    let round_u8 = round.min(u8::MAX.into()) as u8;
    let in_progress = run.body(|b| b.in_progress.clone().expect("set above"));

    let champion: ChampionPart = match in_progress.champion {
        Some(part) => part,
        None => {
            enter_phase(run, round_u8, PrioritizeState::Champion)?;
            let plan = plan(
                run,
                round_u8,
                Partner::Champion,
                prompts::champion(
                    &backlog,
                    round,
                    run.config.max_rounds,
                    previous.as_ref(),
                    structured,
                ),
                structured.then(|| ("champion".to_string(), replies::champion_schema(&ids))),
            )?;
            let reply = run
                .ask(plan, &|_: &CallPlan, text: &str| {
                    replies::parse_champion(text, &order)
                })
                .await
                .required(&format!("Round {round}'s champion"))?;
            let part = ChampionPart::from(reply);
            run.update_body(|b| {
                if let Some(r) = b.in_progress.as_mut() {
                    r.champion = Some(part.clone())
                }
            });
            part
        }
    };

    let critic: CriticPart = match in_progress.critic {
        Some(part) => part,
        None => {
            enter_phase(run, round_u8, PrioritizeState::Critic)?;
            let plan = plan(
                run,
                round_u8,
                Partner::Critic,
                prompts::critic(&backlog, &champion, structured),
                structured.then(|| ("critic".to_string(), replies::critic_schema(&ids))),
            )?;
            let reply = run
                .ask(plan, &|_: &CallPlan, text: &str| {
                    replies::parse_critic(text, &order)
                })
                .await
                .required(&format!("Round {round}'s critic"))?;
            let part = CriticPart::from(reply);
            run.update_body(|b| {
                if let Some(r) = b.in_progress.as_mut() {
                    r.critic = Some(part.clone())
                }
            });
            part
        }
    };

    enter_phase(run, round_u8, PrioritizeState::Moderator)?;
    let plan = plan(
        run,
        round_u8,
        Partner::Moderator,
        prompts::moderator(
            &backlog,
            round,
            &champion,
            &critic,
            previous.as_ref(),
            structured,
        ),
        structured.then(|| ("moderator".to_string(), replies::moderator_schema(&ids))),
    )?;
    let moderator = run
        .ask(plan, &|_: &CallPlan, text: &str| {
            replies::parse_moderator(text, &order)
        })
        .await
        .required(&format!("Round {round}'s moderator"))?;

    let cost_of = |seat: Partner| {
        run.read(|s| {
            s.calls
                .iter()
                .filter(|c| c.round == round_u8 && c.participant_id == seat.id())
                .filter_map(|c| c.cost_usd)
                .fold(0.0, |total, cost| total + cost) // not sum(): it starts at -0.0
        })
    };
    let mut finished = DebateRound {
        round_number: round,
        champion_argument: champion.argument,
        champion_rankings: champion.rankings,
        champion_cost_usd: cost_of(Partner::Champion),
        critic_concerns: critic.concerns,
        critic_counter_rankings: critic.counter_rankings,
        critic_cost_usd: cost_of(Partner::Critic),
        critic_assessments: critic.assessments,
        moderator_dispositions: moderator.dispositions,
        moderator_final_rankings: moderator.final_rankings,
        moderator_cost_usd: cost_of(Partner::Moderator),
        continue_debate: moderator.continue_debate,
        consensus_reached: false,
        moderator_claimed_consensus: moderator.consensus_reached,
        consensus_refused: None,
    };
    match rankings::consensus(&finished, previous.as_ref()) {
        Ok(()) => finished.consensus_reached = true,
        Err(reason) if finished.moderator_claimed_consensus => {
            finished.consensus_refused = Some(reason)
        }
        Err(_) => {}
    }
    run.store_round(round_u8, |b| {
        b.debate.add_round(finished);
        b.in_progress = None;
    });
    Ok(())
}

/// Moves to `phase`; the champion of round 2+ comes after the moderator of the round before.
fn enter_phase<C: ModelCaller>(
    run: &PrioritizeRun<'_, C>,
    round: u8,
    phase: PrioritizeState,
) -> Result<(), Stop> {
    if run.state() == phase {
        return Ok(()); // resumed at this phase
    }
    if phase == PrioritizeState::Champion {
        run.begin_round(round, phase)
    } else {
        run.enter(phase)
    }
}

fn plan<'p, C>(
    run: &'p PrioritizeRun<'_, C>,
    round: u8,
    seat: Partner,
    prompt: crate::harness::prompt::Prompt,
    response_schema: Option<(String, serde_json::Value)>,
) -> Result<CallPlan<'p>, Stop> {
    let participant = run
        .config
        .partner(seat)
        .ok_or_else(|| Stop::Failed(format!("There is no {}.", seat.title())))?;
    Ok(CallPlan {
        call_id: format!("r{round}-{}", seat.id()),
        round,
        participant,
        prompt,
        response_schema,
        tokens_saved_via_filtering: 0,
    })
}

/// The budget ran out: a stalemate, ranked as the last complete round (the backlog's order if
/// none completed). The unfinished round's replies stay in the calls, not in the debate.
fn stalemate<C: ModelCaller>(run: &PrioritizeRun<'_, C>, reason: String) {
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
fn conclude<C: ModelCaller>(run: &PrioritizeRun<'_, C>, ranking: Vec<String>, outcome: String) {
    let now = run.now();
    run.update_body(|b| {
        b.ranked = rankings::apply_rankings(&b.backlog, &ranking, &b.debate.session_id);
        b.debate.final_rankings = b.ranked.iter().map(|o| o.id.clone()).collect();
        b.debate.completed_at = Some(now);
        b.debate.total_cost_usd = b.debate.total_cost_usd();
        b.outcome = Some(outcome);
    });
}

/// The seed's `DebateResult` of a finished session.
pub fn debate_result(body: &PrioritizeBody) -> debate::DebateResult {
    let mut session = body.debate.clone();
    session.total_cost_usd = session.total_cost_usd();
    debate::DebateResult {
        cost_usd: session.total_cost_usd,
        rounds_used: session.rounds_used(),
        ranked_opportunities: body.ranked.clone(),
        session,
    }
}

/// Whether a backlog of `count` is debated by default (more than the threshold).
pub fn debate_by_default(count: usize, threshold: usize) -> bool {
    count > threshold
}
