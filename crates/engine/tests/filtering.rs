//! Artifact filtering against hand-checked examples, in the engine's prompts, and its settings.
use crate::common;

use common::*;
use consilium_engine::record::consult::peers::PeerLabels;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::filtering::filter_cross_exam, consult::filtering::filter_synthesis,
    consult::filtering::severity_score, consult::filtering::substantiveness_score,
    record::consult::artifacts::ArtifactEnvelope, record::consult::artifacts::Challenge,
    record::consult::artifacts::ConsensusPoint, record::consult::artifacts::CrossExamArtifact,
    record::consult::artifacts::Rebuttal, record::consult::artifacts::SynthesisArtifact,
    record::consult::artifacts::Tension, record::consult::artifacts::Viewpoint,
    record::consult::filter_limits::CrossExamLimits, record::consult::filter_limits::FilterLimits,
    record::consult::filter_limits::SynthesisLimits, record::Session,
};
use consilium_engine::{
    record::consult::artifacts::CROSS_EXAM, record::consult::artifacts::SYNTHESIS,
};
use serde_json::json;

fn consensus(point: &str, confidence: f64) -> ConsensusPoint {
    ConsensusPoint {
        point: point.into(),
        supporting_agents: vec!["panelist-1".into()],
        confidence,
    }
}

fn tension(topic: &str, viewpoints: usize) -> Tension {
    let viewpoints = (1..=viewpoints)
        .map(|i| Viewpoint {
            agent: format!("panelist-{i}").into(),
            viewpoint: format!("view {i}"),
        })
        .collect();
    Tension {
        topic: topic.into(),
        viewpoints,
    }
}

fn synthesis_artifact() -> SynthesisArtifact {
    SynthesisArtifact {
        envelope: ArtifactEnvelope::new(SYNTHESIS, "2023-11-14T22:13:20.000Z".into()),
        consensus_points: vec![
            consensus("a", 0.5),
            consensus("b", 0.9),
            consensus("c", 0.7),
            consensus("d", 0.9),
        ],
        tensions: vec![tension("t1", 2), tension("t2", 3), tension("t3", 2)],
        priority_order: vec!["p1".into(), "p2".into(), "p3".into(), "p4".into()],
    }
}

fn challenge(text: &str, evidence: usize) -> Challenge {
    Challenge {
        citations: Vec::new(),
        challenger: "panelist-1".into(),
        target_agent: "panelist-2".into(),
        challenge: text.into(),
        evidence: (0..evidence).map(|i| format!("evidence {i}")).collect(),
        also_raised_by: vec![],
    }
}

fn rebuttal(text: &str) -> Rebuttal {
    Rebuttal {
        agent: "panelist-2".into(),
        rebuttal: text.into(),
        free_text: false,
    }
}

fn cross_exam_artifact() -> CrossExamArtifact {
    CrossExamArtifact {
        envelope: ArtifactEnvelope::new(CROSS_EXAM, "2023-11-14T22:13:20.000Z".into()),
        challenges: vec![
            challenge("Minor wording issue", 3),         // 6 + 0.19 = 6.19
            challenge("This is wrong and dangerous", 0), // 10 + 0.27 = 10.27
            challenge("WRONG wrong Wrong", 0),           // 5 + 0.17 = 5.17
            challenge("Critical flaw", 0),               // "flaw" is not "flawed": 5 + 0.13
        ],
        rebuttals: vec![
            rebuttal("No."),                       // 0.3
            rebuttal("Because the data shows it"), // 2.5 + 3 x 3 = 11.5
            rebuttal(&"x".repeat(100)),            // 10
        ],
        unresolved: vec!["u1".into(), "u2".into()],
    }
}

fn points(artifact: &SynthesisArtifact) -> Vec<&str> {
    artifact
        .consensus_points
        .iter()
        .map(|c| c.point.as_str())
        .collect()
}

fn topics(artifact: &SynthesisArtifact) -> Vec<&str> {
    artifact.tensions.iter().map(|t| t.topic.as_str()).collect()
}

fn challenge_texts(artifact: &CrossExamArtifact) -> Vec<&str> {
    artifact
        .challenges
        .iter()
        .map(|c| c.challenge.as_str())
        .collect()
}

#[test]
fn synthesis_keeps_the_most_confident_points_and_deepest_tensions_ties_in_original_order() {
    let original = synthesis_artifact();
    let before = original.clone();
    let limits = SynthesisLimits {
        consensus_points: 3,
        tensions: 2,
    };
    let filtered = filter_synthesis(&original, limits);

    assert_eq!(points(&filtered), ["b", "d", "c"]);
    assert_eq!(topics(&filtered), ["t2", "t1"]);
    assert_eq!(filtered.priority_order, original.priority_order);
    assert_eq!(filtered.envelope, original.envelope);
    filtered.validate().unwrap();
    assert_eq!(original, before, "the original is untouched");
}

#[test]
fn limits_larger_than_the_arrays_keep_every_item() {
    let limits = SynthesisLimits {
        consensus_points: 10,
        tensions: 10,
    };
    let filtered = filter_synthesis(&synthesis_artifact(), limits);
    assert_eq!(points(&filtered), ["b", "d", "c", "a"]);
    assert_eq!(topics(&filtered), ["t2", "t1", "t3"]);

    let limits = CrossExamLimits {
        challenges: 10,
        rebuttals: 10,
    };
    let filtered = filter_cross_exam(&cross_exam_artifact(), limits);
    assert_eq!(filtered.challenges.len(), 4);
    assert_eq!(filtered.rebuttals.len(), 3);
}

#[test]
fn zero_limits_empty_the_arrays_and_the_artifacts_still_validate() {
    let synthesis = filter_synthesis(
        &synthesis_artifact(),
        SynthesisLimits {
            consensus_points: 0,
            tensions: 0,
        },
    );
    assert!(synthesis.consensus_points.is_empty() && synthesis.tensions.is_empty());
    assert_eq!(synthesis.priority_order.len(), 4);
    synthesis.validate().unwrap();

    let cross_exam = filter_cross_exam(
        &cross_exam_artifact(),
        CrossExamLimits {
            challenges: 0,
            rebuttals: 0,
        },
    );
    assert!(cross_exam.challenges.is_empty() && cross_exam.rebuttals.is_empty());
    assert_eq!(cross_exam.unresolved, ["u1", "u2"]);
    cross_exam.validate().unwrap();
}

#[test]
fn severity_counts_evidence_each_keyword_once_and_length() {
    let artifact = cross_exam_artifact();
    let scores: Vec<f64> = artifact.challenges.iter().map(severity_score).collect();
    let expected = [6.19, 10.27, 5.17, 5.13];
    for (score, expected) in scores.iter().zip(expected) {
        assert!((score - expected).abs() < 1e-9, "{scores:?}");
    }
    // Length is counted in characters, not bytes.
    let accented = challenge("é".repeat(100).as_str(), 0);
    assert!((severity_score(&accented) - 1.0).abs() < 1e-9);
}

#[test]
fn substantiveness_counts_length_and_each_keyword_once() {
    let artifact = cross_exam_artifact();
    let scores: Vec<f64> = artifact
        .rebuttals
        .iter()
        .map(substantiveness_score)
        .collect();
    for (score, expected) in scores.iter().zip([0.3, 11.5, 10.0]) {
        assert!((score - expected).abs() < 1e-9, "{scores:?}");
    }
}

#[test]
fn cross_exam_keeps_the_most_severe_challenges_and_most_substantive_rebuttals() {
    let original = cross_exam_artifact();
    let before = original.clone();
    let filtered = filter_cross_exam(
        &original,
        CrossExamLimits {
            challenges: 2,
            rebuttals: 2,
        },
    );
    assert_eq!(
        challenge_texts(&filtered),
        ["This is wrong and dangerous", "Minor wording issue"]
    );
    let rebuttals: Vec<&str> = filtered
        .rebuttals
        .iter()
        .map(|r| r.rebuttal.as_str())
        .collect();
    assert_eq!(rebuttals, ["Because the data shows it", &"x".repeat(100)]);
    assert_eq!(filtered.unresolved, original.unresolved);
    filtered.validate().unwrap();
    assert_eq!(original, before);
}

#[test]
fn equal_severity_keeps_the_original_order() {
    let mut artifact = cross_exam_artifact();
    artifact.challenges = vec![
        challenge("first tie", 1),
        challenge("other tie", 1),
        challenge("top", 2),
    ];
    let filtered = filter_cross_exam(
        &artifact,
        CrossExamLimits {
            challenges: 3,
            rebuttals: 0,
        },
    );
    assert_eq!(
        challenge_texts(&filtered),
        ["top", "first tie", "other tie"]
    );
}

#[test]
fn a_kept_challenge_that_a_defence_answered_loses_its_evidence() {
    let mut artifact = cross_exam_artifact();
    artifact.challenges = vec![
        challenge("answered, most evidence", 3),
        challenge("still standing", 1),
        challenge("answered, dropped by the limit", 0),
    ];
    artifact.unresolved = vec!["still standing".into()];
    let before = artifact.clone();
    // The limit applies to the answered challenges; the unanswered one is kept first, whole.
    let filtered = filter_cross_exam(
        &artifact,
        CrossExamLimits {
            challenges: 1,
            rebuttals: 5,
        },
    );
    // Severity is scored on the whole challenge: the evidence still ranks it first.
    assert_eq!(
        challenge_texts(&filtered),
        ["still standing", "answered, most evidence"]
    );
    assert!(
        filtered.challenges[1].evidence.is_empty(),
        "it fell: its evidence decides nothing"
    );
    assert_eq!(
        filtered.challenges[0].evidence,
        ["evidence 0"],
        "it stands with its evidence"
    );
    filtered.validate().unwrap();
    assert_eq!(
        artifact, before,
        "the original keeps every piece of evidence"
    );
}

/// The names `reader` saw its peers by in `session`.
fn labels_of(session: &Session, reader: &str) -> PeerLabels {
    let body = session.consult();
    PeerLabels::for_reader(&body.config, body.peer_label_seed, reader)
}

#[test]
fn filtered_prompts_leave_out_the_viewpoints_the_reader_has_in_full() {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(demo_session(), &caller);
    let tensions = session.consult().round2.clone().unwrap().tensions;
    let kept = &tensions[..2]; // the demo's two tensions with the most viewpoints
    let requests = caller.requests();
    for request in requests
        .iter()
        .filter(|r| r.round == 3 && r.call_id != "r3-judge")
    {
        let reader = request.call_id.trim_start_matches("r3-");
        assert!(
            request.prompt.contains("you: as in your answer"),
            "{}",
            request.call_id
        );
        // Peers appear as this reader's labels (anonymous peers).
        let labels = labels_of(&session, reader);
        for v in kept.iter().flat_map(|t| &t.viewpoints) {
            let line = format!("{}: {}", labels.shown(v.agent.as_str()), v.viewpoint);
            assert_eq!(
                request.prompt.contains(&line),
                v.agent != reader,
                "{} sees the others' viewpoints, not its own: {line}",
                request.call_id
            );
        }
    }
    let verdict = requests.iter().find(|r| r.call_id == "r4-judge").unwrap();
    let judge = labels_of(&session, "judge");
    for t in kept {
        let agents: Vec<String> = t
            .viewpoints
            .iter()
            .map(|v| judge.shown(v.agent.as_str()))
            .collect();
        assert!(verdict
            .prompt
            .contains(&format!("{} ({})", t.topic, agents.join(", "))));
        for v in &t.viewpoints {
            assert!(
                !verdict.prompt.contains(&v.viewpoint),
                "the judge has every answer in full"
            );
        }
    }

    let mut verbose = demo_session();
    verbose.consult_mut().config.verbose = true;
    let caller = ScriptedCaller::over_demo();
    let (verbose, _) = run(verbose, &caller);
    for request in caller
        .requests()
        .iter()
        .filter(|r| r.round >= 3 && r.call_id != "r3-judge")
    {
        assert!(!request.prompt.contains("you: as in your answer"));
        let labels = labels_of(&verbose, request.participant_id.as_str());
        for v in tensions.iter().flat_map(|t| &t.viewpoints) {
            let line = format!("{}: {}", labels.shown(v.agent.as_str()), v.viewpoint);
            assert!(
                request.prompt.contains(&line),
                "verbose shows {line} to {}",
                request.call_id
            );
        }
    }
}

#[test]
fn round_three_panelists_see_the_filtered_synthesis_unless_verbose() {
    // The demo synthesis has 4 consensus points and 3 tensions: the weakest of each is dropped.
    let weakest_point = "Keep the existing ingester as a fallback during the transition";
    // A tension line: its number (`2.` in round 3, `T3.` in round 4), its topic, then its
    // viewpoints on the next lines (round 3) or who holds them (round 4).
    let lists_shallowest_tension =
        |prompt: &str| prompt.contains(". Hiring\n") || prompt.contains(". Hiring (");

    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(demo_session(), &caller);
    for request in caller.requests().iter().filter(|r| r.round >= 3) {
        assert!(
            !request.prompt.contains(weakest_point),
            "{} is filtered",
            request.call_id
        );
        assert!(
            !lists_shallowest_tension(&request.prompt),
            "{} is filtered",
            request.call_id
        );
    }
    let verdict_request = caller
        .requests()
        .into_iter()
        .find(|r| r.call_id == "r4-judge")
        .unwrap();
    for answer in &session.consult().round1 {
        let mut content = vec![&answer.position, &answer.rationale];
        content.extend(&answer.key_points);
        for text in content {
            assert!(
                verdict_request.prompt.contains(text.as_str()),
                "round 1 always goes in full"
            );
        }
    }
    assert!(
        session
            .consult()
            .token_efficiency_stats
            .clone()
            .unwrap()
            .tokens_saved_via_filtering
            > 0
    );

    let mut verbose = demo_session();
    verbose.consult_mut().config.verbose = true;
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(verbose, &caller);
    // The judge's round-3 judgment reads the challenges, not the synthesis.
    for request in caller
        .requests()
        .iter()
        .filter(|r| r.round >= 3 && r.call_id != "r3-judge")
    {
        assert!(
            request.prompt.contains(weakest_point),
            "{} is full",
            request.call_id
        );
        // The same assertion as above, which holds the other way here: it can fail.
        assert!(
            lists_shallowest_tension(&request.prompt),
            "{} lists every tension",
            request.call_id
        );
    }
    let stats = session.consult().token_efficiency_stats.clone().unwrap();
    assert_eq!(stats.tokens_saved_via_filtering, 0);
    assert_eq!(stats.efficiency_percentage, 0.0);
    assert!(stats.filtered_rounds.is_empty());
}

#[test]
fn savings_are_the_difference_between_the_unfiltered_and_the_sent_prompts() {
    let (filtered, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let mut verbose = demo_session();
    verbose.consult_mut().config.verbose = true;
    let (full, _) = run(verbose, &ScriptedCaller::over_demo());
    for (sent, unfiltered) in filtered.calls.iter().zip(&full.calls) {
        assert_eq!(sent.call_id, unfiltered.call_id);
        // The demo reports the estimate of each prompt as its input usage.
        let difference = unfiltered.input_tokens.unwrap() - sent.input_tokens.unwrap();
        assert_eq!(
            sent.tokens_saved_via_filtering, difference,
            "{}",
            sent.call_id
        );
    }
}

#[test]
fn the_default_limits_have_the_seed_shape() {
    assert_eq!(
        FilterLimits::default().to_settings_json(),
        json!({"filtering": {
            "round3": {"consensus_points": 3, "tensions": 2},
            "round4": {"consensus_points": 3, "tensions": 2, "challenges": 5, "rebuttals": 5}
        }})
    );
}

#[test]
fn partial_settings_override_only_what_they_name() {
    let settings = json!({"filtering": {"round3": {"tensions": 4}, "round4": {"rebuttals": 1}}});
    let limits = FilterLimits::from_settings_json(&settings).unwrap();
    let mut expected = FilterLimits::default();
    expected.round3.tensions = 4;
    expected.round4.rebuttals = 1;
    assert_eq!(limits, expected);

    let round_trip = FilterLimits::from_settings_json(&limits.to_settings_json()).unwrap();
    assert_eq!(round_trip, limits);
    let inner_only = json!({"round4": {"challenges": 0}});
    assert_eq!(
        FilterLimits::from_settings_json(&inner_only)
            .unwrap()
            .round4
            .challenges,
        0
    );
    assert_eq!(
        FilterLimits::from_settings_json(&json!(null)).unwrap(),
        FilterLimits::default()
    );
    assert_eq!(
        FilterLimits::from_settings_json(&json!({})).unwrap(),
        FilterLimits::default()
    );
    let whole_float = json!({"filtering": {"round3": {"tensions": 3.0}}});
    assert_eq!(
        FilterLimits::from_settings_json(&whole_float)
            .unwrap()
            .round3
            .tensions,
        3
    );
}

#[test]
fn invalid_settings_are_refused_with_the_key_named() {
    let refused =
        |settings: serde_json::Value| FilterLimits::from_settings_json(&settings).unwrap_err();
    assert_eq!(
        refused(json!({"filtering": {"round4": {"challenges": -1}}})),
        "filtering.round4.challenges must not be negative (got -1)."
    );
    assert_eq!(
        refused(json!({"filtering": {"round3": {"tensions": 2.5}}})),
        "filtering.round3.tensions must be a whole number of items (got 2.5)."
    );
    assert_eq!(
        refused(json!({"filtering": {"round3": {"consensus_points": "3"}}})),
        "filtering.round3.consensus_points must be a whole number of items, not \"3\"."
    );
    assert_eq!(
        refused(json!({"filtering": {"round3": {"challenges": 2}}})),
        "filtering.round3.challenges is not a known setting (known: consensus_points, tensions)."
    );
    assert_eq!(
        refused(json!({"filtering": {"round5": {}}})),
        "filtering.round5 is not a known setting (known: round3, round4)."
    );
    assert_eq!(
        refused(json!({"filtering": []})),
        "filtering must be a JSON object, not []."
    );
    assert_eq!(
        refused(json!(7)),
        "The filter settings must be a JSON object, not 7."
    );
}

#[test]
fn settings_edit_each_limit_as_a_whole_number_field() {
    use consilium_engine::record::consult::filter_limits::LimitField;
    let defaults = FilterLimits::default();
    let labels: Vec<(u8, &str, u32)> = LimitField::ALL
        .iter()
        .map(|field| (field.round(), field.label(), field.get(&defaults)))
        .collect();
    assert_eq!(
        labels,
        [
            (3, "Consensus points", 3),
            (3, "Tensions", 2),
            (4, "Consensus points", 3),
            (4, "Tensions", 2),
            (4, "Answered challenges", 5),
            (4, "Rebuttals", 5),
        ]
    );
    let changed = LimitField::Round4Rebuttals.set(defaults, " 8 ").unwrap();
    assert_eq!(changed.round4.rebuttals, 8);
    assert_eq!(changed.round4.challenges, 5, "one field changes one limit");
    let zero = LimitField::Round3Tensions.set(defaults, "0").unwrap();
    assert_eq!(zero.round3.tensions, 0);
    for bad in ["", "-1", "2.5", "101", "many"] {
        assert_eq!(
            LimitField::Round3Tensions.set(defaults, bad),
            Err("Use a whole number from 0 to 100.".to_string()),
            "{bad:?}"
        );
    }
    // What the fields save reads back through the settings JSON unchanged.
    assert_eq!(
        FilterLimits::from_settings_json(&changed.to_settings_json()),
        Ok(changed)
    );
}
