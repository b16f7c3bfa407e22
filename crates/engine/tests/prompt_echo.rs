//! The harness's prompt-echo check, in every protocol: a reply that merely restates
//! its prompt's instructions (field names, descriptions, example slots, enum values) is asked
//! again, then recorded as failed; an answer that quotes the question or the record, or holds
//! angle brackets, is an answer. Then replays of sessions recorded from Gemma 3 270M on
//! llama-server (`tests/fixtures/llama/`, made with `examples/record_llama.rs`).
use crate::common;

use consilium_engine::harness::echo::PromptEcho;
use consilium_engine::harness::prompt::Prompt;
use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    consult::demo::demo_config, consult::demo::DEMO_QUESTION, consult::run_consult,
    harness::io::CallFailure, prioritize::run_prioritize, record::CallStatus, record::Session,
    review::run_review,
};
use futures::executor::block_on;
use serde_json::json;

const NOW: u64 = common::NOW_MS;

fn review_caller() -> ScriptedCaller {
    ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)))
}

fn run_review_with(caller: &ScriptedCaller) -> Session {
    let session = Session::new_review("r-test".into(), DEMO_DIFF.into(), demo_review_config(), NOW);
    block_on(run_review(
        session,
        caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn run_prioritize_with(caller: &ScriptedCaller) -> Session {
    let session = Session::new_prioritize(
        "p-test".into(),
        demo_backlog(),
        demo_prioritize_config(),
        NOW,
    );
    block_on(run_prioritize(
        session,
        caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn error_of<'a>(session: &'a Session, call_id: &str) -> &'a str {
    let call = common::call(session, call_id);
    assert_eq!(call.status, CallStatus::Failed, "{call_id}");
    call.error.as_deref().unwrap_or_default()
}

fn persona(opinion: &str, fix_items: serde_json::Value) -> String {
    json!({"state": "SYNTHESIS", "confidence": 80, "opinion": opinion, "fix_items": fix_items})
        .to_string()
}

fn fix(rule: &str, recommended_action: &str) -> serde_json::Value {
    json!([{"severity": "medium", "path": "app/config.py", "line_start": 1, "line_end": 1,
        "rule": rule, "current": "The key is in the code.", "recommended_action": recommended_action}])
}

#[test]
fn review_refuses_an_opinion_that_is_the_prompts_field_description() {
    // As Gemma wrote it: the opinion read "two or three sentences".
    let echoed = persona("two or three sentences", json!([]));
    let caller = review_caller()
        .reply("r1-business_driver", echoed.clone())
        .reply("r1-business_driver-reask", echoed);
    let session = run_review_with(&caller);
    for call_id in ["r1-business_driver", "r1-business_driver-reask"] {
        assert!(
            error_of(&session, call_id).contains(
                "opinion restates the prompt's own instructions (\"two or three sentences\")"
            ),
            "{}",
            error_of(&session, call_id)
        );
    }
}

#[test]
fn review_refuses_a_fix_item_made_of_field_names_and_accepts_angle_brackets() {
    let echoed = persona("The key must go.", fix("secrets", "Recommended: FIX_ITEMS"));
    let caller = review_caller().reply("r1-business_driver", echoed);
    let session = run_review_with(&caller);
    assert!(error_of(&session, "r1-business_driver")
        .contains("fix_items[0].recommended_action restates the prompt's own instructions"));
    assert_eq!(
        common::call(&session, "r1-business_driver-reask").status,
        CallStatus::Ok
    );

    // Today's guard refused any one-line `<...>` with a space; it is an answer.
    let honest = persona(
        "<meta charset> must come first",
        fix(
            "<meta charset> must come first",
            "Move <meta charset> to the top.",
        ),
    );
    let caller = review_caller().reply("r1-business_driver", honest);
    let session = run_review_with(&caller);
    assert_eq!(
        common::call(&session, "r1-business_driver").status,
        CallStatus::Ok
    );
    assert!(!common::call_ids(&session).contains(&"r1-business_driver-reask".to_string()));
}

#[test]
fn prioritize_refuses_a_champion_argument_that_is_its_field_name() {
    let echoed = json!({"champion_argument": "champion_argument",
        "champion_rankings": ["opp-1", "opp-2", "opp-3", "opp-4", "opp-5", "opp-6", "opp-7", "opp-8"]})
    .to_string();
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)))
        .reply("r1-champion", echoed.clone())
        .reply("r1-champion-reask", echoed);
    let session = run_prioritize_with(&caller);
    assert!(error_of(&session, "r1-champion")
        .contains("champion_argument restates the prompt's own instructions"));
    assert_eq!(
        session.state, "failed",
        "the champion is required: a recorded failure"
    );
    assert!(session
        .failure
        .unwrap()
        .contains("champion_argument restates"));
}

#[test]
fn consult_refuses_evidence_and_a_recommendation_that_restate_the_verdict_prompt() {
    // As Gemma wrote it: the evidence was the words "high" and "medium".
    let echoed = json!({"recommendation": "Adopt Rust", "confidence": 20,
        "evidence": ["high", "medium"], "dissent": []})
    .to_string();
    let restated = json!({"recommendation": "What to do, a clear answer to the question.",
        "confidence": 20, "evidence": ["Parsing is CPU-bound"], "dissent": []})
    .to_string();
    let caller = ScriptedCaller::over_demo()
        .reply("r4-judge", echoed)
        .reply("r4-judge-reask", restated);
    let (session, _) = common::run(common::demo_session(), &caller);
    assert!(error_of(&session, "r4-judge").contains("evidence[0] restates"));
    assert!(error_of(&session, "r4-judge-reask").contains("recommendation restates"));
    assert_eq!(session.state, "failed");
    assert!(session.consult().round4.is_none(), "no verdict on record");
}

#[test]
fn answers_that_quote_the_question_or_the_record_are_answers() {
    // A terse recommendation, one that names what the question offered, and a consensus point
    // that repeats a panelist's key point word for word.
    let caller = ScriptedCaller::over_demo()
        .reply("r1-panelist-1", common::answer("Adopt Rust", 0.9))
        .reply(
            "r2-judge",
            common::synthesis(
                json!([{"point": "Adopt Rust: the main reason", "supporting_agents": ["panelist-1"], "confidence": 0.8}]),
                json!([]),
            ),
        )
        .reply(
            "r4-judge",
            json!({"recommendation": "adopt Rust for the new ingestion service", "confidence": 70,
                "evidence": ["No."], "dissent": []})
            .to_string(),
        );
    let (session, _) = common::run(common::demo_session(), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    assert!(!common::call_ids(&session)
        .iter()
        .any(|id| id.ends_with("-reask")));
}

#[test]
fn the_check_compares_with_the_prompt_not_a_fixed_list() {
    let prompt = Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: "You are a reviewer.".into(),
        user: "opinion: two or three sentences. Reply with one JSON object with exactly the \
               fields opinion and fix_items."
            .into(),
        cache_prefix: None,
    };
    let echo = PromptEcho::new(&prompt, None, "Is this safe?", &[], &["opinion"]);
    assert!(echo.refuse("opinion", "Two or three sentences.").is_some());
    assert!(echo.refuse("opinion", "FIX_ITEMS").is_some());
    assert!(echo
        .refuse("opinion", "Opinion: two or three sentences")
        .is_some());
    assert!(echo
        .refuse("opinion", "Three sentences would not cover it.")
        .is_none());
    assert!(echo.refuse("opinion", "No.").is_none());
    assert!(echo.refuse("opinion", "It is safe.").is_none());
    // The same words are an answer where the prompt did not say them.
    let other = Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: String::new(),
        user: "How many sentences should a summary have?".into(),
        cache_prefix: None,
    };
    let echo = PromptEcho::new(&other, None, &other.user, &[], &["answer"]);
    assert!(echo.refuse("answer", "two or three sentences").is_none());
}

/// The sessions recorded from Gemma 3 270M: replayed call by call (a call the recording does
/// not have fails as a network error), each must end as it was recorded, and every reply the
/// echo check refuses is one of those listed.
#[test]
fn sessions_recorded_from_gemma_replay_to_the_same_end() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/llama");
    let mut replayed = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let fixture: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut caller = ScriptedCaller::new(|r| {
            Err(CallFailure {
                kind: "network".into(),
                message: format!("{} was not recorded", r.call_id),
            })
        });
        for call in fixture["calls"].as_array().unwrap() {
            caller = caller.reply(
                call["call_id"].as_str().unwrap(),
                call["reply"].as_str().unwrap(),
            );
        }
        let structured = fixture["structured_output"].as_bool().unwrap();
        let max_tokens = fixture["max_tokens"].as_u64().unwrap() as u32;
        let clock = FixedClock(NOW);
        let sink = RecordingSink::default();
        let session = match fixture["protocol"].as_str().unwrap() {
            "consult" => {
                let mut config = demo_config();
                config.max_tokens = max_tokens;
                config.structured_output = structured;
                let s = Session::new_consult("c".into(), DEMO_QUESTION.into(), config, 0);
                block_on(run_consult(s, &caller, &clock, &sink))
            }
            "review" => {
                let mut config = demo_review_config();
                config.max_tokens = max_tokens;
                config.structured_output = structured;
                let s = Session::new_review("r".into(), DEMO_DIFF.into(), config, 0);
                block_on(run_review(s, &caller, &clock, &sink))
            }
            _ => {
                let mut config = demo_prioritize_config();
                config.max_tokens = max_tokens;
                config.structured_output = structured;
                let s = Session::new_prioritize("p".into(), demo_backlog(), config, 0);
                block_on(run_prioritize(s, &caller, &clock, &sink))
            }
        };
        assert_eq!(
            session.state,
            fixture["state"].as_str().unwrap(),
            "{}: {:?}",
            path.display(),
            session.failure
        );
        for call in &session.calls {
            if let Some(error) = &call.error {
                if error.contains("restates the prompt") {
                    let expected = fixture["echoes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|id| id == call.call_id.as_str());
                    assert!(expected, "{}: {} {error}", path.display(), call.call_id);
                }
            }
        }
        // And each listed echo is refused: Gemma's "FIX_ITEMS" opinion, a key point copied from
        // the system prompt ("Be concrete, brief, and honest about uncertainty").
        for id in fixture["echoes"].as_array().into_iter().flatten() {
            let id = id.as_str().unwrap();
            assert!(
                error_of(&session, id).contains("restates the prompt's own instructions"),
                "{}: {id}",
                path.display()
            );
        }
        replayed += 1;
    }
    assert!(replayed >= 1, "no recorded session in {dir}");
}

#[test]
fn a_key_point_gemma_copied_from_its_system_prompt_is_an_echo() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/llama/consult-1.json"
    );
    let fixture: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let call = fixture["calls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["call_id"] == "r1-panelist-3-reask")
        .unwrap();
    let prompt = Prompt {
        shared_across_seats: false,
        images: Vec::new(),
        system: call["system"].as_str().unwrap().into(),
        user: call["prompt"].as_str().unwrap().into(),
        cache_prefix: None,
    };
    let echo = PromptEcho::new(&prompt, None, DEMO_QUESTION, &[], &["key_points[0]"]);
    assert!(echo
        .refuse(
            "key_points[0]",
            "Be concrete, brief, and honest about uncertainty"
        )
        .is_some());
    assert!(echo
        .refuse("key_points[1]", "The risk of an unexpected outcome")
        .is_none());
}
