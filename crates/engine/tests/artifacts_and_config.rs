//! Artifact validation and schemas, the council's configuration, and the session record.
use crate::common;

use common::*;
use consilium_engine::record::title_of;
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, foundation::participants::builtin_personas,
    foundation::participants::Price, foundation::validation::ValidationError,
    record::consult::artifacts::ArtifactEnvelope, record::consult::artifacts::ConsensusPoint,
    record::consult::artifacts::Dissent, record::consult::artifacts::IndependentArtifact,
    record::consult::artifacts::Severity, record::consult::artifacts::SynthesisArtifact,
    record::consult::artifacts::Tension, record::consult::artifacts::VerdictArtifact,
    record::consult::artifacts::Viewpoint, record::consult::state::ConsultState, record::Protocol,
};
use consilium_engine::{
    record::consult::artifacts::cross_exam_judgment_schema,
    record::consult::artifacts::cross_exam_reply_schema,
    record::consult::artifacts::independent_schema, record::consult::artifacts::synthesis_schema,
    record::consult::artifacts::verdict_schema, record::consult::artifacts::INDEPENDENT,
    record::consult::artifacts::SYNTHESIS, record::consult::artifacts::VERDICT,
};
use serde_json::Value;

fn envelope(kind: consilium_engine::record::consult::artifacts::ArtifactKind) -> ArtifactEnvelope {
    ArtifactEnvelope::new(kind, "2023-11-14T22:13:20.000Z".into())
}

fn answer() -> IndependentArtifact {
    IndependentArtifact {
        citations: Vec::new(),
        envelope: envelope(INDEPENDENT),
        agent_id: "panelist-1".into(),
        position: "Yes".into(),
        key_points: vec!["Fast".into()],
        rationale: "Because".into(),
        confidence: 0.7,
        final_answer: None,
        free_text: false,
    }
}

fn error(result: Result<(), ValidationError>) -> String {
    result.unwrap_err().to_string()
}

#[test]
fn validation_names_the_field_at_fault() {
    answer().validate().unwrap();
    let mut wrong = answer();
    wrong.confidence = 1.2;
    assert_eq!(
        error(wrong.validate()),
        "confidence must be a number from 0 to 1 (got 1.2)."
    );
    let mut wrong = answer();
    wrong.envelope.artifact_type = "verdict".into();
    assert_eq!(
        error(wrong.validate()),
        "artifact_type must be \"independent\" (got \"verdict\")."
    );
    let mut wrong = answer();
    wrong.envelope.schema_version = "2.0".into();
    assert_eq!(
        error(wrong.validate()),
        "schema_version must be \"1.0\" (got \"2.0\")."
    );
    let mut wrong = answer();
    wrong.envelope.round_number = 2;
    assert_eq!(error(wrong.validate()), "round_number must be 1 (got 2).");

    let synthesis = SynthesisArtifact {
        envelope: envelope(SYNTHESIS),
        consensus_points: vec![ConsensusPoint {
            point: "p".into(),
            supporting_agents: vec![],
            confidence: 0.5,
        }],
        tensions: vec![],
        priority_order: vec![],
    };
    assert_eq!(
        error(synthesis.validate()),
        "consensus_points[0].supporting_agents must have at least 1 item (got 0)."
    );
    let lonely = SynthesisArtifact {
        consensus_points: vec![],
        tensions: vec![Tension {
            topic: "t".into(),
            viewpoints: vec![Viewpoint {
                agent: "panelist-1".into(),
                viewpoint: "v".into(),
            }],
        }],
        ..synthesis
    };
    assert_eq!(
        error(lonely.validate()),
        "tensions[0].viewpoints must have at least 2 items (got 1)."
    );

    let verdict = VerdictArtifact {
        envelope: envelope(VERDICT),
        recommendation: "Do it".into(),
        confidence: 0.8,
        evidence: vec![],
        dissent: vec![Dissent {
            agent: "panelist-1".into(),
            concern: "c".into(),
            severity: Severity::Low,
            covers: vec![],
        }],
        final_answer: None,
    };
    assert_eq!(
        error(verdict.validate()),
        "evidence must have at least 1 item (got 0)."
    );
}

#[test]
fn severities_read_any_capitalisation_and_write_lowercase() {
    let dissent: Dissent =
        serde_json::from_str(r#"{"agent": "a", "concern": "c", "severity": "High"}"#).unwrap();
    assert_eq!(dissent.severity, Severity::High);
    assert_eq!(serde_json::to_value(Severity::Medium).unwrap(), "medium");
    assert!(serde_json::from_str::<Severity>("\"severe\"").is_err());
}

fn assert_strict_and_bounded(schema: &Value) {
    match schema["type"].as_str() {
        Some("object") => {
            assert_eq!(schema["additionalProperties"], false);
            let properties = schema["properties"].as_object().unwrap();
            let mut required: Vec<&str> = schema["required"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            required.sort_unstable();
            let mut names: Vec<&str> = properties.keys().map(String::as_str).collect();
            names.sort_unstable();
            assert_eq!(required, names, "every property is required");
            properties.values().for_each(assert_strict_and_bounded);
        }
        Some("array") => {
            assert!(schema["maxItems"].is_u64(), "{schema}");
            assert_strict_and_bounded(&schema["items"]);
        }
        Some("string") => assert!(
            schema["maxLength"].is_u64() || schema["enum"].is_array(),
            "{schema}"
        ),
        // Confidences are whole percentages and challenges are numbered from 1: grammar
        // decoders enforce integer bounds.
        Some("integer") => assert!(
            [(Some(0), Some(100)), (Some(1), Some(7))]
                .contains(&(schema["minimum"].as_u64(), schema["maximum"].as_u64())),
            "{schema}"
        ),
        other => panic!("unexpected schema type {other:?}"),
    }
}

#[test]
fn reply_schemas_are_strict_bounded_and_ask_only_for_content() {
    for schema in [
        independent_schema(),
        synthesis_schema(),
        cross_exam_reply_schema(),
        cross_exam_judgment_schema(7),
        verdict_schema(),
    ] {
        assert_strict_and_bounded(&schema);
        let properties = schema["properties"].as_object().unwrap();
        for engine_field in [
            "artifact_type",
            "schema_version",
            "round_number",
            "created_at",
            "agent_id",
        ] {
            assert!(!properties.contains_key(engine_field));
        }
    }
    assert_eq!(
        independent_schema()["properties"]["key_points"]["minItems"],
        1
    );
    assert_eq!(
        synthesis_schema()["properties"]["tensions"]["items"]["properties"]["viewpoints"]
            ["minItems"],
        2
    );
    assert_eq!(verdict_schema()["properties"]["evidence"]["minItems"], 1);
    assert_eq!(
        verdict_schema()["properties"]["dissent"]["items"]["properties"]["severity"]["enum"],
        serde_json::json!(["high", "medium", "low"])
    );
}

#[test]
fn reply_schemas_spend_no_token_on_what_validation_already_covers() {
    for schema in [
        independent_schema(),
        synthesis_schema(),
        cross_exam_reply_schema(),
        cross_exam_judgment_schema(7),
        verdict_schema(),
    ] {
        let wire = schema.to_string();
        // Validation refuses an empty text, and an array may be empty unless it says otherwise.
        assert!(!wire.contains("minLength"), "{wire}");
        assert!(!wire.contains("\"minItems\":0"), "{wire}");
    }
    // A text that may hold an empty string is still refused, so the bound is not lost.
    let empty = serde_json::json!({
        "position": "", "key_points": ["a"], "rationale": "b", "confidence": 50
    });
    let mut fields = ArtifactEnvelope::new(INDEPENDENT, "2026-01-01T00:00:00Z".into()).to_fields();
    fields.insert("agent_id".into(), "panelist-1".into());
    let error = consilium_engine::text::reply_parse::parse_reply(
        &empty.to_string(),
        fields,
        IndependentArtifact::validate,
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("position must not be empty"),
        "{error}"
    );
}

#[test]
fn a_council_is_validated_with_sentences() {
    let valid = demo_config();
    assert_eq!(valid.validate(), Ok(()));
    let mut config = valid.clone();
    config
        .panelists
        .extend(valid.panelists.iter().cloned().map(|mut p| {
            p.id = format!("{}-b", p.id).into();
            p
        }));
    assert_eq!(
        config.validate().unwrap_err(),
        "A council needs one model alone or 2 to 5 panelists; this one has 6."
    );
    let mut config = valid.clone();
    config.judge.id = "panelist-2".into();
    assert_eq!(
        config.validate().unwrap_err(),
        "Two seats share the id \"panelist-2\"; each needs its own."
    );
    let mut config = valid.clone();
    config.stop_after_round = 0;
    assert_eq!(
        config.validate().unwrap_err(),
        "Stop after round must be 1 to 4 (got 0)."
    );
    let mut config = valid.clone();
    config.budget_usd = Some(0.0);
    assert_eq!(
        config.validate().unwrap_err(),
        "The budget must be more than $0 (got 0)."
    );
    let mut config = valid.clone();
    config.panelists[0].price = Some(Price::new(-1.0, 1.0));
    assert!(config
        .validate()
        .unwrap_err()
        .starts_with("The price of Demo panelist 1"));
    let mut config = valid;
    config.judge.model = " ".into();
    assert_eq!(
        config.validate().unwrap_err(),
        "Choose a model for Demo judge."
    );
}

#[test]
fn a_stored_config_missing_newer_fields_takes_the_defaults() {
    let mut value = serde_json::to_value(demo_config()).unwrap();
    let object = value.as_object_mut().unwrap();
    for field in [
        "verbose",
        "filter_limits",
        "max_tokens",
        "stop_after_round",
        "structured_output",
        "demo",
    ] {
        object.remove(field);
    }
    let config: consilium_engine::record::consult::config::ConsultConfig =
        serde_json::from_value(value).unwrap();
    assert_eq!(
        (
            config.max_tokens,
            config.stop_after_round,
            config.structured_output
        ),
        (1024, 4, true)
    );
    assert!(!config.verbose && !config.demo);
}

#[test]
fn the_demo_council_is_labelled_as_a_demo_and_unpriced() {
    let config = demo_config();
    assert!(config.demo);
    assert_eq!(config.panelists.len(), 3);
    for participant in config.participants() {
        assert!(participant.label.starts_with("Demo "));
        assert_eq!(participant.provider_id, "demo");
        assert_eq!(participant.provider_label, "Demo (scripted)");
        assert_eq!(participant.price, None);
    }
    let names: Vec<String> = builtin_personas().into_iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "Pragmatic engineer",
            "Skeptic",
            "Domain expert",
            "Risk analyst",
            "User advocate"
        ]
    );
}

#[test]
fn a_new_session_is_idle_and_stamped() {
    let session = demo_session();
    assert_eq!(session.schema_version, "2.0", "the shared record's version");
    assert_eq!(session.protocol(), Protocol::Consult);
    assert_eq!(session.consult_state(), Some(ConsultState::Idle));
    assert_eq!(session.created_at, "2023-11-14T22:13:20.000Z");
    assert_eq!(session.updated_at, session.created_at);
    assert!(
        session.is_running(),
        "not yet finished: it can still be run"
    );
    assert_eq!(session.consult().last_complete_round(), 0);
    assert_eq!(
        session.title,
        "Should our team adopt Rust for the new ingestion service?"
    );
}

#[test]
fn titles_are_the_first_line_shortened() {
    let mut session = demo_session();
    session.subject = "\n  Pick   a   database\nfor the new service".into();
    assert_eq!(title_of(&session.subject), "Pick a database");
    session.subject = "word ".repeat(40);
    let title = title_of(&session.subject);
    assert_eq!(title.chars().count(), 80);
    assert!(title.ends_with('…'));
}

#[test]
fn last_complete_round_follows_the_stored_artifacts() {
    let (complete, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert_eq!(complete.consult().last_complete_round(), 4);
    assert!(!complete.is_running());
    let mut partial = complete.clone();
    partial.consult_mut().round4 = None;
    partial.consult_mut().round3 = None;
    assert_eq!(partial.consult().last_complete_round(), 2);
    partial.consult_mut().round2 = None;
    assert_eq!(partial.consult().last_complete_round(), 1);
    partial.consult_mut().round1.truncate(1);
    assert_eq!(partial.consult().last_complete_round(), 0);
}
