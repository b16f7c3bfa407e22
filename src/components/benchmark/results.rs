//! A benchmark's results: the one sentence on top, accuracy per arm (chart and table), the council
//! against each arm, the flips debate made, and calibration (chart and table). Renders the engine's
//! `BenchmarkResultsView`; every text is set as text, never as HTML.
use consilium_engine::views::benchmark::{BenchmarkResultsView, FlipRow};
use leptos::prelude::*;

use super::charts::{AccuracyChart, ReliabilityChart};

#[component]
pub fn BenchmarkResults(view: BenchmarkResultsView) -> impl IntoView {
    let BenchmarkResultsView {
        headline,
        arms,
        comparisons,
        flips,
        calibration,
    } = view;
    let arm_rows = arms
        .iter()
        .map(|arm| {
            view! {
                <tr class:council=arm.is_council>
                    <th scope="row">{arm.label.clone()}</th>
                    <td data-label="Accuracy">{arm.accuracy.clone()}</td>
                    <td data-label="95% interval">{arm.interval.clone()}</td>
                    <td data-label="Score">{arm.score.clone()}</td>
                    <td data-label="Cost per correct">{arm.cost_per_correct.clone()}</td>
                    <td data-label="Tokens per correct">{arm.tokens_per_correct.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    let comparison_rows = comparisons
        .into_iter()
        .map(|row| {
            view! {
                <tr>
                    <th scope="row">{row.against}</th>
                    <td data-label="Questions">{row.questions}</td>
                    <td data-label="Only the council right">{row.only_council}</td>
                    <td data-label="Only the other right">{row.only_other}</td>
                    <td data-label="McNemar p">{row.p_value}</td>
                    <td data-label="Difference">{row.difference}</td>
                    <td data-label="95% interval">{row.interval}</td>
                    <td data-label="Reading">{row.reading}</td>
                </tr>
            }
        })
        .collect_view();
    let bin_rows = calibration
        .bins
        .iter()
        .map(|bin| {
            view! {
                <tr>
                    <th scope="row">{bin.range.clone()}</th>
                    <td data-label="Answers">{bin.count}</td>
                    <td data-label="Mean confidence">{bin.mean_confidence.clone()}</td>
                    <td data-label="Right">{bin.accuracy.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="bench-results" aria-labelledby="bench-results-title">
            <h3 id="bench-results-title">"Results"</h3>
            <p class="bench-headline">{headline}</p>

            <h4>"Accuracy per arm"</h4>
            <AccuracyChart arms=arms />
            <div class="table-scroll">
                <table class="prices cards-on-phone bench-arms">
                    <caption class="visually-hidden">"Accuracy, interval, cost and tokens per correct answer for each arm"</caption>
                    <thead>
                        <tr>
                            <th scope="col">"Arm"</th>
                            <th scope="col">"Accuracy"</th>
                            <th scope="col">"95% interval"</th>
                            <th scope="col">"Score"</th>
                            <th scope="col">"Cost per correct"</th>
                            <th scope="col">"Tokens per correct"</th>
                        </tr>
                    </thead>
                    <tbody>{arm_rows}</tbody>
                </table>
            </div>

            <h4>"The council against each arm"</h4>
            <p class="muted">
                "Paired on the questions both answered: the exact McNemar test, and a paired \
                 bootstrap 95% interval of the difference in accuracy (seeded, so it reads the same \
                 every time)."
            </p>
            <div class="table-scroll">
                <table class="prices cards-on-phone bench-comparisons">
                    <thead>
                        <tr>
                            <th scope="col">"Against"</th>
                            <th scope="col">"Questions"</th>
                            <th scope="col">"Only the council right"</th>
                            <th scope="col">"Only the other right"</th>
                            <th scope="col">"McNemar p"</th>
                            <th scope="col">"Difference"</th>
                            <th scope="col">"95% interval"</th>
                            <th scope="col">"Reading"</th>
                        </tr>
                    </thead>
                    <tbody>{comparison_rows}</tbody>
                </table>
            </div>

            <h4>"What debate changed"</h4>
            <FlipList title="Right after round 1, wrong after debate" rows=flips.right_to_wrong kind="right-to-wrong" />
            <FlipList title="Wrong after round 1, right after debate" rows=flips.wrong_to_right kind="wrong-to-right" />

            <h4>"Calibration of the council's confidence"</h4>
            <p class="bench-brier">{calibration.brier.clone()}</p>
            <ReliabilityChart bins=calibration.bins.clone() />
            <details class="bench-bins">
                <summary>"The bins as a table"</summary>
                <table class="prices cards-on-phone">
                    <thead>
                        <tr>
                            <th scope="col">"Stated confidence"</th>
                            <th scope="col">"Answers"</th>
                            <th scope="col">"Mean confidence"</th>
                            <th scope="col">"Right"</th>
                        </tr>
                    </thead>
                    <tbody>{bin_rows}</tbody>
                </table>
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
