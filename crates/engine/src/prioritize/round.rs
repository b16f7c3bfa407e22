//! One round: champion, critic, moderator, one after the other, each seeing what the one before
//! said. A stopped run keeps the champion's and the critic's parts (`RoundInProgress`), so a
//! resumed round asks only for what it lacks.
use serde_json::Value;

use super::replies::{self, ModeratorReply};
use super::{prompts, rankings, PrioritizeRun};
use crate::foundation::validation::ReplyTexts;
use crate::harness::prompt::Prompt;
use crate::record::prioritize::backlog::Opportunity;
use crate::record::prioritize::body::{ChampionPart, CriticPart, Partner, RoundInProgress};
use crate::record::prioritize::debate::DebateRound;
use crate::record::prioritize::state::PrioritizeState;
use crate::record::CallId;
use crate::text::reply_parse::ParsedReply;
use crate::{harness::asking::CallPlan, harness::run::Stop};

/// What every turn of the round reads, taken from the record before the first.
struct Context {
    round: u32,
    /// The round as call records number it.
    round_u8: u8,
    backlog: Vec<Opportunity>,
    ids: Vec<String>,
    previous: Option<DebateRound>,
    /// The last complete round's ranking, to make a reply's rankings whole.
    order: Vec<String>,
}

/// One partner's call: the phase it runs in, its prompt, its schema and how its reply is read.
struct Turn<T> {
    seat: Partner,
    phase: PrioritizeState,
    prompt: Prompt,
    schema: fn(&[String]) -> Value,
    parse: fn(&str, &[String]) -> Result<ParsedReply<T>, String>,
}

pub(super) async fn play_round(run: &PrioritizeRun<'_>, round: u32) -> Result<(), Stop> {
    let cx = run.body(|b| Context {
        round,
        round_u8: round.min(u8::MAX.into()) as u8,
        backlog: b.backlog.clone(),
        ids: b.ids(),
        previous: b.debate.rounds.last().cloned(),
        order: b.last_rankings(),
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
    let kept = run.body(|b| b.in_progress.clone().expect("set above"));
    let structured = run.config.structured_output;

    let champion: ChampionPart = turn_unless_kept(
        run,
        &cx,
        kept.champion,
        || Turn {
            seat: Partner::Champion,
            phase: PrioritizeState::Champion,
            prompt: prompts::champion(
                &cx.backlog,
                round,
                run.config.max_rounds,
                cx.previous.as_ref(),
                structured,
            ),
            schema: replies::champion_schema,
            parse: replies::parse_champion,
        },
        |r| &mut r.champion,
    )
    .await?;
    let critic: CriticPart = turn_unless_kept(
        run,
        &cx,
        kept.critic,
        || Turn {
            seat: Partner::Critic,
            phase: PrioritizeState::Critic,
            prompt: prompts::critic(&cx.backlog, &champion, structured),
            schema: replies::critic_schema,
            parse: replies::parse_critic,
        },
        |r| &mut r.critic,
    )
    .await?;
    let moderator = take_turn(
        run,
        &cx,
        Turn {
            seat: Partner::Moderator,
            phase: PrioritizeState::Moderator,
            prompt: prompts::moderator(
                &cx.backlog,
                round,
                &champion,
                &critic,
                cx.previous.as_ref(),
                structured,
            ),
            schema: replies::moderator_schema,
            parse: replies::parse_moderator,
        },
    )
    .await?;

    let finished = assemble(run, &cx, champion, critic, moderator);
    run.store_round(cx.round_u8, |b| {
        b.debate.add_round(finished);
        b.in_progress = None;
    });
    Ok(())
}

/// A partner's turn unless the stopped run already has it; a new part is kept in the round in
/// progress (`slot`), so a later stop does not lose it.
async fn turn_unless_kept<T: ReplyTexts + 'static, Part: Clone + From<T>>(
    run: &PrioritizeRun<'_>,
    cx: &Context,
    kept: Option<Part>,
    turn: impl FnOnce() -> Turn<T>,
    slot: fn(&mut RoundInProgress) -> &mut Option<Part>,
) -> Result<Part, Stop> {
    if let Some(part) = kept {
        return Ok(part);
    }
    let part = Part::from(take_turn(run, cx, turn()).await?);
    run.update_body(|b| {
        if let Some(r) = b.in_progress.as_mut() {
            *slot(r) = Some(part.clone())
        }
    });
    Ok(part)
}

/// Enters the turn's phase and asks its partner; anything but a usable reply stops the run.
async fn take_turn<T: ReplyTexts + 'static>(
    run: &PrioritizeRun<'_>,
    cx: &Context,
    turn: Turn<T>,
) -> Result<T, Stop> {
    enter_phase(run, cx.round_u8, turn.phase)?;
    let schema = run.schema(turn.seat.id(), || (turn.schema)(&cx.ids));
    let plan = plan(run, cx.round_u8, turn.seat, turn.prompt, schema)?;
    let parse = turn.parse;
    run.ask(plan, &|_: &CallPlan, text: &str| parse(text, &cx.order))
        .await
        .required(&format!("Round {}'s {}", cx.round, turn.seat.id()))
}

/// Moves to `phase`; the champion of round 2+ comes after the moderator of the round before.
fn enter_phase(run: &PrioritizeRun<'_>, round: u8, phase: PrioritizeState) -> Result<(), Stop> {
    if run.state() == phase {
        return Ok(()); // resumed at this phase
    }
    if phase == PrioritizeState::Champion {
        run.begin_round(round, phase)
    } else {
        run.enter(phase)
    }
}

fn plan<'p>(
    run: &'p PrioritizeRun<'_>,
    round: u8,
    seat: Partner,
    prompt: Prompt,
    response_schema: Option<(String, Value)>,
) -> Result<CallPlan<'p>, Stop> {
    let participant = run
        .config
        .partner(seat)
        .ok_or_else(|| Stop::Failed(format!("There is no {}.", seat.title())))?;
    Ok(CallPlan {
        reply_key: None,
        staggered: false,
        call_id: CallId::seat(round, seat.id()),
        round,
        participant,
        prompt,
        response_schema,
        tokens_saved_via_filtering: 0,
        web_search: None,
    })
}

/// The round as the seed stores it: each partner's part with what its calls cost, and consensus
/// only where the code agrees with the moderator.
fn assemble(
    run: &PrioritizeRun<'_>,
    cx: &Context,
    champion: ChampionPart,
    critic: CriticPart,
    moderator: ModeratorReply,
) -> DebateRound {
    let cost_of = |seat: Partner| {
        run.read(|s| {
            s.calls
                .iter()
                .filter(|c| c.round == cx.round_u8 && c.participant_id == seat.id())
                .filter_map(|c| c.cost_usd)
                .fold(0.0, |total, cost| total + cost) // not sum(): it starts at -0.0
        })
    };
    let mut finished = DebateRound {
        round_number: cx.round,
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
    match rankings::consensus(&finished, cx.previous.as_ref()) {
        Ok(()) => finished.consensus_reached = true,
        Err(reason) if finished.moderator_claimed_consensus => {
            finished.consensus_refused = Some(reason)
        }
        Err(_) => {}
    }
    finished
}
