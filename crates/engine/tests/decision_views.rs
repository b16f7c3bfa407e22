//! The decision-first page's view models: the confidence meter (computed value, allowed band, the
//! judge's number), who was absent, the stance matrix, the efficiency line and the verbose notice.
use crate::common;

use common::*;
use consilium_engine::consult::view::stance::{
    stance_matrix, ColumnKind, StanceKind, StanceMatrix,
};
use consilium_engine::consult::view::verdict::{
    confidence_chip, confidence_why, decision, efficiency_line, ConfidenceMeter,
};
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::{
    consult::demo::demo_config, consult::report::markdown::consult_markdown,
    consult::VERBOSE_NOTICE, harness::io::CallFailure,
    record::consult::efficiency::TokenEfficiencyStats, record::consult::state::ConsultState,
    record::Body, record::Session,
};
use serde_json::json;

fn meter_of(session: &Session) -> ConfidenceMeter {
    decision(session)
        .expect("a verdict")
        .meter
        .expect("a checked confidence")
}

fn assert_close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() < 1e-9, "{actual} != {expected}");
}

fn network_failure() -> CallFailure {
    CallFailure {
        kind: "network".into(),
        message: "Unreachable.".into(),
    }
}

#[test]
fn the_meter_shows_the_computed_confidence_inside_its_band_beside_the_judges() {
    // Strong agreement of everyone: at least 90%, so the judge's 86% is raised.
    let (session, _) = run(demo_session(), &unanimous_caller(0.86));
    let meter = meter_of(&session);
    assert_close(meter.computed, 0.9);
    assert_close(meter.judge, 0.86);
    assert_close(meter.band_low, 0.9);
    assert_close(meter.band_high, 1.0);
    assert!(meter.adjusted);
    assert_eq!(
        meter.text,
        "90% computed, allowed 90% to 100%; the judge said 86%"
    );
    assert!(decision(&session).unwrap().absent.is_empty());

    assert!(meter.floor_withheld.is_empty());

    // One panelist absent: the record does not show agreement, so no floor: the
    // judge's number stands, and the meter says why.
    let caller = unanimous_caller(0.86).fail("r1-panelist-3", network_failure());
    let (session, _) = run(demo_session(), &caller);
    let decided = decision(&session).unwrap();
    let meter = decided.meter.clone().unwrap();
    assert_close(meter.computed, 0.86);
    assert_close(meter.band_low, 0.0);
    assert_close(meter.band_high, 1.0);
    assert!(!meter.adjusted);
    assert_eq!(decided.absent, [session.label_of("panelist-3")]);
    assert_eq!(
        meter.floor_withheld,
        ["panelist-3 gave no usable answer in round 1"]
    );
    let caller = unanimous_caller(0.2).fail("r1-panelist-3", network_failure());
    let meter = meter_of(&run(demo_session(), &caller).0);
    assert_close(meter.computed, 0.2);
    assert!(meter.rule.contains("No floor applies"), "{}", meter.rule);

    // A high-severity dissent: below 70%.
    let high = json!([{"agent": "panelist-2", "concern": "Hiring Rust engineers is slow", "severity": "high"}]);
    let caller = unanimous_caller(0.85).reply("r4-judge", verdict(0.85, high));
    let (session, _) = run(demo_session(), &caller);
    let decided = decision(&session).unwrap();
    let meter = decided.meter.clone().unwrap();
    assert_close(meter.computed, 0.69);
    assert_close(meter.judge, 0.85);
    assert_close(meter.band_low, 0.0);
    assert_close(meter.band_high, 0.69);
    assert_eq!(
        meter.text,
        "69% computed, allowed 0% to 69%; the judge said 85%"
    );
    assert_eq!(decided.dissent.len(), 1);
    assert_eq!(decided.evidence, ["Parsing is CPU-bound"]);
    assert_eq!(
        decided.recommendation,
        "Adopt Rust for the ingestion service, starting with a pilot."
    );

    // Only medium dissent: from 70% to 90%.
    let medium = json!([{"agent": "panelist-2", "concern": "Training takes a quarter", "severity": "medium"}]);
    let caller = unanimous_caller(0.95).reply("r4-judge", verdict(0.95, medium));
    let (session, _) = run(demo_session(), &caller);
    let meter = meter_of(&session);
    assert_close(meter.computed, 0.9);
    assert_close(meter.band_low, 0.7);
    assert_close(meter.band_high, 0.9);
}

#[test]
fn the_computed_confidence_always_lies_inside_the_band_shown() {
    let dissents = [
        json!([]),
        json!([{"agent": "panelist-1", "concern": "a", "severity": "low"}]),
        json!([{"agent": "panelist-1", "concern": "a", "severity": "medium"}]),
        json!([{"agent": "panelist-1", "concern": "a", "severity": "high"}]),
    ];
    for dissent in &dissents {
        for judge in [0.1, 0.5, 0.69, 0.7, 0.8, 0.86, 0.9, 0.95, 1.0] {
            for absent in [false, true] {
                let mut caller =
                    unanimous_caller(judge).reply("r4-judge", verdict(judge, dissent.clone()));
                if absent {
                    caller = caller.fail("r1-panelist-3", network_failure());
                }
                let (session, _) = run(demo_session(), &caller);
                let meter = meter_of(&session);
                assert!(
                    meter.band_low - 1e-9 <= meter.computed
                        && meter.computed <= meter.band_high + 1e-9,
                    "{dissent} judge {judge} absent {absent}: {meter:?}"
                );
            }
        }
    }
    // The demo council's own verdict too.
    let (session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let meter = meter_of(&session);
    assert!(meter.band_low <= meter.computed && meter.computed <= meter.band_high);
}

/// The demo session, finished, with panelist 2 absent and the given round 2 and 3 records.
fn session_with_debate(synthesis: serde_json::Value, cross_exam: serde_json::Value) -> Session {
    let (mut session, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let Body::Consult(body) = &mut session.body else {
        unreachable!()
    };
    body.round1.retain(|a| a.agent_id != "panelist-2");
    let round2 = body.round2.as_mut().unwrap();
    round2.consensus_points =
        serde_json::from_value(synthesis["consensus_points"].clone()).unwrap();
    round2.tensions = serde_json::from_value(synthesis["tensions"].clone()).unwrap();
    let round3 = body.round3.as_mut().unwrap();
    round3.challenges = serde_json::from_value(cross_exam["challenges"].clone()).unwrap();
    round3.rebuttals = serde_json::from_value(cross_exam["rebuttals"].clone()).unwrap();
    session
}

fn cell_texts(matrix: &StanceMatrix, row: usize, column: usize) -> Vec<String> {
    matrix.rows[row].cells[column]
        .iter()
        .map(|m| m.text.clone())
        .collect()
}

#[test]
fn the_stance_matrix_says_who_supported_challenged_and_was_rebutted_on_each_point() {
    let session = session_with_debate(
        json!({
            "consensus_points": [
                {"point": "Pilot first", "supporting_agents": ["panelist-1", "panelist-2"], "confidence": 0.8},
                {"point": "Rewrite all", "supporting_agents": ["panelist-3"], "confidence": 0.5}
            ],
            "tensions": [{"topic": "Pace", "viewpoints": [
                {"agent": "panelist-1", "viewpoint": "slow"},
                {"agent": "panelist-3", "viewpoint": "fast"}
            ]}]
        }),
        json!({
            "challenges": [
                {"challenger": "panelist-3", "target_agent": "panelist-1", "challenge": "Too slow.", "evidence": []},
                {"challenger": "panelist-1", "target_agent": "panelist-3", "challenge": "Too risky.", "evidence": []}
            ],
            "rebuttals": [{"agent": "panelist-1", "rebuttal": "A pilot bounds the risk."}]
        }),
    );
    let [p1, p2, p3] = ["panelist-1", "panelist-2", "panelist-3"].map(|id| session.label_of(id));
    let matrix = stance_matrix(&session).expect("round 2 is in");
    let titles: Vec<(ColumnKind, &str)> = matrix
        .columns
        .iter()
        .map(|c| (c.kind, c.title.as_str()))
        .collect();
    assert_eq!(
        titles,
        [
            (ColumnKind::Consensus, "Pilot first"),
            (ColumnKind::Consensus, "Rewrite all"),
            (ColumnKind::Tension, "Pace"),
        ]
    );
    let rows: Vec<&str> = matrix.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(rows, [p1.as_str(), p2.as_str(), p3.as_str()]);

    // Pilot first: panelist 1 supports it and was challenged on it by panelist 3, who does not;
    // panelist 1 defended itself, so panelist 3's challenge was rebutted.
    assert_eq!(
        cell_texts(&matrix, 0, 0),
        ["supported".to_string(), format!("challenged by {p3}")]
    );
    assert_eq!(
        cell_texts(&matrix, 2, 0),
        [format!("challenged {p1}"), format!("rebutted by {p1}")]
    );
    // Rewrite all: panelist 3's own point; panelist 1's challenge stands (no defence from 3).
    assert_eq!(cell_texts(&matrix, 0, 1), [format!("challenged {p3}")]);
    assert_eq!(
        cell_texts(&matrix, 2, 1),
        ["supported".to_string(), format!("challenged by {p1}")]
    );
    // Pace: both hold a view and challenged each other.
    assert_eq!(
        cell_texts(&matrix, 2, 2),
        [
            "held: fast".to_string(),
            format!("challenged {p1}"),
            format!("challenged by {p1}"),
            format!("rebutted by {p1}"),
        ]
    );
    assert_eq!(
        cell_texts(&matrix, 0, 2),
        [
            "held: slow".to_string(),
            format!("challenged {p3}"),
            format!("challenged by {p3}"),
        ]
    );
    // Panelist 2 gave no usable answer: absent everywhere, even where the judge named it.
    for column in 0..3 {
        assert_eq!(cell_texts(&matrix, 1, column), ["absent"]);
        assert_eq!(matrix.rows[1].cells[column][0].kind, StanceKind::Absent);
    }
    let kinds: Vec<StanceKind> = matrix.rows[2].cells[2].iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        [
            StanceKind::HeldView,
            StanceKind::Challenged,
            StanceKind::ChallengedBy,
            StanceKind::RebuttedBy
        ]
    );
}

#[test]
fn the_stance_matrix_waits_for_round_2_and_shows_supporters_before_round_3() {
    let session = session_with(demo_config());
    assert_eq!(stance_matrix(&session), None);
    let (mut finished, _) = run(demo_session(), &ScriptedCaller::over_demo());
    let Body::Consult(body) = &mut finished.body else {
        unreachable!()
    };
    body.round3 = None;
    let matrix = stance_matrix(&finished).unwrap();
    let marks: Vec<StanceKind> = matrix
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten().map(|m| m.kind))
        .collect();
    assert!(!marks.is_empty());
    assert!(marks
        .iter()
        .all(|k| matches!(k, StanceKind::Supported | StanceKind::HeldView)));
}

#[test]
fn a_verbose_session_says_nothing_was_filtered_on_the_page_and_in_its_report() {
    let stats = TokenEfficiencyStats::new(1000, 0, Vec::new());
    assert_eq!(
        efficiency_line(&stats, true),
        "Tokens used 1000 · saved by artifact filtering 0 (0.0%; verbose: nothing filtered)"
    );
    assert_eq!(
        efficiency_line(&stats, false),
        "Tokens used 1000 · saved by artifact filtering 0 (0.0%; no round filtered yet)"
    );
    let filtered = TokenEfficiencyStats::new(900, 100, vec![3, 4]);
    assert_eq!(
        efficiency_line(&filtered, false),
        "Tokens used 900 · saved by artifact filtering 100 (10.0%; filtered rounds: 3, 4)"
    );

    let mut config = demo_config();
    config.verbose = true;
    let (verbose, _) = run(session_with(config), &ScriptedCaller::over_demo());
    assert!(consult_markdown(&verbose).contains(&format!("> {VERBOSE_NOTICE}")));
    let (plain, _) = run(demo_session(), &ScriptedCaller::over_demo());
    assert!(!consult_markdown(&plain).contains(VERBOSE_NOTICE));
}

/// What the page says of the dissent: the chip, the dissent section when it has no entry, and the
/// Markdown report's dissent section.
fn dissent_said(session: &Session) -> (String, String, String) {
    let decided = decision(session).unwrap();
    let markdown = consult_markdown(session);
    let section = markdown
        .split("### Dissent\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default()
        .trim()
        .to_string();
    (
        confidence_chip(&decided),
        decided.empty_dissent_note.clone(),
        section,
    )
}

#[test]
fn an_absent_panelist_is_said_on_the_chip_and_no_dissent_is_never_said_then() {
    // As a real model ran it: complete, one panelist without a usable round 3 reply.
    let caller = unanimous_caller(0.75).fail("r3-panelist-3", network_failure());
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let decided = decision(&session).unwrap();
    assert_eq!(decided.absent, [session.label_of("panelist-3")]);
    let (chip, note, markdown) = dissent_said(&session);
    assert_eq!(chip, "75% · 1 of 3 panelists absent");
    assert_eq!(
        note,
        "The judge named none; 1 of 3 panelists absent, not counted as agreeing."
    );
    assert_eq!(markdown, note);
    let why = confidence_why(&decided);
    let said = why.iter().map(|line| &line.value).chain([&chip, &note]);
    for said in said {
        assert!(!said.to_lowercase().contains("no dissent"), "{said}");
    }

    // Absent from round 1, with a dissent entry: both on the chip.
    let low = json!([{"agent": "panelist-2", "concern": "Wording", "severity": "low"}]);
    let caller = unanimous_caller(0.8)
        .fail("r1-panelist-3", network_failure())
        .reply("r4-judge", verdict(0.8, low));
    let (session, _) = run(demo_session(), &caller);
    assert_eq!(
        dissent_said(&session).0,
        "80% · low dissent · 1 of 3 panelists absent"
    );
}

#[test]
fn below_seventy_percent_the_dissent_is_never_empty() {
    // Seed 000: below 0.70 the dissent is populated. The judge said 50% and named no dissent; the
    // strongest consensus point lacks panelist-3, so no floor lifts it.
    let caller = unanimous_caller(0.5).reply(
        "r2-judge",
        synthesis(
            json!([{"point": "Adopt Rust", "supporting_agents": ["panelist-1", "panelist-2"], "confidence": 0.9}]),
            json!([]),
        ),
    );
    let (session, _) = run(demo_session(), &caller);
    let (chip, note, markdown) = dissent_said(&session);
    assert_eq!(chip, "50% · dissent not named by the judge");
    assert_eq!(
        note,
        "The judge named none, though the confidence is below 70%."
    );
    assert_eq!(markdown, note);

    // With no one absent and a floor earned, the section says so plainly.
    let (session, _) = run(demo_session(), &unanimous_caller(0.9));
    let (chip, note, markdown) = dissent_said(&session);
    assert_eq!(chip, "90% · no dissent");
    assert_eq!(note, "No dissent on record.");
    assert_eq!(markdown, note);
}

/// The chip's colour follows the confidence band and absences: green ("no
/// dissent") never below 70% nor with a panelist absent; below 70% it reads as high dissent.
#[test]
fn the_chips_colour_follows_the_band_and_absences() {
    use consilium_engine::consult::view::verdict::{chip_level, decision};
    let dissents = [
        json!([]),
        json!([{"agent": "panelist-1", "concern": "a", "severity": "low"}]),
        json!([{"agent": "panelist-1", "concern": "a", "severity": "medium"}]),
    ];
    for dissent in &dissents {
        for judge in [0.11, 0.5, 0.69, 0.8, 0.95] {
            for absent in [false, true] {
                let mut caller =
                    unanimous_caller(judge).reply("r4-judge", verdict(judge, dissent.clone()));
                if absent {
                    caller = caller.fail("r1-panelist-3", network_failure());
                }
                let (session, _) = run(demo_session(), &caller);
                let shown = decision(&session).unwrap();
                let level = chip_level(&shown);
                let computed = shown.meter.as_ref().unwrap().computed;
                let case = format!("{dissent} judge {judge} absent {absent}: {level}");
                if computed < 0.70 {
                    assert_eq!(level, "high-dissent", "{case}");
                } else if absent {
                    assert_eq!(level, "medium-dissent", "{case}");
                }
                if level == "no-dissent" {
                    assert!(
                        !absent && computed >= 0.70 && shown.dissent.is_empty(),
                        "{case}"
                    );
                }
            }
        }
    }
}
