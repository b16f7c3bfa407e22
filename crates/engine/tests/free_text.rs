//! A model that cannot write JSON is still heard: a panelist's reply in prose is
//! taken, after one re-ask, as its position (round 1) or its defence (round 3), marked free text
//! and never counted as agreement by itself; the judge's own artifacts still need the schema.
use crate::common;

use common::*;
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::record::consult::confidence::AgreementGap;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::DEMO_QUESTION, consult::report::markdown::consult_markdown,
    record::consult::artifacts::IndependentArtifact, record::consult::artifacts::Rebuttal,
    record::consult::state::ConsultState, record::CallStatus,
};
use consilium_engine::{
    consult::view::answers::position_cards, views::failure::failure_report,
    views::session::recorded_calls,
};

const PROSE_ANSWER: &str = "I would adopt Rust, but only for the parsing core at first: \
     the team has no Rust experience, and a pilot limits what we lose if it goes badly.";
const PROSE_AGAIN: &str = "As I said, a pilot on the parsing core is the safe way to try Rust \
     without betting the whole service on it.";
const PROSE_DEFENCE: &str = "My view holds: the pilot keeps the delivery date safe, and nothing \
     in the synthesis shows the team can learn Rust faster than that.";

/// The unanimous council, except that panelist 3 answers rounds 1 and 3 in prose, twice each.
fn council_with_a_prose_panelist() -> ScriptedCaller {
    unanimous_caller(0.86)
        .reply("r1-panelist-3", PROSE_ANSWER)
        .reply("r1-panelist-3-reask", PROSE_AGAIN)
        .reply("r3-panelist-3", PROSE_DEFENCE)
        .reply("r3-panelist-3-reask", PROSE_AGAIN)
}

#[test]
fn a_panelist_answering_in_prose_is_heard_in_rounds_one_and_three_and_marked_free_text() {
    let caller = council_with_a_prose_panelist();
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(
        session.consult_state(),
        Some(ConsultState::Complete),
        "{:?}",
        session.failure
    );

    let body = session.consult();
    let heard = body
        .round1
        .iter()
        .find(|a| a.agent_id == "panelist-3")
        .expect("panelist 3 is heard in round 1");
    assert!(heard.free_text);
    // The first reply answered the question as asked: it is the one taken.
    assert_eq!(heard.position, PROSE_ANSWER);
    assert!(body
        .round1
        .iter()
        .filter(|a| a.agent_id != "panelist-3")
        .all(|a| !a.free_text));

    let defence = body
        .round3
        .as_ref()
        .unwrap()
        .rebuttals
        .iter()
        .find(|r| r.agent == "panelist-3")
        .expect("panelist 3's defence is on record");
    assert!(defence.free_text);
    assert_eq!(defence.rebuttal, PROSE_DEFENCE);

    // It was asked again first, with the schema error; the reply taken is on record as answered.
    let taken = call(&session, "r1-panelist-3");
    assert_eq!(taken.status, CallStatus::Ok);
    assert!(taken.error.is_none());
    assert!(
        taken.parse_notes.iter().any(|n| n.contains("free text")),
        "{:?}",
        taken.parse_notes
    );
    assert_eq!(
        call(&session, "r1-panelist-3-reask").status,
        CallStatus::Failed
    );

    // The judge structures it: the synthesis prompt carries the words, marked as free text.
    let synthesis_prompt = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge")
        .unwrap()
        .prompt;
    assert!(synthesis_prompt.contains(PROSE_ANSWER));
    assert!(synthesis_prompt.contains("free text"), "{synthesis_prompt}");
    assert!(!synthesis_prompt.contains("Confidence: 0%"));

    // Heard, so no failure to report and one card per asked call.
    assert_eq!(failure_report(&session), None);
    let round1_cards: Vec<String> = recorded_calls(&session, 1)
        .into_iter()
        .map(|(_, call)| call.call_id)
        .collect();
    assert_eq!(
        round1_cards,
        ["r1-panelist-1", "r1-panelist-2", "r1-panelist-3"]
    );
}

#[test]
fn free_text_is_never_counted_as_agreement_by_itself() {
    let (session, _) = run(demo_session(), &council_with_a_prose_panelist());
    let check = session.consult().confidence_check.clone().unwrap();
    // The judge's synthesis puts panelist 3 in the consensus, yet its words are free text: no
    // floor lifts the judge's 86% (with everyone structured, strong agreement makes it 90%).
    assert!(
        (check.computed_confidence - 0.86).abs() < 1e-9,
        "{}",
        check.rule
    );
    assert!(check.absent_panelists.is_empty(), "heard, not absent");
    assert!(
        check
            .agreement_gaps
            .iter()
            .any(|gap| matches!(gap, AgreementGap::FreeText { round: 1, panelists } if panelists == &["panelist-3"])),
        "{:?}",
        check.agreement_gaps
    );
    assert!(
        check
            .agreement_gaps
            .iter()
            .any(|gap| matches!(gap, AgreementGap::FreeText { round: 3, .. })),
        "{:?}",
        check.agreement_gaps
    );
    assert!(check.rule.contains("free text"), "{}", check.rule);
}

#[test]
fn views_and_reports_show_free_text_as_the_panelists_answer() {
    let (session, _) = run(demo_session(), &council_with_a_prose_panelist());
    let cards = position_cards(&session);
    let prose = cards.iter().find(|c| c.agent_id == "panelist-3").unwrap();
    assert!(prose.free_text);
    assert_eq!(prose.position, PROSE_ANSWER);
    assert_eq!(
        prose.confidence, None,
        "free text states no confidence of its own"
    );
    let structured = cards.iter().find(|c| c.agent_id == "panelist-1").unwrap();
    assert!(!structured.free_text);
    assert_eq!(structured.confidence.as_deref(), Some("90%"));

    let markdown = consult_markdown(&session);
    assert!(markdown.contains(PROSE_ANSWER));
    assert!(markdown.contains("free text"), "{markdown}");
    assert!(!markdown.contains("(0%)"), "{markdown}");
}

#[test]
fn a_judge_answering_in_prose_still_fails_after_the_reask_naming_the_model() {
    let caller = ScriptedCaller::over_demo()
        .reply("r2-judge", PROSE_ANSWER)
        .reply("r2-judge-reask", PROSE_AGAIN);
    let (session, _) = run(demo_session(), &caller);

    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session.consult().round2.is_none());
    let reason = session.failure.clone().unwrap();
    assert!(
        reason.starts_with("The judge's synthesis (round 2) failed:"),
        "{reason}"
    );
    // The demo judge's model is "scripted".
    assert!(
        reason.contains("scripted answered in prose, not the JSON"),
        "{reason}"
    );
    assert!(reason.contains("even when asked again"), "{reason}");

    // One problem, on one call, naming the model; the server answered, so no server to fix.
    let report = failure_report(&session).unwrap();
    assert!(
        report.headline().contains("scripted answered in prose"),
        "{report:?}"
    );
    assert_eq!(report.problems.len(), 1, "{report:?}");
    assert_eq!(report.problems[0].calls, 1, "{report:?}");
    assert!(report.providers.is_empty(), "{report:?}");

    // One card for the re-asked call.
    let round2_cards: Vec<String> = recorded_calls(&session, 2)
        .into_iter()
        .map(|(_, call)| call.call_id)
        .collect();
    assert_eq!(round2_cards, ["r2-judge-reask"]);
}

#[test]
fn a_judge_answering_in_prose_once_is_heard_when_it_answers_in_json() {
    let caller = ScriptedCaller::over_demo().reply("r4-judge", PROSE_ANSWER);
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(call(&session, "r4-judge").status, CallStatus::Failed);
    assert_eq!(call(&session, "r4-judge-reask").status, CallStatus::Ok);
}

fn positions(session: &consilium_engine::record::Session) -> Vec<ParticipantId> {
    session
        .consult()
        .round1
        .iter()
        .map(|a| a.agent_id.clone())
        .collect()
}

#[test]
fn an_echo_of_the_question_is_never_taken_as_a_position() {
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", DEMO_QUESTION)
        .reply("r1-panelist-1-reask", format!("Question: {DEMO_QUESTION}"));
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(positions(&session), ["panelist-2", "panelist-3"]);
    assert_eq!(call(&session, "r1-panelist-1").status, CallStatus::Failed);
}

#[test]
fn a_restatement_of_the_instructions_is_never_taken_as_a_position() {
    let instructions = "Answer on your own: you have not seen anyone else's answer. Give your \
                        position, the key points behind it (at least one), your rationale, and \
                        how confident you are.";
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-2", instructions)
        .reply(
            "r1-panelist-2-reask",
            "position key points rationale confidence",
        );
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(positions(&session), ["panelist-1", "panelist-3"]);
}

#[test]
fn an_empty_or_near_empty_reply_is_still_a_failure() {
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", "")
        .reply("r1-panelist-1-reask", "  \n ")
        .reply("r1-panelist-2", "no idea")
        .reply("r1-panelist-2-reask", "Yes.");
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    assert!(session.consult().round1.is_empty());
}

#[test]
fn a_placeholder_is_never_taken_as_a_position() {
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r1-panelist-1",
            "<your answer here, in two or three sentences>",
        )
        .reply(
            "r1-panelist-1-reask",
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
        )
        .reply(
            "r3-panelist-2",
            "[Insert your defence of the position here]",
        )
        .reply("r3-panelist-2-reask", "TODO: write the defence here later");
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(positions(&session), ["panelist-2", "panelist-3"]);
    let rebuttals = &session.consult().round3.as_ref().unwrap().rebuttals;
    assert!(rebuttals.iter().all(|r| r.agent != "panelist-2"));
}

#[test]
fn a_reply_with_broken_json_is_not_taken_as_free_text() {
    // The model tried the format: its half-written JSON is no position to show.
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r1-panelist-3",
            r#"{"position": "Adopt Rust for the whole service", "key_points": ["#,
        )
        .reply(
            "r1-panelist-3-reask",
            r#"{"position": "Adopt Rust", "rationale": "#,
        );
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(positions(&session), ["panelist-1", "panelist-2"]);
}

#[test]
fn old_records_read_as_before() {
    let old_answer = serde_json::json!({
        "artifact_type": "independent", "schema_version": "1.0", "round_number": 1,
        "created_at": "2026-01-01T00:00:00Z", "agent_id": "panelist-1", "position": "Yes",
        "key_points": ["Fast"], "rationale": "Because", "confidence": 0.7
    });
    let answer: IndependentArtifact = serde_json::from_value(old_answer.clone()).unwrap();
    assert!(!answer.free_text);
    assert_eq!(
        serde_json::to_value(&answer).unwrap(),
        old_answer,
        "written as before"
    );
    let old_rebuttal = serde_json::json!({"agent": "panelist-1", "rebuttal": "It holds."});
    let rebuttal: Rebuttal = serde_json::from_value(old_rebuttal.clone()).unwrap();
    assert!(!rebuttal.free_text);
    assert_eq!(serde_json::to_value(&rebuttal).unwrap(), old_rebuttal);
}

#[test]
fn a_model_cannot_mark_its_own_json_answer_as_free_text() {
    let claims = serde_json::json!({
        "position": "Adopt Rust", "key_points": ["Speed"], "rationale": "It is fast.",
        "confidence": 0.8, "free_text": true
    })
    .to_string();
    let caller = ScriptedCaller::over_demo().reply("r1-panelist-1", claims);
    let (session, _) = run(demo_session(), &caller);
    assert!(session.consult().round1.iter().all(|a| !a.free_text));
}

#[test]
fn a_reask_shows_on_its_calls_card_which_ends_with_the_reply_taken() {
    use consilium_engine::harness::events::Event;
    use consilium_engine::record::CallId;
    let card = CallId::seat(1, "panelist-3");
    assert_eq!(card.clone().reasked().asked_call(), card);
    assert_eq!(card.asked_call(), card);

    let (_, sink) = run(demo_session(), &council_with_a_prose_panelist());
    let on_card: Vec<Event> = sink
        .events()
        .into_iter()
        .filter(|event| match event {
            Event::CallDelta { call_id, .. } | Event::CallFinished { call_id, .. } => {
                call_id.asked_call() == card
            }
            _ => false,
        })
        .collect();
    let last_two = &on_card[on_card.len() - 2..];
    assert!(
        matches!(&last_two[0], Event::CallDelta { text, restart: true, .. } if text == PROSE_ANSWER),
        "{last_two:?}"
    );
    assert!(
        matches!(
            &last_two[1],
            Event::CallFinished {
                ok: true,
                error: None,
                ..
            }
        ),
        "{last_two:?}"
    );
}

/// A Markdown answer with a code block (braces in Rust, not JSON) is heard as free
/// text, its Markdown kept whole; a broken JSON object in a ```json block is still not taken.
#[test]
fn a_markdown_answer_with_code_is_heard_and_broken_json_in_a_json_block_is_not() {
    let markdown = "**Adopt Rust** for the new service only.\n\n| option | risk |\n|---|---|\n| Rust | low |\n\n\
```rust\nfn main() {\n    if ready() {\n        ship();\n    }\n}\n```\n\nSee `main` above.";
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", markdown)
        .reply("r1-panelist-1-reask", markdown)
        .reply(
            "r1-panelist-2",
            "Here it is:\n\n```json\n{\"position\": \"Adopt\n```",
        )
        .reply(
            "r1-panelist-2-reask",
            "```json\n{\"position\": \"Adopt\", \n```",
        );
    let (session, _) = run(demo_session(), &caller);
    let why = |id: &str| format!("{:?}", call(&session, id).error);
    assert_eq!(
        positions(&session),
        ["panelist-1", "panelist-3"],
        "{} / {}",
        why("r1-panelist-1"),
        why("r1-panelist-2")
    );
    let first = &session.consult().round1[0];
    assert!(first.free_text);
    assert_eq!(first.position, markdown);
}
