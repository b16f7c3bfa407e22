//! The confidence rules and the completion of the minority's dissent, on hand-made artifacts.
use consilium_engine::consult::artifacts::{CROSS_EXAM, INDEPENDENT, SYNTHESIS, VERDICT};
use consilium_engine::{
    check_confidence, ArtifactEnvelope, Challenge, ConsensusPoint, CrossExamArtifact, Dissent,
    IndependentArtifact, Rebuttal, Severity, SynthesisArtifact, Tension, VerdictArtifact,
    Viewpoint,
};

fn envelope(kind: consilium_engine::consult::artifacts::ArtifactKind) -> ArtifactEnvelope {
    ArtifactEnvelope::new(kind, "2023-11-14T22:13:20.000Z".into())
}

fn answers(confidences: &[f64]) -> Vec<IndependentArtifact> {
    confidences
        .iter()
        .enumerate()
        .map(|(i, confidence)| IndependentArtifact {
            envelope: envelope(INDEPENDENT),
            agent_id: format!("panelist-{}", i + 1),
            position: "p".into(),
            key_points: vec!["k".into()],
            rationale: "r".into(),
            confidence: *confidence,
        })
        .collect()
}

fn synthesis(tensions: Vec<Tension>) -> SynthesisArtifact {
    SynthesisArtifact {
        envelope: envelope(SYNTHESIS),
        consensus_points: vec![
            ConsensusPoint {
                point: "weaker".into(),
                supporting_agents: vec![
                    "panelist-1".into(),
                    "panelist-2".into(),
                    "panelist-3".into(),
                ],
                confidence: 0.6,
            },
            ConsensusPoint {
                point: "strongest".into(),
                supporting_agents: vec!["panelist-1".into(), "panelist-2".into()],
                confidence: 0.9,
            },
        ],
        tensions,
        priority_order: vec![],
    }
}

fn split_on_cost() -> Tension {
    Tension {
        topic: "Cost".into(),
        viewpoints: vec![
            Viewpoint {
                agent: "panelist-1".into(),
                viewpoint: "Affordable".into(),
            },
            Viewpoint {
                agent: "panelist-3".into(),
                viewpoint: "Too expensive".into(),
            },
        ],
    }
}

fn cross_exam(unresolved: &[&str]) -> CrossExamArtifact {
    CrossExamArtifact {
        envelope: envelope(CROSS_EXAM),
        challenges: vec![Challenge {
            challenger: "panelist-3".into(),
            target_agent: "panelist-1".into(),
            challenge: "Licensing costs double in year two".into(),
            evidence: vec![],
            also_raised_by: vec![],
        }],
        // Every panelist answered round 3 (a floor needs it).
        rebuttals: (1..=3)
            .map(|i| Rebuttal {
                agent: format!("panelist-{i}"),
                rebuttal: "I hold my position.".into(),
            })
            .collect(),
        unresolved: unresolved.iter().map(|u| u.to_string()).collect(),
    }
}

/// A synthesis whose strongest consensus point has all three panelists.
fn unanimous_synthesis() -> SynthesisArtifact {
    let mut unanimous = synthesis(vec![]);
    unanimous.consensus_points[1]
        .supporting_agents
        .push("panelist-3".into());
    unanimous
}

fn verdict(confidence: f64, dissent: &[(&str, &str, Severity)]) -> VerdictArtifact {
    VerdictArtifact {
        envelope: envelope(VERDICT),
        recommendation: "Do it".into(),
        confidence,
        evidence: vec!["e".into()],
        dissent: dissent
            .iter()
            .map(|(agent, concern, severity)| Dissent {
                agent: agent.to_string(),
                concern: concern.to_string(),
                severity: *severity,
                covers: vec![],
            })
            .collect(),
    }
}

#[test]
fn no_dissent_and_strong_agreement_lifts_to_ninety_percent() {
    let check = check_confidence(
        &verdict(0.6, &[]),
        &answers(&[0.9, 0.7]),
        &synthesis(vec![]),
        &cross_exam(&[]),
    );
    assert_eq!(check.computed_confidence, 0.9);
    assert!(check.adjusted);
    // A judge already above the floor keeps its number.
    let check = check_confidence(
        &verdict(0.95, &[]),
        &answers(&[0.9, 0.7]),
        &synthesis(vec![]),
        &cross_exam(&[]),
    );
    assert_eq!(check.computed_confidence, 0.95);
    assert!(!check.adjusted);
}

#[test]
fn agreement_is_not_strong_with_a_tension_or_an_unsure_panelist() {
    // The minority view on cost is answered by the evidence, so nothing is added to the dissent:
    // the tension alone keeps the agreement from being strong.
    let mut answered = verdict(0.5, &[]);
    answered.evidence = vec!["Cost is covered by the savings on hosting".into()];
    let check = check_confidence(
        &answered,
        &answers(&[0.9, 0.9]),
        &synthesis(vec![split_on_cost()]),
        &cross_exam(&[]),
    );
    assert!(check.added_dissent.is_empty(), "{:?}", check.added_dissent);
    assert_eq!(check.computed_confidence, 0.85);
    let check = check_confidence(
        &verdict(0.5, &[]),
        &answers(&[0.9, 0.69]),
        &synthesis(vec![]),
        &cross_exam(&[]),
    );
    assert_eq!(check.computed_confidence, 0.85);
}

#[test]
fn an_unresolved_point_the_judge_left_out_is_high_dissent_whatever_the_confidence() {
    // The judge claims no dissent at 92%; round 3 left a point unanswered.
    let check = check_confidence(
        &verdict(0.92, &[]),
        &answers(&[0.9, 0.9, 0.9]),
        &synthesis(vec![]),
        &cross_exam(&["Licensing costs double in year two"]),
    );
    let added = Dissent {
        agent: "panelist-3".into(),
        concern: "Licensing costs double in year two".into(),
        severity: Severity::High,
        covers: vec![],
    };
    assert_eq!(check.added_dissent, std::slice::from_ref(&added));
    assert_eq!(check.reconciled_dissent, [added]);
    assert_eq!(check.computed_confidence, 0.69);
    assert!(check.rule.starts_with("High-severity dissent: below 70%."));
}

#[test]
fn an_unanswered_minority_tension_is_medium_dissent_even_above_the_reservations_floor() {
    // Judge: only a low reservation at 88%. panelist-3's view on cost is outside the strongest
    // consensus point and no evidence answers it.
    let judge = verdict(0.88, &[("panelist-2", "Minor wording", Severity::Low)]);
    let check = check_confidence(
        &judge,
        &answers(&[0.9, 0.9, 0.9]),
        &synthesis(vec![split_on_cost()]),
        &cross_exam(&[]),
    );
    let cost = Dissent {
        agent: "panelist-3".into(),
        concern: "Cost: Too expensive".into(),
        severity: Severity::Medium,
        covers: vec![],
    };
    assert_eq!(check.added_dissent, std::slice::from_ref(&cost));
    // Both lists are kept: the judge's in the verdict, the reconciled one in the check.
    assert_eq!(check.reconciled_dissent, [judge.dissent[0].clone(), cost]);
    assert_eq!(check.computed_confidence, 0.88);
    // With no dissent at all from the judge the same tension still lands in the record.
    let check = check_confidence(
        &verdict(0.95, &[]),
        &answers(&[0.9, 0.9, 0.9]),
        &synthesis(vec![split_on_cost()]),
        &cross_exam(&[]),
    );
    assert_eq!(check.added_dissent.len(), 1);
    assert_eq!(check.computed_confidence, 0.9);
    assert!(check.adjusted);
}

#[test]
fn low_or_medium_dissent_is_clamped_between_seventy_and_ninety_percent() {
    let round1 = answers(&[0.8, 0.8, 0.8]);
    let dissent = [
        ("panelist-3", "Too expensive", Severity::Medium),
        ("panelist-2", "Minor", Severity::Low),
    ];
    let clamp = |judge: f64| {
        check_confidence(
            &verdict(judge, &dissent),
            &round1,
            &unanimous_synthesis(),
            &cross_exam(&[]),
        )
        .computed_confidence
    };
    assert_eq!(clamp(0.95), 0.9);
    assert_eq!(clamp(0.5), 0.7);
    assert_eq!(clamp(0.8), 0.8);
}

#[test]
fn high_dissent_drops_below_seventy_and_adds_the_minority_concerns_the_judge_left_out() {
    let round1 = answers(&[0.8, 0.8, 0.6]);
    let tensions = vec![split_on_cost()];
    let judge = verdict(0.9, &[("panelist-2", "Vendor lock-in", Severity::High)]);
    let unresolved = [
        "Licensing costs double in year two",
        "Nobody owns the migration",
    ];
    let check = check_confidence(
        &judge,
        &round1,
        &synthesis(tensions),
        &cross_exam(&unresolved),
    );

    assert_eq!(check.computed_confidence, 0.69);
    assert!(check.adjusted);
    assert_eq!(
        check.added_dissent,
        [
            // panelist-3 is outside the strongest consensus point; panelist-1 is inside it.
            Dissent {
                agent: "panelist-3".into(),
                concern: "Cost: Too expensive".into(),
                severity: Severity::Medium,
                covers: vec![],
            },
            // Attributed to the challenger whose challenge it quotes.
            Dissent {
                agent: "panelist-3".into(),
                concern: "Licensing costs double in year two".into(),
                severity: Severity::High,
                covers: vec![],
            },
            Dissent {
                agent: "panel".into(),
                concern: "Nobody owns the migration".into(),
                severity: Severity::High,
                covers: vec![],
            },
        ]
    );
    assert!(check.rule.starts_with("High-severity dissent: below 70%."));
    assert!(check.rule.contains("left out 3 minority concern(s)"));
}

#[test]
fn concerns_the_judge_already_named_are_not_added_twice() {
    let judge = verdict(
        0.4,
        &[
            ("panelist-3", "Too expensive overall", Severity::High),
            (
                "panelist-2",
                "Note: licensing costs double in year two, per the challenge",
                Severity::Medium,
            ),
        ],
    );
    let check = check_confidence(
        &judge,
        &answers(&[0.8, 0.8, 0.6]),
        &synthesis(vec![split_on_cost()]),
        &cross_exam(&["Licensing costs double in year two"]),
    );
    assert_eq!(check.computed_confidence, 0.4);
    assert!(!check.adjusted);
    assert!(check.added_dissent.is_empty(), "{:?}", check.added_dissent);
}
