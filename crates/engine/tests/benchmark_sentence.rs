//! The Benchmark's sentence never overclaims: no credit before every arm has
//! answered the same questions, a provisional sentence while a run goes that agrees with the
//! progress line, credit only when the bootstrap interval and the exact McNemar test agree, a
//! failed consultation counted as not right, a recommendation among the arms not clearly less
//! accurate than the best, and no "$0.00" for an arm without a price. Every figure below is worked
//! out by hand in its comment.
use consilium_engine::benchmark::outcomes::summarise_body;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::results::{summarise, ArmOutcomes, Outcome};
use consilium_engine::benchmark_council::view::results::{benchmark_results, progress_view};
use consilium_engine::benchmark_council::{demo_benchmark, DEMO_QUESTIONS};
use consilium_engine::record::benchmark::body::{Arm, BenchmarkBody};
use consilium_engine::record::Body;
use consilium_engine::testing::{FixedClock, RecordingSink};
use consilium_engine::{
    benchmark::run::run_benchmark, benchmark_council::ConsultCouncil, demo::DemoCaller,
    record::Session,
};
use futures::executor::block_on;

const NOW_MS: u64 = 1_700_000_000_000;

/// An arm right exactly where `right(i)` says over questions q0..q(n-1), each answer costing
/// `cost`. `None` from `right` is a failed answer (the arm gave none).
fn arm(label: &str, n: usize, cost: f64, right: impl Fn(usize) -> Option<bool>) -> ArmOutcomes {
    ArmOutcomes {
        label: label.into(),
        is_vote: label == "Round-1 vote",
        outcomes: (0..n)
            .map(|i| Outcome {
                question_id: format!("q{i}"),
                correct: right(i),
                cost_usd: Some(cost),
                tokens: 100,
            })
            .collect(),
    }
}

fn finished_demo() -> Session {
    block_on(run_benchmark(
        demo_benchmark("demo-bench".into(), NOW_MS),
        &ConsultCouncil,
        &DemoCaller,
        &FixedClock(NOW_MS),
        &RecordingSink::default(),
    ))
}

fn body_mut(session: &mut Session) -> &mut BenchmarkBody {
    match &mut session.body {
        Body::Benchmark(body) => body,
        _ => panic!("not a benchmark"),
    }
}

fn headline_and_counts(session: &Session) -> (String, String) {
    let body = session.benchmark().unwrap();
    let counts = progress_view(&progress(session, 0).unwrap()).counts;
    (summarise_body(body).headline, counts)
}

#[test]
fn no_credit_while_an_arm_has_no_answer_on_the_councils_questions() {
    // The council right on all 20 questions, the vote wrong on all 20, and the best single model
    // (Auto runs it after every council) with no answer yet. Against the vote alone the council
    // would be credited (20 discordant pairs, McNemar p = 2 / 2^20); it must not be, since the
    // best single model has not answered these questions.
    let council = arm("Council", 20, 0.05, |_| Some(true));
    let vote = arm("Round-1 vote", 20, 0.03, |_| Some(false));
    let best = arm("model-a, majority of 9 samples", 0, 0.01, |_| Some(true));
    let summary = summarise(&council, &[vote, best], &[], 1);
    assert_eq!(
        summary.headline,
        "So far no question has answers from every arm: model-a, majority of 9 samples has none yet, \
         so the council is not compared."
    );
    // Every comparison waits for the same questions: none is shown on a subset.
    assert!(summary.comparisons.iter().all(|c| c.questions == 0));
}

#[test]
fn a_run_under_way_reads_so_far_and_agrees_with_the_progress_line() {
    let finished = finished_demo();
    let (headline, counts) = headline_and_counts(&finished);
    assert_eq!(counts, "10 of 10 questions done");
    assert!(
        headline.starts_with("On these 10 questions the council "),
        "{headline}"
    );

    // Stopped after 6 questions: "6 of 10 questions done", and the sentence says 6 of 10.
    let mut six = finished.clone();
    body_mut(&mut six).results.truncate(6);
    let (headline, counts) = headline_and_counts(&six);
    assert_eq!(counts, "6 of 10 questions done");
    assert!(
        headline.starts_with("So far, on 6 of 10 questions, the council "),
        "{headline}"
    );

    // Six councils in, the best single model's samples not yet (Auto samples after every
    // council): "0 of 10 questions done", and no comparison on the 6 councils alone.
    let mut councils_only = six.clone();
    for result in &mut body_mut(&mut councils_only).results {
        result.arms.retain(|outcome| outcome.arm != Arm::BestSingle);
    }
    let (headline, counts) = headline_and_counts(&councils_only);
    assert_eq!(counts, "0 of 10 questions done");
    assert!(
        headline.starts_with("So far no question has answers from every arm: "),
        "{headline}"
    );
    assert_eq!(DEMO_QUESTIONS, 10);
}

#[test]
fn four_discordant_pairs_of_a_hundred_are_not_credited() {
    // Both right on q0..q69, only the council right on q70..q73, both wrong on q74..q99:
    // b = 4, c = 0. The bootstrap interval of +4 points clears zero (about 1 to 8), but the exact
    // McNemar p = 2 x (1/2)^4 = 0.125: not credited, and the sentence says which test failed.
    let council = arm("Council", 100, 0.03, |i| Some(i < 74));
    let solo = arm("model-a alone", 100, 0.01, |i| Some(i < 70));
    let summary = summarise(&council, &[solo], &[], 1);
    let c = &summary.comparisons[0];
    assert_eq!((c.only_council, c.only_other), (4, 0));
    assert!((c.mcnemar_p - 0.125).abs() < 1e-12);
    assert!(c.interval.low > 0.0, "{:?}", c.interval);
    assert!(!c.council_better());
    assert!(
        summary.headline.starts_with(
            "On these 100 questions the council scored 4 points above model-a alone (95% CI "
        ),
        "{}",
        summary.headline
    );
    assert!(
        summary
            .headline
            .contains("), but the exact McNemar test does not confirm it (p = 0.125)"),
        "{}",
        summary.headline
    );
}

#[test]
fn one_question_is_never_credited() {
    // Council right, the other wrong: b = 1, c = 0. Every resample is +100 points (interval 100
    // to 100), but McNemar p = 2 x 1/2 capped at 1.
    let council = arm("Council", 1, 0.05, |_| Some(true));
    let solo = arm("model-a alone", 1, 0.01, |_| Some(false));
    let summary = summarise(&council, &[solo], &[], 1);
    assert!(!summary.comparisons[0].council_better());
    assert!(
        summary.headline.starts_with(
            "On this one question the council scored 100 points above model-a alone (95% CI 100 \
             to 100), but the exact McNemar test does not confirm it (p = 1.000)"
        ),
        "{}",
        summary.headline
    );
}

#[test]
fn a_failed_consultation_counts_as_not_right_and_is_said() {
    // 40 questions. The council's consultation failed on q0..q9; on the other 30 both are right
    // on q10..q29 (20), only the council on q30..q33 (4), neither on q34..q39. The vote is also
    // right on q0 and q1. Dropping the failures gave b = 4, c = 0 on 30 questions (+13 points);
    // counted as not right: council 24 of 40, vote 22 of 40, b = 4, c = 2, +2/40 = +5 points,
    // McNemar p = 2 x (1 + 6 + 15) / 2^6 = 0.6875.
    let council = arm("Council", 40, 0.05, |i| match i {
        0..=9 => None,
        10..=33 => Some(true),
        _ => Some(false),
    });
    let vote = arm("Round-1 vote", 40, 0.03, |i| {
        Some(i < 2 || (10..30).contains(&i))
    });
    let summary = summarise(&council, &[vote], &[], 1);
    let c = &summary.comparisons[0];
    assert_eq!(
        (c.questions, c.only_council, c.only_other),
        (40, 4, 2),
        "{c:?}"
    );
    assert!((c.difference - 0.05).abs() < 1e-12);
    assert!((c.mcnemar_p - 0.6875).abs() < 1e-12);
    // The council's score counts its failures too: 24 of 40.
    assert_eq!(
        (summary.council.correct, summary.council.unanswered),
        (24, 10)
    );
    assert_eq!(summary.council.accuracy, Some(0.6));
    let headline = &summary.headline;
    // Cost per correct: council 0.05 x 40 / 24 = 0.0833, vote 0.03 x 40 / 22 = 0.0545: 1.5x.
    assert!(
        headline.starts_with(
            "On these 40 questions the council was no better than a plain vote (+5 points, 95% CI "
        ),
        "{headline}"
    );
    assert!(
        headline.contains("; McNemar p = 0.688) at 1.5x the cost per correct answer: use the vote"),
        "{headline}"
    );
    assert!(
        headline.ends_with(
            " The council's consultation failed on 10 of these questions; each counts as not right."
        ),
        "{headline}"
    );
}

#[test]
fn the_recommendation_is_the_cheapest_arm_not_clearly_below_the_best() {
    // 40 questions. model-b alone right on q0..q33 (85%), the council on q0..q26 (67.5%),
    // model-a alone on q0..q20 and q34, q35 (57.5%).
    // model-a against model-b: only b right on q21..q33 (13), only a on q34, q35 (2): McNemar
    // p = 2 x (1 + 15 + 105) / 2^15 = 0.0074, 27.5 points: clearly less accurate than the best.
    // The council against model-b: only b on q27..q33 (7), p = 2 / 2^7 = 0.016: clearly below.
    // The old rule named the cheapest arm the council did not beat: model-a (0.010 x 40 / 23 =
    // $0.0174 per correct against model-b's 0.016 x 40 / 34 = $0.0188).
    let council = arm("Council", 40, 0.05, |i| Some(i < 27));
    let model_a = arm("model-a alone", 40, 0.010, |i| {
        Some(i < 21 || i == 34 || i == 35)
    });
    let model_b = arm("model-b alone", 40, 0.016, |i| Some(i < 34));
    let summary = summarise(&council, &[model_a, model_b], &[], 1);
    let headline = &summary.headline;
    assert!(
        headline.starts_with(
            "On these 40 questions the council scored 18 points below model-b alone (95% CI "
        ),
        "{headline}"
    );
    assert!(
        headline.ends_with(
            ": use model-b alone (the most accurate, 85%, clearly above every other arm)."
        ),
        "{headline}"
    );
}

#[test]
fn a_cheaper_arm_within_reach_of_the_best_is_recommended_and_says_why() {
    // 50 questions. model-b alone right on q0..q39 (80%); the vote on q0..q37 (76%); the council
    // on q0..q38 (78%). The vote against model-b: b = 2, c = 0, p = 0.5: not clearly below. The
    // council against model-b: b = 1, c = 0, p = 1. Cost per correct: vote 0.002 x 50 / 38 =
    // $0.0026, model-b 0.004 x 50 / 40 = $0.005, council 0.01 x 50 / 39 = $0.0128.
    let council = arm("Council", 50, 0.01, |i| Some(i < 39));
    let vote = arm("Round-1 vote", 50, 0.002, |i| Some(i < 38));
    let model_b = arm("model-b alone", 50, 0.004, |i| Some(i < 40));
    let summary = summarise(&council, &[model_b, vote], &[], 1);
    let headline = &summary.headline;
    assert!(
        headline.starts_with(
            "On these 50 questions the council was no better than a plain vote (+2 points, 95% CI "
        ),
        "{headline}"
    );
    assert!(
        headline.ends_with(
            ": use the vote (76%, not clearly less accurate than the best arm's 80%, and the \
             cheapest per correct answer of such arms)."
        ),
        "{headline}"
    );
}

#[test]
fn an_unpriced_arm_shows_a_dash_per_correct_answer_not_zero() {
    // The demo's scripted calls cost a known $0; as a real run, the best single model's calls
    // have no price and the others' cost $0.
    let mut session = finished_demo();
    body_mut(&mut session).config.council.demo = false;
    for result in &mut body_mut(&mut session).results {
        for outcome in &mut result.arms {
            outcome.cost_usd = (outcome.arm != Arm::BestSingle).then_some(0.0);
        }
    }
    let body = session.benchmark().unwrap();
    let view = benchmark_results(&summarise_body(body), &body.questions);
    let best = view
        .arms
        .iter()
        .find(|row| row.label.contains(", majority of "))
        .unwrap();
    assert_eq!(best.cost_per_correct, "—");
    let council = view.arms.iter().find(|row| row.is_council).unwrap();
    assert_eq!(council.cost_per_correct, "$0.00");
}
