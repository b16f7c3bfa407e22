//! "Which council to keep", after the arms on a benchmark's results: the engine's
//! `CouncilChoiceView` (the co-failure ceiling, each panelist's worth, how alike their errors are,
//! the smallest council that holds), each section a sentence and a table that reads as cards on a
//! phone, and the error correlations as a small matrix. Every text is set as text.
//! The smallest council's "Keep this council" button follows its section (`keep_council`).
use consilium_engine::benchmark_council::view::choice::{
    ChoiceSection, CouncilChoiceView, PhiMatrix,
};
use leptos::prelude::*;

use super::keep_council::KeepCouncilAction;
use crate::ui::widgets::table::{CardRow, CardsTable};

#[component]
pub fn CouncilChoiceSections(view: CouncilChoiceView) -> impl IntoView {
    let CouncilChoiceView {
        intro,
        enough_questions,
        refusal,
        ceiling,
        worth,
        alike,
        phi_matrix,
        smallest,
        keep,
    } = view;
    view! {
        <section class="bench-council-choice" data-enough=enough_questions.to_string()>
            <h4>"Which council to keep"</h4>
            <p class="muted">{intro}</p>
            {match refusal {
                Some(refusal) => view! { <p class="bench-choice-refusal">{refusal}</p> }.into_any(),
                None => view! {
                    <Section section=ceiling />
                    <Section section=worth />
                    <Section section=alike />
                    {phi_matrix.map(|matrix| view! { <Matrix matrix=matrix /> })}
                    <Section section=smallest />
                    {keep.map(|keep| view! { <KeepCouncilAction keep=keep /> })}
                }.into_any(),
            }}
        </section>
    }
}

#[component]
fn Section(section: ChoiceSection) -> impl IntoView {
    let ChoiceSection {
        title,
        sentence,
        note,
        columns,
        rows,
    } = section;
    let table = (!rows.is_empty()).then(|| {
        let rows: Vec<CardRow> = rows
            .into_iter()
            .map(|row| CardRow::new(row.heading, row.cells))
            .collect();
        view! {
            {note.map(|note| view! { <p class="muted">{note}</p> })}
            <div class="table-scroll">
                <CardsTable columns=columns rows=rows />
            </div>
        }
    });
    view! {
        <h5>{title}</h5>
        <p>{sentence}</p>
        {table}
    }
}

/// Phi member by member: small (at most 5 by 5), scrolled sideways on a narrow screen; the pairs'
/// table above says the same in cards.
#[component]
fn Matrix(matrix: PhiMatrix) -> impl IntoView {
    let heads = matrix
        .members
        .iter()
        .map(|name| view! { <th scope="col">{name.clone()}</th> })
        .collect_view();
    let rows = matrix
        .members
        .into_iter()
        .zip(matrix.cells)
        .map(|(name, cells)| {
            let cells = cells
                .into_iter()
                .map(|cell| view! { <td>{cell}</td> })
                .collect_view();
            view! { <tr><th scope="row">{name}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="prices bench-phi">
                <caption>"Error correlation (phi) between each pair of panelists"</caption>
                <thead><tr><td></td>{heads}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
