//! Round 3, Cross-examination: every panelist, at once, confronts the synthesis with its own answer
//! (challenging or defending); then the judge merges the replies into one record.
use crate::consult::artifacts::{
    cross_exam_reply_schema, cross_exam_schema, CrossExamArtifact, CrossExamReply,
    SynthesisArtifact, CROSS_EXAM,
};
use crate::consult::filtering::filter_synthesis;
use crate::consult::prompts;
use crate::consult::ConsultRun as Run;
use crate::harness::io::ModelCaller;
use crate::harness::CallPlan;
use crate::harness::Stop;
use crate::reply_parse::{parse_reply, ParsedReply};

pub(in crate::consult) async fn run_round<C: ModelCaller>(run: &Run<'_, C>) -> Result<(), Stop> {
    run.enter_round(3)?;
    let (round1, synthesis) = run.body(|s| (s.round1.clone(), s.round2.clone()));
    let synthesis = synthesis.ok_or_else(|| Stop::missing("the round 2 synthesis"))?;
    let shown = if run.config.verbose {
        synthesis.clone()
    } else {
        filter_synthesis(&synthesis, run.config.filter_limits.round3)
    };

    // Only panelists with a round 1 answer take part: they cross-examine from that answer.
    let plans = round1
        .iter()
        .filter_map(|answer| {
            let panelist = run
                .config
                .panelists
                .iter()
                .find(|p| p.id == answer.agent_id)?;
            let prompt = prompts::cross_exam(&run.subject, panelist, answer, &shown);
            let unfiltered = prompts::cross_exam(&run.subject, panelist, answer, &synthesis);
            Some(CallPlan {
                call_id: format!("r3-{}", panelist.id),
                round: 3,
                participant: panelist,
                tokens_saved_via_filtering: prompt.tokens_saved_versus(&unfiltered),
                prompt,
                response_schema: run.schema("cross_exam_reply", cross_exam_reply_schema),
            })
        })
        .collect();
    let replies = run
        .ask_panel(plans, &|_: &CallPlan, text: &str| {
            let parsed = parse_reply(text, Default::default(), CrossExamReply::validate)
                .map_err(|e| e.to_string())?;
            run.check_agents(
                parsed
                    .value
                    .challenges
                    .iter()
                    .map(|c| c.target_agent.as_str()),
            )?;
            Ok(parsed)
        })
        .await?;
    if replies.valid.is_empty() {
        return Err(Stop::Failed(format!(
            "Round 3 got no usable cross-examination reply. {}",
            replies.failures.join(" ")
        )));
    }

    let cross_exam = merge(run, &synthesis, &shown, &replies.valid).await?;
    run.store_round(3, |session| session.round3 = Some(cross_exam));
    Ok(())
}

/// The judge's merge of the replies, checked against them: when nobody challenged, the record
/// can hold no challenge and nothing unresolved.
async fn merge<C: ModelCaller>(
    run: &Run<'_, C>,
    synthesis: &SynthesisArtifact,
    shown: &SynthesisArtifact,
    replies: &[(String, CrossExamReply)],
) -> Result<CrossExamArtifact, Stop> {
    let prompt = prompts::cross_exam_merge(&run.subject, shown, replies);
    let unfiltered = prompts::cross_exam_merge(&run.subject, synthesis, replies);
    let plan = CallPlan {
        call_id: "r3-judge".to_string(),
        round: 3,
        participant: &run.config.judge,
        tokens_saved_via_filtering: prompt.tokens_saved_versus(&unfiltered),
        prompt,
        response_schema: run.schema("cross_exam", cross_exam_schema),
    };
    let anyone_challenged = replies
        .iter()
        .any(|(_, reply)| !reply.challenges.is_empty());
    run.ask(plan, &|_: &CallPlan, text: &str| {
        let fields = run.envelope_fields(CROSS_EXAM);
        let parsed: ParsedReply<CrossExamArtifact> =
            parse_reply(text, fields, CrossExamArtifact::validate).map_err(|e| e.to_string())?;
        run.check_agents(
            parsed
                .value
                .challenges
                .iter()
                .flat_map(|c| [c.challenger.as_str(), c.target_agent.as_str()])
                .chain(parsed.value.rebuttals.iter().map(|r| r.agent.as_str())),
        )?;
        let merged = &parsed.value;
        let invented = !merged.challenges.is_empty() || !merged.unresolved.is_empty();
        if invented && !anyone_challenged {
            return Err(
                "No panelist raised a challenge, so challenges and unresolved must be \
                        empty lists."
                    .to_string(),
            );
        }
        Ok(parsed)
    })
    .await
    .required("The judge's record of the cross-examination (round 3)")
}
