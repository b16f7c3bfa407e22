//! Round 4, Verdict: the judge decides from all answers in full and the debate (filtered unless
//! verbose); the confidence is then checked in code.
use crate::consult::caching;
use crate::consult::confidence::check_confidence_on;
use crate::consult::evidence::Grounds;
use crate::consult::filtering::{filter_cross_exam, filter_synthesis};
use crate::consult::material::with_material;
use crate::consult::prompts::{self, Detail};
use crate::consult::reply_envelope;
use crate::consult::ConsultRun as Run;
use crate::foundation::ids::ParticipantId;
use crate::harness::asking::CallPlan;
use crate::harness::run::Stop;
use crate::material::web::council_searches;
use crate::record::consult::artifacts::final_answer::require_final_answer;
use crate::record::consult::artifacts::{verdict_schema_for, VerdictArtifact, VERDICT};
use crate::record::consult::reply_keys::VERDICT_KEY;
use crate::record::CallId;
use crate::text::reply_parse::parse_reply;

pub(in crate::consult) async fn run_round(run: &Run<'_>) -> Result<(), Stop> {
    run.enter_round(4)?;
    let (round1, synthesis, cross_exam, earlier) = run.body(|s| {
        (
            s.round1.clone(),
            s.round2.clone(),
            s.round3.clone(),
            s.follows.clone(),
        )
    });
    let synthesis = synthesis.ok_or_else(|| Stop::missing("the round 2 synthesis"))?;
    let cross_exam = cross_exam.ok_or_else(|| Stop::missing("the round 3 cross-examination"))?;
    let limits = run.config.filter_limits.round4;
    let (synthesis_shown, cross_exam_shown, detail) = if run.config.verbose {
        (synthesis.clone(), cross_exam.clone(), Detail::Full)
    } else {
        (
            filter_synthesis(&synthesis, limits.synthesis()),
            filter_cross_exam(&cross_exam, limits.cross_exam()),
            Detail::Filtered,
        )
    };
    let structured = run.config.structured_output;
    // The judge sees the panelists by its labels (bias controls, see `peers`).
    let labels = run.peer_labels(&run.config.judge.id);
    let answers = labels.answers(&round1);
    let prompt = caching::for_round(
        prompts::verdict(
            &run.subject,
            &answers,
            &labels.synthesis(&synthesis_shown),
            &labels.synthesis(&synthesis),
            &labels.cross_exam(&cross_exam_shown),
            detail,
            structured,
            run.config.final_answer,
            earlier.as_ref(),
        ),
        &run.config,
        4,
        &run.config.judge,
    );
    let unfiltered = with_material(
        prompts::verdict(
            &run.subject,
            &answers,
            &labels.synthesis(&synthesis),
            &labels.synthesis(&synthesis),
            &labels.cross_exam(&cross_exam),
            Detail::Full,
            structured,
            run.config.final_answer,
            earlier.as_ref(),
        ),
        &run.config.material,
        &run.config.judge,
    );
    let plan = CallPlan {
        call_id: CallId::seat(4, "judge"),
        round: 4,
        participant: &run.config.judge,
        tokens_saved_via_filtering: prompt.tokens_saved_versus(&unfiltered),
        prompt,
        response_schema: reply_envelope::schema_for(&run.config, VERDICT_KEY, || {
            verdict_schema_for(run.config.final_answer, !run.config.material.is_empty())
        }),
        reply_key: reply_envelope::reply_key(&run.config, VERDICT_KEY),
        staggered: false,
        web_search: None,
    };
    let plan = reply_envelope::told_its_key(plan);
    let verdict = run
        .ask(plan, &|_: &CallPlan, text: &str| {
            let fields = run.envelope_fields(VERDICT);
            let mut parsed = parse_reply(text, fields, |verdict: &VerdictArtifact| {
                verdict.validate()?;
                if run.config.final_answer {
                    require_final_answer(&verdict.final_answer)?;
                }
                Ok(())
            })
            .map_err(|e| e.to_string())?;
            labels.restore_verdict(&mut parsed.value);
            run.check_agents(
                &labels,
                parsed.value.dissent.iter().map(|d| d.agent.as_str()),
            )?;
            Ok(parsed)
        })
        .await
        .required("The judge's verdict (round 4)")?;
    // The check sees the full debate: a concern filtered out of the judge's view still counts.
    let panel: Vec<ParticipantId> = run.config.panelists.iter().map(|p| p.id.clone()).collect();
    // The judge's links are held to every search of the council (rounds 1 and 3).
    let searches = run.read(|s| council_searches(&s.calls));
    let grounds = Grounds {
        material: &run.config.material,
        searches: run.config.search_web.then_some(searches.as_slice()),
    };
    let check = check_confidence_on(&verdict, &round1, &synthesis, &cross_exam, &panel, grounds);
    run.store_round(4, |session| {
        session.round4 = Some(verdict);
        session.confidence_check = Some(check);
    });
    Ok(())
}
