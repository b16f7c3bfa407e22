//! The Benchmark results as the app and the HTML report show them: the one sentence, accuracy per
//! arm with its 95% Wilson interval (rows for the chart and its table), the council against each
//! arm, cost and tokens per correct answer, the round-1 majority's flips with their questions, and
//! the calibration of the council's confidence. Numbers become text here, once, so the view, the
//! report and the tests read the same figures.
use consilium_stats::ReliabilityBin;

use crate::benchmark::results::{ArmSummary, BenchmarkSummary, Comparison};
use crate::benchmark::Question;
use crate::money::format_usd;

#[derive(Debug, Clone, PartialEq)]
pub struct BenchmarkResultsView {
    pub headline: String,
    /// The council first, then the other arms in the run's order.
    pub arms: Vec<ArmRow>,
    pub comparisons: Vec<ComparisonRow>,
    pub flips: FlipsView,
    pub calibration: CalibrationView,
}

/// One arm: its text for the table, and its fractions (0 to 1) for the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ArmRow {
    pub label: String,
    pub is_council: bool,
    /// "41 of 60 right" (and how many went unanswered).
    pub score: String,
    pub accuracy: String,
    pub interval: String,
    pub cost_per_correct: String,
    pub tokens_per_correct: String,
    pub accuracy_fraction: Option<f64>,
    pub low: f64,
    pub high: f64,
    /// What the chart's bar says to a screen reader.
    pub chart_label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ComparisonRow {
    pub against: String,
    pub questions: u64,
    pub only_council: u64,
    pub only_other: u64,
    pub p_value: String,
    pub difference: String,
    pub interval: String,
    /// "Council better", "Council worse" or "No clear difference": by the bootstrap interval.
    pub reading: &'static str,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct FlipsView {
    pub right_to_wrong: Vec<FlipRow>,
    pub wrong_to_right: Vec<FlipRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FlipRow {
    pub id: String,
    pub question: String,
    pub answer: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CalibrationView {
    /// "0.142 (0 is perfect; always saying 50% scores 0.25)", or why there is none.
    pub brier: String,
    pub forecasts: u64,
    pub bins: Vec<BinRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BinRow {
    /// "60–70%".
    pub range: String,
    pub low: f64,
    pub high: f64,
    pub count: u64,
    pub mean_confidence: String,
    pub accuracy: String,
    pub accuracy_fraction: Option<f64>,
    pub chart_label: String,
}

/// Whole percent: "73%".
fn percent(fraction: f64) -> String {
    format!("{:.0}%", (fraction * 100.0).round() + 0.0)
}

/// Signed percentage points: "+6 points", "-3 points", "0 points".
fn signed_points(fraction: f64) -> String {
    let points = (fraction * 100.0).round() + 0.0;
    let sign = if points > 0.0 { "+" } else { "" };
    let unit = if points.abs() == 1.0 {
        "point"
    } else {
        "points"
    };
    format!("{sign}{points:.0} {unit}")
}

/// An exact p-value as a statistician writes it: three decimals, "< 0.001" below that.
pub fn p_value_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".into()
    } else {
        format!("{p:.3}")
    }
}

fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn arm_row(arm: &ArmSummary, is_council: bool) -> ArmRow {
    let mut score = format!("{} of {} right", arm.correct, arm.answered);
    if arm.unanswered > 0 {
        score.push_str(&format!(", {} unanswered", arm.unanswered));
    }
    let accuracy = arm.accuracy.map(percent).unwrap_or_else(|| "—".into());
    let interval = if arm.answered == 0 {
        "—".into()
    } else {
        format!(
            "{} to {}",
            percent(arm.interval.low),
            percent(arm.interval.high)
        )
    };
    let chart_label = match arm.accuracy {
        Some(_) => format!("{}: {accuracy}, 95% interval {interval}", arm.label),
        None => format!("{}: no answers yet", arm.label),
    };
    ArmRow {
        label: arm.label.clone(),
        is_council,
        score,
        accuracy,
        interval,
        cost_per_correct: arm
            .cost_per_correct
            .map(format_usd)
            .unwrap_or_else(|| "—".into()),
        tokens_per_correct: arm
            .tokens_per_correct
            .map(|t| thousands(t.round() as u64))
            .unwrap_or_else(|| "—".into()),
        accuracy_fraction: arm.accuracy,
        low: arm.interval.low,
        high: arm.interval.high,
        chart_label,
    }
}

fn comparison_row(comparison: &Comparison) -> ComparisonRow {
    let reading = if comparison.questions == 0 {
        "Not compared yet"
    } else if comparison.council_better() {
        "Council better"
    } else if comparison.council_worse() {
        "Council worse"
    } else {
        "No clear difference"
    };
    let (p_value, difference, interval) = if comparison.questions == 0 {
        ("—".into(), "—".into(), "—".into())
    } else {
        (
            p_value_text(comparison.mcnemar_p),
            signed_points(comparison.difference),
            format!(
                "{} to {}",
                signed_points(comparison.interval.low),
                signed_points(comparison.interval.high)
            ),
        )
    };
    ComparisonRow {
        against: comparison.against.clone(),
        questions: comparison.questions,
        only_council: comparison.only_council,
        only_other: comparison.only_other,
        p_value,
        difference,
        interval,
        reading,
    }
}

fn flip_rows(ids: &[String], questions: &[Question]) -> Vec<FlipRow> {
    ids.iter()
        .map(|id| {
            let question = questions.iter().find(|q| &q.id == id);
            FlipRow {
                id: id.clone(),
                question: question.map(|q| q.text.clone()).unwrap_or_default(),
                answer: question.map(|q| q.answer.clone()).unwrap_or_default(),
            }
        })
        .collect()
}

fn bin_row(bin: &ReliabilityBin) -> BinRow {
    let range = format!(
        "{:.0}–{:.0}%",
        (bin.low * 100.0).round(),
        (bin.high * 100.0).round()
    );
    let accuracy = bin.accuracy.map(percent).unwrap_or_else(|| "—".into());
    let chart_label = if bin.count == 0 {
        format!("Confidence {range}: no answers")
    } else {
        format!(
            "Confidence {range}: {} answer{}, {accuracy} right",
            bin.count,
            if bin.count == 1 { "" } else { "s" }
        )
    };
    BinRow {
        range,
        low: bin.low,
        high: bin.high,
        count: bin.count,
        mean_confidence: bin
            .mean_confidence
            .map(percent)
            .unwrap_or_else(|| "—".into()),
        accuracy,
        accuracy_fraction: bin.accuracy,
        chart_label,
    }
}

/// The results view of a summary; `questions` gives the flipped questions their text.
pub fn benchmark_results(
    summary: &BenchmarkSummary,
    questions: &[Question],
) -> BenchmarkResultsView {
    let mut arms = vec![arm_row(&summary.council, true)];
    arms.extend(summary.arms.iter().map(|arm| arm_row(arm, false)));
    let brier = match summary.calibration.brier {
        Some(score) => format!("{score:.3} (0 is perfect; always saying 50% scores 0.250)"),
        None => "No confidence to score yet.".into(),
    };
    BenchmarkResultsView {
        headline: summary.headline.clone(),
        arms,
        comparisons: summary.comparisons.iter().map(comparison_row).collect(),
        flips: FlipsView {
            right_to_wrong: flip_rows(&summary.flips.right_to_wrong, questions),
            wrong_to_right: flip_rows(&summary.flips.wrong_to_right, questions),
        },
        calibration: CalibrationView {
            brier,
            forecasts: summary.calibration.forecasts,
            bins: summary.calibration.bins.iter().map(bin_row).collect(),
        },
    }
}

/// A run's progress as the page shows it while it goes.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressView {
    pub done: u64,
    pub total: u64,
    /// 0 to 100, for the progress bar.
    pub percent: u32,
    /// "12 of 200 questions".
    pub counts: String,
    /// "About 4 min and $0.31 left", or "Estimating…" before the first question is done.
    pub estimate: String,
}

/// `elapsed_ms` and `spent_usd` cover the `done_this_run` questions answered since the run
/// (re)started: a resumed run estimates from its own pace, not from the time it lay stopped.
pub fn benchmark_progress(
    done: u64,
    total: u64,
    done_this_run: u64,
    elapsed_ms: f64,
    spent_usd: f64,
) -> ProgressView {
    let percent = if total == 0 {
        0
    } else {
        ((done.min(total) * 100) / total) as u32
    };
    let left = total.saturating_sub(done);
    let estimate = if left == 0 {
        "Done.".into()
    } else if done_this_run == 0 {
        "Estimating time and cost left…".into()
    } else {
        let per_question_ms = elapsed_ms.max(0.0) / done_this_run as f64;
        let per_question_usd = spent_usd.max(0.0) / done_this_run as f64;
        format!(
            "About {} and {} left",
            duration_text(per_question_ms * left as f64),
            format_usd(per_question_usd * left as f64)
        )
    };
    ProgressView {
        done,
        total,
        percent,
        counts: format!(
            "{done} of {total} question{}",
            if total == 1 { "" } else { "s" }
        ),
        estimate,
    }
}

/// "40 s", "4 min", "1 h 5 min": rounded up, never "0 s".
fn duration_text(ms: f64) -> String {
    let seconds = (ms / 1000.0).ceil().max(1.0) as u64;
    if seconds < 60 {
        format!("{seconds} s")
    } else if seconds < 3600 {
        format!("{} min", seconds.div_ceil(60))
    } else {
        let minutes = seconds.div_ceil(60);
        format!("{} h {} min", minutes / 60, minutes % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::results::{summarise, ArmOutcomes, CouncilFacts, Outcome};
    use crate::benchmark::Grader;

    fn arm(label: &str, is_vote: bool, right: &[bool]) -> ArmOutcomes {
        ArmOutcomes {
            label: label.into(),
            is_vote,
            outcomes: right
                .iter()
                .enumerate()
                .map(|(i, &correct)| Outcome {
                    question_id: format!("q{}", i + 1),
                    correct: Some(correct),
                    cost_usd: 0.001,
                    tokens: 1500,
                })
                .collect(),
        }
    }

    fn questions(n: usize) -> Vec<Question> {
        (1..=n)
            .map(|i| Question {
                id: format!("q{i}"),
                text: format!("What is {i}+<b>1</b>?"),
                answer: (i + 1).to_string(),
                grader: Grader::Exact,
            })
            .collect()
    }

    #[test]
    fn rows_carry_the_council_first_with_text_and_fractions() {
        let council = arm("Council", false, &[true, true, true, false]);
        let vote = arm("Round-1 vote", true, &[true, false, true, false]);
        let facts = vec![
            CouncilFacts {
                question_id: "q2".into(),
                confidence: Some(0.8),
                round1_majority_correct: Some(false),
            },
            CouncilFacts {
                question_id: "q4".into(),
                confidence: Some(0.65),
                round1_majority_correct: Some(true),
            },
        ];
        let summary = summarise(&council, &[vote], &facts, 7);
        let view = benchmark_results(&summary, &questions(4));
        assert_eq!(view.arms[0].label, "Council");
        assert!(view.arms[0].is_council);
        assert_eq!(view.arms[0].score, "3 of 4 right");
        assert_eq!(view.arms[0].accuracy, "75%");
        // Wilson 95% for 3 of 4: 0.3006 to 0.9544 (R: binom::binom.confint(3, 4, method = "wilson")).
        assert_eq!(view.arms[0].interval, "30% to 95%");
        assert_eq!(view.arms[0].cost_per_correct, "$0.0013");
        assert_eq!(view.arms[0].tokens_per_correct, "2,000");
        assert_eq!(view.arms[1].accuracy, "50%");
        // McNemar: one discordant pair, exact two-sided p = 1.
        assert_eq!(view.comparisons[0].p_value, "1.000");
        assert_eq!(view.comparisons[0].difference, "+25 points");
        assert_eq!(view.comparisons[0].reading, "No clear difference");
        // The flips name their questions, text as stored (the view escapes it).
        assert_eq!(view.flips.wrong_to_right[0].id, "q2");
        assert_eq!(view.flips.wrong_to_right[0].question, "What is 2+<b>1</b>?");
        assert_eq!(view.flips.right_to_wrong[0].answer, "5");
        assert_eq!(view.calibration.forecasts, 2);
        assert_eq!(view.calibration.bins.len(), 10);
        assert_eq!(view.calibration.bins[6].range, "60–70%");
        assert_eq!(view.calibration.bins[6].count, 1);
        assert_eq!(view.calibration.bins[6].accuracy, "0%");
        assert_eq!(
            view.calibration.bins[0].chart_label,
            "Confidence 0–10%: no answers"
        );
        // Brier: ((0.8 - 1)^2 + (0.65 - 0)^2) / 2 = 0.23125.
        assert!(view.calibration.brier.starts_with("0.231 "));
    }

    #[test]
    fn an_empty_run_shows_dashes_not_nan() {
        let council = arm("Council", false, &[]);
        let vote = arm("Round-1 vote", true, &[]);
        let view = benchmark_results(&summarise(&council, &[vote], &[], 1), &[]);
        assert_eq!(view.arms[0].accuracy, "—");
        assert_eq!(view.arms[0].interval, "—");
        assert_eq!(view.arms[0].chart_label, "Council: no answers yet");
        assert_eq!(view.comparisons[0].reading, "Not compared yet");
        assert_eq!(view.calibration.brier, "No confidence to score yet.");
    }

    #[test]
    fn p_values_and_points_read_as_written_by_hand() {
        assert_eq!(p_value_text(0.0004), "< 0.001");
        assert_eq!(p_value_text(0.0312), "0.031");
        assert_eq!(signed_points(-0.004), "0 points");
        assert_eq!(signed_points(0.01), "+1 point");
        assert_eq!(signed_points(-0.06), "-6 points");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn progress_estimates_from_this_run_pace() {
        let starting = benchmark_progress(50, 200, 0, 0.0, 0.0);
        assert_eq!(starting.counts, "50 of 200 questions");
        assert_eq!(starting.percent, 25);
        assert_eq!(starting.estimate, "Estimating time and cost left…");
        // 10 questions in 20 s for $0.05: 140 left take 280 s (rounded up to 5 min) and $0.70.
        let going = benchmark_progress(60, 200, 10, 20_000.0, 0.05);
        assert_eq!(going.estimate, "About 5 min and $0.70 left");
        let quick = benchmark_progress(199, 200, 100, 1_000.0, 0.0);
        assert_eq!(quick.estimate, "About 1 s and $0.00 left");
        assert_eq!(benchmark_progress(200, 200, 1, 1.0, 0.0).estimate, "Done.");
        assert_eq!(duration_text(3_900_000.0), "1 h 5 min");
    }
}
