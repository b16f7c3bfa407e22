//! A finished Consult opens on its decision: the recommendation, the confidence as a meter (the
//! computed value inside the band the rules allow, the judge's own number beside it), the dissent by
//! severity, the evidence that survived and who was absent; then the stance matrix. Everything shown
//! is computed by the engine's view models (`views::decision`, `views::stance_matrix`).
use consilium_engine::views::{
    percent, severity_name, ColumnKind, ConfidenceMeter, Decision, StanceMatrix,
};
use leptos::prelude::*;

use crate::components::shared::rich_text::RichText;
use wasm_bindgen::JsCast;

/// The meter's positions are percentages of its track.
fn pct(fraction: f64) -> String {
    format!("{:.1}%", (fraction.clamp(0.0, 1.0) * 100.0))
}

#[component]
pub fn DecisionView(decision: Decision) -> impl IntoView {
    let Decision {
        recommendation,
        meter,
        judge_confidence,
        dissent,
        evidence,
        absent,
    } = decision;
    let confidence = match meter {
        Some(meter) => view! { <ConfidenceMeterView meter=meter /> }.into_any(),
        None => view! {
            <p class="verdict-confidence">"Confidence " <strong>{percent(judge_confidence)}</strong> " (the judge's; not checked)"</p>
        }
        .into_any(),
    };
    let dissent_view = if dissent.is_empty() {
        view! { <p class="muted">"No dissent on record."</p> }.into_any()
    } else {
        dissent
            .into_iter()
            .map(|entry| {
                let severity = severity_name(entry.severity);
                let added = entry.added_by_engine.then(|| view! {
                    " " <span class="added-by-engine">"(added by the engine: the judge left it out)"</span>
                });
                view! {
                    <li class=format!("dissent {severity}") data-added=entry.added_by_engine.to_string()>
                        <span class="badge">{severity}</span>" "<strong>{entry.agent_label}</strong>": " {entry.concern}{added}
                    </li>
                }
            })
            .collect_view()
            .into_any()
    };
    view! {
        <section class="decision verdict" aria-labelledby="decision-title">
            <h3 id="decision-title">"Decision"</h3>
            <RichText class="recommendation" text=recommendation />
            {confidence}
            {(!absent.is_empty()).then(|| view! {
                <p class="absent">"Absent (no usable answer, not counted as agreeing): " {absent.join(", ")}</p>
            })}
            <h4>"Dissent, by severity"</h4>
            <ul class="dissent-list">{dissent_view}</ul>
            <h4>"Evidence that survived cross-examination"</h4>
            <ul class="evidence">{evidence.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
        </section>
    }
}

/// The computed confidence as a bar inside its allowed band, with the judge's number as a separate
/// marker; the same in words beside it and for assistive technology (role meter).
#[component]
fn ConfidenceMeterView(meter: ConfidenceMeter) -> impl IntoView {
    // Positions are set through the CSSOM (`style:`), which the CSP allows; a `style` attribute it
    // would block.
    let (band_left, band_width) = (pct(meter.band_low), pct(meter.band_high - meter.band_low));
    let explanation = if meter.adjusted {
        format!(
            " (computed; the judge said {}: {})",
            percent(meter.judge),
            meter.rule
        )
    } else {
        format!(" ({})", meter.rule)
    };
    view! {
        <div class="confidence-meter"
            data-computed=percent(meter.computed) data-judge=percent(meter.judge)
            data-band-low=percent(meter.band_low) data-band-high=percent(meter.band_high)>
            <div class="meter-track" role="meter" aria-label="Confidence"
                aria-valuemin="0" aria-valuemax="100"
                aria-valuenow=format!("{:.0}", meter.computed * 100.0)
                aria-valuetext=meter.text.clone()>
                <span class="meter-band" style:left=band_left style:width=band_width></span>
                <span class="meter-fill" style:width=pct(meter.computed)></span>
                <span class="meter-judge" style:left=pct(meter.judge) aria-hidden="true"></span>
            </div>
            <p class="meter-legend">
                <span class="legend-computed">"Computed " <strong>{percent(meter.computed)}</strong></span>
                <span class="legend-band">"allowed " {percent(meter.band_low)} " to " {percent(meter.band_high)}</span>
                <span class="legend-judge">"judge said " {percent(meter.judge)}</span>
            </p>
            <p class="verdict-confidence">"Confidence " <strong>{percent(meter.computed)}</strong>{explanation}</p>
        </div>
    }
}

/// Panelists by consensus points and tensions: who supported, challenged, was rebutted.
#[component]
pub fn StanceMatrixView(matrix: StanceMatrix) -> impl IntoView {
    let headers = matrix
        .columns
        .iter()
        .map(|column| {
            let kind = match column.kind {
                ColumnKind::Consensus => "Consensus",
                ColumnKind::Tension => "Tension",
            };
            view! {
                <th scope="col" data-kind=kind.to_lowercase()>
                    <span class="column-kind">{kind}</span>" "{column.title.clone()}
                </th>
            }
        })
        .collect_view();
    let rows = matrix
        .rows
        .into_iter()
        .map(|row| {
            let cells = row
                .cells
                .into_iter()
                .map(|marks| {
                    if marks.is_empty() {
                        return view! {
                            <td class="no-stance"><span aria-hidden="true">"–"</span><span class="visually-hidden">"no stance"</span></td>
                        }
                        .into_any();
                    }
                    let items = marks
                        .into_iter()
                        .map(|mark| view! { <li class=format!("stance {}", mark.kind.name())>{mark.text}</li> })
                        .collect_view();
                    view! { <td><ul class="stances">{items}</ul></td> }.into_any()
                })
                .collect_view();
            view! {
                <tr data-panelist=row.panelist_id>
                    <th scope="row">{row.label}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="stance-matrix" aria-labelledby="stance-title">
            <h3 id="stance-title">"Who stood where"</h3>
            <div class="table-scroll">
                <table>
                    <caption>"Each panelist against the consensus points and tensions of round 2: who supported them, who challenged whom in round 3, and whose challenge was rebutted."</caption>
                    <thead><tr><th scope="col">"Panelist"</th>{headers}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// Opens round `round` of the record and brings it into view: the link to a round works even
/// though the app's own routes live in the URL fragment.
pub fn open_round(round: u8) {
    let Some(element) = document().get_element_by_id(&format!("round-{round}")) else {
        return;
    };
    let _ = element.set_attribute("open", "");
    element.scroll_into_view();
    if let Ok(Some(summary)) = element.query_selector("summary") {
        if let Some(summary) = summary.dyn_ref::<web_sys::HtmlElement>() {
            let _ = summary.focus();
        }
    }
}
