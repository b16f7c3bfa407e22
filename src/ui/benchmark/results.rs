//! A benchmark's results: the one sentence on top, accuracy per arm (chart and table), the council
//! against each arm, which council to keep, the flips debate made, and calibration (chart and
//! table). Renders the engine's `BenchmarkResultsView`; every text is set as text, never as HTML.
use consilium_engine::benchmark_council::view::choice::CouncilChoiceView;
use consilium_engine::benchmark_council::view::results::{BenchmarkResultsView, FlipRow};
use leptos::prelude::*;

use super::advice::AdviceAction;
use super::charts::{bin_rows, AccuracyChart, ReliabilityChart};
use super::council_choice::CouncilChoiceSections;
use crate::ui::widgets::table::{CardRow, CardsTable};

const ARM_COLUMNS: &[&str] = &[
    "Arm",
    "Accuracy",
    "95% interval",
    "Score",
    "Cost per correct",
    "Tokens per correct",
    "Calls per question",
    "One after another",
];
const COMPARISON_COLUMNS: &[&str] = &[
    "Against",
    "Questions",
    "Only the council right",
    "Only the other right",
    "McNemar p",
    "Difference",
    "95% interval",
    "Reading",
];
const BIN_COLUMNS: &[&str] = &["Stated confidence", "Answers", "Mean confidence", "Right"];

/// `view` is the arms' part (`arms_results`); which council to keep comes apart
/// (`council_choice`), as the page computes it in a task of its own.
#[component]
pub fn BenchmarkResults(
    view: BenchmarkResultsView,
    council_choice: Signal<Option<CouncilChoiceView>>,
) -> impl IntoView {
    let BenchmarkResultsView {
        headline,
        arms,
        comparisons,
        flips,
        calibration,
        council_choice: _,
        advice,
        demo,
    } = view;
    let arm_rows: Vec<CardRow> = arms
        .iter()
        .map(|arm| CardRow {
            class: arm.is_council.then_some("council"),
            ..CardRow::new(
                arm.label.clone(),
                vec![
                    arm.accuracy.clone(),
                    arm.interval.clone(),
                    arm.score.clone(),
                    arm.cost_per_correct.clone(),
                    arm.tokens_per_correct.clone(),
                    arm.calls_per_question.clone(),
                    arm.sequential_per_question.clone(),
                ],
            )
        })
        .collect();
    let comparison_rows: Vec<CardRow> = comparisons
        .into_iter()
        .map(|row| {
            CardRow::new(
                row.against,
                vec![
                    row.questions.to_string(),
                    row.only_council.to_string(),
                    row.only_other.to_string(),
                    row.p_value,
                    row.difference,
                    row.interval,
                    row.reading.to_string(),
                ],
            )
        })
        .collect();
    let band_rows = bin_rows(&calibration.bins);
    view! {
        <section class="bench-results" aria-labelledby="bench-results-title">
            <h3 id="bench-results-title">"Results"</h3>
            <p class="bench-headline">{headline}</p>
            {advice.map(|advice| view! { <AdviceAction advice=advice demo=demo /> })}

            <h4>"Accuracy per arm"</h4>
            <AccuracyChart arms=arms />
            <div class="table-scroll">
                <CardsTable class="bench-arms" columns=ARM_COLUMNS rows=arm_rows
                    caption="Accuracy, interval, cost and tokens per correct answer for each arm" />
            </div>

            <h4>"The council against each arm"</h4>
            <p class="muted">
                "Paired on the questions every arm has answered or failed (a failure counts as \
                 not right): the exact McNemar test, and a paired bootstrap 95% interval of the \
                 difference in accuracy (seeded, so it reads the same every time). A difference \
                 is clear only when both say so."
            </p>
            <div class="table-scroll">
                <CardsTable class="bench-comparisons" columns=COMPARISON_COLUMNS rows=comparison_rows />
            </div>

            {move || council_choice.get().map(|choice| view! { <CouncilChoiceSections view=choice /> })}

            <h4>"What debate changed"</h4>
            <FlipList title="Right after round 1, wrong after debate" rows=flips.right_to_wrong kind="right-to-wrong" />
            <FlipList title="Wrong after round 1, right after debate" rows=flips.wrong_to_right kind="wrong-to-right" />

            <h4>"Calibration of the council's confidence"</h4>
            <p class="bench-brier">{calibration.brier.clone()}</p>
            <ReliabilityChart bins=calibration.bins.clone() />
            <details class="bench-bins">
                <summary>"The bins as a table"</summary>
                <CardsTable columns=BIN_COLUMNS rows=band_rows />
            </details>
        </section>
    }
}

#[component]
fn FlipList(title: &'static str, rows: Vec<FlipRow>, kind: &'static str) -> impl IntoView {
    let count = rows.len();
    let items = rows
        .into_iter()
        .map(|row| {
            view! {
                <li>
                    <strong>{row.id}</strong> ": " {row.question}
                    <span class="muted">" (answer: " {row.answer} ")"</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="bench-flips" data-flips=kind>
            <summary>{format!("{title}: {count}")}</summary>
            {if count == 0 {
                view! { <p class="muted">"None."</p> }.into_any()
            } else {
                view! { <ul>{items}</ul> }.into_any()
            }}
        </details>
    }
}
