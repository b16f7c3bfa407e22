//! One DEBATE round: every member gives an opinion in parallel, the engine grounds each one, the
//! quorum decides the round's outcome, and the round is stored with its transitions.
use super::quorum::{quorum, QuorumOutcome};
use super::replies::{persona_reply_schema, persona_reply_schema_citing_context, PersonaReply};
use super::verdict::{
    arrow, conclude_without_consensus, set_verdict, synthesis_verdict, verdict_findings,
};
use super::{context_files, diff, grounding, prompts, secrets, ReviewRun};
use crate::material::seats::sees_images;
use crate::record::review::body::{Opinion, ReviewBody, ReviewRound, MAX_ROUNDS};
use crate::record::review::committee::ReviewerRole;
use crate::record::review::reply::Vote;
use crate::record::review::state::ReviewState;
use crate::record::sources::Source;
use crate::record::CallId;
use crate::text::mask::mask_secrets;
use crate::text::reply_parse::parse_reply;
use crate::{harness::asking::CallPlan, harness::asking::PanelAnswers, harness::run::Stop};

/// What the committee has on the table this round: the current code, the scan's facts, the
/// opinions of the round before on the same code, and a compromise it continues under.
struct Table {
    code: String,
    hits: Vec<crate::record::review::body::SecretHit>,
    previous: Vec<Opinion>,
    compromise: Option<String>,
}

/// Round `round` of the session, the `of_deliberation`-th on the current code.
pub(super) async fn debate_round(
    run: &ReviewRun<'_>,
    round: u8,
    of_deliberation: u8,
) -> Result<(), Stop> {
    let from = run.state();
    run.begin_round(round, ReviewState::Debate)?;
    let table = run.body(|b| table(b, &run.subject));
    // The committee reads the code with every secret the scan finds masked: its
    // prompts go to every provider on the committee, and the scan's facts already say what was
    // found where ("app/config.py:4: an AWS access key id (AKIA…QD)"), the SRE's veto ground.
    // Masks hold no line break, so paths and line numbers, which findings are checked against,
    // stay as they are.
    let masked = mask_secrets(&table.code, &secrets::secrets_in_versions(&table.code, &[]));
    let parsed = diff::ParsedDiff::parse(&masked);
    // The context files likewise, before any provider sees them; quotes are checked against them
    // as the committee read them.
    let context_files = context_files::as_the_committee_reads(&run.config.material);
    let context = prompts::RoundContext {
        round: of_deliberation,
        max_rounds: MAX_ROUNDS,
        diff: &parsed,
        config: &run.config,
        secret_hits: &table.hits,
        previous: &table.previous,
        compromise: table.compromise.as_deref(),
        context_files: &context_files,
    };
    let answers = run
        .ask_panel(plans(run, round, &context), &|_: &CallPlan, text: &str| {
            parse_reply(text, Default::default(), PersonaReply::validate).map_err(|e| e.to_string())
        })
        .await?;
    let opinions = opinions_from(run, &answers, &parsed, &context_files, &table.hits);
    let votes: Vec<Vote> = opinions.iter().map(|o| o.vote).collect();
    let outcome = quorum(&votes);
    let outcome_state = outcome_state(outcome, &votes);
    store(run, round, from, &opinions, outcome, outcome_state);
    if outcome_state != ReviewState::Debate {
        run.enter(outcome_state)?;
    }
    conclude_if_decided(run, of_deliberation, outcome, &opinions, &table.hits);
    Ok(())
}

fn table(body: &ReviewBody, subject: &str) -> Table {
    let last = body
        .rounds
        .last()
        .filter(|r| r.code_version == body.code_version());
    Table {
        code: body.current_code(subject).to_string(),
        hits: body.secret_hits.clone(),
        previous: last.map(|r| r.opinions.clone()).unwrap_or_default(),
        compromise: last
            .and_then(|r| r.compromise.as_ref())
            .filter(|c| c.accepted)
            .and_then(|c| c.offer.clone()),
    }
}

/// One call per member of the committee, in its order, for the session's round `round`.
fn plans<'p>(
    run: &'p ReviewRun<'_>,
    round: u8,
    context: &prompts::RoundContext,
) -> Vec<CallPlan<'p>> {
    run.config
        .members
        .iter()
        .filter_map(|member| {
            let role = ReviewerRole::from_id(member.id.as_str())?;
            Some(CallPlan {
                reply_key: None,
                staggered: false,
                call_id: CallId::seat(round, &member.id),
                round,
                participant: member,
                prompt: prompts::opinion(role, context, sees_images(member)),
                response_schema: if context.context_files.is_empty() {
                    run.schema("review_opinion", persona_reply_schema)
                } else {
                    run.schema("review_opinion", persona_reply_schema_citing_context)
                },
                tokens_saved_via_filtering: 0,
                web_search: None,
            })
        })
        .collect()
}

/// Each member's opinion as the engine counts it: grounded in the diff, and an ABSTAIN for a
/// failed or missing reply.
fn opinions_from(
    run: &ReviewRun<'_>,
    answers: &PanelAnswers<PersonaReply>,
    parsed: &diff::ParsedDiff,
    context_files: &[Source],
    hits: &[crate::record::review::body::SecretHit],
) -> Vec<Opinion> {
    run.config
        .members
        .iter()
        .filter_map(|member| {
            let role = ReviewerRole::from_id(member.id.as_str())?;
            let reply = match answers.valid.iter().find(|(id, _)| *id == member.id) {
                Some((_, reply)) => Ok(reply.clone()),
                None => Err(answers
                    .failed
                    .iter()
                    .find(|(id, _)| *id == member.id)
                    .map(|(_, reason)| reason.clone())
                    .unwrap_or_else(|| "no reply.".to_string())),
            };
            Some(grounding::opinion_of(
                role,
                reply,
                run.config.abstain_threshold,
                &grounding::Ground {
                    diff: parsed,
                    context_files,
                    secret_hits: hits,
                    project_rules: &run.config.rules,
                },
            ))
        })
        .collect()
}

/// The state the round ends in: no quorum with an abstention is an ABSTAIN, without one another
/// DEBATE.
fn outcome_state(outcome: QuorumOutcome, votes: &[Vote]) -> ReviewState {
    match outcome {
        QuorumOutcome::Veto => ReviewState::Veto,
        QuorumOutcome::Synthesis { .. } => ReviewState::Synthesis,
        QuorumOutcome::AllAbstained => ReviewState::Abstain,
        QuorumOutcome::NoQuorum if votes.contains(&Vote::Abstain) => ReviewState::Abstain,
        QuorumOutcome::NoQuorum => ReviewState::Debate,
    }
}

fn store(
    run: &ReviewRun<'_>,
    round: u8,
    from: ReviewState,
    opinions: &[Opinion],
    outcome: QuorumOutcome,
    outcome_state: ReviewState,
) {
    let code_version = run.body(ReviewBody::code_version);
    let mut transitions = vec![arrow(from, ReviewState::Debate)];
    if outcome_state != ReviewState::Debate {
        transitions.push(arrow(ReviewState::Debate, outcome_state));
    }
    run.store_round(round, |b| {
        b.rounds.push(ReviewRound {
            number: round,
            code_version,
            opinions: opinions.to_vec(),
            outcome: outcome_state,
            majority_abstained: matches!(
                outcome,
                QuorumOutcome::Synthesis {
                    majority_abstained: true
                }
            ),
            compromise: None,
            transitions,
        })
    });
}

/// A quorum, a committee that all abstained, or the deliberation's last round without a quorum
/// sets the verdict; a veto or another debate round leaves it open.
fn conclude_if_decided(
    run: &ReviewRun<'_>,
    of_deliberation: u8,
    outcome: QuorumOutcome,
    opinions: &[Opinion],
    hits: &[crate::record::review::body::SecretHit],
) {
    match outcome {
        QuorumOutcome::Synthesis { majority_abstained } => {
            let findings = verdict_findings(opinions, hits);
            let (verdict, reason) = synthesis_verdict(&findings);
            set_verdict(run, verdict, reason, majority_abstained, findings);
        }
        QuorumOutcome::AllAbstained => conclude_without_consensus(
            run,
            "Every member abstained, so no one could carry a decision.".to_string(),
        ),
        QuorumOutcome::NoQuorum if of_deliberation >= MAX_ROUNDS => conclude_without_consensus(
            run,
            format!("No quorum was reached within the {MAX_ROUNDS}-round limit."),
        ),
        QuorumOutcome::Veto | QuorumOutcome::NoQuorum => {}
    }
}
