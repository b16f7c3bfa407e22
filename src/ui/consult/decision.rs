//! A finished Consult opens on its decision: a one-line answer above the full recommendation, one
//! confidence chip ("78% · medium dissent") whose "Why?" shows the meter (the computed value inside
//! the band the rules allow, the judge's own number beside it) and the rule, the dissent by
//! severity, the evidence that survived and who was absent; then the compact stance matrix.
//! Everything shown is computed by the engine's view models (`views::decision`,
//! `views::confidence_why`, `views::stance_matrix`).
use consilium_engine::record::consult::early_decision::DecidedBy;
use consilium_engine::{
    consult::dissent::severity_name, consult::view::stance::ColumnKind,
    consult::view::stance::StanceKind, consult::view::stance::StanceMatrix,
    consult::view::verdict::answer_above, consult::view::verdict::chip_level,
    consult::view::verdict::confidence_chip, consult::view::verdict::confidence_why,
    consult::view::verdict::recommendation_below, consult::view::verdict::ConfidenceMeter,
    consult::view::verdict::Decision, views::numbers::percent,
};
use leptos::prelude::*;

use crate::ui::consult::material::evidence_entry;
use crate::ui::widgets::copy::CopyButton;
use crate::ui::widgets::rich_text::RichText;
use consilium_engine::consult::view::copy::{decision_markdown, decision_plain};
use consilium_engine::consult::view::material::WhatTheCouncilRead;
use wasm_bindgen::JsCast;

/// The meter's positions are percentages of its track.
fn pct(fraction: f64) -> String {
    format!("{:.1}%", (fraction.clamp(0.0, 1.0) * 100.0))
}

#[component]
pub fn DecisionView(
    decision: Decision,
    /// "Cross-examine anyway", offered on a decision reached before the cross-examination.
    cross_examine: Callback<()>,
    /// Set for an earlier or later turn's decision shown in the thread: its heading gets an id of
    /// its own, and it is not the page's decision (`data-decision`, which the page brings into
    /// view when a run ends).
    #[prop(optional, into)]
    turn_id: Option<String>,
    /// The consult's material with its quotes checked: each evidence entry shows the quotes it
    /// cites, and one resting only on quotes not found is struck (None: no marks).
    read: Option<WhatTheCouncilRead>,
) -> impl IntoView {
    let title_id = turn_id.as_ref().map_or_else(
        || "decision-title".to_string(),
        |id| format!("decision-title-{id}"),
    );
    let labelled_by = title_id.clone();
    let page_decision = turn_id.is_none().then_some("");
    let turn_decision = turn_id.is_some().then_some("");
    let answer = answer_above(&decision.recommendation);
    let chip = confidence_chip(&decision);
    let level = chip_level(&decision);
    let why = confidence_why(&decision);
    // What Copy puts in the clipboard, made once from the card's own view model.
    let (as_markdown, as_plain) = (decision_markdown(&decision), decision_plain(&decision));
    let Decision {
        recommendation,
        meter,
        dissent,
        evidence,
        evidence_flags,
        absent,
        empty_dissent_note,
        how_reached,
        depth,
        can_cross_examine_anyway,
        decided_by,
        ..
    } = decision;
    // An early decision had no cross-examination for its evidence to survive.
    let evidence_heading = match decided_by {
        DecidedBy::Verdict => "Evidence that survived cross-examination",
        // One model asked alone: no panel agreed on anything, these are its own key points.
        DecidedBy::Alone => "Its key points",
        _ => "Evidence the panel agreed on",
    };
    let dissent_view = if dissent.is_empty() {
        view! { <p class="muted">{empty_dissent_note}</p> }.into_any()
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
        <section class="decision verdict" aria-labelledby=labelled_by data-decision=page_decision
            data-turn-decision=turn_decision tabindex="-1">
            <div class="card-head">
                <h3 id=title_id>"Decision"</h3>
                <div class="copy-actions">
                    <CopyButton label="Copy" name="Copy the decision as Markdown" text=Callback::new(move |()| as_markdown.clone()) />
                    <CopyButton label="Copy text" name="Copy text of the decision, without Markdown" text=Callback::new(move |()| as_plain.clone()) />
                </div>
            </div>
            {answer.map(|answer| view! { <p class="answer model-text">{answer}</p> })}
            <RichText class="recommendation model-text" text=recommendation_below(&recommendation) />
            <div class="how-reached">
                <p class="muted">{format!("{depth} · {how_reached}")}</p>
                {can_cross_examine_anyway.then(|| view! {
                    <button class="secondary cross-examine-anyway"
                        title="Rounds 3 and 4 on the answers and synthesis already given: nothing is asked again"
                        on:click=move |_| cross_examine.run(())>
                        "Cross-examine anyway"
                    </button>
                })}
            </div>
            <div class="confidence">
                <span class="chip" data-level=level>{chip}</span>
                <details class="why">
                    <summary>"Why?"</summary>
                    {meter.map(|meter| view! { <ConfidenceMeterView meter=meter /> })}
                    <dl class="why-lines">
                        {why.into_iter().map(|line| view! {
                            <div><dt>{line.term}</dt><dd>{line.value}</dd></div>
                        }).collect_view()}
                    </dl>
                </details>
            </div>
            {(!absent.is_empty()).then(|| view! {
                <p class="absent">"Absent (no usable answer, not counted as agreeing): " {absent.join(", ")}</p>
            })}
            <h4>"Dissent, by severity"</h4>
            <ul class="dissent-list">{dissent_view}</ul>
            <h4>{evidence_heading}</h4>
            <ul class="evidence model-text">
                {evidence.into_iter().enumerate().map(|(index, e)| {
                    evidence_entry(&read, index, e, evidence_flags.get(index).copied().flatten())
                }).collect_view()}
            </ul>
        </section>
    }
}

/// The computed confidence as a bar inside its allowed band, with the judge's number as a separate
/// marker (shown under "Why?"); in words for assistive technology (role meter).
#[component]
fn ConfidenceMeterView(meter: ConfidenceMeter) -> impl IntoView {
    // Positions are set through the CSSOM (`style:`), which the CSP allows; a `style` attribute it
    // would block.
    let (band_left, band_width) = (pct(meter.band_low), pct(meter.band_high - meter.band_low));
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
            <p class="meter-legend" aria-hidden="true">
                <span class="legend-computed">"computed"</span>
                <span class="legend-band">"allowed band"</span>
                <span class="legend-judge">"judge"</span>
            </p>
        </div>
    }
}

/// Panelists by consensus points and tensions, compact: an icon per stance with a count, short
/// headers; the full titles and each stance in words are on demand (hover, screen readers, and
/// "In words" below). On a phone each panelist becomes a card.
#[component]
pub fn StanceMatrixView(matrix: StanceMatrix) -> impl IntoView {
    let kind_name = |kind: ColumnKind| match kind {
        ColumnKind::Consensus => "Consensus",
        ColumnKind::Tension => "Tension",
    };
    let headers = matrix
        .columns
        .iter()
        .map(|column| {
            let kind = kind_name(column.kind);
            view! {
                <th scope="col" data-kind=kind.to_lowercase() title=column.title.clone()>
                    <span class="column-kind">{kind}</span>" "
                    <span class="visually-hidden">{column.title.clone()}</span>
                    <span aria-hidden="true">{column.short.clone()}</span>
                </th>
            }
        })
        .collect_view();
    let shorts: Vec<String> = matrix.columns.iter().map(|c| c.short.clone()).collect();
    let rows = matrix
        .rows
        .iter()
        .map(|row| {
            let cells = row
                .cells
                .iter()
                .zip(&shorts)
                .map(|(marks, short)| {
                    if marks.is_empty() {
                        return view! {
                            <td class="no-stance" data-label=short.clone()><span aria-hidden="true">"–"</span><span class="visually-hidden">"no stance"</span></td>
                        }
                        .into_any();
                    }
                    let items = marks
                        .iter()
                        .map(|mark| {
                            let count = (mark.count > 1).then(|| mark.count.to_string());
                            view! {
                                <li class=format!("stance {}", mark.kind.name()) title=mark.text.clone()>
                                    <span class="icon" aria-hidden="true">{mark.kind.icon()}{count}</span>
                                    <span class="visually-hidden">{mark.text.clone()}</span>
                                </li>
                            }
                        })
                        .collect_view();
                    view! { <td data-label=short.clone()><ul class="stances">{items}</ul></td> }.into_any()
                })
                .collect_view();
            view! {
                <tr data-panelist=row.panelist_id.to_string()>
                    <th scope="row">{row.label.clone()}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let legend = StanceKind::ALL
        .into_iter()
        .map(|kind| view! { <li class=format!("stance {}", kind.name())><span class="icon" aria-hidden="true">{kind.icon()}</span>" "{kind.meaning()}</li> })
        .collect_view();
    let in_words = matrix
        .rows
        .into_iter()
        .map(|row| {
            let stances = row
                .cells
                .into_iter()
                .zip(&matrix.columns)
                .filter(|(marks, _)| !marks.is_empty())
                .map(|(marks, column)| {
                    let said = marks.into_iter().map(|m| m.text).collect::<Vec<_>>().join("; ");
                    view! { <li><strong>{kind_name(column.kind)}" · "{column.title.clone()}</strong>": " {said}</li> }
                })
                .collect_view();
            view! { <li><strong>{row.label}</strong><ul>{stances}</ul></li> }
        })
        .collect_view();
    view! {
        <section class="stance-matrix" aria-labelledby="stance-title">
            <h3 id="stance-title">"Who stood where"</h3>
            <ul class="stance-legend" aria-label="Legend">{legend}</ul>
            <div class="table-scroll">
                <table class="cards-on-phone">
                    <caption>"Each panelist against the consensus points and tensions of round 2: who supported them, who challenged whom in round 3, and whose challenge was rebutted."</caption>
                    <thead><tr><th scope="col">"Panelist"</th>{headers}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <details class="stance-words">
                <summary>"In words"</summary>
                <ul class="model-text">{in_words}</ul>
            </details>
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
