//! Decisions are code: with material, an evidence entry whose only support is a
//! quote not found in the material is not evidence, and the earned confidence floor needs the
//! decision's evidence found. On a recorded unanimous consult whose verdict (80%, no dissent)
//! would otherwise be raised to strong agreement's 90% floor.
use crate::common;

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

/// A round-1 answer of a panel with material, citing `quote` of the report.
fn answer_citing(quote: &str) -> String {
    json!({
        "position": "Adopt Rust",
        "key_points": ["Parsing dominates the CPU"],
        "rationale": "The profile shows it.",
        "confidence": 0.9,
        "citations": [{"source": "S1", "location": "page 1", "quote": quote}]
    })
    .to_string()
}

/// An early decision (Vote, decided in code after the synthesis) is held to the material as a
/// verdict is: each evidence entry carries the round-1 quotes of the panelists who hold it, an
/// entry whose quotes are all not found is struck and earns no floor.
#[test]
fn an_early_decision_is_held_to_its_supporters_quotes() {
    use consilium_engine::record::consult::depth::Depth;
    let vote_with = |quote: &str| {
        let mut config = config_with_report();
        config.depth = Depth::Vote;
        let caller = unanimous_caller(0.8)
            .reply("r1-panelist-1", answer_citing(quote))
            .reply("r1-panelist-2", answer_citing(quote))
            .reply("r1-panelist-3", answer_citing(quote));
        let (session, _) = run(session_with(config), &caller);
        assert_eq!(session.state, "complete", "{:?}", session.failure);
        session
    };
    let early_check = |session: &consilium_engine::record::Session| {
        let body = session.body_of::<ConsultBody>().unwrap();
        body.decision().unwrap().confidence_check.unwrap().clone()
    };

    let invented = vote_with("Rust halves the hosting cost");
    let body = invented.body_of::<ConsultBody>().unwrap();
    let decision = body.decision().unwrap();
    assert_eq!(
        decision.verdict.evidence[0].citations.len(),
        1,
        "the three supporters' one quote, once"
    );
    let check = early_check(&invented);
    assert_eq!(
        check.agreement_gaps,
        [AgreementGap::EvidenceNotFound { entries: vec![1] }],
        "{}",
        check.rule
    );
    let card = consilium_engine::consult::view::verdict::decision(&invented).unwrap();
    assert_eq!(card.evidence_flags.len(), 1);
    assert!(card.evidence_flags[0].is_some(), "struck on the card");

    // The same decision on a quote the report holds earns its floor.
    let found = vote_with("Parsing takes 71% of the CPU time");
    assert!(early_check(&found).agreement_gaps.is_empty());
    let card = consilium_engine::consult::view::verdict::decision(&found).unwrap();
    assert_eq!(card.evidence_flags, [None]);
}
