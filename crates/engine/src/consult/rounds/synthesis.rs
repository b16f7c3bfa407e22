//! Round 2, Synthesis: the judge reads every independent answer in full.
use crate::consult::reply_envelope;
use crate::consult::ConsultRun as Run;
use crate::consult::{caching, prompts};
use crate::harness::asking::CallPlan;
use crate::harness::run::Stop;
use crate::record::consult::artifacts::{synthesis_schema, SynthesisArtifact, SYNTHESIS};
use crate::record::consult::reply_keys::SYNTHESIS_KEY;
use crate::record::CallId;
use crate::text::reply_parse::parse_reply;

pub(in crate::consult) async fn run_round(run: &Run<'_>) -> Result<(), Stop> {
    run.enter_round(2)?;
    let round1 = run.body(|session| session.round1.clone());
    let labels = run.peer_labels(&run.config.judge.id);
    let plan = CallPlan {
        call_id: CallId::seat(2, "judge"),
        round: 2,
        participant: &run.config.judge,
        prompt: caching::for_round(
            prompts::synthesis(
                &run.subject,
                &labels.answers(&round1),
                run.config.structured_output,
            ),
            &run.config,
            2,
            &run.config.judge,
        ),
        response_schema: reply_envelope::schema_for(&run.config, SYNTHESIS_KEY, synthesis_schema),
        reply_key: reply_envelope::reply_key(&run.config, SYNTHESIS_KEY),
        staggered: false,
        tokens_saved_via_filtering: 0,
        web_search: None,
    };
    let plan = reply_envelope::told_its_key(plan);
    let synthesis = run
        .ask(plan, &|_: &CallPlan, text: &str| {
            let fields = run.envelope_fields(SYNTHESIS);
            let mut parsed = parse_reply(text, fields, SynthesisArtifact::validate)
                .map_err(|e| e.to_string())?;
            labels.restore_synthesis(&mut parsed.value);
            let synthesis = &parsed.value;
            run.check_agents(&labels, synthesis.named_agents())?;
            Ok(parsed)
        })
        .await
        .required("The judge's synthesis (round 2)")?;
    run.store_round(2, |session| session.round2 = Some(synthesis));
    Ok(())
}
