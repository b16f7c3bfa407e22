//! Round 1, Independent: every panelist answers alone, all at once. A panelist that answers in
//! prose (asked again, still without JSON) is heard: its words are its position, marked free text
//! (`IndependentArtifact::free_text`), and the judge's synthesis structures them.
use crate::consult::reply_envelope;
use crate::consult::ConsultRun as Run;
use crate::consult::{caching, prompts};
use crate::harness::asking::CallPlan;
use crate::harness::run::Stop;
use crate::record::consult::artifacts::final_answer::require_final_answer;
use crate::record::consult::artifacts::{
    independent_schema_for, ArtifactEnvelope, IndependentArtifact, INDEPENDENT,
};
use crate::record::consult::reply_keys::INDEPENDENT_KEY;
use crate::record::CallId;
use crate::text::reply_parse::parse_reply;

pub(in crate::consult) async fn run_round(run: &Run<'_>) -> Result<(), Stop> {
    run.enter_round(1)?;
    let earlier = run.body(|s| s.follows.clone());
    let plans = run
        .config
        .panelists
        .iter()
        .map(|panelist| CallPlan {
            call_id: CallId::seat(1, &panelist.id),
            round: 1,
            participant: panelist,
            prompt: caching::for_round(
                prompts::independent(
                    &run.subject,
                    panelist,
                    // A seat searching without the schema is told the shape in the prompt.
                    run.config.structured_output
                        && !panelist.searches_without_schema(run.config.search_web),
                    run.config.final_answer,
                    earlier.as_ref(),
                ),
                &run.config,
                1,
                panelist,
            ),
            response_schema: reply_envelope::schema_for(&run.config, INDEPENDENT_KEY, || {
                independent_schema_for(run.config.final_answer, !run.config.material.is_empty())
            }),
            reply_key: reply_envelope::reply_key(&run.config, INDEPENDENT_KEY),
            staggered: caching::staggered(&run.config, 1, panelist),
            tokens_saved_via_filtering: 0,
            web_search: None,
        })
        // Each panelist researches alone.
        .map(|plan| reply_envelope::told_its_key(plan.searching(run.config.search_web)))
        .collect();
    let parse = |plan: &CallPlan, text: &str| {
        let mut fields = run.envelope_fields(INDEPENDENT);
        // The engine, not the model, says whose answer this is and whether it is free text.
        fields.insert("agent_id".into(), plan.participant.id.as_str().into());
        fields.insert("free_text".into(), false.into());
        parse_reply(text, fields, |answer: &IndependentArtifact| {
            answer.validate()?;
            if run.config.final_answer {
                require_final_answer(&answer.final_answer)?;
            }
            Ok(())
        })
        .map_err(|e| e.to_string())
    };
    let free_text = |plan: &CallPlan, words: &str| {
        let envelope = ArtifactEnvelope::new(INDEPENDENT, run.now());
        IndependentArtifact::free_text_answer(envelope, &plan.participant.id, words)
    };
    let answers = run
        .ask_panel_or_free_text(plans, &parse, &free_text)
        .await?;
    let needed = run.config.answers_needed();
    if answers.valid.len() < needed {
        return Err(Stop::Failed(format!(
            "Round 1 needs at least {needed} usable answer{} and got {}. {}",
            if needed == 1 { "" } else { "s" },
            answers.valid.len(),
            answers.failures.join(" ")
        )));
    }
    run.store_round(1, |session| {
        session.round1 = answers
            .valid
            .into_iter()
            .map(|(_, artifact)| artifact)
            .collect();
    });
    Ok(())
}
