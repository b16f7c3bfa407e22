//! Decisions are code (issue 41.4): with material, an evidence entry whose only support is a
//! quote not found in the material is not evidence, and the earned confidence floor needs the
//! decision's evidence found. On a recorded unanimous consult whose verdict (80%, no dissent)
//! would otherwise be raised to strong agreement's 90% floor.
mod common;

use common::{run, session_with, unanimous_caller};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::evidence::{counts, standing, Standing};
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_pdf_pages;
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::consult::confidence::{AgreementGap, ConfidenceCheck};
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::record::sources::Citation;
use serde_json::{json, Value};

fn config_with_report() -> ConsultConfig {
    let mut config = demo_config();
    let pages = vec![
        "Ingestion profile\nParsing takes 71% of the CPU time of the service.".to_string(),
        "Team\nTwo engineers have shipped Rust services before.".to_string(),
    ];
    attach(
        &mut config.material,
        source_from_pdf_pages("profile.pdf", 5_000, pages).unwrap(),
    )
    .unwrap();
    config
}

fn verdict_citing(evidence: Value) -> String {
    json!({
        "recommendation": "Adopt Rust for the ingestion service, starting with a pilot.",
        "confidence": 80,
        "evidence": evidence,
        "dissent": []
    })
    .to_string()
}

fn checked(config: ConsultConfig, verdict: String) -> ConfidenceCheck {
    let caller = unanimous_caller(0.8).reply("r4-judge", verdict);
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
        .body_of::<ConsultBody>()
        .unwrap()
        .confidence_check
        .clone()
        .unwrap()
}

fn found_entry() -> Value {
    json!({"point": "Parsing dominates the CPU", "covers": [],
           "citations": [{"source": "S1", "location": "page 1", "quote": "Parsing takes 71% of the CPU time"}]})
}

fn invented_entry() -> Value {
    json!({"point": "Rust halves the cost", "covers": [],
           "citations": [{"source": "S1", "location": "page 2", "quote": "Rust halves the hosting cost"}]})
}

#[test]
fn with_its_evidence_found_the_floor_is_earned() {
    let check = checked(config_with_report(), verdict_citing(json!([found_entry()])));
    assert_eq!(check.computed_confidence, 0.9, "{}", check.rule);
    assert!(check.agreement_gaps.is_empty());
}

#[test]
fn evidence_resting_on_a_quote_not_found_refuses_the_floor() {
    let check = checked(
        config_with_report(),
        verdict_citing(json!([found_entry(), invented_entry()])),
    );
    assert_eq!(check.computed_confidence, 0.8, "{}", check.rule);
    assert_eq!(
        check.agreement_gaps,
        [AgreementGap::EvidenceNotFound { entries: vec![2] }]
    );
    assert!(
        check
            .rule
            .contains("evidence 2 rests on quotes not found in the material"),
        "{}",
        check.rule
    );
}

#[test]
fn with_material_a_decision_citing_none_of_it_earns_no_floor() {
    let uncited = json!(["Parsing is CPU-bound"]);
    let check = checked(config_with_report(), verdict_citing(uncited.clone()));
    assert_eq!(check.agreement_gaps, [AgreementGap::NoEvidenceFound]);
    assert_eq!(check.computed_confidence, 0.8);
    // Without material the same verdict earns its floor, as before.
    let check = checked(demo_config(), verdict_citing(uncited));
    assert_eq!(check.computed_confidence, 0.9);
}

#[test]
fn an_entry_counts_when_one_of_its_quotes_is_found() {
    let config = config_with_report();
    let mut entry =
        consilium_engine::record::consult::artifacts::Evidence::new("Parsing dominates");
    assert_eq!(standing(&entry, &config.material), Standing::Uncited);
    entry.citations.push(Citation {
        source: "S1".into(),
        location: "page 2".into(),
        quote: "not in the report".into(),
    });
    assert!(!counts(&entry, &config.material));
    entry.citations.push(Citation {
        source: "S1".into(),
        location: "page 2".into(),
        quote: "parsing takes 71%".into(),
    });
    assert_eq!(standing(&entry, &config.material), Standing::Found);
    // A source the material does not have supports nothing.
    let unknown = consilium_engine::record::consult::artifacts::Evidence {
        citations: vec![Citation {
            source: "S7".into(),
            location: String::new(),
            quote: "Parsing takes 71%".into(),
        }],
        ..entry.clone()
    };
    assert!(!counts(&unknown, &config.material));
}
