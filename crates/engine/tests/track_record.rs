//! The track record of judged decisions: figures against reference values computed by
//! hand (Python 3 `math`: Wilson's formula with p = score / n, the Brier mean, bands of tenths),
//! Partly as half, the grouping of councils, and the refusal below 10 judged decisions.
use crate::common;

use common::*;
use consilium_engine::record::outcome::{judged, Verdict};
use consilium_engine::testing::ScriptedCaller;
use consilium_engine::track_record::decisions::{decision_facts, DecisionFacts, Kind};
use consilium_engine::track_record::figures::{track_record, track_record_of, MIN_JUDGED};
use consilium_engine::track_record::view::track_record_view;

fn close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} differs from the reference {expected}"
    );
}

fn decision(
    council: &str,
    kind: Kind,
    early: Option<bool>,
    verdict: Option<Verdict>,
    confidence: Option<f64>,
    spent_usd: f64,
) -> DecisionFacts {
    DecisionFacts {
        session_id: format!("s-{council}").into(),
        council_key: council.into(),
        council_label: format!("council {council}"),
        kind,
        thread: format!("thread-{council}").into(),
        early,
        confidence,
        verdict,
        spent_usd,
        unpriced: false,
        demo: false,
    }
}

fn score_verdict(score: f64) -> Verdict {
    match score {
        s if s == 1.0 => Verdict::Right,
        s if s == 0.5 => Verdict::Partly,
        _ => Verdict::Wrong,
    }
}

/// Council A (Full, cross-examined), council B (Adaptive, early and cross-examined), reviews C.
fn reference_decisions() -> Vec<DecisionFacts> {
    let mut all = Vec::new();
    let a = [
        (1.0, 0.9),
        (1.0, 0.9),
        (1.0, 0.85),
        (1.0, 0.8),
        (1.0, 0.75),
        (0.5, 0.8),
        (0.5, 0.7),
        (0.0, 0.9),
        (0.0, 0.6),
    ];
    for (score, confidence) in a {
        all.push(decision(
            "A",
            Kind::Full,
            Some(false),
            Some(score_verdict(score)),
            Some(confidence),
            0.10,
        ));
    }
    for (score, confidence) in [(1.0, 0.9), (0.0, 0.85), (0.5, 0.9)] {
        all.push(decision(
            "B",
            Kind::Adaptive,
            Some(true),
            Some(score_verdict(score)),
            Some(confidence),
            0.02,
        ));
    }
    for (score, confidence) in [(1.0, 0.7), (1.0, 0.65)] {
        all.push(decision(
            "B",
            Kind::Adaptive,
            Some(false),
            Some(score_verdict(score)),
            Some(confidence),
            0.02,
        ));
    }
    for verdict in [Verdict::Right, Verdict::Wrong] {
        all.push(decision("C", Kind::Review, None, Some(verdict), None, 0.05));
    }
    // Not yet judgments of the decision: too early, and not judged at all (an unpriced one).
    all.push(decision(
        "A",
        Kind::Full,
        Some(false),
        Some(Verdict::TooEarly),
        Some(0.9),
        0.10,
    ));
    let mut unjudged = decision("C", Kind::Review, None, None, None, 0.05);
    unjudged.unpriced = true;
    all.push(unjudged);
    all
}

#[test]
fn the_share_right_counts_partly_as_half_with_wilsons_interval() {
    let record = track_record_of(&reference_decisions());
    assert_eq!(record.decisions, 18);
    assert_eq!(record.awaiting, 1);
    assert_eq!(record.too_early, 1);
    assert_eq!(
        (
            record.overall.right,
            record.overall.partly,
            record.overall.wrong
        ),
        (9, 3, 4)
    );
    close(record.overall.share().unwrap(), 0.65625);
    close(record.overall.interval().low, 0.4148346333847325);
    close(record.overall.interval().high, 0.8371629664482562);
}

#[test]
fn councils_and_depths_each_have_their_share() {
    let record = track_record_of(&reference_decisions());
    let labels: Vec<&str> = record.councils.iter().map(|c| c.label.as_str()).collect();
    // Most judged first.
    assert_eq!(labels, ["council A", "council B", "council C"]);
    let a = &record.councils[0];
    assert_eq!(a.tally.judged(), 9);
    assert_eq!(a.too_early, 1);
    close(a.tally.share().unwrap(), 6.0 / 9.0);
    close(a.tally.interval().low, 0.3542021355803963);
    close(a.tally.interval().high, 0.879416181613089);
    close(a.cost_per_right.unwrap(), 0.15);
    let b = &record.councils[1];
    close(b.tally.share().unwrap(), 0.7);
    close(b.tally.interval().low, 0.2987910540723934);
    close(b.tally.interval().high, 0.9274159600143366);
    close(b.cost_per_right.unwrap(), 0.1 / 3.5);

    let kinds: Vec<&str> = record.kinds.iter().map(|k| k.label.as_str()).collect();
    assert_eq!(kinds, ["Adaptive", "Full", "Review"]);
    // Two judged reviews at $0.05, one right; the unpriced review was not judged, so it does
    // not count.
    close(record.kinds[2].cost_per_right.unwrap(), 0.10);
    close(record.cost_per_right.unwrap(), 1.1 / 10.5);
}

#[test]
fn the_stated_confidence_is_scored_against_the_outcomes() {
    let record = track_record_of(&reference_decisions());
    assert_eq!(record.calibration.forecasts, 14);
    close(record.calibration.brier.unwrap(), 0.18214285714285713);
    let bins = &record.calibration.bins;
    assert_eq!(bins.len(), 10);
    let expected = [
        (6, 2, 0.5, 0.625),
        (7, 3, 0.8333333333333334, 0.7166666666666667),
        (8, 4, 0.625, 0.825),
        (9, 5, 0.7, 0.9),
    ];
    for (band, count, accuracy, mean_confidence) in expected {
        assert_eq!(bins[band].count, count, "band {band}");
        close(bins[band].accuracy.unwrap(), accuracy);
        assert!((bins[band].mean_confidence.unwrap() - mean_confidence).abs() < 1e-9);
    }
    assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 14);
}

#[test]
fn early_decisions_are_compared_with_cross_examined_ones_on_the_same_councils() {
    let record = track_record_of(&reference_decisions());
    let both = record.early_against_full.unwrap();
    // Only council B has both; A's cross-examined decisions are not compared with B's early ones.
    assert_eq!(both.councils, 1);
    assert_eq!(both.early.judged(), 3);
    close(both.early.share().unwrap(), 0.5);
    close(both.early.interval().low, 0.1253344719102632);
    assert_eq!(both.cross_examined.judged(), 2);
    close(both.cross_examined.share().unwrap(), 1.0);
    close(both.cross_examined.interval().low, 0.34238022750665303);
}

#[test]
fn one_member_alone_is_compared_with_the_council_in_the_same_threads() {
    let in_thread = |thread: &str, kind: Kind, verdict: Verdict| DecisionFacts {
        thread: thread.into(),
        ..decision("A", kind, None, Some(verdict), None, 0.0)
    };
    let mut all = reference_decisions();
    all.extend([
        in_thread("t1", Kind::Full, Verdict::Right),
        in_thread("t1", Kind::OneMember, Verdict::Wrong),
        in_thread("t2", Kind::Adaptive, Verdict::Partly),
        in_thread("t2", Kind::OneMember, Verdict::Right),
        in_thread("t2", Kind::OneMember, Verdict::TooEarly),
        // A thread with only a member's answer, and one with only the council's, are not compared.
        in_thread("t3", Kind::OneMember, Verdict::Right),
        in_thread("t4", Kind::Vote, Verdict::Wrong),
    ]);
    let record = track_record_of(&all);
    let both = record.member_against_council.clone().unwrap();
    assert_eq!(both.threads, 2);
    assert_eq!((both.member.right, both.member.wrong), (1, 1));
    close(both.member.share().unwrap(), 0.5);
    assert_eq!((both.council.right, both.council.partly), (1, 1));
    close(both.council.share().unwrap(), 0.75);
    let words = track_record_view(&record).member_against_council;
    assert!(
        words.starts_with(
            "On the 2 threads with both: one member asked alone, right 50% (2 answers, 95% CI "
        ),
        "{words}"
    );
    assert!(
        words.contains("; the council, right 75% (2 decisions, 95% CI "),
        "{words}"
    );
    // Without such threads it says why there is no comparison.
    assert!(track_record_view(&track_record_of(&reference_decisions()))
        .member_against_council
        .starts_with("No thread has both"));
}

#[test]
fn an_unpriced_judged_decision_leaves_no_cost_per_right() {
    let mut decisions = reference_decisions();
    decisions[0].unpriced = true;
    let record = track_record_of(&decisions);
    assert_eq!(record.cost_per_right, None);
    assert_eq!(record.councils[0].cost_per_right, None);
    assert!(record.councils[1].cost_per_right.is_some());
}

#[test]
fn below_ten_judged_decisions_it_says_so_once_instead_of_the_figures() {
    let nine: Vec<DecisionFacts> = reference_decisions().into_iter().take(9).collect();
    assert_eq!(MIN_JUDGED, 10);
    let view = track_record_view(&track_record_of(&nine));
    assert_eq!(
        view.refusal.as_deref(),
        Some(
            "Not enough judged decisions to tell how the council's decisions hold up: the track \
             record needs at least 10 judged right, partly or wrong, and there are 9 so far."
        )
    );
    assert!(view.councils.is_empty() && view.kinds.is_empty());
    assert!(view.headline.is_empty() && view.cost.is_empty());
    assert!(view.calibration.bins.is_empty());
    assert_eq!(
        view.intro,
        "9 decisions judged of 9 finished; 0 awaiting an outcome."
    );

    let ten: Vec<DecisionFacts> = reference_decisions().into_iter().take(10).collect();
    let view = track_record_view(&track_record_of(&ten));
    assert_eq!(view.refusal, None);
    assert_eq!(
        view.headline,
        // A's nine (score 6) and B's first, right: 7 of 10, statsmodels' (0.397, 0.892).
        "Right 70% of the time (95% CI 40% to 89%), over 10 judged decisions."
    );
    assert_eq!(view.councils.len(), 2);
    assert_eq!(view.calibration.bins.len(), 10);
}

#[test]
fn the_view_puts_every_figure_in_words() {
    let view = track_record_view(&track_record_of(&reference_decisions()));
    assert_eq!(
        view.intro,
        "16 decisions judged of 18 finished; 1 too early to tell; 1 awaiting an outcome."
    );
    assert_eq!(
        view.headline,
        "Right 66% of the time (95% CI 41% to 84%), over 16 judged decisions."
    );
    assert_eq!(view.councils[0].judged, "9 (5 right, 2 partly, 2 wrong)");
    assert_eq!(view.councils[0].share, "67% (35% to 88%)");
    assert!(view.partly_note.contains("partly right counts as half"));
    assert_eq!(
        view.early_against_full,
        "On the 1 council with both: decided early, right 50% (3 decisions, 95% CI 13% to \
         87%); cross-examined, right 100% (2 decisions, 95% CI 34% to 100%)."
    );
    assert!(view
        .calibration
        .brier
        .starts_with("Brier score: 0.182 over 14 decisions"));
    assert_eq!(
        view.calibration.bins[9].chart_label,
        "Confidence 90–100%: 5 decisions, 70% right"
    );
}

fn finished_demo_consult() -> consilium_engine::record::Session {
    run(demo_session(), &ScriptedCaller::over_demo()).0
}

#[test]
fn a_renamed_council_stays_itself_and_another_persona_makes_another() {
    let first = finished_demo_consult();
    // The same seats under other names and in another order.
    let mut renamed = finished_demo_consult();
    renamed.id = "c-renamed".into();
    renamed.participants.reverse();
    for seat in &mut renamed.participants {
        seat.label = format!("Renamed {}", seat.label);
        seat.provider_label = "My provider".into();
    }
    let mut other = finished_demo_consult();
    other.id = "c-other".into();
    let persona = other.participants[0].persona.clone().map(|mut p| {
        p.name = "Contrarian".into();
        p
    });
    other.participants[0].persona =
        persona.or(Some(consilium_engine::foundation::participants::Persona {
            name: "Contrarian".into(),
            instructions: String::new(),
        }));
    let facts: Vec<DecisionFacts> = [&first, &renamed, &other]
        .into_iter()
        .map(|s| decision_facts(s).unwrap())
        .collect();
    assert_eq!(facts[0].council_key, facts[1].council_key);
    assert_ne!(facts[0].council_key, facts[2].council_key);
    assert_eq!(facts[0].kind, Kind::Full);
    assert_eq!(facts[0].early, Some(false));
    assert!(facts[0].confidence.is_some());
}

#[test]
fn the_track_record_reads_judgments_from_the_records() {
    let mut judged_one = finished_demo_consult();
    judged_one.outcome = Some(judged(None, Verdict::Partly, "", NOW_MS));
    let mut unjudged = finished_demo_consult();
    unjudged.id = "c-2".into();
    let running = demo_session();
    let record = track_record(&[judged_one, unjudged, running]);
    assert_eq!(record.decisions, 2);
    assert_eq!(record.awaiting, 1);
    assert_eq!(record.overall.partly, 1);
    assert_eq!(record.councils.len(), 1);
    assert!(!record.enough());
}
