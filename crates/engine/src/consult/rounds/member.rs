//! A thread's turn asked of one member alone (`record::consult::member_turn`): one call to that
//! panelist, in round 1's state, whose prose is stored as the member's answer. Nothing is decided.
use crate::consult::material::with_material;
use crate::consult::prompts;
use crate::consult::ConsultRun as Run;
use crate::harness::asking::CallPlan;
use crate::harness::run::Stop;
use crate::record::consult::body::ConsultBody;
use crate::record::{CallId, Step};
use crate::text::reply_parse::ParsedReply;

pub(in crate::consult) async fn run_round(run: &Run<'_>) -> Result<(), Stop> {
    let (member, follows) = run.body(|b| (b.member_turn.clone(), b.follows.clone()));
    let (Some(member), Some(follows)) = (member, follows) else {
        return Err(Stop::missing("member to ask or thread to follow"));
    };
    let Some(panelist) = run.config.panelists.first() else {
        return Err(Stop::missing("member to ask"));
    };
    run.enter_round(1)?;
    if member.answer.is_some() {
        // Resumed with its answer already saved (a reload before it was marked complete):
        // nothing to ask, but the run passes through its round as a first run does, so it ends
        // Complete rather than refused as a jump from consent to the end.
        return Ok(());
    }
    let plan = CallPlan {
        reply_key: None,
        staggered: false,
        call_id: CallId::seat(1, &panelist.id).at_step(Step::Alone),
        round: 1,
        participant: panelist,
        prompt: with_material(
            prompts::member_alone(&run.subject, panelist, &follows, &member),
            &run.config.material,
            panelist,
        )
        .one_off(),
        response_schema: None,
        tokens_saved_via_filtering: 0,
        web_search: None,
    };
    let answer = run
        .ask(plan, &|_: &CallPlan, text: &str| {
            prompts::member_answer(text).map(|value| ParsedReply {
                value: MemberReply(value),
                notes: Vec::new(),
            })
        })
        .await
        .required(&format!("{}'s answer", panelist.label))?;
    run.store_round(1, |body: &mut ConsultBody| {
        if let Some(turn) = body.member_turn.as_mut() {
            turn.answer = Some(answer.0);
        }
    });
    Ok(())
}

/// The member's prose, as the harness's echo check reads it.
struct MemberReply(String);

impl crate::foundation::validation::ReplyTexts for MemberReply {
    fn reply_texts(&self) -> Vec<(String, &str)> {
        vec![("answer".to_string(), self.0.as_str())]
    }
}
