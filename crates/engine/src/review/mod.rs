//! The Review protocol (seed 002): a committee of reviewer personas deliberates over a code change
//! and concludes APPROVED, REQUEST_CHANGES or INCONCLUSIVE.
//!
//! 1. **PROPOSAL**: the change is tabled. It is parsed in code, and its added lines are scanned
//!    for secrets; the hits go to the committee as facts.
//! 2. **DEBATE** (a round): every member, in parallel, gives `{state, confidence, opinion,
//!    fix_items}`. The engine decides what each counts as: below the confidence threshold, or a
//!    reply that could not be used (after one re-ask), is an ABSTAIN; a VETO from a member who holds
//!    none, or without a finding verified against the diff, is an objection (DEBATE). From round 2
//!    each member sees the others' opinions.
//! 3. **Quorum**, in code: any VETO -> VETO; SYNTHESIS from >= 2/3 of the members who did not
//!    abstain -> SYNTHESIS -> CONCLUSION; everyone abstained -> ABSTAIN -> CONCLUSION
//!    (INCONCLUSIVE); otherwise another DEBATE round, and at the 5-round limit CONCLUSION
//!    (INCONCLUSIVE).
//! 4. **VETO**: the Business Driver offers a Cost-of-Delay compromise and each vetoer accepts or
//!    not. Accepted by every vetoer -> DEBATE under the compromise. Otherwise (or with no Business
//!    Driver) the veto is irreconcilable: the verdict is REQUEST_CHANGES and the run waits for the
//!    user, who amends the code (VETO -> PROPOSAL, a new round) or accepts it (VETO -> CONCLUSION).
//!
//! Running out of budget fails the review (resumable), like Consult.
pub mod committee;
pub mod demo;
pub mod diff;
pub mod grounding;
pub mod prompts;
pub mod quorum;
pub mod reply;
pub mod report;
pub mod secrets;
pub mod stored;

// Review's stored data lives in the record (the layer below); these keep its old paths.
pub use crate::record::review::{body, state};

use crate::record::review::body::{
    Compromise, Finding, Opinion, ReviewBody, ReviewConfig, ReviewRound, Verdict, VetoerAnswer,
    MAX_ROUNDS,
};
use crate::record::review::committee::ReviewerRole;
use crate::record::review::reply::Vote;
use crate::record::review::state::ReviewState;
use quorum::{quorum, verdict_for, Ending, QuorumOutcome};
use reply::{
    acceptance_schema, compromise_schema, persona_reply_schema, AcceptanceReply, CompromiseReply,
    PersonaReply,
};

use crate::harness::events::EventSink;
use crate::harness::io::{Clock, ModelCaller};
use crate::harness::protocol::state_of;
use crate::harness::{Answer, CallPlan, Protocol, Run, StateMachine, Stop};
use crate::record::{self, Body, ProtocolBody, Session};
use crate::reply_parse::parse_reply;
use crate::timestamp::rfc3339_utc;

/// Review, as the harness knows it.
pub struct Review;

impl Protocol for Review {
    const KIND: record::Protocol = record::Protocol::Review;
    type State = ReviewState;
    type Body = ReviewBody;
    type Config = ReviewConfig;

    fn config(body: &ReviewBody) -> ReviewConfig {
        body.config.clone()
    }

    fn max_tokens(config: &ReviewConfig) -> u32 {
        config.max_tokens
    }

    fn budget_usd(config: &ReviewConfig) -> Option<f64> {
        config.budget_usd
    }
}

type ReviewRun<'a, C> = Run<'a, C, Review>;

/// What the user is asked after an irreconcilable veto.
pub const AWAITING_AMENDMENT: &str =
    "The veto stands. Amend the code to start a new round, or accept the verdict.";

impl Session {
    /// A new review of `code` (a unified diff, or plain code) by `config`'s committee.
    pub fn new_review(id: String, code: String, config: ReviewConfig, now_ms: u64) -> Self {
        let participants = config.members.clone();
        let demo = config.demo;
        let title = review_title(&code);
        let budget = config.budget_usd;
        let mut session = Session::new(
            id,
            code,
            participants,
            Body::Review(Box::new(ReviewBody {
                config,
                amendments: Vec::new(),
                secret_hits: Vec::new(),
                rounds: Vec::new(),
                verdict: None,
                awaiting_user: None,
            })),
            demo,
            now_ms,
        );
        session.title = title;
        session.cost.budget_usd = budget;
        session
    }

    pub fn review(&self) -> &ReviewBody {
        ReviewBody::of(&self.body).expect("a Review session")
    }

    pub fn review_state(&self) -> Option<ReviewState> {
        state_of::<Review>(self)
    }
}

/// "Review of src/db.py, config.py" (or "Review of pasted code").
pub fn review_title(code: &str) -> String {
    let parsed = diff::ParsedDiff::parse(code);
    if parsed.notice.is_some() {
        return record::title_of(&format!(
            "Review of pasted code: {}",
            record::title_of(code)
        ));
    }
    let paths: Vec<&str> = parsed.files.iter().map(|f| f.path.as_str()).collect();
    let shown = paths.iter().take(3).copied().collect::<Vec<_>>().join(", ");
    let more = paths.len().saturating_sub(3);
    let suffix = if more > 0 {
        format!(" (+{more})")
    } else {
        String::new()
    };
    record::title_of(&format!("Review of {shown}{suffix}"))
}

/// Runs a review until it concludes, fails, is cancelled, or waits for the user. A stored review
/// whose record is invalid (see `stored`) is returned as it is.
pub async fn run_review(
    session: Session,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if matches!(session.review_state(), None | Some(ReviewState::Conclusion)) {
        return session;
    }
    // A hand-edited record that the run would have refused is not continued (nothing is deleted).
    if let Body::Review(body) = &session.body {
        if !stored::stored_review_problems(body).is_empty() {
            return session;
        }
    }
    let run = match Run::<_, Review>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    let outcome = deliberate(&run).await.map(|()| ReviewState::Conclusion);
    run.finish(outcome)
}

/// What the deliberation does next, read from the record (so a resumed run continues correctly).
enum Step {
    Debate { round: u8 },
    Compromise,
    Conclude,
    Wait,
}

fn next_step(body: &ReviewBody) -> Step {
    if body.awaiting_user.is_some() {
        return Step::Wait;
    }
    if body.verdict.is_some() {
        return Step::Conclude;
    }
    let version = body.code_version();
    let next_round = body.rounds.len() as u8 + 1;
    match body.rounds.last() {
        Some(last) if last.code_version == version => match (last.outcome, &last.compromise) {
            (ReviewState::Veto, None) => Step::Compromise,
            _ => Step::Debate { round: next_round },
        },
        _ => Step::Debate { round: next_round },
    }
}

/// The state a stopped review resumes in: the outcome of its last round (PROPOSAL before any).
fn resume_point(body: &ReviewBody) -> ReviewState {
    match body.rounds.last() {
        Some(last) if last.code_version == body.code_version() => last.outcome,
        _ => ReviewState::Proposal,
    }
}

async fn deliberate<C: ModelCaller>(run: &ReviewRun<'_, C>) -> Result<(), Stop> {
    run.announce();
    if run.state() == ReviewState::Idle {
        run.enter(ReviewState::Proposal)?;
    } else {
        run.resume_at(run.body(resume_point))?;
    }
    let code = run.body(|b| b.current_code(&run.subject).to_string());
    run.config.validate(&code).map_err(Stop::Failed)?;
    if run.body(|b| b.rounds.is_empty() && b.amendments.is_empty()) {
        let hits = secrets::scan(&diff::ParsedDiff::parse(&code));
        run.update_body(|b| b.secret_hits = hits);
    }
    loop {
        match run.body(next_step) {
            Step::Debate { round } if round > MAX_ROUNDS => {
                conclude_without_consensus(
                    run,
                    format!("No quorum was reached within the {MAX_ROUNDS}-round limit."),
                );
            }
            Step::Debate { round } => debate_round(run, round).await?,
            Step::Compromise => compromise(run).await?,
            Step::Conclude => {
                log_transition(run, run.state(), ReviewState::Conclusion);
                return Ok(());
            }
            Step::Wait => return Err(Stop::Paused(AWAITING_AMENDMENT.to_string())),
        }
    }
}

/// One DEBATE round: every member in parallel, then the quorum check.
async fn debate_round<C: ModelCaller>(run: &ReviewRun<'_, C>, round: u8) -> Result<(), Stop> {
    let from = run.state();
    run.begin_round(round, ReviewState::Debate)?;
    let (code, hits, previous, compromise_text) = run.body(|b| {
        let last = b
            .rounds
            .last()
            .filter(|r| r.code_version == b.code_version());
        (
            b.current_code(&run.subject).to_string(),
            b.secret_hits.clone(),
            last.map(|r| r.opinions.clone()).unwrap_or_default(),
            last.and_then(|r| r.compromise.as_ref())
                .filter(|c| c.accepted)
                .and_then(|c| c.offer.clone()),
        )
    });
    let parsed = diff::ParsedDiff::parse(&code);
    let context = prompts::RoundContext {
        round,
        max_rounds: MAX_ROUNDS,
        diff: &parsed,
        config: &run.config,
        secret_hits: &hits,
        previous: &previous,
        compromise: compromise_text.as_deref(),
    };
    let plans = run
        .config
        .members
        .iter()
        .filter_map(|member| {
            let role = ReviewerRole::from_id(&member.id)?;
            Some(CallPlan {
                call_id: format!("r{round}-{}", member.id),
                round,
                participant: member,
                prompt: prompts::opinion(role, &context),
                response_schema: schema(run, "review_opinion", persona_reply_schema),
                tokens_saved_via_filtering: 0,
            })
        })
        .collect();
    let answers = run
        .ask_panel(plans, &|_: &CallPlan, text: &str| {
            parse_reply(text, Default::default(), PersonaReply::validate).map_err(|e| e.to_string())
        })
        .await?;
    let opinions: Vec<Opinion> = run
        .config
        .members
        .iter()
        .filter_map(|member| {
            let role = ReviewerRole::from_id(&member.id)?;
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
                &parsed,
                &hits,
            ))
        })
        .collect();
    let votes: Vec<Vote> = opinions.iter().map(|o| o.vote).collect();
    let outcome = quorum(&votes);
    let anyone_abstained = votes.contains(&Vote::Abstain);
    let outcome_state = match outcome {
        QuorumOutcome::Veto => ReviewState::Veto,
        QuorumOutcome::Synthesis { .. } => ReviewState::Synthesis,
        QuorumOutcome::AllAbstained => ReviewState::Abstain,
        QuorumOutcome::NoQuorum if anyone_abstained => ReviewState::Abstain,
        QuorumOutcome::NoQuorum => ReviewState::Debate,
    };
    let code_version = run.body(ReviewBody::code_version);
    let mut transitions = vec![arrow(from, ReviewState::Debate)];
    if outcome_state != ReviewState::Debate {
        transitions.push(arrow(ReviewState::Debate, outcome_state));
    }
    run.store_round(round, |b| {
        b.rounds.push(ReviewRound {
            number: round,
            code_version,
            opinions: opinions.clone(),
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
    if outcome_state != ReviewState::Debate {
        run.enter(outcome_state)?;
    }
    match outcome {
        QuorumOutcome::Synthesis { majority_abstained } => {
            let findings = verdict_findings(&opinions, &hits);
            let verdict = verdict_for(Ending::Synthesis {
                fix_items: findings.len(),
            });
            let reason = match findings.len() {
                0 => "The committee reached a quorum with no fix items left.".to_string(),
                n => format!(
                    "The committee reached a quorum, with {n} fix item(s) to address first."
                ),
            };
            set_verdict(run, verdict, reason, majority_abstained, findings);
        }
        QuorumOutcome::AllAbstained => conclude_without_consensus(
            run,
            "Every member abstained, so no one could carry a decision.".to_string(),
        ),
        QuorumOutcome::NoQuorum if round >= MAX_ROUNDS => conclude_without_consensus(
            run,
            format!("No quorum was reached within the {MAX_ROUNDS}-round limit."),
        ),
        QuorumOutcome::Veto | QuorumOutcome::NoQuorum => {}
    }
    Ok(())
}

/// After a veto: the Business Driver's compromise, and each vetoer's answer.
async fn compromise<C: ModelCaller>(run: &ReviewRun<'_, C>) -> Result<(), Stop> {
    let (round, vetoes) = run.body(|b| {
        let last = b.rounds.last().expect("a veto follows a round");
        let vetoes: Vec<Opinion> = last
            .opinions
            .iter()
            .filter(|o| o.vote == Vote::Veto)
            .cloned()
            .collect();
        (last.number, vetoes)
    });
    let code = run.body(|b| b.current_code(&run.subject).to_string());
    let parsed = diff::ParsedDiff::parse(&code);
    let vetoers: Vec<(ReviewerRole, &Opinion)> = vetoes
        .iter()
        .filter_map(|o| Some((ReviewerRole::from_id(&o.member_id)?, o)))
        .collect();
    let driver = run
        .config
        .members
        .iter()
        .find(|m| m.id == ReviewerRole::BusinessDriver.id());
    let mut result = Compromise {
        offer: None,
        cost_of_delay: None,
        answers: Vec::new(),
        accepted: false,
        why_not: None,
    };
    match driver {
        None => {
            result.why_not =
                Some("There is no Business Driver on the committee to offer a compromise.".into())
        }
        Some(driver) => {
            let plan = CallPlan {
                call_id: format!("r{round}-business_driver-compromise"),
                round,
                participant: driver,
                prompt: prompts::compromise(&vetoers, &parsed),
                response_schema: schema(run, "compromise", compromise_schema),
                tokens_saved_via_filtering: 0,
            };
            let offered = run
                .ask(plan, &|_: &CallPlan, text: &str| {
                    parse_reply(text, Default::default(), CompromiseReply::validate)
                        .map_err(|e| e.to_string())
                })
                .await;
            match offered {
                Answer::Valid(offer) => {
                    result.offer = Some(offer.compromise.clone());
                    result.cost_of_delay = Some(offer.cost_of_delay.clone());
                    result.answers = ask_vetoers(run, round, &vetoers, &offer).await?;
                    result.accepted = result.answers.iter().all(|a| a.accept);
                    if !result.accepted {
                        result.why_not = Some("Not every vetoer accepted the compromise.".into());
                    }
                }
                Answer::Failed(reason) => {
                    result.why_not =
                        Some(format!("The Business Driver's compromise failed: {reason}"))
                }
                Answer::Cancelled => return Err(Stop::Aborted),
                Answer::OverBudget(reason) => return Err(Stop::OverBudget(reason)),
            }
        }
    }
    let accepted = result.accepted;
    run.update_body(|b| {
        if let Some(last) = b.rounds.last_mut() {
            last.compromise = Some(result.clone());
        }
    });
    if accepted {
        return Ok(());
    }
    // Irreconcilable: REQUEST_CHANGES stands, unless the user amends the code.
    let (opinions, hits) = run.body(|b| (vetoes.clone(), b.secret_hits.clone()));
    let findings = verdict_findings(&opinions, &hits);
    let why = result.why_not.clone().unwrap_or_default();
    set_verdict(
        run,
        verdict_for(Ending::IrreconcilableVeto),
        format!("The veto is irreconcilable. {why}"),
        false,
        findings,
    );
    run.update_body(|b| b.awaiting_user = Some(AWAITING_AMENDMENT.to_string()));
    Ok(())
}

async fn ask_vetoers<C: ModelCaller>(
    run: &ReviewRun<'_, C>,
    round: u8,
    vetoers: &[(ReviewerRole, &Opinion)],
    offer: &CompromiseReply,
) -> Result<Vec<VetoerAnswer>, Stop> {
    let plans = vetoers
        .iter()
        .filter_map(|(role, opinion)| {
            let member = run.config.members.iter().find(|m| m.id == role.id())?;
            Some(CallPlan {
                call_id: format!("r{round}-{}-accept", role.id()),
                round,
                participant: member,
                prompt: prompts::acceptance(
                    *role,
                    opinion,
                    &offer.compromise,
                    &offer.cost_of_delay,
                ),
                response_schema: schema(run, "acceptance", acceptance_schema),
                tokens_saved_via_filtering: 0,
            })
        })
        .collect();
    let answers = run
        .ask_panel(plans, &|_: &CallPlan, text: &str| {
            parse_reply(text, Default::default(), AcceptanceReply::validate)
                .map_err(|e| e.to_string())
        })
        .await?;
    Ok(vetoers
        .iter()
        .map(|(role, _)| {
            let id = role.id().to_string();
            match answers.valid.iter().find(|(who, _)| *who == id) {
                Some((_, answer)) => VetoerAnswer {
                    member_id: id,
                    accept: answer.accept,
                    reason: answer.reason.clone(),
                },
                None => VetoerAnswer {
                    reason: answers
                        .failed
                        .iter()
                        .find(|(who, _)| *who == id)
                        .map(|(_, reason)| {
                            format!("No usable answer ({reason}), so no acceptance.")
                        })
                        .unwrap_or_else(|| "No answer, so no acceptance.".to_string()),
                    member_id: id,
                    accept: false,
                },
            }
        })
        .collect())
}

/// The findings a verdict asks to fix: the verified ones of `opinions`, and every secret the scan
/// found, one per path + rule. Unverified findings stay visible in their round, but ask for nothing.
fn verdict_findings(opinions: &[Opinion], hits: &[secrets::SecretHit]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = hits.iter().map(grounding::scan_finding).collect();
    findings.extend(
        opinions
            .iter()
            .flat_map(|o| o.findings.iter())
            .filter(|f| f.verified)
            .cloned(),
    );
    grounding::deduplicated(findings)
}

fn conclude_without_consensus<C>(run: &ReviewRun<'_, C>, reason: String) {
    let hits = run.body(|b| b.secret_hits.clone());
    let findings = verdict_findings(&[], &hits);
    set_verdict(
        run,
        verdict_for(Ending::NoConsensus),
        format!("{reason} A person should decide."),
        false,
        findings,
    );
}

fn set_verdict<C>(
    run: &ReviewRun<'_, C>,
    verdict: quorum::ReviewVerdict,
    reason: String,
    majority_abstain_warning: bool,
    fix_items: Vec<Finding>,
) {
    run.update_body(|b| {
        b.verdict = Some(Verdict {
            verdict,
            reason,
            majority_abstain_warning,
            fix_items,
        })
    });
}

/// Adds the final transition to the last round's log.
fn log_transition<C>(run: &ReviewRun<'_, C>, from: ReviewState, to: ReviewState) {
    run.update_body(|b| {
        if let Some(last) = b.rounds.last_mut() {
            last.transitions.push(arrow(from, to));
        }
    });
}

fn arrow(from: ReviewState, to: ReviewState) -> String {
    format!("{} → {}", from.label(), to.label())
}

fn schema<C>(
    run: &ReviewRun<'_, C>,
    name: &str,
    schema: fn() -> serde_json::Value,
) -> Option<(String, serde_json::Value)> {
    run.config
        .structured_output
        .then(|| (name.to_string(), schema()))
}

/// The user amends the code while the run waits after a veto: VETO -> PROPOSAL, and the next run
/// debates the new version. `Err` says why it cannot (not waiting, empty or too large code).
pub fn amend(session: &mut Session, code: String, now_ms: u64) -> Result<(), String> {
    let state = session.review_state();
    let body = ReviewBody::of(&session.body).ok_or("This is not a review.")?;
    if body.awaiting_user.is_none() || state != Some(ReviewState::Veto) {
        return Err("Amended code can be submitted only after a veto.".into());
    }
    body.config.validate(&code)?;
    let to = ReviewState::Veto
        .transition(ReviewState::Proposal)
        .map_err(|e| e.to_string())?;
    let hits = secrets::scan(&diff::ParsedDiff::parse(&code));
    let body = ReviewBody::of_mut(&mut session.body).expect("checked above");
    if let Some(last) = body.rounds.last_mut() {
        last.transitions
            .push(arrow(ReviewState::Veto, ReviewState::Proposal));
    }
    body.amendments.push(code);
    body.secret_hits = hits;
    body.verdict = None;
    body.awaiting_user = None;
    session.state = to.as_str().to_string();
    session.updated_at = rfc3339_utc(now_ms);
    Ok(())
}

/// The user accepts the verdict that stands after an irreconcilable veto: VETO -> CONCLUSION.
pub fn accept_verdict(session: &mut Session, now_ms: u64) -> Result<(), String> {
    let state = session.review_state();
    let body = ReviewBody::of_mut(&mut session.body).ok_or("This is not a review.")?;
    if body.awaiting_user.is_none() || state != Some(ReviewState::Veto) {
        return Err("There is no verdict waiting to be accepted.".into());
    }
    let to = ReviewState::Veto
        .transition(ReviewState::Conclusion)
        .map_err(|e| e.to_string())?;
    if let Some(last) = body.rounds.last_mut() {
        last.transitions
            .push(arrow(ReviewState::Veto, ReviewState::Conclusion));
    }
    body.awaiting_user = None;
    session.state = to.as_str().to_string();
    session.updated_at = rfc3339_utc(now_ms);
    Ok(())
}
