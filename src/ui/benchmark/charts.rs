//! The results' two charts as SVG, each with a text alternative in its `aria-label` and a table
//! beside it (results.rs): accuracy per arm with its 95% interval, and the reliability of the
//! council's confidence. Colours come from the stylesheet, so light and dark both read.
use consilium_engine::benchmark_council::view::results::{ArmRow, BinRow};
use leptos::prelude::*;

use crate::ui::widgets::table::CardRow;

/// A fraction as an SVG coordinate on a 0-100 axis.
fn at(fraction: f64) -> String {
    format!("{:.2}", (fraction.clamp(0.0, 1.0) * 100.0))
}

/// One row per arm: its name and value in HTML (so they stay legible at any width), the bar and
/// its interval's whisker in a stretched SVG.
#[component]
pub fn AccuracyChart(arms: Vec<ArmRow>) -> impl IntoView {
    let summary = arms
        .iter()
        .map(|arm| arm.chart_label.clone())
        .collect::<Vec<_>>()
        .join("; ");
    let rows = arms
        .into_iter()
        .map(|arm| {
            let bar = arm.accuracy_fraction.map(|accuracy| {
                view! {
                    <rect class="bench-bar" x="0" y="2" height="8" width=at(accuracy) />
                    <line class="bench-whisker" x1=at(arm.low) x2=at(arm.high) y1="6" y2="6" />
                    <line class="bench-whisker" x1=at(arm.low) x2=at(arm.low) y1="3" y2="9" />
                    <line class="bench-whisker" x1=at(arm.high) x2=at(arm.high) y1="3" y2="9" />
                }
            });
            view! {
                <div class="bench-bar-row" class:council=arm.is_council>
                    <span class="bench-bar-label">{arm.label}</span>
                    <svg class="bench-bar-track" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                        <rect class="bench-track" x="0" y="2" width="100" height="8" />
                        {bar}
                    </svg>
                    <span class="bench-bar-value">{arm.accuracy}</span>
                </div>
            }
        })
        .collect_view();
    view! {
        <figure class="bench-chart">
            <div role="img" aria-label=format!("Accuracy per arm, with 95% intervals. {summary}")>
                {rows}
                <div class="bench-bar-row bench-axis" aria-hidden="true">
                    <span></span>
                    <span class="bench-ticks"><span>"0%"</span><span>"25%"</span><span>"50%"</span><span>"75%"</span><span>"100%"</span></span>
                    <span></span>
                </div>
            </div>
            <figcaption class="muted">"Bars: share right. Whiskers: 95% Wilson interval."</figcaption>
        </figure>
    }
}

/// Stated confidence (x, in bins) against the share right (bar height); the diagonal is perfect
/// calibration. Each bin's count is written under it, so a tall bar on 2 answers reads as such.
/// The reliability bands as a table's rows: range, count, mean stated confidence, share right
/// (the Benchmark's and the track record's tables beside their charts).
pub fn bin_rows<'a>(bins: impl IntoIterator<Item = &'a BinRow>) -> Vec<CardRow> {
    bins.into_iter()
        .map(|bin| {
            CardRow::new(
                bin.range.clone(),
                vec![
                    bin.count.to_string(),
                    bin.mean_confidence.clone(),
                    bin.accuracy.clone(),
                ],
            )
        })
        .collect()
}

#[component]
pub fn ReliabilityChart(bins: Vec<BinRow>) -> impl IntoView {
    // Plot area: x 40..290, y 10..170 (share right 1 at the top); counts at y 186, axis at 208.
    let (left, right, top, bottom) = (40.0, 290.0, 10.0, 170.0);
    let x = move |fraction: f64| left + fraction * (right - left);
    let y = move |fraction: f64| bottom - fraction * (bottom - top);
    let summary = bins
        .iter()
        .filter(|bin| bin.count > 0)
        .map(|bin| bin.chart_label.clone())
        .collect::<Vec<_>>()
        .join("; ");
    let label = if summary.is_empty() {
        "Reliability of the council's confidence: no answers yet.".to_string()
    } else {
        format!(
            "Reliability of the council's confidence: share right per confidence bin. {summary}"
        )
    };
    let bars = bins
        .iter()
        .map(|bin| {
            let (x0, x1) = (x(bin.low), x(bin.high));
            let middle = format!("{:.1}", (x0 + x1) / 2.0);
            let bar = bin.accuracy_fraction.map(|accuracy| {
                view! {
                    <rect class="bench-bar" x=format!("{:.1}", x0 + 2.0) width=format!("{:.1}", x1 - x0 - 4.0)
                        y=format!("{:.1}", y(accuracy)) height=format!("{:.1}", bottom - y(accuracy)) />
                }
            });
            view! {
                {bar}
                <text class="bench-count" x=middle y="186" text-anchor="middle">{bin.count}</text>
            }
        })
        .collect_view();
    view! {
        <figure class="bench-chart bench-reliability">
            <svg viewBox="0 0 300 215" role="img" aria-label=label>
                <line class="bench-axis-line" x1=left x2=right y1=bottom y2=bottom />
                <line class="bench-axis-line" x1=left x2=left y1=top y2=bottom />
                <line class="bench-diagonal" x1=left y1=bottom x2=right y2=top />
                {bars}
                <text class="bench-tick" x=left - 4.0 y=top + 4.0 text-anchor="end">"100%"</text>
                <text class="bench-tick" x=left - 4.0 y=bottom text-anchor="end">"0"</text>
                <text class="bench-tick" x=left y="208" text-anchor="start">"0%"</text>
                <text class="bench-tick" x=right y="208" text-anchor="end">"100%"</text>
                <text class="bench-tick" x=(left + right) / 2.0 y="208" text-anchor="middle">"stated confidence"</text>
            </svg>
            <figcaption class="muted">"Bars: share right in each confidence bin (answers under each). Dashed: perfect calibration."</figcaption>
        </figure>
    }
}
