//! Every attempt that reached a provider is in the ledger: a stream cut off midway and retried by
//! the shell costs what its prompt and partial output cost, recorded beside the call's outcome.
use crate::common;

use common::*;
use consilium_engine::testing::{text_reply, ScriptedCaller};
use consilium_engine::{
    foundation::participants::Price, foundation::tokens::estimate_tokens, harness::io::CallFailure,
    harness::io::CallReply, record::consult::state::ConsultState, record::CallStatus,
};

const PRICE: Price = Price::new(2.0, 10.0);

fn partial() -> CallReply {
    text_reply("{\"position\": \"Adopt Rust for the ingestion service, starting with a pil")
}

#[test]
fn a_cut_attempt_then_a_success_are_both_charged_and_recorded() {
    let caller = ScriptedCaller::over_demo().cut_attempt(
        "r1-panelist-1",
        partial(),
        "The stream was cut off.",
    );
    let (session, _) = run(session_with(priced_config(PRICE, None)), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));

    let request = &caller.requests()[0];
    assert_eq!(request.call_id, "r1-panelist-1");
    let prompt_tokens = estimate_tokens(&request.system) + estimate_tokens(&request.prompt);
    let attempt = call(&session, "r1-panelist-1-attempt-1");
    assert_eq!(attempt.status, CallStatus::Failed);
    assert_eq!(attempt.participant_id, "panelist-1");
    assert_eq!(attempt.error.as_deref(), Some("The stream was cut off."));
    assert_eq!(attempt.reply_text.as_deref(), Some(partial().text.as_str()));
    // No usage reported: the prompt and the streamed text are estimated.
    let expected = PRICE.cost_usd(prompt_tokens, estimate_tokens(&partial().text));
    assert!((attempt.cost_usd.unwrap() - expected).abs() < 1e-12);
    assert_eq!(call(&session, "r1-panelist-1").status, CallStatus::Ok);

    // The ledger's total is the sum of every record, the cut attempt included.
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!(recorded > 0.0);
    assert!((session.cost.spent_usd - recorded).abs() < 1e-12);
    let (without_cut, _) = run(
        session_with(priced_config(PRICE, None)),
        &ScriptedCaller::over_demo(),
    );
    assert!((session.cost.spent_usd - without_cut.cost.spent_usd - expected).abs() < 1e-12);
}

#[test]
fn usage_or_cost_the_provider_reported_for_a_cut_attempt_is_what_is_charged() {
    let reported = CallReply {
        input_tokens: Some(900),
        output_tokens: Some(40),
        cost_usd: Some(0.0123),
        ..partial()
    };
    let caller = ScriptedCaller::over_demo()
        .cut_attempt("r2-judge", reported, "cut")
        .cut_attempt("r2-judge", partial(), "cut again");
    let (session, _) = run(session_with(priced_config(PRICE, None)), &caller);
    let first = call(&session, "r2-judge-attempt-1");
    assert_eq!(first.cost_usd, Some(0.0123));
    assert_eq!(
        (first.input_tokens, first.output_tokens),
        (Some(900), Some(40))
    );
    assert_eq!(
        call(&session, "r2-judge-attempt-2").error.as_deref(),
        Some("cut again")
    );
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!((session.cost.spent_usd - recorded).abs() < 1e-12);
}

#[test]
fn a_call_that_fails_after_a_cut_attempt_still_pays_for_the_attempt() {
    let caller = ScriptedCaller::over_demo()
        .cut_attempt("r1-panelist-3", partial(), "cut")
        .fail(
            "r1-panelist-3",
            CallFailure {
                kind: "incomplete".into(),
                message: "The stream was cut off twice.".into(),
            },
        );
    let (session, _) = run(session_with(priced_config(PRICE, None)), &caller);
    assert_eq!(call(&session, "r1-panelist-3").status, CallStatus::Failed);
    assert_eq!(call(&session, "r1-panelist-3").cost_usd, None);
    assert!(call(&session, "r1-panelist-3-attempt-1").cost_usd.unwrap() > 0.0);
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!((session.cost.spent_usd - recorded).abs() < 1e-12);
}

#[test]
fn an_unpriced_cut_attempt_counts_as_an_unpriced_call_not_as_free() {
    let caller = ScriptedCaller::over_demo().cut_attempt("r1-panelist-1", partial(), "cut");
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(call(&session, "r1-panelist-1-attempt-1").cost_usd, None);
    let (plain, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(session.cost.unpriced_calls, plain.cost.unpriced_calls + 1);
}
