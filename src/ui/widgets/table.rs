//! A table of rows that each open with their own heading cell, read as cards on a phone (each
//! cell labelled with its column's name, `cards-on-phone` in the CSS).
use leptos::prelude::*;

/// One row: its heading cell, then one cell per further column.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    pub heading: String,
    pub cells: Vec<String>,
    /// A class marking the row (e.g. the council's arm).
    pub class: Option<&'static str>,
}

impl CardRow {
    pub fn new(heading: impl Into<String>, cells: Vec<String>) -> Self {
        Self {
            heading: heading.into(),
            cells,
            class: None,
        }
    }
}

/// `columns` name the heading column first, then the cells'.
#[component]
pub fn CardsTable(
    /// Classes beside `prices cards-on-phone`.
    #[prop(optional)]
    class: &'static str,
    /// Read by screen readers only.
    #[prop(optional)]
    caption: Option<&'static str>,
    columns: &'static [&'static str],
    #[prop(into)] rows: Signal<Vec<CardRow>>,
) -> impl IntoView {
    let class = format!("prices cards-on-phone {class}")
        .trim_end()
        .to_string();
    let heads = columns
        .iter()
        .map(|column| view! { <th scope="col">{*column}</th> })
        .collect_view();
    let body = move || {
        rows.get()
            .into_iter()
            .map(|row| {
                let cells = row
                    .cells
                    .into_iter()
                    .zip(columns.iter().skip(1))
                    .map(|(cell, column)| view! { <td data-label=*column>{cell}</td> })
                    .collect_view();
                view! {
                    <tr class=row.class>
                        <th scope="row">{row.heading}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <table class=class>
            {caption.map(|text| view! { <caption class="visually-hidden">{text}</caption> })}
            <thead>
                <tr>{heads}</tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}
