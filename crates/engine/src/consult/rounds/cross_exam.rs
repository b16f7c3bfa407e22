//! Round 3, Cross-examination: every panelist, at once, confronts the synthesis with its own answer
//! (challenging or defending). The record is assembled in code, verbatim from the replies with
//! each challenger named; the judge is asked only what needs judgment (which challenges no defence
//! answers, which repeat another), and not at all when nobody challenged. A panelist that replies
//! in prose (asked again, still without JSON) is heard: its words are its defence, marked free
//! text (`Rebuttal::free_text`), with no challenge of its own (a challenge needs its target).
use crate::consult::caching;
use crate::consult::filtering::filter_synthesis;
use crate::consult::material::with_material;
use crate::consult::prompts::{self, Detail};
use crate::consult::reply_envelope;
use crate::consult::ConsultRun as Run;
use crate::foundation::ids::ParticipantId;
use crate::harness::asking::CallPlan;
use crate::harness::prompt::Prompt;
use crate::harness::run::Stop;
use crate::record::consult::artifacts::{
    cross_exam_judgment_schema, cross_exam_reply_schema_for, ArtifactEnvelope, Challenge,
    CrossExamArtifact, CrossExamJudgment, CrossExamReply, Rebuttal, CROSS_EXAM,
};
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::reply_keys::{CROSS_EXAM_REPLY_KEY, JUDGMENT_KEY};
use crate::record::CallId;
use crate::text::reply_parse::parse_reply;

pub(in crate::consult) async fn run_round(run: &Run<'_>) -> Result<(), Stop> {
    run.enter_round(3)?;
    ask_round(run).await
}

/// The round once its state is entered (by `run_round`, or by "Cross-examine anyway" from a
/// completed consult).
pub(in crate::consult) async fn ask_round(run: &Run<'_>) -> Result<(), Stop> {
    let (round1, synthesis) = run.body(|s| (s.round1.clone(), s.round2.clone()));
    let synthesis = synthesis.ok_or_else(|| Stop::missing("the round 2 synthesis"))?;
    let (shown, detail) = if run.config.verbose {
        (synthesis.clone(), Detail::Full)
    } else {
        (
            filter_synthesis(&synthesis, run.config.filter_limits.round3),
            Detail::Filtered,
        )
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
            // A seat searching without the schema is told the shape in the prompt.
            let structured = run.config.structured_output
                && !panelist.searches_without_schema(run.config.search_web);
            // The panelist sees its peers by its own labels (bias controls, see `peers`).
            let labels = run.peer_labels(&panelist.id);
            let answer = labels.answer(answer);
            let prompt = caching::for_round(
                prompts::cross_exam(
                    &run.subject,
                    panelist,
                    &answer,
                    &labels.synthesis(&shown),
                    detail,
                    structured,
                ),
                &run.config,
                3,
                panelist,
            );
            let unfiltered = with_material(
                prompts::cross_exam(
                    &run.subject,
                    panelist,
                    &answer,
                    &labels.synthesis(&synthesis),
                    Detail::Full,
                    structured,
                ),
                &run.config.material,
                panelist,
            );
            Some(
                CallPlan {
                    call_id: CallId::seat(3, &panelist.id),
                    round: 3,
                    participant: panelist,
                    tokens_saved_via_filtering: prompt.tokens_saved_versus(&unfiltered),
                    prompt,
                    response_schema: reply_envelope::schema_for(
                        &run.config,
                        CROSS_EXAM_REPLY_KEY,
                        || cross_exam_reply_schema_for(!run.config.material.is_empty()),
                    ),
                    reply_key: reply_envelope::reply_key(&run.config, CROSS_EXAM_REPLY_KEY),
                    staggered: caching::staggered(&run.config, 3, panelist),
                    web_search: None,
                }
                // A challenge may bring new evidence.
                .searching(run.config.search_web),
            )
            .map(reply_envelope::told_its_key)
        })
        .collect();
    let parse = |plan: &CallPlan, text: &str| {
        let mut parsed = parse_reply(text, Default::default(), CrossExamReply::validate)
            .map_err(|e| e.to_string())?;
        let labels = run.peer_labels(&plan.participant.id);
        labels.restore_reply(&mut parsed.value);
        run.check_agents(
            &labels,
            parsed
                .value
                .challenges
                .iter()
                .map(|c| c.target_agent.as_str()),
        )?;
        Ok(parsed)
    };
    let free_text = |plan: &CallPlan, words: &str| {
        let mut reply = CrossExamReply::free_text_reply(words);
        // Peers named by the panelist's labels ("Answer B") are named as the record names them.
        run.peer_labels(&plan.participant.id)
            .restore_reply(&mut reply);
        reply
    };
    let replies = run
        .ask_panel_or_free_text(plans, &parse, &free_text)
        .await?;
    if replies.valid.is_empty() {
        return Err(Stop::Failed(format!(
            "Round 3 got no usable cross-examination reply. {}",
            replies.failures.join(" ")
        )));
    }

    let cross_exam = judge(run, &replies.valid).await?;
    run.store_round(3, |session| session.round3 = Some(cross_exam));
    Ok(())
}

/// The record of the replies (`(panelist id, reply)` in panel order): every challenge as its
/// panelist wrote it, with the panelist as challenger, and every defence as a rebuttal.
pub(crate) fn assemble(
    replies: &[(ParticipantId, CrossExamReply)],
) -> (Vec<Challenge>, Vec<Rebuttal>) {
    let challenges = replies
        .iter()
        .flat_map(|(agent, reply)| {
            reply.challenges.iter().map(move |c| Challenge {
                citations: c.citations.clone(),
                challenger: agent.clone(),
                target_agent: c.target_agent.clone(),
                challenge: c.challenge.clone(),
                evidence: c.evidence.clone(),
                also_raised_by: Vec::new(),
            })
        })
        .collect();
    let rebuttals = replies
        .iter()
        .map(|(agent, reply)| Rebuttal {
            agent: agent.clone(),
            rebuttal: reply.defense.clone(),
            free_text: reply.free_text,
        })
        .collect();
    (challenges, rebuttals)
}

/// Applies the judge's judgment to the assembled record: duplicates fold into the challenge they
/// repeat (its challenger noted), and the unresolved ones are listed as they read.
pub(crate) fn apply_judgment(
    envelope: ArtifactEnvelope,
    challenges: Vec<Challenge>,
    rebuttals: Vec<Rebuttal>,
    judgment: &CrossExamJudgment,
) -> CrossExamArtifact {
    // Where each challenge number ends up: itself, or (following chains) the one it repeats.
    let kept_as = |mut number: usize| {
        while let Some(d) = judgment
            .duplicate_challenges
            .iter()
            .find(|d| d.challenge == number)
        {
            number = d.same_as;
        }
        number
    };
    let mut kept = challenges.clone();
    for (index, challenge) in challenges.iter().enumerate() {
        let into = kept_as(index + 1);
        let original = &mut kept[into - 1].also_raised_by;
        if into != index + 1
            && challenge.challenger != challenges[into - 1].challenger
            && !original.contains(&challenge.challenger)
        {
            original.push(challenge.challenger.clone());
        }
    }
    let mut unresolved_numbers: Vec<usize> = Vec::new();
    for number in judgment.unresolved.iter().map(|n| kept_as(*n)) {
        if !unresolved_numbers.contains(&number) {
            unresolved_numbers.push(number);
        }
    }
    let unresolved = unresolved_numbers
        .iter()
        .map(|n| kept[n - 1].challenge.clone())
        .collect();
    let challenges = kept
        .into_iter()
        .enumerate()
        .filter(|(index, _)| kept_as(index + 1) == index + 1)
        .map(|(_, challenge)| challenge)
        .collect();
    CrossExamArtifact {
        envelope,
        challenges,
        rebuttals,
        unresolved,
    }
}

/// The record of round 3, with the judge's judgment when anyone challenged.
/// The judge's round-3 judgment as it is sent. Without material it opens with the question alone,
/// a one-off; with material it opens with the material like every other call (docs/design.md,
/// "Material: what the council reads"), so the challenges' quotes can be weighed against it and
/// the judge's model serves the material from the cache its synthesis wrote.
pub fn judgment_prompt(config: &ConsultConfig, prompt: Prompt) -> Prompt {
    if config.material.is_empty() {
        prompt.one_off()
    } else {
        caching::for_round(prompt, config, 3, &config.judge)
    }
}

async fn judge(
    run: &Run<'_>,
    replies: &[(ParticipantId, CrossExamReply)],
) -> Result<CrossExamArtifact, Stop> {
    let (challenges, rebuttals) = assemble(replies);
    let envelope = ArtifactEnvelope::new(CROSS_EXAM, run.now());
    let no_judgment = CrossExamJudgment {
        unresolved: Vec::new(),
        duplicate_challenges: Vec::new(),
    };
    if challenges.is_empty() {
        return Ok(apply_judgment(
            envelope,
            challenges,
            rebuttals,
            &no_judgment,
        ));
    }
    let count = challenges.len();
    let labels = run.peer_labels(&run.config.judge.id);
    let plan = CallPlan {
        call_id: CallId::seat(3, "judge"),
        round: 3,
        participant: &run.config.judge,
        // The judge reads the challenges and defences only: the synthesis is not needed to judge
        // whether a defence answers a challenge, so nothing here is filtered.
        tokens_saved_via_filtering: 0,
        prompt: judgment_prompt(
            &run.config,
            prompts::cross_exam_judgment(
                &run.subject,
                &labels.challenges(&challenges),
                &labels.rebuttals(&rebuttals),
                run.config.structured_output,
            ),
        ),
        response_schema: reply_envelope::schema_for(&run.config, JUDGMENT_KEY, || {
            cross_exam_judgment_schema(count)
        }),
        reply_key: reply_envelope::reply_key(&run.config, JUDGMENT_KEY),
        staggered: false,
        web_search: None,
    };
    let plan = reply_envelope::told_its_key(plan);
    let judgment = run
        .ask(plan, &|_: &CallPlan, text: &str| {
            parse_reply(text, Default::default(), |j: &CrossExamJudgment| {
                j.validate(count)
            })
            .map_err(|e| e.to_string())
        })
        .await
        .required("The judge's judgment of the cross-examination (round 3)")?;
    Ok(apply_judgment(envelope, challenges, rebuttals, &judgment))
}
