//! Round 3's record is assembled in code, verbatim from the panelists' replies with each
//! challenger named; the judge is asked only what needs judgment. And the reply shape goes only as
//! the schema when structured output is on.
use crate::common;

use common::*;
use consilium_engine::record::consult::peers::PeerLabels;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    record::consult::artifacts::Challenge, record::consult::artifacts::CrossExamReply,
    record::consult::artifacts::Rebuttal, record::consult::state::ConsultState, record::CallStatus,
};
use serde_json::json;

fn reply_of(session_calls: &consilium_engine::record::Session, call_id: &str) -> CrossExamReply {
    let text = call(session_calls, call_id).reply_text.clone().unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn challenges_and_defences_are_recorded_verbatim_with_their_challengers() {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(demo_session(), &caller);
    let record = session.consult().round3.clone().unwrap();

    let mut expected_challenges = Vec::new();
    let mut expected_rebuttals = Vec::new();
    for agent in ["panelist-1", "panelist-2", "panelist-3"] {
        let reply = reply_of(&session, &format!("r3-{agent}"));
        for c in &reply.challenges {
            expected_challenges.push(Challenge {
                citations: Vec::new(),
                challenger: agent.into(),
                target_agent: c.target_agent.clone(),
                challenge: c.challenge.clone(),
                evidence: c.evidence.clone(),
                also_raised_by: vec![],
            });
        }
        expected_rebuttals.push(Rebuttal {
            agent: agent.into(),
            rebuttal: reply.defense.clone(),
            free_text: false,
        });
    }
    assert_eq!(record.challenges.len(), 2);
    assert_eq!(record.challenges, expected_challenges);
    assert_eq!(record.rebuttals, expected_rebuttals);
}

#[test]
fn the_judge_is_asked_only_which_challenges_stand_unanswered_or_repeat() {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(demo_session(), &caller);
    let request = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r3-judge")
        .unwrap();
    let (name, schema) = request.response_schema.clone().unwrap();
    assert_eq!(name, "cross_exam_judgment");
    let fields: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["unresolved", "duplicate_challenges"]);
    // Challenge numbers are bounded by what was recorded.
    assert_eq!(schema["properties"]["unresolved"]["items"]["maximum"], 2);

    let record = session.consult().round3.clone().unwrap();
    // Each challenge appears once, numbered, with its challenger and target as the judge sees
    // them (anonymous peers: its own labels); each defence once.
    let body = session.consult();
    let judge = PeerLabels::for_reader(&body.config, body.peer_label_seed, "judge");
    assert!(judge.anonymous());
    for (index, c) in record.challenges.iter().enumerate() {
        let line = format!(
            "{}. {} challenges {}: {}",
            index + 1,
            judge.shown(c.challenger.as_str()),
            judge.shown(c.target_agent.as_str()),
            c.challenge
        );
        assert!(request.prompt.contains(&line), "{line}");
    }
    for r in &record.rebuttals {
        assert_eq!(request.prompt.matches(&r.rebuttal).count(), 1);
    }
    // The synthesis is not sent to the judge for this.
    let synthesis = session.consult().round2.clone().unwrap();
    assert!(!request
        .prompt
        .contains(&synthesis.consensus_points[0].point));
    // And the judge writes no challenge or defence back: its reply is numbers only.
    let judged = call(&session, "r3-judge").reply_text.clone().unwrap();
    assert!(!judged.contains(&record.challenges[0].challenge));
}

#[test]
fn unresolved_numbers_become_the_challenges_as_recorded_and_duplicates_fold_in() {
    let same = "The cost model ignores the second year of licences.";
    let challenge = |target: &str| {
        json!({"challenges": [{"target_agent": target, "challenge": same, "evidence": ["the vendor quote"]}],
               "defense": "My position holds because the numbers are from the vendor."})
        .to_string()
    };
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r3-panelist-1",
            panelist_reply_without_challenges("I endorse the consensus because it fits the data."),
        )
        .reply("r3-panelist-2", challenge("panelist-1"))
        .reply("r3-panelist-3", challenge("panelist-1"))
        .reply(
            "r3-judge",
            json!({"unresolved": [2], "duplicate_challenges": [{"challenge": 2, "same_as": 1}]})
                .to_string(),
        );
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(
        session.consult_state(),
        Some(ConsultState::Complete),
        "{:?}",
        session.failure
    );
    let record = session.consult().round3.clone().unwrap();
    assert_eq!(record.challenges.len(), 1);
    assert_eq!(record.challenges[0].challenger, "panelist-2");
    assert_eq!(record.challenges[0].also_raised_by, ["panelist-3"]);
    assert_eq!(record.unresolved, [same]);
    // The dissent the engine adds for it names the challenger.
    let check = session.consult().confidence_check.clone().unwrap();
    assert!(check
        .added_dissent
        .iter()
        .any(|d| d.concern == same && d.agent == "panelist-2"));
}

#[test]
fn a_judgment_naming_a_challenge_that_does_not_exist_is_asked_again() {
    let caller = ScriptedCaller::over_demo()
        .reply(
            "r3-judge",
            json!({"unresolved": [3], "duplicate_challenges": []}).to_string(),
        )
        .reply(
            "r3-judge-reask",
            json!({"unresolved": [1], "duplicate_challenges": []}).to_string(),
        );
    let (session, _) = run(demo_session(), &caller);
    let first = call(&session, "r3-judge");
    assert_eq!(first.status, CallStatus::Failed);
    assert!(
        first.error.clone().unwrap().contains("from 1 to 2 (got 3)"),
        "{:?}",
        first.error
    );
    let record = session.consult().round3.clone().unwrap();
    assert_eq!(record.unresolved, [record.challenges[0].challenge.clone()]);
}

#[test]
fn when_nobody_challenges_the_judge_is_not_asked() {
    let caller = unanimous_caller(0.9);
    let (session, _) = run(demo_session(), &caller);
    assert!(!caller.call_ids().contains(&"r3-judge".to_string()));
    let record = session.consult().round3.clone().unwrap();
    assert!(record.challenges.is_empty() && record.unresolved.is_empty());
    assert_eq!(record.rebuttals.len(), 3);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
}

#[test]
fn with_structured_output_the_shape_goes_only_as_the_schema() {
    let caller = ScriptedCaller::over_demo();
    run(demo_session(), &caller);
    for request in caller.requests() {
        assert!(request.response_schema.is_some());
        // The schema enforces one JSON object: the prompt spends no line on the format.
        assert!(
            !request.prompt.contains("Reply with one JSON object"),
            "{}",
            request.call_id
        );
        assert!(
            !request.prompt.ends_with(char::is_whitespace),
            "{}",
            request.call_id
        );
        assert!(
            !request.prompt.contains("in this shape"),
            "{}",
            request.call_id
        );
        assert!(
            !request.prompt.contains("\": string"),
            "{}",
            request.call_id
        );
    }

    let mut off = demo_session();
    off.consult_mut().config.structured_output = false;
    let caller = ScriptedCaller::over_demo();
    run(off, &caller);
    for request in caller.requests() {
        assert!(request.response_schema.is_none());
        assert!(request
            .prompt
            .contains("\n\nReply with one JSON object and nothing else"));
        let (_, shape) = request.prompt.rsplit_once("in this shape:\n").unwrap();
        assert!(
            shape.starts_with('{') && shape.ends_with('}'),
            "{}",
            request.call_id
        );
        // A compact shape of types: nothing a model could copy as an answer.
        assert!(!shape.contains('<'), "{shape}");
    }
}
