//! After a veto: the Business Driver offers a Cost-of-Delay compromise and each vetoer accepts it
//! or not. Accepted by every vetoer, the committee debates again under it; otherwise the veto is
//! irreconcilable and the review concludes REQUEST_CHANGES (the user may still amend the code,
//! which starts a new deliberation).
use super::quorum::{verdict_for, Ending};
use super::replies::{acceptance_schema, compromise_schema, AcceptanceReply, CompromiseReply};
use super::verdict::{set_verdict, verdict_findings, with_unchecked};
use super::{diff, prompts, ReviewRun};
use crate::foundation::ids::ParticipantId;
use crate::record::review::body::{Compromise, Opinion, VetoerAnswer};
use crate::record::review::committee::ReviewerRole;
use crate::record::review::reply::Vote;
use crate::record::{CallId, Step};
use crate::text::reply_parse::parse_reply;
use crate::{harness::asking::Answer, harness::asking::CallPlan, harness::run::Stop};

pub(super) async fn compromise(run: &ReviewRun<'_>) -> Result<(), Stop> {
    let (round, opinions) = run.body(|b| {
        let last = b.rounds.last().expect("a veto follows a round");
        (last.number, last.opinions.clone())
    });
    let vetoes: Vec<Opinion> = opinions
        .iter()
        .filter(|o| o.vote == Vote::Veto)
        .cloned()
        .collect();
    let code = run.body(|b| b.current_code(&run.subject).to_string());
    let parsed = diff::ParsedDiff::parse(&code);
    let vetoers: Vec<(ReviewerRole, &Opinion)> = vetoes
        .iter()
        .filter_map(|o| Some((ReviewerRole::from_id(o.member_id.as_str())?, o)))
        .collect();
    let result = offer(run, round, &vetoers, &parsed).await?;
    let accepted = result.accepted;
    run.update_body(|b| {
        if let Some(last) = b.rounds.last_mut() {
            last.compromise = Some(result.clone());
        }
    });
    if accepted {
        return Ok(());
    }
    // Irreconcilable: the review concludes REQUEST_CHANGES with the round's fix items.
    let hits = run.body(|b| b.secret_hits.clone());
    let findings = verdict_findings(&opinions, &hits);
    let why = result.why_not.clone().unwrap_or_default();
    set_verdict(
        run,
        verdict_for(Ending::IrreconcilableVeto),
        with_unchecked(format!("The veto is irreconcilable. {why}"), &findings),
        false,
        findings,
    );
    Ok(())
}

/// The Business Driver's offer and the vetoers' answers (or why there is no compromise).
async fn offer(
    run: &ReviewRun<'_>,
    round: u8,
    vetoers: &[(ReviewerRole, &Opinion)],
    parsed: &diff::ParsedDiff,
) -> Result<Compromise, Stop> {
    let mut result = Compromise {
        offer: None,
        cost_of_delay: None,
        answers: Vec::new(),
        accepted: false,
        why_not: None,
    };
    let driver = run
        .config
        .members
        .iter()
        .find(|m| m.id == ReviewerRole::BusinessDriver.id());
    let Some(driver) = driver else {
        result.why_not =
            Some("There is no Business Driver on the committee to offer a compromise.".into());
        return Ok(result);
    };
    let plan = CallPlan {
        reply_key: None,
        staggered: false,
        call_id: CallId::seat(round, "business_driver").at_step(Step::Compromise),
        round,
        participant: driver,
        prompt: prompts::compromise(vetoers, parsed),
        response_schema: run.schema("compromise", compromise_schema),
        tokens_saved_via_filtering: 0,
        web_search: None,
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
            result.answers = ask_vetoers(run, round, vetoers, &offer).await?;
            result.accepted = result.answers.iter().all(|a| a.accept);
            if !result.accepted {
                result.why_not = Some("Not every vetoer accepted the compromise.".into());
            }
        }
        Answer::Failed(reason) => {
            result.why_not = Some(format!("The Business Driver's compromise failed: {reason}"))
        }
        Answer::Cancelled => return Err(Stop::Aborted),
        Answer::OverBudget(reason) => return Err(Stop::OverBudget(reason)),
    }
    Ok(result)
}

async fn ask_vetoers(
    run: &ReviewRun<'_>,
    round: u8,
    vetoers: &[(ReviewerRole, &Opinion)],
    offer: &CompromiseReply,
) -> Result<Vec<VetoerAnswer>, Stop> {
    let plans = vetoers
        .iter()
        .filter_map(|(role, opinion)| {
            let member = run.config.members.iter().find(|m| m.id == role.id())?;
            Some(CallPlan {
                reply_key: None,
                staggered: false,
                call_id: CallId::seat(round, role.id()).at_step(Step::Accept),
                round,
                participant: member,
                prompt: prompts::acceptance(
                    *role,
                    opinion,
                    &offer.compromise,
                    &offer.cost_of_delay,
                ),
                response_schema: run.schema("acceptance", acceptance_schema),
                tokens_saved_via_filtering: 0,
                web_search: None,
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
            let id = ParticipantId::from(role.id());
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
