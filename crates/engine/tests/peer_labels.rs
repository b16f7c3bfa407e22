//! Bias controls (docs/design.md, "Consult: four rounds (seeds 004, 000)"): in rounds 2-4 the judge
//! and every panelist see their peers as "Panelist A", "Panelist B"..., shuffled per reader from a
//! seed kept in the record; replies that cite labels validate and are stored with the real ids; a
//! setting turns it off.
use crate::common;

use common::*;
use consilium_engine::record::consult::peers::PeerLabels;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, foundation::participants::Persona, harness::io::CallFailure,
    harness::io::CallRequest, record::consult::config::ConsultConfig,
    record::consult::state::ConsultState, record::Session,
};
use serde_json::json;

/// The demo council with names a prompt could leak: its own models and personas.
fn council() -> ConsultConfig {
    let mut config = demo_config();
    for (index, panelist) in config.panelists.iter_mut().enumerate() {
        panelist.model = format!("model-{}", ["alpha", "beta", "gamma"][index]);
        panelist.persona = Some(Persona {
            name: format!("Persona-{index}"),
            instructions: format!("Argue from angle {index}."),
        });
    }
    config
}

/// Round-1 answers that name their authors, as a model told "You are panelist-N" may.
fn self_naming_caller() -> ScriptedCaller {
    let mut caller = ScriptedCaller::over_demo();
    for n in 1..=3 {
        caller = caller.reply(
            &format!("r1-panelist-{n}"),
            answer(&format!("As panelist-{n}, adopt Rust"), 0.8),
        );
    }
    caller
}

fn names_leaked(config: &ConsultConfig, request: &CallRequest) -> Vec<String> {
    let text = format!("{}\n{}", request.system, request.prompt);
    config
        .panelists
        .iter()
        .filter(|p| p.id != request.participant_id)
        .flat_map(|p| {
            let persona = p.persona.as_ref().map(|persona| persona.name.clone());
            [Some(p.id.to_string()), persona, Some(p.model.clone())]
        })
        .flatten()
        .filter(|name| text.contains(name.as_str()))
        .collect()
}

#[test]
fn with_anonymity_on_no_panelist_name_persona_or_model_reaches_rounds_two_to_four() {
    let config = council();
    let caller = self_naming_caller();
    let (session, _) = run(session_with(config.clone()), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let late: Vec<CallRequest> = caller
        .requests()
        .into_iter()
        .filter(|r| r.round >= 2)
        .collect();
    assert_eq!(late.len(), 6, "r2, three r3 panelists, the r3 judgment, r4");
    for request in &late {
        assert_eq!(
            names_leaked(&config, request),
            Vec::<String>::new(),
            "{} leaks a peer's name:\n{}",
            request.call_id,
            request.prompt
        );
        assert!(
            request.prompt.contains("Panelist A"),
            "{} names peers by label",
            request.call_id
        );
        // A panelist's own answer is "you", never its id, in the user message.
        if request.participant_id != "judge" {
            assert!(!request.prompt.contains(request.participant_id.as_str()));
        }
    }
    // The stored artifacts keep the real ids.
    let body = session.consult();
    assert_eq!(body.round1[0].position, "As panelist-1, adopt Rust");
    let synthesis = body.round2.as_ref().unwrap();
    assert!(synthesis.consensus_points[0]
        .supporting_agents
        .iter()
        .all(|a| a.as_str().starts_with("panelist-")));

    // Off, the prompts name the panelists as before.
    let mut named = config.clone();
    named.anonymous_peers = false;
    let caller = self_naming_caller();
    let (session, _) = run(session_with(named.clone()), &caller);
    assert_eq!(session.consult().peer_label_seed, None);
    let verdict = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r4-judge")
        .unwrap();
    assert!(!names_leaked(&named, &verdict).is_empty());
    assert!(!verdict.prompt.contains("Panelist A"));
}

#[test]
fn the_judge_reads_the_answers_in_its_own_shuffled_order() {
    let config = council();
    let orders: std::collections::BTreeSet<Vec<String>> = (0..12)
        .map(|seed| {
            let judge = PeerLabels::for_reader(&config, Some(seed), "judge");
            ["Panelist A", "Panelist B", "Panelist C"]
                .iter()
                .map(|label| judge.real(label))
                .collect()
        })
        .collect();
    assert!(orders.len() >= 4, "seeds draw different orders: {orders:?}");
    // Per reader: the same seed gives panelists and the judge their own orders.
    let seed = Some(7);
    let judge = PeerLabels::for_reader(&config, seed, "judge");
    let first = PeerLabels::for_reader(&config, seed, "panelist-1");
    assert_eq!(first.shown("panelist-1"), "you");
    assert_eq!(first.names().len(), 2, "a panelist labels its two peers");
    assert_eq!(judge.names().len(), 3);

    // The r2 prompt lists the answers in label order.
    let caller = self_naming_caller();
    let (session, _) = run(session_with(config), &caller);
    let body = session.consult();
    let judge = PeerLabels::for_reader(&body.config, body.peer_label_seed, "judge");
    let r2 = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge")
        .unwrap();
    let at = |label: &str| r2.prompt.find(&format!("{label}: As {label}, adopt Rust"));
    let (a, b, c) = (at("Panelist A"), at("Panelist B"), at("Panelist C"));
    assert!(a.is_some() && a < b && b < c, "{}", r2.prompt);
    assert_eq!(judge.real("Panelist A"), judge.real("panelist a"));
}

/// Rounds 2-4 prompts, by call id.
fn late_prompts(caller: &ScriptedCaller) -> Vec<(String, String)> {
    caller
        .requests()
        .into_iter()
        .filter(|r| r.round >= 3 && !r.call_id.contains("reask"))
        .map(|r| (r.call_id, format!("{}\n{}", r.system, r.prompt)))
        .collect()
}

fn with_seed(seed: u32) -> Session {
    let mut session = session_with(council());
    session.consult_mut().peer_label_seed = Some(seed);
    session
}

#[test]
fn the_labels_are_the_same_after_a_resume() {
    let straight = self_naming_caller();
    run(with_seed(12_345), &straight);

    // Interrupted in round 3, then resumed: round 3 restarts with the seed kept in the record.
    let failing = self_naming_caller().fail(
        "r3-judge",
        CallFailure {
            kind: "network".into(),
            message: "connection reset".into(),
        },
    );
    let (failed, _) = run(with_seed(12_345), &failing);
    assert_eq!(failed.consult_state(), Some(ConsultState::Failed));
    assert_eq!(failed.consult().peer_label_seed, Some(12_345));
    let resumed_caller = self_naming_caller();
    let (resumed, _) = run(failed, &resumed_caller);
    assert_eq!(resumed.consult_state(), Some(ConsultState::Complete));
    assert_eq!(resumed.consult().peer_label_seed, Some(12_345));
    assert_eq!(late_prompts(&resumed_caller), late_prompts(&straight));

    // The labels come from the seed: another seed shows some reader another order.
    let other = self_naming_caller();
    run(with_seed(54_321), &other);
    assert_ne!(late_prompts(&other), late_prompts(&straight));

    // A fresh session draws its seed once, at the start, and keeps it.
    let (fresh, _) = run(session_with(council()), &self_naming_caller());
    assert!(fresh.consult().peer_label_seed.is_some());
}

#[test]
fn replies_that_cite_labels_validate_and_are_stored_with_the_real_ids() {
    let seed = 99;
    let config = council();
    let judge = PeerLabels::for_reader(&config, Some(seed), "judge");
    let second = PeerLabels::for_reader(&config, Some(seed), "panelist-2");
    let caller = self_naming_caller()
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Adopt Rust, as Panelist B argues", "supporting_agents": ["Panelist A", "Panelist B", "Panelist C"], "confidence": 0.8}]),
                json!([{"topic": "Timeline", "viewpoints": [
                    {"agent": "Panelist A", "viewpoint": "Fast"},
                    {"agent": "Panelist C", "viewpoint": "Slow"}]}]),
            ),
        )
        .reply(
            "r3-panelist-2",
            json!({"challenges": [{"target_agent": "Panelist B", "challenge": "Panelist B ignores the hiring cost.", "evidence": ["Panelist B's own numbers"]}],
                   "defense": "My answer holds, unlike Panelist A's."})
            .to_string(),
        )
        .reply(
            "r3-judge",
            json!({"unresolved": [1], "duplicate_challenges": []}).to_string(),
        )
        .reply(
            "r4-judge",
            verdict(
                0.7,
                json!([{"agent": "Panelist C", "concern": "Panelist C still doubts the timeline.", "severity": "medium"}]),
            ),
        );
    let mut session = session_with(config);
    session.consult_mut().peer_label_seed = Some(seed);
    let (session, _) = run(session, &caller);
    assert_eq!(
        session.consult_state(),
        Some(ConsultState::Complete),
        "{:?}",
        session.failure
    );
    assert!(
        !caller.call_ids().iter().any(|id| id.contains("reask")),
        "labels are valid names: {:?}",
        caller.call_ids()
    );
    let body = session.consult();
    let synthesis = body.round2.as_ref().unwrap();
    let ids: Vec<String> = ["Panelist A", "Panelist B", "Panelist C"]
        .iter()
        .map(|l| judge.real(l))
        .collect();
    assert_eq!(synthesis.consensus_points[0].supporting_agents, ids);
    assert_eq!(
        synthesis.consensus_points[0].point,
        format!("Adopt Rust, as {} argues", ids[1])
    );
    assert_eq!(synthesis.tensions[0].viewpoints[1].agent, ids[2]);

    let cross_exam = body.round3.as_ref().unwrap();
    let target = second.real("Panelist B");
    let challenge = cross_exam
        .challenges
        .iter()
        .find(|c| c.challenger == "panelist-2")
        .unwrap();
    assert_eq!(challenge.target_agent, target);
    assert_eq!(
        challenge.challenge,
        format!("{target} ignores the hiring cost.")
    );
    assert_eq!(challenge.evidence, [format!("{target}'s own numbers")]);

    let verdict = body.round4.as_ref().unwrap();
    assert_eq!(verdict.dissent[0].agent, ids[2]);
    assert_eq!(
        verdict.dissent[0].concern,
        format!("{} still doubts the timeline.", ids[2])
    );
}

#[test]
fn a_reply_naming_someone_off_the_panel_is_reasked_with_the_labels_only() {
    let caller = self_naming_caller()
        .reply(
            "r4-judge",
            verdict(
                0.7,
                json!([{"agent": "Panelist Z", "concern": "Unknown.", "severity": "low"}]),
            ),
        )
        .reply("r4-judge-reask", verdict(0.8, json!([])));
    let (session, _) = run(session_with(council()), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let reask = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r4-judge-reask")
        .expect("the unknown name is re-asked");
    assert!(reask.prompt.contains("\"Panelist Z\", who is not on the panel; use only these names: Panelist A, Panelist B, Panelist C."));
    assert!(!reask.prompt.contains("panelist-"));
}

#[test]
fn a_multiple_choice_answer_is_never_taken_for_a_peer_label() {
    // Options named "Answer A".."Answer D" are words of the question, not peers.
    let question = "Which is prime? Answer A: 21, Answer B: 23, Answer C: 25, Answer D: 27.";
    let seed = 5;
    let config = council();
    let judge = PeerLabels::for_reader(&config, Some(seed), "judge");
    let second = judge.shown("panelist-2");
    let mut caller = ScriptedCaller::over_demo();
    for n in 1..=3 {
        caller = caller.reply(
            &format!("r1-panelist-{n}"),
            answer("Answer B (23) is the only prime", 0.9),
        );
    }
    let caller = caller
        .reply(
            "r2-judge",
            synthesis(
                json!([{"point": "Answer B (23) is the only prime", "supporting_agents": judge.names(), "confidence": 0.9}]),
                json!([]),
            ),
        )
        .reply(
            "r4-judge",
            verdict(
                0.9,
                json!([{"agent": second, "concern": format!("{second} doubts Answer B (23)."), "severity": "low"}]),
            ),
        );
    let mut session = Session::new_consult("c-mc".into(), question.into(), config, NOW_MS);
    session.consult_mut().peer_label_seed = Some(seed);
    let (session, _) = run(session, &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let body = session.consult();
    assert_eq!(
        body.round2.as_ref().unwrap().consensus_points[0].point,
        "Answer B (23) is the only prime"
    );
    // A label used as one is still mapped back, in a field and in text.
    let dissent = &body.round4.as_ref().unwrap().dissent[0];
    assert_eq!(dissent.agent, "panelist-2");
    assert_eq!(dissent.concern, "panelist-2 doubts Answer B (23).");
    // The judge never reads a peer's label that is also a word of the question.
    let r2 = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r2-judge")
        .unwrap();
    for name in judge.names() {
        assert!(!question.contains(&name), "{name} is one of the options");
        assert!(r2.prompt.contains(&name));
    }
}
