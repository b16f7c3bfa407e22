//! The Benchmark mode's results: per-arm accuracy, the paired comparisons, flips, calibration and the
//! one sentence that says which arm to use. Reference values: statsmodels 0.15.0 (Wilson,
//! `mcnemar(exact=True)`), computed outside this crate.
use consilium_engine::benchmark::results::{summarise, ArmOutcomes, CouncilFacts, Outcome};

/// An arm whose answers are right exactly where `right(i)` says, over `n` questions, each call
/// costing `cost` and using 100 tokens.
fn arm(label: &str, n: usize, cost: f64, right: impl Fn(usize) -> bool) -> ArmOutcomes {
    ArmOutcomes {
        label: label.into(),
        is_vote: label == "Round-1 vote",
        outcomes: (0..n)
            .map(|i| Outcome {
                question_id: format!("q{i}"),
                correct: Some(right(i)),
                cost_usd: Some(cost),
                tokens: 100,
            })
            .collect(),
    }
}

#[test]
fn a_council_that_wins_is_credited_with_its_margin_and_cost() {
    // 100 questions: the council is right on 0..90, the solo model on 0..60.
    let council = arm("Council", 100, 0.03, |i| i < 90);
    let solo = arm("model-a alone", 100, 0.01, |i| i < 60);
    let summary = summarise(&council, &[solo], &[], 1);
    assert_eq!(summary.council.correct, 90);
    assert_eq!(summary.arms[0].correct, 60);
    let c = &summary.comparisons[0];
    assert_eq!((c.only_council, c.only_other), (30, 0));
    // statsmodels mcnemar([[60, 30], [0, 10]], exact=True).pvalue = 1.862645149230957e-09
    assert!(
        (c.mcnemar_p - 1.862645149230957e-09).abs() < 1e-15,
        "{}",
        c.mcnemar_p
    );
    assert!((c.difference - 0.30).abs() < 1e-12);
    assert!(c.council_better());
    // Cost per correct: 3.00 / 90 against 1.00 / 60 = 2.0x.
    assert!(
        summary.headline.starts_with(
            "On these 100 questions the council scored 30 points above model-a alone (95% CI "
        ),
        "{}",
        summary.headline
    );
    assert!(
        summary
            .headline
            .ends_with(") at 2.0x the cost per correct answer."),
        "{}",
        summary.headline
    );
}

#[test]
fn a_council_no_better_than_the_vote_is_told_to_use_the_vote() {
    // Same answers as the vote on every question: no discordant pair at all.
    let council = arm("Council", 40, 0.05, |i| i % 4 != 0);
    let vote = arm("Round-1 vote", 40, 0.03, |i| i % 4 != 0);
    let solo = arm("model-a alone", 40, 0.01, |i| i % 8 == 0);
    let summary = summarise(&council, &[solo, vote], &[], 9);
    let against_vote = &summary.comparisons[1];
    assert_eq!(against_vote.mcnemar_p, 1.0);
    assert_eq!(
        summary.headline,
        "On these 40 questions the council was no better than a plain vote (0 points, 95% CI 0 to 0; \
         McNemar p = 1.000) at 1.7x the cost per correct answer: use the vote (the most accurate, \
         75%, and the cheapest per correct answer of the arms not clearly less accurate)."
    );
}

#[test]
fn a_council_worse_than_one_model_says_so() {
    let council = arm("Council", 50, 0.05, |i| i < 20);
    let solo = arm("model-a alone", 50, 0.01, |i| i < 45);
    let summary = summarise(&council, &[solo], &[], 3);
    assert!(summary.comparisons[0].council_worse());
    assert!(
        summary.headline.starts_with(
            "On these 50 questions the council scored 50 points below model-a alone (95% CI "
        ),
        "{}",
        summary.headline
    );
    assert!(
        summary.headline.ends_with(
            ": use model-a alone (the most accurate, 90%, clearly above every other arm)."
        ),
        "{}",
        summary.headline
    );
}

#[test]
fn unanswered_questions_count_as_not_right() {
    // The council failed on q0 and q1 and is right on q2..q9; the solo arm is right on q0..q4.
    let mut council = arm("Council", 10, 0.0, |_| true);
    council.outcomes[0].correct = None;
    council.outcomes[1].correct = None;
    let solo = arm("model-a alone", 10, 0.0, |i| i < 5);
    let summary = summarise(&council, &[solo], &[], 1);
    assert_eq!(
        (summary.council.answered, summary.council.unanswered),
        (8, 2)
    );
    // 8 right of the 10 questions it has an outcome for.
    assert_eq!(summary.council.accuracy, Some(0.8));
    // Wilson 95% for 8 of 10 (z = 1.959963984540054): centre (0.8 + z^2/20) / (1 + z^2/10)
    // = 0.71674, half-width z sqrt(0.016 + z^2/400) / (1 + z^2/10) = 0.22658: 0.49016 to 0.94332
    // (statsmodels proportion_confint(8, 10, method="wilson") agrees).
    assert!((summary.council.interval.low - 0.49016247153664183).abs() < 1e-12);
    let c = &summary.comparisons[0];
    // Paired on all 10: only the solo arm right on q0, q1; only the council on q5..q9.
    assert_eq!((c.questions, c.only_council, c.only_other), (10, 5, 2));
    // McNemar: 2 x (C(7,0) + C(7,1) + C(7,2)) / 2^7 = 2 x 29 / 128 = 0.453125.
    assert!((c.mcnemar_p - 0.453125).abs() < 1e-12);
    assert_eq!(summary.council.cost_per_correct, Some(0.0));
    assert!(
        !summary.headline.contains("cost per correct answer:"),
        "free arms have no cost ratio: {}",
        summary.headline
    );
}

#[test]
fn flips_and_calibration_come_from_the_council_facts() {
    let council = arm("Council", 4, 0.0, |i| i == 1 || i == 2);
    let facts = vec![
        CouncilFacts {
            question_id: "q0".into(),
            confidence: Some(0.9),
            round1_majority_correct: Some(true),
        },
        CouncilFacts {
            question_id: "q1".into(),
            confidence: Some(0.8),
            round1_majority_correct: Some(false),
        },
        CouncilFacts {
            question_id: "q2".into(),
            confidence: Some(0.7),
            round1_majority_correct: Some(true),
        },
        CouncilFacts {
            question_id: "q3".into(),
            confidence: None,
            round1_majority_correct: None,
        },
    ];
    let summary = summarise(&council, &[arm("x", 4, 0.0, |_| true)], &facts, 1);
    assert_eq!(summary.flips.right_to_wrong, ["q0"]);
    assert_eq!(summary.flips.wrong_to_right, ["q1"]);
    assert_eq!(summary.calibration.forecasts, 3);
    // ((0.9 - 0)^2 + (0.8 - 1)^2 + (0.7 - 1)^2) / 3
    let brier = summary.calibration.brier.unwrap();
    assert!((brier - (0.81 + 0.04 + 0.09) / 3.0).abs() < 1e-12);
    assert_eq!(
        summary
            .calibration
            .bins
            .iter()
            .map(|b| b.count)
            .sum::<u64>(),
        3
    );
}

#[test]
fn summaries_are_reproducible_from_the_seed() {
    let council = arm("Council", 60, 0.0, |i| i % 3 != 0);
    let solo = arm("model-a alone", 60, 0.0, |i| i % 2 == 0);
    assert_eq!(
        summarise(&council, std::slice::from_ref(&solo), &[], 5),
        summarise(&council, &[solo], &[], 5)
    );
}

#[test]
fn nothing_answered_yet_is_said_plainly() {
    let council = arm("Council", 0, 0.0, |_| true);
    let summary = summarise(&council, &[arm("x", 0, 0.0, |_| true)], &[], 1);
    assert_eq!(
        summary.headline,
        "No question has answers from every arm yet."
    );
}

#[test]
fn a_council_that_answered_nothing_says_its_consultations_failed() {
    // Gemma 3 270M's smoke run: the council's consultations fail (replies that break the
    // format), the other arms answer wrong. The sentence must not read as a run still going.
    let unanswered = |n: usize| ArmOutcomes {
        label: "Council".into(),
        is_vote: false,
        outcomes: (0..n)
            .map(|i| Outcome {
                question_id: format!("q{i}"),
                correct: None,
                cost_usd: Some(0.0),
                tokens: 100,
            })
            .collect(),
    };
    let solo = arm("gemma alone", 3, 0.0, |_| false);
    assert_eq!(
        summarise(&unanswered(3), std::slice::from_ref(&solo), &[], 1).headline,
        "The council gave no usable answer to any of the 3 questions (its consultations failed: \
         each question's record says why), so it cannot be compared with the other arms."
    );
    assert_eq!(
        summarise(
            &unanswered(1),
            &[arm("gemma alone", 1, 0.0, |_| false)],
            &[],
            1
        )
        .headline,
        "The council gave no usable answer to the question (its consultation failed: each \
         question's record says why), so it cannot be compared with the other arms."
    );
}

#[test]
fn one_question_reads_as_one() {
    let council = arm("Council", 1, 0.05, |_| true);
    let vote = arm("Round-1 vote", 1, 0.03, |_| true);
    let headline = summarise(&council, &[vote], &[], 9).headline;
    assert!(
        headline.starts_with("On this one question the council was no better than a plain vote"),
        "{headline}"
    );
}
