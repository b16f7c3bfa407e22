//! The Benchmark results as the app and the HTML report show them: the one sentence, accuracy per
//! arm with its 95% Wilson interval (rows for the chart and its table), the council against each
//! arm, cost and tokens per correct answer, the round-1 majority's flips with their questions, and
//! the calibration of the council's confidence, and which council to keep (`benchmark_choice`). Numbers become text here, once, so the view, the
//! report and the tests read the same figures.
use crate::foundation::counted::thousands;
use consilium_stats::ReliabilityBin;

use crate::benchmark::advice::{advice, Advice};
use crate::benchmark::council_choice::council_choice_of;
use crate::benchmark::effort::arm_efforts;
use crate::benchmark::headline::p_value_text;
use crate::benchmark::outcomes::summarise_body;
use crate::benchmark::progress::BenchmarkProgress;
use crate::benchmark::results::{ArmSummary, BenchmarkSummary, Comparison};
use crate::benchmark_council::view::choice::{council_choice_view, CouncilChoiceView};
use crate::consult::estimate::{estimate_cost, fee_words};
use crate::foundation::money::format_usd;
use crate::foundation::participants::Participant;
use crate::harness::estimate::CostEstimate;
use crate::harness::estimate::SearchEstimate;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::benchmark::config::{BenchmarkConfig, BestSingle};
use crate::record::benchmark::question::Question;
use crate::record::consult::config::ConsultConfig;
use consilium_providers::{SearchFee, WebSearch};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkResultsView {
    pub headline: String,
    /// The council first, then the other arms in the run's order.
    pub arms: Vec<ArmRow>,
    pub comparisons: Vec<ComparisonRow>,
    pub flips: FlipsView,
    pub calibration: CalibrationView,
    /// Which council to keep, after the arms; `None` when built from a summary alone.
    pub council_choice: Option<CouncilChoiceView>,
    /// The headline's advice as one button ("Use the vote"); `None` when built from a summary
    /// alone or when it advises nothing.
    pub advice: Option<Advice>,
    /// The run was the demo's scripted council: its advice is shown as what it
    /// would do, and never changes the user's settings.
    pub demo: bool,
}

/// One arm: its text for the table, and its fractions (0 to 1) for the chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArmRow {
    pub label: String,
    pub is_council: bool,
    /// "41 of 60 right" (and how many of the 60 it failed to answer: counted as not right).
    pub score: String,
    pub accuracy: String,
    pub interval: String,
    pub cost_per_correct: String,
    pub tokens_per_correct: String,
    /// Calls per question ("3.0"), re-asks included; "—" when built from a summary alone.
    pub calls_per_question: String,
    /// Calls one after another per question ("2.0": a round's parallel calls count once).
    pub sequential_per_question: String,
    pub accuracy_fraction: Option<f64>,
    pub low: f64,
    pub high: f64,
    /// What the chart's bar says to a screen reader.
    pub chart_label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComparisonRow {
    pub against: String,
    pub questions: u64,
    pub only_council: u64,
    pub only_other: u64,
    pub p_value: String,
    pub difference: String,
    pub interval: String,
    /// "Council better", "Council worse" or "No clear difference": better or worse only when the
    /// bootstrap interval clears zero and the exact McNemar test agrees, as in the sentence.
    pub reading: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FlipsView {
    pub right_to_wrong: Vec<FlipRow>,
    pub wrong_to_right: Vec<FlipRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlipRow {
    pub id: String,
    pub question: String,
    pub answer: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalibrationView {
    /// "0.142 (0 is perfect; always saying 50% scores 0.25)", or why there is none.
    /// "Brier score: 0.093 over 10 answers (…)." or that there is none yet: one sentence.
    pub brier: String,
    pub forecasts: u64,
    pub bins: Vec<BinRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
pub(crate) fn percent(fraction: f64) -> String {
    format!("{:.0}%", (fraction * 100.0).round() + 0.0)
}

/// Signed percentage points: "+6 points", "-3 points", "0 points".
pub(crate) fn signed_points(fraction: f64) -> String {
    let points = (fraction * 100.0).round() + 0.0;
    let sign = if points > 0.0 { "+" } else { "" };
    let unit = if points.abs() == 1.0 {
        "point"
    } else {
        "points"
    };
    format!("{sign}{points:.0} {unit}")
}

fn arm_row(arm: &ArmSummary, is_council: bool) -> ArmRow {
    let mut score = format!("{} of {} right", arm.correct, arm.asked());
    if arm.unanswered > 0 {
        score.push_str(&format!(", {} unanswered", arm.unanswered));
    }
    let accuracy = arm.accuracy.map(percent).unwrap_or_else(|| "—".into());
    let interval = if arm.asked() == 0 {
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
        calls_per_question: "—".into(),
        sequential_per_question: "—".into(),
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
        reading: reading.to_string(),
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

/// One band of a reliability chart; `noun` names what was forecast ("answer", "decision").
pub fn bin_row(bin: &ReliabilityBin, noun: &str) -> BinRow {
    let range = format!(
        "{:.0}–{:.0}%",
        (bin.low * 100.0).round(),
        (bin.high * 100.0).round()
    );
    let accuracy = bin.accuracy.map(percent).unwrap_or_else(|| "—".into());
    let chart_label = if bin.count == 0 {
        format!("Confidence {range}: no {noun}s")
    } else {
        format!(
            "Confidence {range}: {} {noun}{}, {accuracy} right",
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
        Some(score) => format!(
            "Brier score: {score:.3} over {} answers (0 is perfect; always saying 50% scores 0.250).",
            summary.calibration.forecasts
        ),
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
            bins: summary
                .calibration
                .bins
                .iter()
                .map(|bin| bin_row(bin, "answer"))
                .collect(),
        },
        council_choice: None,
        advice: None,
        demo: false,
    }
}

/// The results view of a stored benchmark: the arms' results and which council to keep.
pub fn benchmark_body_results(body: &BenchmarkBody) -> BenchmarkResultsView {
    BenchmarkResultsView {
        council_choice: Some(body_council_choice(body)),
        ..arms_results(body)
    }
}

/// `benchmark_body_results` but which council to keep (`council_choice: None`): the page computes
/// that part in a task of its own (`body_council_choice`), as each takes long on a long run.
pub fn arms_results(body: &BenchmarkBody) -> BenchmarkResultsView {
    let summary = summarise_body(body);
    let mut view = BenchmarkResultsView {
        advice: advice(body, &summary),
        demo: body.config.council.demo,
        ..benchmark_results(&summary, &body.questions)
    };
    with_effort(&mut view.arms, body);
    view
}

/// Each arm's calls and calls one after another per question, from the record:
/// what README says every arm shows, on the page and in the report.
fn with_effort(rows: &mut [ArmRow], body: &BenchmarkBody) {
    let per_question = |value: Option<f64>| value.map_or_else(|| "—".into(), |v| format!("{v:.1}"));
    for effort in arm_efforts(body) {
        if let Some(row) = rows.iter_mut().find(|row| row.label == effort.label) {
            row.calls_per_question = per_question(effort.calls_per_question());
            row.sequential_per_question = per_question(effort.sequential_calls_per_question());
        }
    }
}

/// Which council to keep, as `benchmark_body_results` shows it.
pub fn body_council_choice(body: &BenchmarkBody) -> CouncilChoiceView {
    council_choice_view(&council_choice_of(body)).with_council(&body.config.council)
}

/// While a run is live, the page recomputes its results once per this many arm outcomes, not on
/// every one: each recomputation (bootstrap, council choice) is linear in the run's length, so
/// recomputing per outcome made a run quadratic. A finished run is always exact.
pub const LIVE_RESULTS_EVERY: usize = 20;

/// What the results memo keys on: the arm outcomes stored, in steps of `LIVE_RESULTS_EVERY`
/// while the run is live (running in this tab, `running_here`, and its record not `finished`),
/// exactly once it is not. A record that has ended is keyed as finished even before its tab stops
/// running, so the end's results are computed once, not again when the tab lets go of the run.
pub fn results_key(arm_outcomes: usize, running_here: bool, finished: bool) -> usize {
    if running_here && !finished {
        arm_outcomes / LIVE_RESULTS_EVERY
    } else {
        arm_outcomes
    }
}

/// A run's progress as the page shows it while it goes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProgressView {
    pub done: u64,
    pub total: u64,
    /// 0 to 100, for the progress bar (by steps: a question's council, then its samples).
    pub percent: u32,
    /// "12 of 200 questions done".
    pub counts: String,
    /// "About 4 min and $0.31 left (about $0.55 in all, from the spend so far)", "Estimating time and cost left…" before a step is done.
    pub estimate: String,
    /// Said when some calls have no price: the cost figures leave them out.
    pub note: Option<String>,
}

pub fn progress_view(progress: &BenchmarkProgress) -> ProgressView {
    let (done, total) = (progress.done as u64, progress.total as u64);
    let estimate = if total > 0 && done >= total {
        "Done.".to_string()
    } else {
        match (progress.time_left_ms, progress.cost_left_usd) {
            // The run's own spend per step so far, carried to its end: the expected cost refined.
            (Some(ms), Some(usd)) => format!(
                "About {} and {} left (about {} in all, from the spend so far)",
                duration_text(ms as f64),
                format_usd(usd),
                format_usd(progress.spent_usd + usd)
            ),
            (Some(ms), None) => format!("About {} left", duration_text(ms as f64)),
            _ => "Estimating time and cost left…".to_string(),
        }
    };
    let note = (progress.unpriced_calls > 0).then(|| {
        format!(
            "{} call{} had no price: the cost figures leave {} out.",
            progress.unpriced_calls,
            if progress.unpriced_calls == 1 {
                ""
            } else {
                "s"
            },
            if progress.unpriced_calls == 1 {
                "it"
            } else {
                "them"
            }
        )
    });
    ProgressView {
        done,
        total,
        percent: (progress.fraction().clamp(0.0, 1.0) * 100.0).floor() as u32,
        counts: format!(
            "{} of {} question{} done",
            crate::foundation::counted::thousands(done as u64),
            crate::foundation::counted::thousands(total as u64),
            if total == 1 { "" } else { "s" }
        ),
        estimate,
        note,
    }
}

/// What a benchmark may cost before it starts: each question's consultation, and the best single
/// model's k samples, which match the council's calls (counted at the council's size per call, so
/// the estimate errs high: a sample's prompt is shorter than a debate round's). With web search on,
/// the consultation's search fees are Consult's own (`consult::estimate`), and each of the k
/// samples, which answer round 1's prompt, may search once more at the sampled seat's fee (the
/// costliest panelist's while Auto has not chosen one).
pub fn benchmark_estimate(questions: &[Question], config: &BenchmarkConfig) -> CostEstimate {
    let council = &config.council;
    let mut total = CostEstimate {
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        usd: None,
        worst_case_usd: None,
        unpriced_participants: Vec::new(),
        verbose: council.verbose,
        cached_input_tokens: 0,
        calls_if_agreed: None,
        search: None,
    };
    let sample_search = council
        .search_web
        .then(|| sampled_search(&config.best_single, council))
        .flatten();
    for question in questions {
        let one = estimate_cost(&question.text, council);
        let k = one.calls;
        // The samples repeat the council's tokens, not its searches: they search apart, below.
        let council_search_usd = one.search.as_ref().map_or(0.0, |s| s.usd);
        let samples_search_usd = sample_search
            .as_ref()
            .and_then(|s| s.usd)
            .map_or(0.0, |usd| f64::from(k) * usd);
        let with_samples =
            |usd: f64| 2.0 * (usd - council_search_usd) + council_search_usd + samples_search_usd;
        total.calls += 2 * one.calls;
        total.input_tokens += 2 * one.input_tokens;
        total.output_tokens += 2 * one.output_tokens;
        // The best single model's samples are one-off calls: only the council's are cached.
        total.cached_input_tokens += one.cached_input_tokens;
        if let Some(usd) = one.usd {
            total.usd = Some(total.usd.unwrap_or(0.0) + with_samples(usd));
        }
        if let Some(worst) = one.worst_case_usd {
            total.worst_case_usd = Some(total.worst_case_usd.unwrap_or(0.0) + with_samples(worst));
        }
        for label in one.unpriced_participants {
            if !total.unpriced_participants.contains(&label) {
                total.unpriced_participants.push(label);
            }
        }
        if let Some(search) = one.search {
            add_search(&mut total, search, sample_search.as_ref(), k);
        }
    }
    total
}

/// The search the best single model's samples may make: the chosen seat's, else the costliest
/// of the panelists that can search (an unknown fee counts as the costliest). None when the
/// sampled seat cannot search.
struct SampleSearch {
    /// One sample's search fee at most; None when unpriced.
    usd: Option<f64>,
    /// "$4 per 1,000 results, up to 5 a call".
    fee_words: Option<String>,
}

fn sampled_search(best: &BestSingle, council: &ConsultConfig) -> Option<SampleSearch> {
    let seats: Vec<&Participant> = match best {
        BestSingle::Model { participant } => vec![participant.as_ref()],
        BestSingle::Auto => council.panelists.iter().collect(),
    };
    let asked = WebSearch::default();
    let fees: Vec<Option<SearchFee>> = seats
        .iter()
        .filter_map(|seat| seat.web_search)
        .map(|search| search.fee)
        .collect();
    if fees.is_empty() {
        return None;
    }
    if fees.iter().any(Option::is_none) {
        return Some(SampleSearch {
            usd: None,
            fee_words: None,
        });
    }
    let costliest = fees
        .into_iter()
        .flatten()
        .max_by(|a, b| a.bound_usd(asked).total_cmp(&b.bound_usd(asked)))?;
    Some(SampleSearch {
        usd: Some(costliest.bound_usd(asked)),
        fee_words: Some(fee_words(&costliest, asked)),
    })
}

/// A question's searches into the benchmark's: its consultation's, then its k samples'.
fn add_search(
    total: &mut CostEstimate,
    council: SearchEstimate,
    samples: Option<&SampleSearch>,
    k: u32,
) {
    const SAMPLES: &str = "Best single model";
    let search = total.search.get_or_insert_with(|| SearchEstimate {
        calls: 0,
        usd: 0.0,
        fees: council.fees.clone(),
        unpriced: council.unpriced.clone(),
    });
    search.calls += council.calls;
    search.usd += council.usd;
    let Some(samples) = samples else {
        return;
    };
    search.calls += k;
    match (samples.usd, &samples.fee_words) {
        (Some(usd), Some(words)) => {
            search.usd += f64::from(k) * usd;
            let line = format!("{SAMPLES}: {words}");
            if !search.fees.contains(&line) {
                search.fees.push(line);
            }
        }
        _ if !search.unpriced.iter().any(|s| s == SAMPLES) => {
            search.unpriced.push(SAMPLES.to_string())
        }
        _ => {}
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
    use crate::record::benchmark::question::Grader;

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
                    cost_usd: Some(0.001),
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
        assert!(view
            .calibration
            .brier
            .starts_with("Brier score: 0.231 over "));
    }

    #[test]
    fn a_live_run_recomputes_its_results_in_steps_a_finished_one_at_once() {
        assert_eq!(
            results_key(0, true, false),
            results_key(LIVE_RESULTS_EVERY - 1, true, false)
        );
        assert_ne!(
            results_key(LIVE_RESULTS_EVERY - 1, true, false),
            results_key(LIVE_RESULTS_EVERY, true, false)
        );
        assert_ne!(results_key(1, false, false), results_key(2, false, false));
        assert_ne!(results_key(1, false, true), results_key(2, false, true));
    }

    #[test]
    fn an_ended_run_keeps_its_key_when_its_tab_stops_running_it() {
        // The record ends (complete, failed or cancelled) while the tab still runs it, then the
        // tab lets go: the results computed at the end are not computed again.
        for arms in [0, 7, 3_999, 4_000] {
            assert_eq!(
                results_key(arms, true, true),
                results_key(arms, false, true)
            );
            assert_eq!(results_key(arms, true, true), arms);
        }
        // While it runs, the key moves in steps; the end is exact.
        assert_ne!(
            results_key(3_999, true, false),
            results_key(3_999, true, true)
        );
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

    fn progress(done: usize, steps_done: usize, left: Option<(u64, f64)>) -> BenchmarkProgress {
        BenchmarkProgress {
            done,
            total: 200,
            steps_done,
            steps_total: 400,
            elapsed_ms: 0,
            spent_usd: 0.0,
            unpriced_calls: 0,
            time_left_ms: left.map(|(ms, _)| ms),
            cost_left_usd: left.map(|(_, usd)| usd),
        }
    }

    #[test]
    fn progress_reads_in_words() {
        let starting = progress_view(&progress(0, 0, None));
        assert_eq!(starting.counts, "0 of 200 questions done");
        assert_eq!(starting.percent, 0);
        assert_eq!(starting.estimate, "Estimating time and cost left…");
        assert_eq!(starting.note, None);
        let going = progress_view(&progress(50, 101, Some((280_000, 0.7))));
        assert_eq!(going.percent, 25);
        assert_eq!(
            going.estimate,
            "About 5 min and $0.70 left (about $0.70 in all, from the spend so far)"
        );
        let mut unpriced = progress(199, 399, Some((900, 0.0)));
        unpriced.unpriced_calls = 3;
        let view = progress_view(&unpriced);
        assert_eq!(
            view.estimate,
            "About 1 s and $0.00 left (about $0.00 in all, from the spend so far)"
        );
        assert_eq!(
            view.note.as_deref(),
            Some("3 calls had no price: the cost figures leave them out.")
        );
        assert_eq!(
            progress_view(&progress(200, 400, Some((0, 0.0)))).estimate,
            "Done."
        );
        assert_eq!(duration_text(3_900_000.0), "1 h 5 min");
    }

    #[test]
    fn the_estimate_counts_the_council_and_its_matched_samples() {
        let demo = crate::benchmark_council::council::demo_benchmark("b".into(), 0);
        let config = &demo.benchmark().unwrap().config;
        let one = estimate_cost(&questions(1)[0].text, &config.council);
        let all = benchmark_estimate(&questions(1), config);
        assert_eq!(all.calls, 2 * one.calls);
        assert_eq!(all.input_tokens, 2 * one.input_tokens);
    }
}
